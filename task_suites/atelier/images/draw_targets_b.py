"""Draw the target images of IM tasks im_061..im_120 (second half of the atelier IM range).

Run from anywhere:  python task_suites/atelier/images/draw_targets_b.py [im_061 im_062 ...]
Writes im_NNN.png beside this script. Everything is deterministic (fixed seeds, no system
fonts: text uses Pillow's bundled TrueType font through ImageFont.load_default(size=N)).

This half leans to graphic design: UI screens and dashboards, icons and logos, pixel art and
game assets, charts, diagrams, maps and floor plans, signage, menus, tickets, patterns,
isometric rooms, sci-fi HUDs and short comic strips.

Colours that a checkpoint names come from PAL, saturated values of the suite palette
(docs/suite-format.md), so palette analysis and blob counting can verify them; scenery,
shading and outlines use off-palette tones chosen so they do not disturb those checks.
"""

from __future__ import annotations

import itertools
import math
import random
import sys
from pathlib import Path

import numpy as np
from pytest_atelier.judge.colors import PALETTE
from PIL import Image, ImageDraw, ImageFilter, ImageFont

HERE = Path(__file__).resolve().parent

# Saturated named colours (suite palette). Use these for anything a checkpoint names.
PAL = PALETTE  # the judge's named colours: what a checkpoint names, the checkers find
INK = (35, 35, 45)  # dark text and outlines
SKIN = (236, 190, 150)
SKIN_SHADE = (205, 150, 115)


# --- shared helpers ---------------------------------------------------------------------


def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.load_default(size=size)


def canvas(w: int = 512, h: int = 512, color=(255, 255, 255)) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (w, h), color)
    return img, ImageDraw.Draw(img)


def mix(a, b, t: float) -> tuple[int, int, int]:
    """Linear blend of two RGB colours (t=0 gives a, t=1 gives b)."""
    return tuple(round(x * (1 - t) + y * t) for x, y in zip(a, b))


def vgrad(img: Image.Image, box, top, bottom) -> None:
    """Vertical linear gradient filling box (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    t = np.linspace(0.0, 1.0, y1 - y0)[:, None, None]
    rows = (np.array(top)[None, None, :] * (1 - t) + np.array(bottom)[None, None, :] * t).astype(np.uint8)
    img.paste(Image.fromarray(np.repeat(rows, x1 - x0, axis=1), "RGB"), (x0, y0))


def radial(img: Image.Image, center, radius, inner, outer, box=None) -> None:
    """Radial gradient (inner at center fading to outer at radius), over box or the whole image."""
    x0, y0, x1, y1 = box or (0, 0, *img.size)
    yy, xx = np.mgrid[y0:y1, x0:x1]
    t = np.clip(np.hypot(xx - center[0], yy - center[1]) / radius, 0, 1)[..., None]
    arr = np.array(inner) * (1 - t) + np.array(outer) * t
    img.paste(Image.fromarray(arr.astype(np.uint8), "RGB"), (x0, y0))


def ball(img: Image.Image, c, r, base, light=None, dark=None) -> None:
    """A shaded sphere: highlight up-left, base colour over most of it, darker rim."""
    light = light or mix(base, (255, 255, 255), 0.45)
    dark = dark or mix(base, (0, 0, 0), 0.35)
    x0, y0 = int(c[0] - r), int(c[1] - r)
    yy, xx = np.mgrid[y0 : y0 + 2 * r, x0 : x0 + 2 * r]
    dist = np.hypot(xx - c[0], yy - c[1]) / r
    hl = np.clip(np.hypot(xx - (c[0] - r * 0.35), yy - (c[1] - r * 0.35)) / (r * 0.55), 0, 1)[..., None]
    col = np.array(light) * (1 - hl) + np.array(base) * hl
    rim = np.clip((dist - 0.75) / 0.25, 0, 1)[..., None]
    col = col * (1 - rim) + np.array(dark) * rim
    patch = Image.fromarray(col.astype(np.uint8), "RGB")
    mask = Image.fromarray(((dist <= 1) * 255).astype(np.uint8), "L")
    img.paste(patch, (x0, y0), mask)


def soft_shadow(img: Image.Image, box, blur: int = 12, strength: int = 110) -> None:
    """Darken a blurred ellipse under an object: a product-shot contact shadow."""
    mask = Image.new("L", img.size, 0)
    ImageDraw.Draw(mask).ellipse(box, fill=strength)
    img.paste(Image.new("RGB", img.size, (40, 40, 50)), (0, 0), mask.filter(ImageFilter.GaussianBlur(blur)))


def glow(img: Image.Image, box, color, blur: int = 14, strength: int = 160) -> None:
    """A soft coloured halo (neon, lamps, screens)."""
    mask = Image.new("L", img.size, 0)
    ImageDraw.Draw(mask).ellipse(box, fill=strength)
    img.paste(Image.new("RGB", img.size, color), (0, 0), mask.filter(ImageFilter.GaussianBlur(blur)))


def text_c(d: ImageDraw.ImageDraw, xy, s: str, size: int, fill, anchor: str = "mm") -> None:
    """Text anchored at xy (centred by default)."""
    d.text(xy, s, font=font(size), fill=fill, anchor=anchor)


def star(d: ImageDraw.ImageDraw, c, r_out, r_in, fill, points: int = 5, rot: float = -90) -> None:
    pts = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + i * 180 / points)
        pts.append((c[0] + r * math.cos(a), c[1] + r * math.sin(a)))
    d.polygon(pts, fill=fill)


def ridge(d: ImageDraw.ImageDraw, w: int, h: int, base: float, amp: float, color, seed: int, waves: int = 3) -> None:
    """A filled hill line: sum of sines around y=base, filled down to the bottom edge h."""
    rnd = random.Random(seed)
    ph = [rnd.uniform(0, 6.28) for _ in range(waves)]
    pts = [(0, h)]
    for x in range(0, w + 8, 8):
        y = base + sum(amp / (k + 1) * math.sin(x / w * math.pi * (k + 1.3) + ph[k]) for k in range(waves))
        pts.append((x, y))
    pts.append((w, h))
    d.polygon(pts, fill=color)


def pine(d: ImageDraw.ImageDraw, x, y, hgt, color, trunk=(70, 45, 25)) -> None:
    """A stylised pine: three stacked triangles on a trunk; (x, y) is the foot of the trunk."""
    d.rectangle((x - hgt * 0.05, y - hgt * 0.18, x + hgt * 0.05, y), fill=trunk)
    for i in range(3):
        top = y - hgt + i * hgt * 0.22
        half = hgt * (0.12 + 0.05 * i)
        d.polygon([(x, top), (x - half, top + hgt * 0.42), (x + half, top + hgt * 0.42)], fill=color)


def pixels(d: ImageDraw.ImageDraw, x0, y0, cell: int, rows: list[str], colors: dict) -> None:
    """Pixel art: each character of each row is one cell; '.' is transparent."""
    for j, row in enumerate(rows):
        for i, ch in enumerate(row):
            if ch != ".":
                d.rectangle((x0 + i * cell, y0 + j * cell, x0 + (i + 1) * cell - 1, y0 + (j + 1) * cell - 1), fill=colors[ch])


def iso(x, y, z, ox, oy, s) -> tuple[float, float]:
    """Isometric projection of grid point (x, y, z) with origin (ox, oy) and unit s."""
    return ox + (x - y) * s * 0.866, oy + (x + y) * s * 0.5 - z * s


def iso_box(d: ImageDraw.ImageDraw, x, y, z, w, dep, h, top, left, right, ox, oy, s) -> None:
    """A shaded isometric box from (x, y, z) with size (w, dep, h): top, left and right faces."""
    P = lambda a, b, c: iso(a, b, c, ox, oy, s)
    d.polygon([P(x, y, z + h), P(x + w, y, z + h), P(x + w, y + dep, z + h), P(x, y + dep, z + h)], fill=top)
    d.polygon([P(x, y + dep, z), P(x + w, y + dep, z), P(x + w, y + dep, z + h), P(x, y + dep, z + h)], fill=left)
    d.polygon([P(x + w, y, z), P(x + w, y + dep, z), P(x + w, y + dep, z + h), P(x + w, y, z + h)], fill=right)


def figure(d: ImageDraw.ImageDraw, x, y, s, body, skin=SKIN, legs=(40, 40, 60), hair=None) -> None:
    """A simple standing figure, feet at (x, y), height about 4*s."""
    d.rectangle((x - s * 0.35, y - s * 1.6, x - s * 0.08, y), fill=legs)
    d.rectangle((x + s * 0.08, y - s * 1.6, x + s * 0.35, y), fill=legs)
    d.rounded_rectangle((x - s * 0.5, y - s * 3.0, x + s * 0.5, y - s * 1.5), radius=s * 0.2, fill=body)
    d.ellipse((x - s * 0.42, y - s * 3.9, x + s * 0.42, y - s * 3.06), fill=skin)
    if hair:
        d.chord((x - s * 0.46, y - s * 3.98, x + s * 0.46, y - s * 3.2), 180, 360, fill=hair)


def face(img: Image.Image, c, r, skin=SKIN, hair=None, eyes=(45, 35, 30), smile=True) -> None:
    """A shaded head (portraits): gradient skin, eyes, brows, nose shadow, mouth; hair cap."""
    d = ImageDraw.Draw(img)
    x, y = c
    d.rounded_rectangle((x - r * 0.32, y + r * 0.7, x + r * 0.32, y + r * 1.35), radius=r * 0.1, fill=SKIN_SHADE)
    ball(img, (x, y), int(r), skin, light=mix(skin, (255, 245, 235), 0.4), dark=mix(skin, (110, 60, 40), 0.35))
    d = ImageDraw.Draw(img)
    if hair:
        d.chord((x - r * 1.05, y - r * 1.15, x + r * 1.05, y + r * 0.35), 180, 360, fill=hair)
    for ex in (x - r * 0.38, x + r * 0.38):
        d.ellipse((ex - r * 0.11, y - r * 0.02, ex + r * 0.11, y + r * 0.2), fill=eyes)
        d.line((ex - r * 0.18, y - r * 0.15, ex + r * 0.18, y - r * 0.18), fill=mix(eyes, skin, 0.2), width=max(2, int(r * 0.06)))
    d.polygon([(x, y + r * 0.15), (x - r * 0.1, y + r * 0.45), (x + r * 0.06, y + r * 0.47)], fill=SKIN_SHADE)
    if smile:
        d.arc((x - r * 0.3, y + r * 0.35, x + r * 0.3, y + r * 0.75), 20, 160, fill=(150, 60, 60), width=max(2, int(r * 0.07)))
    else:
        d.line((x - r * 0.22, y + r * 0.62, x + r * 0.22, y + r * 0.62), fill=(150, 60, 60), width=max(2, int(r * 0.07)))


def speech(d: ImageDraw.ImageDraw, box, tail, text: str, size: int, fill=(255, 255, 255), ink=INK) -> None:
    """A speech balloon (ellipse) with a tail pointing at `tail`, text centred."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    d.polygon([(cx - 14, cy), (cx + 14, cy), tail], fill=fill, outline=ink)
    d.ellipse(box, fill=fill, outline=ink, width=3)
    d.polygon([(cx - 12, cy + 4), (cx + 12, cy + 4), (tail[0] * 0.15 + cx * 0.85, tail[1] * 0.15 + cy * 0.85)], fill=fill)
    text_c(d, (cx, cy), text, size, ink)


def arrow(d: ImageDraw.ImageDraw, a, b, fill=INK, width: int = 4, head: int = 14) -> None:
    """A straight arrow from a to b with a filled head at b."""
    d.line((a, b), fill=fill, width=width)
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    pts = [b, (b[0] - head * math.cos(ang - 0.45), b[1] - head * math.sin(ang - 0.45)), (b[0] - head * math.cos(ang + 0.45), b[1] - head * math.sin(ang + 0.45))]
    d.polygon(pts, fill=fill)


def save(img: Image.Image, name: str) -> None:
    img.save(HERE / f"{name}.png", optimize=True)


# --- one function per target image ------------------------------------------------------


def im_061():
    """Weather app screen: blue current-weather card (OSLO, 21, SUNNY, big sun), five-day row."""
    img, d = canvas(480, 640, (236, 239, 244))
    d.rounded_rectangle((24, 24, 456, 330), radius=28, fill=PAL["blue"])
    text_c(d, (56, 70), "OSLO", 40, PAL["white"], anchor="lm")
    text_c(d, (56, 170), "21", 110, PAL["white"], anchor="lm")
    text_c(d, (56, 280), "SUNNY", 36, PAL["white"], anchor="lm")
    d.ellipse((300, 110, 410, 220), fill=PAL["yellow"])
    d.rounded_rectangle((24, 360, 456, 560), radius=24, fill=(252, 252, 253))
    days = ["MON", "TUE", "WED", "THU", "FRI"]
    for i, day in enumerate(days):
        cx = 24 + 432 * (i + 0.5) / 5
        text_c(d, (cx, 400), day, 28, INK)
        if day in ("TUE", "THU"):
            for dx, dy, r in [(-10, 6, 16), (10, 0, 20), (26, 8, 12)]:
                d.ellipse((cx + dx - r - 8, 470 + dy - r, cx + dx + r - 8, 470 + dy + r), fill=PAL["gray"])
        else:
            d.ellipse((cx - 18, 452, cx + 18, 488), fill=PAL["yellow"])
        text_c(d, (cx, 530), str([22, 17, 20, 16, 23][i]), 28, INK)
    d.rounded_rectangle((24, 584, 456, 628), radius=22, fill=(252, 252, 253))
    for i in range(3):
        d.ellipse((120 + i * 110, 596, 140 + i * 110, 616), fill=(170, 175, 190) if i else PAL["blue"])
    save(img, "im_061")


def im_062():
    """Fitness dashboard: navy sidebar, STEPS bar chart with seven green bars, orange goal ring."""
    img, d = canvas(640, 480, (238, 241, 246))
    d.rectangle((0, 0, 90, 480), fill=PAL["navy"])
    for i in range(4):
        d.rounded_rectangle((27, 40 + i * 80, 63, 76 + i * 80), radius=8, fill=(120, 135, 200) if i else (235, 240, 255))
    text_c(d, (120, 50), "STEPS", 40, INK, anchor="lm")
    d.rounded_rectangle((110, 90, 420, 450), radius=18, fill=(252, 252, 253))
    for i, (h, lab) in enumerate(zip([150, 210, 120, 260, 190, 230, 170], "MTWTFSS")):
        x = 130 + i * 40
        d.rectangle((x, 390 - h, x + 26, 390), fill=PAL["green"])
        text_c(d, (x + 13, 420), lab, 28, INK)
    d.rounded_rectangle((440, 90, 620, 450), radius=18, fill=(252, 252, 253))
    d.arc((460, 160, 600, 300), 0, 360, fill=(228, 230, 236), width=18)
    d.arc((460, 160, 600, 300), -90, -90 + 295, fill=PAL["orange"], width=18)
    text_c(d, (530, 230), "82%", 32, INK)
    text_c(d, (530, 360), "GOAL", 32, INK)
    save(img, "im_062")


def im_063():
    """Pixel-art knight: silver armour, red plume, blue shield, sword, in front of a castle."""
    img, d = canvas(512, 512, (150, 205, 245))
    pixels(d, 0, 0, 32, [
        "................",
        "................",
        "................",
        "..........c.c.c.",
        "..........ccccc.",
        "..........cc.cc.",
        "..........ccccc.",
        "cc.c.c....ccccc.",
        "ccccccccccccccc.",
        "cccccccccccccccc",
    ], {"c": (150, 155, 170)})
    d.rectangle((0, 320, 512, 512), fill=(70, 170, 80))
    for i in range(0, 512, 64):
        d.rectangle((i, 320, i + 31, 335), fill=(95, 190, 95))
    s = 18
    knight = [
        "...rrrr.....",
        "..rrrr......",
        ".rrr........",
        "..ssss......",
        ".ssssss....w",
        ".sskkss....w",
        ".ssssss....w",
        "..ssss.....w",
        ".bbbsssss.hw",
        "bbbbbssssshh",
        "bbbbbsssss..",
        "bbbbbsssss..",
        ".bbbssssss..",
        "..b.ss..ss..",
        "....ss..ss..",
        "...kkk..kkk.",
    ]
    pixels(d, 256 - 6 * s, 470 - 16 * s, s, knight, {
        "r": PAL["red"], "s": PAL["silver"], "k": (45, 45, 55), "b": PAL["blue"], "w": (235, 235, 240), "h": (110, 75, 40),
    })
    save(img, "im_063")


def im_064():
    """Bar chart: SALES title, four quarterly bars rising, Q4 highlighted orange, others navy."""
    img, d = canvas(640, 480, PAL["white"])
    text_c(d, (40, 45), "SALES", 44, INK, anchor="lm")
    for k in range(1, 4):
        y = 400 - k * 80
        d.line((80, y, 610, y), fill=(222, 222, 228), width=2)
    d.line((80, 400, 610, 400), fill=INK, width=3)
    vals = [12, 15, 18, 27]
    for i, v in enumerate(vals):
        x = 110 + i * 125
        top = 400 - v * 10
        d.rectangle((x, top, x + 80, 400), fill=PAL["orange"] if i == 3 else PAL["navy"])
        text_c(d, (x + 40, top - 24), str(v), 30, INK)
        text_c(d, (x + 40, 432), f"Q{i + 1}", 30, INK)
    save(img, "im_064")


def im_065():
    """Flowchart: START oval, LOGIN box, OK? diamond, NO branch to RETRY looping back, YES to END."""
    img, d = canvas(480, 640, (250, 250, 252))
    d.ellipse((140, 30, 340, 100), fill=PAL["green"])
    text_c(d, (240, 65), "START", 32, PAL["white"])
    arrow(d, (240, 100), (240, 150))
    d.rectangle((140, 150, 340, 220), fill=PAL["blue"])
    text_c(d, (240, 185), "LOGIN", 32, PAL["white"])
    arrow(d, (240, 220), (240, 270))
    d.polygon([(240, 270), (340, 340), (240, 410), (140, 340)], fill=PAL["yellow"])
    text_c(d, (240, 340), "OK?", 32, INK)
    arrow(d, (340, 340), (366, 340))
    text_c(d, (353, 310), "NO", 28, INK)
    d.rectangle((366, 305, 470, 375), fill=PAL["red"])
    text_c(d, (418, 340), "RETRY", 28, PAL["white"])
    d.line((418, 305, 418, 185), fill=INK, width=4)
    arrow(d, (418, 185), (342, 185))
    arrow(d, (240, 410), (240, 520))
    text_c(d, (274, 465), "YES", 28, INK)
    d.ellipse((140, 520, 340, 590), fill=PAL["purple"])
    text_c(d, (240, 555), "END", 32, PAL["white"])
    save(img, "im_065")


def im_066():
    """Isometric cosy bedroom cut-away: two walls, wooden floor, pink bed, round rug, plant, window."""
    img, d = canvas(512, 512, (250, 238, 225))
    ox, oy, s = 256, 150, 30
    P = lambda a, b, c: iso(a, b, c, ox, oy, s)
    d.polygon([P(0, 0, 0), P(8, 0, 0), P(8, 8, 0), P(0, 8, 0)], fill=(190, 140, 95))
    for k in range(1, 8):
        d.line((P(k, 0, 0), P(k, 8, 0)), fill=(170, 122, 80), width=2)
    d.polygon([P(0, 0, 0), P(0, 0, 6), P(0, 8, 6), P(0, 8, 0)], fill=(235, 215, 200))
    d.polygon([P(0, 0, 0), P(0, 0, 6), P(8, 0, 6), P(8, 0, 0)], fill=(215, 195, 185))
    d.polygon([P(4, 0, 2.2), P(4, 0, 5), P(6.6, 0, 5), P(6.6, 0, 2.2)], fill=(200, 175, 150))
    d.polygon([P(4.2, 0, 2.4), P(4.2, 0, 4.8), P(6.4, 0, 4.8), P(6.4, 0, 2.4)], fill=(140, 200, 240))
    d.ellipse((P(3, 5, 0)[0] - 70, P(4.5, 4.5, 0)[1] - 34, P(3, 5, 0)[0] + 70, P(4.5, 4.5, 0)[1] + 34), fill=(120, 170, 200))
    iso_box(d, 0.3, 0.3, 0, 3.2, 4.6, 0.9, (235, 225, 215), (200, 185, 170), (215, 200, 185), ox, oy, s)
    iso_box(d, 0.3, 1.6, 0.9, 3.2, 3.3, 0.35, PAL["pink"], (215, 120, 160), (230, 135, 175), ox, oy, s)
    iso_box(d, 0.5, 0.4, 0.9, 2.8, 1.0, 0.45, (250, 250, 250), (220, 220, 225), (235, 235, 238), ox, oy, s)
    iso_box(d, 6.6, 6.4, 0, 1.0, 1.0, 1.0, (170, 100, 60), (140, 80, 45), (155, 90, 52), ox, oy, s)
    px, py = P(7.1, 6.9, 1.0)
    for dx, dy, r in [(0, -40, 26), (-22, -22, 20), (22, -22, 20)]:
        d.ellipse((px + dx - r, py + dy - r, px + dx + r, py + dy + r), fill=PAL["green"])
    save(img, "im_066")


def im_067():
    """Cockpit HUD in space: orange planet lower right, cyan reticle, LOCK and SHIELD readouts."""
    img, d = canvas(640, 480)
    vgrad(img, (0, 0, 640, 480), (8, 10, 30), (20, 16, 50))
    rnd = random.Random(67)
    for _ in range(90):
        x, y = rnd.randrange(640), rnd.randrange(480)
        d.point((x, y), fill=(230, 230, 240))
    ball(img, (520, 420), 170, PAL["orange"], light=(255, 190, 110), dark=(150, 60, 20))
    d = ImageDraw.Draw(img)
    c = PAL["cyan"]
    d.ellipse((260, 180, 380, 300), outline=c, width=3)
    for a, b in [((320, 150), (320, 200)), ((320, 280), (320, 330)), ((230, 240), (280, 240)), ((360, 240), (410, 240))]:
        d.line((a, b), fill=c, width=3)
    text_c(d, (40, 50), "LOCK", 36, c, anchor="lm")
    text_c(d, (40, 420), "SHIELD", 32, c, anchor="lm")
    d.rectangle((170, 408, 290, 432), outline=c, width=2)
    d.rectangle((174, 412, 260, 428), fill=c)
    for x0, y0, sx, sy in [(20, 20, 1, 1), (620, 20, -1, 1), (20, 460, 1, -1), (620, 460, -1, -1)]:
        d.line((x0, y0, x0 + 40 * sx, y0), fill=c, width=3)
        d.line((x0, y0, x0, y0 + 40 * sy), fill=c, width=3)
    save(img, "im_067")


def im_068():
    """Four-panel comic: an orange cat, sunshine, a rain cloud (HMM), a red umbrella, YAY."""
    img, d = canvas(512, 512, (250, 250, 250))
    panels = [(12, 12, 250, 250), (262, 12, 500, 250), (12, 262, 250, 500), (262, 262, 500, 500)]
    bgs = [(255, 240, 200), (215, 225, 235), (205, 215, 230), (255, 240, 200)]
    for (x0, y0, x1, y1), bg in zip(panels, bgs):
        d.rectangle((x0, y0, x1, y1), fill=bg, outline=INK, width=5)

    def cat(cx, by):
        o = PAL["orange"]
        d.ellipse((cx - 38, by - 60, cx + 38, by), fill=o)
        d.ellipse((cx - 30, by - 110, cx + 30, by - 52), fill=o)
        d.polygon([(cx - 28, by - 96), (cx - 24, by - 124), (cx - 6, by - 106)], fill=o)
        d.polygon([(cx + 28, by - 96), (cx + 24, by - 124), (cx + 6, by - 106)], fill=o)
        for ex in (cx - 12, cx + 12):
            d.ellipse((ex - 4, by - 88, ex + 4, by - 80), fill=INK)

    cat(131, 236)
    d.ellipse((34, 28, 108, 102), fill=PAL["yellow"])
    cat(381, 236)
    d.ellipse((400, 40, 490, 90), fill=(150, 155, 165))
    speech(d, (280, 40, 380, 100), (360, 128), "HMM", 28)
    cat(131, 486)
    for k in range(9):
        x, y = 30 + (k * 23) % 200, 290 + (k * 37) % 60
        d.line((x, y, x - 3, y + 10), fill=(100, 130, 190), width=3)
    d.pieslice((61, 310, 201, 390), 180, 360, fill=PAL["red"])
    d.line((131, 350, 131, 400), fill=INK, width=4)
    cat(381, 486)
    speech(d, (400, 292, 490, 352), (420, 384), "YAY", 30)
    save(img, "im_068")


def im_069():
    """Chalkboard cafe menu in a wooden frame: MENU, COFFEE 3, TEA 2, CAKE 4, yellow chalk cup."""
    img, d = canvas(480, 640, PAL["brown"])
    d.rectangle((26, 26, 454, 614), fill=(38, 52, 46))
    chalk = (240, 240, 232)
    text_c(d, (240, 90), "MENU", 60, chalk)
    d.line((130, 130, 350, 130), fill=chalk, width=3)
    for i, (item, price) in enumerate([("COFFEE", "3"), ("TEA", "2"), ("CAKE", "4")]):
        y = 200 + i * 80
        text_c(d, (70, y), item, 40, chalk, anchor="lm")
        text_c(d, (410, y), price, 40, chalk, anchor="rm")
        for x in range(250, 380, 14):
            d.point((x, y + 12), fill=chalk)
    y = 500
    cup = PAL["yellow"]
    d.rounded_rectangle((170, y, 280, y + 80), radius=12, fill=cup)
    d.arc((262, y + 12, 312, y + 56), -90, 90, fill=cup, width=5)
    for k in range(3):
        d.arc((180 + k * 30, y - 50, 200 + k * 30, y - 10), 100, 260, fill=(200, 200, 195), width=3)
    save(img, "im_069")


def im_070():
    """Cinema ticket: red ticket on teal, ADMIT ONE, ROW C, SEAT 12, two yellow stars, stub."""
    img, d = canvas(640, 480, PAL["teal"])
    d.rounded_rectangle((50, 110, 590, 370), radius=16, fill=PAL["red"])
    for cx in (50, 590):
        d.ellipse((cx - 22, 218, cx + 22, 262), fill=PAL["teal"])
    for y in range(125, 360, 16):
        d.ellipse((452, y, 460, y + 8), fill=PAL["teal"])
    d.rounded_rectangle((80, 135, 430, 345), radius=10, outline=(250, 230, 200), width=3)
    text_c(d, (255, 200), "ADMIT ONE", 44, PAL["white"])
    text_c(d, (255, 285), "ROW C", 32, PAL["white"])
    star(d, (108, 200), 20, 8, PAL["yellow"])
    star(d, (402, 200), 20, 8, PAL["yellow"])
    text_c(d, (524, 215), "SEAT", 30, PAL["white"])
    text_c(d, (524, 260), "12", 36, PAL["white"])
    save(img, "im_070")


def im_071():
    """Apartment floor plan: LIVING on the left with a green sofa, BED top right, BATH with blue tub."""
    img, d = canvas(512, 512, PAL["white"])
    wall = INK
    d.rectangle((40, 40, 472, 472), fill=(250, 246, 238))
    d.rectangle((40, 40, 472, 472), outline=wall, width=10)
    d.line((280, 40, 280, 472), fill=wall, width=8)
    d.line((280, 260, 472, 260), fill=wall, width=8)
    for y0, y1 in [(140, 200), (330, 390)]:
        d.line((280, y0, 280, y1), fill=(250, 246, 238), width=10)
        d.arc((280 - (y1 - y0), y0 - (y1 - y0), 280 + (y1 - y0), y1 - (y1 - y0)), 90, 180, fill=(150, 150, 160), width=2)
        d.line((280, y1 - (y1 - y0), 280 - (y1 - y0), y1 - (y1 - y0)), fill=(150, 150, 160), width=2)
    d.line((120, 472, 200, 472), fill=(250, 246, 238), width=12)
    d.arc((120, 392, 280, 552), 180, 270, fill=(150, 150, 160), width=2)
    text_c(d, (160, 120), "LIVING", 36, INK)
    d.rounded_rectangle((70, 330, 250, 400), radius=12, fill=PAL["green"])
    d.rectangle((120, 200, 220, 270), fill=(215, 195, 160))
    text_c(d, (376, 90), "BED", 36, INK)
    d.rectangle((330, 130, 450, 240), fill=(225, 225, 232))
    d.rectangle((330, 130, 450, 160), fill=(205, 205, 215))
    text_c(d, (376, 322), "BATH", 36, INK)
    d.rounded_rectangle((330, 352, 452, 458), radius=30, fill=PAL["blue"])
    save(img, "im_071")


def im_072():
    """Treasure map on parchment: TREASURE title, green island, red X, dashed path, ship, compass."""
    img, d = canvas(512, 512, PAL["beige"])
    d.rectangle((0, 0, 511, 511), outline=(170, 130, 80), width=14)
    d.rectangle((18, 18, 493, 493), outline=(190, 150, 100), width=3)
    text_c(d, (256, 60), "TREASURE", 44, (90, 55, 25))
    isl = [(130, 200), (210, 140), (330, 130), (420, 190), (430, 280), (360, 350), (250, 360), (160, 320), (120, 260)]
    d.polygon([(x + (6 if x > 256 else -6), y + (6 if y > 250 else -6)) for x, y in isl], fill=(200, 180, 130))
    d.polygon(isl, fill=PAL["green"])
    for cx in (210, 290):
        d.polygon([(cx - 38, 290), (cx, 215), (cx + 38, 290)], fill=PAL["gray"])
    xc, yc = 370, 178
    d.line((xc - 32, yc - 32, xc + 32, yc + 32), fill=PAL["red"], width=22)
    d.line((xc - 32, yc + 32, xc + 32, yc - 32), fill=PAL["red"], width=22)
    pts = [(95, 420), (150, 400), (200, 370), (260, 330), (320, 250), (356, 198)]
    for (x0, y0), (x1, y1) in itertools.pairwise(pts):
        for k in range(0, 10, 2):
            a, b = k / 10, (k + 1) / 10
            d.line((x0 + (x1 - x0) * a, y0 + (y1 - y0) * a, x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), fill=(90, 55, 25), width=4)
    d.polygon([(55, 420), (115, 420), (100, 440), (68, 440)], fill=(110, 70, 35))
    d.line((85, 420, 85, 380), fill=(90, 55, 25), width=3)
    d.polygon([(87, 382), (87, 414), (110, 414)], fill=(250, 245, 235))
    cx, cy = 420, 420
    d.ellipse((cx - 42, cy - 42, cx + 42, cy + 42), outline=PAL["navy"], width=5)
    d.polygon([(cx, cy - 56), (cx - 17, cy), (cx, cy + 56), (cx + 17, cy)], fill=PAL["navy"])
    d.polygon([(cx - 56, cy), (cx, cy - 17), (cx + 56, cy), (cx, cy + 17)], fill=PAL["navy"])
    text_c(d, (cx - 48, cy - 52), "N", 28, PAL["navy"])
    save(img, "im_072")


def im_073():
    """Metro map: red, blue and green lines, white stations, MARKET interchange in the centre."""
    img, d = canvas(640, 480, PAL["white"])
    red, blue, green = PAL["red"], PAL["blue"], PAL["green"]
    d.line((40, 240, 600, 240), fill=red, width=14)
    d.line([(200, 40), (200, 130), (320, 240), (320, 440)], fill=blue, width=14, joint="curve")
    d.line([(440, 60), (440, 160), (320, 240), (180, 380), (60, 380)], fill=green, width=14, joint="curve")
    for x, y in [(80, 240), (180, 240), (460, 240), (560, 240), (200, 60), (200, 130), (320, 400), (440, 90), (440, 160), (180, 380), (80, 380)]:
        d.ellipse((x - 12, y - 12, x + 12, y + 12), fill=PAL["white"], outline=INK, width=4)
    d.ellipse((296, 216, 344, 264), fill=PAL["white"], outline=INK, width=6)
    text_c(d, (352, 256), "MARKET", 28, INK, anchor="lt")
    text_c(d, (560, 270), "DOCKS", 28, INK, anchor="mt")
    text_c(d, (214, 60), "PARK", 28, INK, anchor="lm")
    text_c(d, (80, 410), "MILL", 28, INK, anchor="mt")
    save(img, "im_073")


def im_074():
    """App icon set: a 3x3 grid of rounded tiles in nine colours, each with a white glyph."""
    img, d = canvas(512, 512, (246, 244, 240))
    cols = ["red", "orange", "yellow", "green", "teal", "blue", "purple", "pink", "navy"]
    W = PAL["white"]
    for k, name in enumerate(cols):
        x0, y0 = 46 + (k % 3) * 150, 46 + (k // 3) * 150
        d.rounded_rectangle((x0, y0, x0 + 120, y0 + 120), radius=28, fill=PAL[name])
        cx, cy = x0 + 60, y0 + 60
        if k == 0:
            d.pieslice((cx - 34, cy - 30, cx + 2, cy + 6), 135, 315, fill=W)
            d.pieslice((cx - 2, cy - 30, cx + 34, cy + 6), 225, 45, fill=W)
            d.polygon([(cx - 32, cy - 6), (cx + 32, cy - 6), (cx, cy + 30)], fill=W)
        elif k == 1:
            d.ellipse((cx - 30, cy - 30, cx + 30, cy + 30), fill=W)
            d.ellipse((cx - 14, cy - 14, cx + 14, cy + 14), fill=PAL[name])
        elif k == 2:
            star(d, (cx, cy + 2), 36, 15, W)
        elif k == 3:
            d.polygon([(cx - 20, cy - 30), (cx + 30, cy), (cx - 20, cy + 30)], fill=W)
        elif k == 4:
            for dx, dy, r in [(-18, 6, 16), (4, -6, 22), (24, 8, 14)]:
                d.ellipse((cx + dx - r, cy + dy - r, cx + dx + r, cy + dy + r), fill=W)
            d.rectangle((cx - 34, cy + 8, cx + 36, cy + 22), fill=W)
        elif k == 5:
            d.rounded_rectangle((cx - 34, cy - 20, cx + 34, cy + 26), radius=8, fill=W)
            d.ellipse((cx - 14, cy - 10, cx + 14, cy + 18), fill=PAL[name])
        elif k == 6:
            d.ellipse((cx - 26, cy + 6, cx - 2, cy + 30), fill=W)
            d.rectangle((cx - 6, cy - 30, cx, cy + 18), fill=W)
            d.polygon([(cx, cy - 30), (cx + 26, cy - 18), (cx, cy - 10)], fill=W)
        elif k == 7:
            d.polygon([(cx, cy - 32), (cx - 32, cy - 2), (cx + 32, cy - 2)], fill=W)
            d.rectangle((cx - 22, cy - 4, cx + 22, cy + 28), fill=W)
        else:
            d.rounded_rectangle((cx - 32, cy - 26, cx + 32, cy + 14), radius=12, fill=W)
            d.polygon([(cx - 16, cy + 10), (cx - 22, cy + 30), (cx, cy + 12)], fill=W)
    save(img, "im_074")


def im_075():
    """Logo: a geometric orange fox head with white cheeks above the navy wordmark FOXLY, STUDIO."""
    img, d = canvas(512, 512, PAL["white"])
    o, w = PAL["orange"], PAL["white"]
    cx = 256
    d.polygon([(cx - 110, 60), (cx - 40, 130), (cx - 100, 160)], fill=o)
    d.polygon([(cx + 110, 60), (cx + 40, 130), (cx + 100, 160)], fill=o)
    d.polygon([(cx - 110, 60), (cx - 88, 82), (cx - 100, 100)], fill=(60, 30, 20))
    d.polygon([(cx + 110, 60), (cx + 88, 82), (cx + 100, 100)], fill=(60, 30, 20))
    d.polygon([(cx - 100, 120), (cx + 100, 120), (cx + 120, 190), (cx, 300), (cx - 120, 190)], fill=o)
    d.polygon([(cx - 120, 190), (cx - 30, 220), (cx, 300)], fill=w)
    d.polygon([(cx + 120, 190), (cx + 30, 220), (cx, 300)], fill=w)
    d.polygon([(cx - 16, 282), (cx + 16, 282), (cx, 302)], fill=PAL["black"])
    for ex in (cx - 50, cx + 50):
        d.polygon([(ex - 16, 186), (ex + 16, 186), (ex, 176)], fill=PAL["black"])
    text_c(d, (cx, 380), "FOXLY", 80, PAL["navy"])
    text_c(d, (cx, 450), "STUDIO", 30, (110, 110, 120))
    save(img, "im_075")


def im_076():
    """Pixel platformer level: red-hooded hero on brown bricks, five gold coins in an arc, green goal flag."""
    img, d = canvas(512, 512, (120, 185, 245))
    text_c(d, (24, 34), "SCORE 500", 30, PAL["white"], anchor="lm")
    for cx, cy in [(360, 90), (130, 120)]:
        for dx, r in [(-26, 18), (0, 26), (26, 18)]:
            d.rectangle((cx + dx - r, cy - r + 6, cx + dx + r, cy + r), fill=PAL["white"])
    brick, mortar = PAL["brown"], (90, 50, 20)

    def bricks(x0, y0, x1, y1):
        d.rectangle((x0, y0, x1, y1), fill=brick)
        for y in range(y0, y1, 16):
            d.line((x0, y, x1, y), fill=mortar, width=2)
            off = 0 if (y - y0) // 16 % 2 == 0 else 16
            for x in range(x0 + off, x1, 32):
                d.line((x, y, x, y + 16), fill=mortar, width=2)

    bricks(0, 448, 512, 512)
    bricks(192, 320, 352, 352)
    for k in range(5):
        a = math.pi * (0.15 + 0.7 * k / 4)
        x, y = 272 - 90 * math.cos(a), 290 - 80 * math.sin(a)
        d.ellipse((x - 14, y - 18, x + 14, y + 18), fill=PAL["gold"])
        d.rectangle((x - 3, y - 9, x + 3, y + 9), fill=(240, 210, 110))
    d.rectangle((440, 250, 448, 448), fill=(230, 230, 235))
    d.polygon([(448, 250), (512, 300), (448, 350)], fill=PAL["green"])
    d.rectangle((428, 432, 460, 448), fill=(230, 230, 235))
    hero = [
        "..rrrr..",
        ".rrrrrr.",
        "rrsssskr",
        "rrsksssr",
        ".rsssssr",
        "..tttt..",
        ".tttttt.",
        "sttttttts"[:8],
        "..tttt..",
        ".kk..kk.",
    ]
    pixels(d, 60, 448 - 10 * 13, 13, hero, {"r": PAL["red"], "s": SKIN, "k": (50, 30, 20), "t": PAL["teal"]})
    save(img, "im_076")


def im_077():
    """Game inventory: three round potion flasks (red, blue, green) in slots labelled HP, MP, XP."""
    img, d = canvas(512, 512, (44, 48, 62))
    for k, (name, lab) in enumerate([("red", "HP"), ("blue", "MP"), ("green", "XP")]):
        x0 = 36 + k * 152
        d.rounded_rectangle((x0, 120, x0 + 136, 330), radius=14, fill=(62, 68, 86), outline=(95, 100, 120), width=3)
        cx = x0 + 68
        soft_shadow(img, (cx - 46, 300, cx + 46, 318), blur=6, strength=140)
        d = ImageDraw.Draw(img)
        d.rectangle((cx - 13, 160, cx + 13, 200), fill=(200, 210, 220))
        d.rectangle((cx - 16, 142, cx + 16, 166), fill=(150, 100, 55))
        ball(img, (cx, 250), 54, PAL[name])
        d = ImageDraw.Draw(img)
        d.ellipse((cx - 30, 218, cx - 14, 234), fill=(250, 250, 250))
        text_c(d, (cx, 380), lab, 36, (240, 240, 240))
    save(img, "im_077")


def im_078():
    """Pie chart: ENERGY title, four slices (green SOLAR largest, blue WIND, teal HYDRO, gray GAS), legend."""
    img, d = canvas(512, 512, PAL["white"])
    text_c(d, (256, 50), "ENERGY", 44, INK)
    shares = [("SOLAR", "green", 0.40), ("WIND", "blue", 0.30), ("HYDRO", "teal", 0.18), ("GAS", "gray", 0.12)]
    a = -90.0
    for lab, col, s in shares:
        d.pieslice((30, 140, 290, 400), a, a + s * 360, fill=PAL[col])
        a += s * 360
    for k, (lab, col, s) in enumerate(shares):
        y = 180 + k * 60
        d.rectangle((318, y - 14, 346, y + 14), fill=PAL[col])
        text_c(d, (360, y), lab, 30, INK, anchor="lm")
    save(img, "im_078")


def im_079():
    """Dark network monitor: LOAD header, cyan line chart, red ALERT spike, three green status dots."""
    img, d = canvas(640, 480, (14, 16, 24))
    text_c(d, (30, 40), "LOAD", 36, PAL["cyan"], anchor="lm")
    d.rounded_rectangle((20, 80, 620, 380), radius=12, fill=(24, 28, 40))
    for k in range(1, 5):
        d.line((40, 80 + k * 60, 600, 80 + k * 60), fill=(40, 46, 62), width=1)
    rnd = random.Random(79)
    pts = []
    for i in range(29):
        x = 40 + i * 20
        y = 300 - rnd.randint(0, 80) - i * 3
        if i == 22:
            y = 120
        pts.append((x, y))
    d.line(pts, fill=PAL["cyan"], width=4, joint="curve")
    d.ellipse((pts[22][0] - 16, 104, pts[22][0] + 16, 136), outline=PAL["red"], width=6)
    d.rounded_rectangle((470, 16, 620, 66), radius=25, fill=PAL["red"])
    text_c(d, (545, 41), "ALERT", 32, PAL["white"])
    for k in range(3):
        d.ellipse((30 + k * 56, 402, 74 + k * 56, 446), fill=PAL["green"])
    text_c(d, (206, 424), "OK", 32, (200, 205, 215), anchor="lm")
    save(img, "im_079")


def im_080():
    """Country road: yellow diamond SLOW sign on the right, road curving into green hills, soft sky."""
    img, d = canvas(512, 512)
    vgrad(img, (0, 0, 512, 300), (150, 195, 235), (235, 238, 240))
    ridge(d, 512, 512, 250, 20, (150, 175, 160), seed=80)
    ridge(d, 512, 512, 290, 18, (105, 150, 95), seed=81)
    vgrad(img, (0, 330, 512, 512), (95, 145, 70), (70, 115, 50))
    d = ImageDraw.Draw(img)
    road = [(150, 512), (330, 512), (262, 420), (250, 370), (268, 330), (262, 318), (250, 330), (226, 370), (214, 420)]
    d.polygon(road, fill=(95, 95, 100))
    d.line([(240, 512), (238, 420), (238, 372), (255, 330)], fill=(235, 235, 225), width=4)
    d.rectangle((384, 250, 394, 480), fill=(110, 110, 115))
    d.polygon([(389, 110), (469, 190), (389, 270), (309, 190)], fill=PAL["black"])
    d.polygon([(389, 120), (459, 190), (389, 260), (319, 190)], fill=PAL["yellow"])
    text_c(d, (389, 190), "SLOW", 34, PAL["black"])
    save(img, "im_080")


def im_081():
    """Robot head portrait: shaded silver head, two cyan eyes, red antenna ball, purple backdrop."""
    img, d = canvas(512, 512)
    radial(img, (256, 220), 360, (150, 70, 190), (40, 20, 70))
    d = ImageDraw.Draw(img)
    d.rectangle((250, 80, 262, 130), fill=(150, 150, 160))
    ball(img, (256, 64), 40, PAL["red"], light=(240, 90, 90), dark=(175, 25, 35))
    head = Image.new("RGB", (300, 260))
    vgrad(head, (0, 0, 300, 260), (225, 228, 235), (120, 122, 135))
    mask = Image.new("L", (300, 260), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, 299, 259), radius=60, fill=255)
    img.paste(head, (106, 130), mask)
    d = ImageDraw.Draw(img)
    for ex in (196, 316):
        glow(img, (ex - 50, 190, ex + 50, 290), PAL["cyan"], blur=12, strength=120)
        d = ImageDraw.Draw(img)
        d.ellipse((ex - 34, 206, ex + 34, 274), fill=(30, 35, 45))
        d.ellipse((ex - 26, 214, ex + 26, 266), fill=PAL["cyan"])
    d.rounded_rectangle((186, 310, 326, 350), radius=10, fill=(50, 52, 62))
    for k in range(4):
        d.rectangle((202 + k * 30, 318, 218 + k * 30, 342), fill=(150, 150, 165))
    for ex in (92, 420):
        ball(img, (ex, 260), 22, (150, 150, 162))
    d = ImageDraw.Draw(img)
    d.rectangle((196, 390, 316, 460), fill=(120, 122, 135))
    d.rectangle((120, 460, 392, 512), fill=(150, 152, 165))
    save(img, "im_081")


def im_082():
    """Neon city at night: magenta HOTEL sign on a tower, cyan BAR sign, moon, wet reflective street."""
    img, d = canvas(512, 512)
    vgrad(img, (0, 0, 512, 400), (16, 18, 50), (70, 30, 90))
    d = ImageDraw.Draw(img)
    d.ellipse((400, 40, 460, 100), fill=(235, 232, 215))
    rnd = random.Random(82)
    x = -10
    while x < 512:
        w = rnd.randint(60, 100)
        top = rnd.randint(140, 260)
        d.rectangle((x, top, x + w - 6, 400), fill=(30, 28, 48))
        for wy in range(top + 14, 390, 26):
            for wx in range(x + 10, x + w - 20, 20):
                if rnd.random() < 0.35:
                    d.rectangle((wx, wy, wx + 8, wy + 12), fill=(210, 180, 120))
        x += w
    d.rectangle((170, 120, 342, 400), fill=(26, 24, 42))
    glow(img, (150, 130, 362, 230), PAL["magenta"], blur=22, strength=120)
    d = ImageDraw.Draw(img)
    d.rectangle((180, 150, 332, 210), fill=(30, 10, 35), outline=PAL["magenta"], width=5)
    text_c(d, (256, 180), "HOTEL", 40, PAL["magenta"])
    glow(img, (20, 260, 160, 350), PAL["cyan"], blur=16, strength=90)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((36, 276, 144, 334), radius=8, fill=PAL["cyan"])
    text_c(d, (90, 305), "BAR", 36, (10, 30, 40))
    vgrad(img, (0, 400, 512, 512), (40, 30, 60), (15, 15, 30))
    d = ImageDraw.Draw(img)
    for k in range(8):
        y = 410 + k * 12
        d.line((215 - k * 3, y, 297 + k * 3, y), fill=(150, 40, 130), width=4)
        d.line((70, y + 4, 110, y + 4), fill=(20, 120, 140), width=3)
    save(img, "im_082")


def im_083():
    """Isometric home office: wooden desk, two blue-screened monitors, red chair, green plant, white mug."""
    img, d = canvas(512, 512, (232, 236, 242))
    ox, oy, s = 256, 170, 34
    iso_box(d, 0, 0, -0.4, 7, 7, 0.4, (205, 210, 220), (170, 175, 190), (185, 190, 205), ox, oy, s)
    iso_box(d, 1.2, 1.5, 0, 0.3, 3.8, 2.2, (150, 100, 60), (120, 80, 45), (135, 90, 50), ox, oy, s)
    iso_box(d, 4.2, 1.5, 0, 0.3, 3.8, 2.2, (150, 100, 60), (120, 80, 45), (135, 90, 50), ox, oy, s)
    iso_box(d, 1.2, 1.5, 2.2, 3.3, 3.8, 0.25, (185, 130, 80), (150, 100, 60), (165, 112, 68), ox, oy, s)
    for y0 in (1.8, 3.4):
        iso_box(d, 1.5, y0, 2.45, 0.2, 1.4, 1.9, (60, 60, 70), (40, 40, 48), (50, 50, 58), ox, oy, s)
        P = lambda a, b, c: iso(a, b, c, ox, oy, s)
        d.polygon([P(1.72, y0 + 0.1, 2.6), P(1.72, y0 + 1.3, 2.6), P(1.72, y0 + 1.3, 4.25), P(1.72, y0 + 0.1, 4.25)], fill=PAL["blue"])
    iso_box(d, 3.0, 4.6, 2.45, 0.45, 0.45, 0.55, (250, 250, 250), (205, 205, 210), (225, 225, 230), ox, oy, s)
    iso_box(d, 5.0, 2.7, 0, 1.3, 1.3, 1.2, PAL["red"], (180, 25, 35), (200, 28, 38), ox, oy, s)
    iso_box(d, 6.0, 2.7, 1.2, 0.3, 1.3, 1.6, PAL["red"], (180, 25, 35), (200, 28, 38), ox, oy, s)
    iso_box(d, 5.6, 0.3, 0, 0.9, 0.9, 0.9, (230, 230, 230), (190, 190, 195), (210, 210, 215), ox, oy, s)
    px, py = iso(6.05, 0.75, 0.9, ox, oy, s)
    for dx, dy, r in [(0, -46, 28), (-26, -24, 22), (26, -24, 22)]:
        d.ellipse((px + dx - r, py + dy - r, px + dx + r, py + dy + r), fill=PAL["green"])
    save(img, "im_083")


def im_084():
    """Astronaut close-up: white helmet, gold visor reflecting a blue Earth, orange patch, starfield."""
    img, d = canvas(512, 512, (6, 8, 18))
    rnd = random.Random(84)
    for _ in range(120):
        d.point((rnd.randrange(512), rnd.randrange(512)), fill=(220, 220, 235))
    d.rounded_rectangle((60, 400, 452, 600), radius=80, fill=(210, 212, 218))
    d.rounded_rectangle((90, 430, 180, 490), radius=8, fill=PAL["orange"])
    ball(img, (256, 250), 190, (238, 238, 242), light=(255, 255, 255), dark=(150, 152, 165))
    visor = Image.new("RGB", (300, 220))
    vgrad(visor, (0, 0, 300, 220), (240, 200, 90), (120, 80, 20))
    vm = Image.new("L", (300, 220), 0)
    ImageDraw.Draw(vm).ellipse((0, 0, 299, 219), fill=255)
    img.paste(visor, (106, 150), vm)
    ball(img, (320, 215), 34, PAL["blue"], light=(120, 170, 250), dark=(20, 50, 140))
    d = ImageDraw.Draw(img)
    d.ellipse((308, 200, 330, 222), fill=(60, 160, 80))
    d.arc((130, 165, 280, 300), 200, 250, fill=(255, 240, 200), width=8)
    save(img, "im_084")


def im_085():
    """Three panels of a smiling sprout growing: seed (DAY 1), leaves (DAY 5), pink flower (DAY 9)."""
    img, d = canvas(640, 480, PAL["white"])
    for k, cap in enumerate(["DAY 1", "DAY 5", "DAY 9"]):
        x0 = 14 + k * 208
        d.rectangle((x0, 14, x0 + 196, 466), fill=(235, 245, 250), outline=INK, width=4)
        text_c(d, (x0 + 98, 52), cap, 32, INK)
        cx = x0 + 98
        d.polygon([(cx - 60, 340), (cx + 60, 340), (cx + 45, 440), (cx - 45, 440)], fill=PAL["orange"])
        d.rectangle((cx - 66, 326, cx + 66, 346), fill=(200, 100, 20))
        d.ellipse((cx - 56, 318, cx + 56, 334), fill=PAL["brown"])
        if k == 0:
            d.ellipse((cx - 14, 306, cx + 14, 324), fill=(170, 120, 60))
            continue
        top = 250 if k == 1 else 170
        d.line((cx, 322, cx, top), fill=(30, 130, 50), width=8)
        d.ellipse((cx - 56, top + 20, cx - 4, top + 50), fill=PAL["green"])
        d.ellipse((cx + 4, top + 20, cx + 56, top + 50), fill=PAL["green"])
        if k == 2:
            for a in range(0, 360, 60):
                px, py = cx + 34 * math.cos(math.radians(a)), top + 34 * math.sin(math.radians(a))
                d.ellipse((px - 22, py - 22, px + 22, py + 22), fill=PAL["pink"])
            d.ellipse((cx - 24, top - 24, cx + 24, top + 24), fill=PAL["yellow"])
            for ex in (cx - 9, cx + 9):
                d.ellipse((ex - 3, top - 6, ex + 3, top + 2), fill=INK)
            d.arc((cx - 9, top - 2, cx + 9, top + 12), 20, 160, fill=INK, width=2)
        else:
            for ex in (cx - 14, cx + 14):
                d.ellipse((ex - 4, top + 30, ex + 4, top + 38), fill=INK)
    save(img, "im_085")


def im_086():
    """Surface pattern: twelve yellow lemons with green leaves in staggered rows on teal, white dots."""
    img, d = canvas(512, 512, PAL["teal"])
    for j in range(6):
        for i in range(6):
            x, y = 20 + i * 90 + (45 if j % 2 else 0), 20 + j * 90
            d.ellipse((x - 5, y - 5, x + 5, y + 5), fill=PAL["white"])
    for j in range(3):
        for i in range(4):
            x = 68 + i * 115 + (30 if j % 2 else 0)
            y = 95 + j * 160
            d.ellipse((x - 40, y - 28, x + 40, y + 28), fill=PAL["yellow"])
            d.polygon([(x + 36, y - 8), (x + 52, y), (x + 36, y + 8)], fill=PAL["yellow"])
            d.polygon([(x - 36, y - 8), (x - 50, y), (x - 36, y + 8)], fill=PAL["yellow"])
            d.polygon([(x - 10, y - 26), (x - 40, y - 54), (x + 4, y - 40)], fill=PAL["green"])
    save(img, "im_086")


def im_087():
    """Pixel boss fight: a green dragon on the right breathes orange fire left; BOSS label, red health bar."""
    img, d = canvas(512, 512, (40, 30, 52))
    for k in range(0, 512, 64):
        d.rectangle((k, 430, k + 60, 512), fill=(75, 70, 85))
    text_c(d, (24, 40), "BOSS", 34, PAL["white"], anchor="lm")
    d.rectangle((130, 26, 490, 54), fill=(70, 60, 80))
    d.rectangle((134, 30, 420, 50), fill=PAL["red"])
    dragon = [
        "......gg.........",
        ".....gggg........",
        "....ggyggg...pp..",
        "gggggggggg..ppp..",
        "ggggggg.gg.pppp..",
        "......ggggppppp..",
        ".....ggggggppp...",
        ".....ggggggggg...",
        "....gggggggggggg.",
        "....ggggggggg.ggg",
        ".....gg...gg...gg",
        ".....gg...gg.....",
        "....www..www.....",
    ]
    pixels(d, 250, 430 - 13 * 18, 18, dragon, {"g": PAL["green"], "y": PAL["yellow"], "p": PAL["purple"], "w": (230, 230, 230)})
    fire = [
        "..........oo",
        "......oooooo",
        "oooooooyyooo",
        "..oooooooooo",
        ".....ooooo..",
    ]
    pixels(d, 34, 430 - 13 * 18 + 2 * 18, 18, fire, {"o": PAL["orange"], "y": PAL["yellow"]})
    save(img, "im_087")


def im_088():
    """Character select screen: SELECT title, three cel-shaded heroes on cards; middle card framed gold."""
    img, d = canvas(640, 480, PAL["navy"])
    text_c(d, (320, 48), "SELECT", 44, PAL["white"])
    heroes = [("MAGE", "purple"), ("KNIGHT", "red"), ("RANGER", "green")]
    for k, (name, col) in enumerate(heroes):
        x0 = 40 + k * 200
        if k == 1:
            d.rounded_rectangle((x0 - 8, 92, x0 + 168, 452), radius=18, fill=PAL["gold"])
        d.rounded_rectangle((x0, 100, x0 + 160, 444), radius=14, fill=(60, 70, 120))
        cx, feet = x0 + 80, 380
        body = PAL[col]
        shade = mix(body, (0, 0, 0), 0.3)
        d.rectangle((cx - 22, feet - 70, cx - 6, feet), fill=(50, 45, 60))
        d.rectangle((cx + 6, feet - 70, cx + 22, feet), fill=(50, 45, 60))
        d.polygon([(cx - 40, feet - 60), (cx + 40, feet - 60), (cx + 30, feet - 170), (cx - 30, feet - 170)], fill=body)
        d.polygon([(cx + 5, feet - 60), (cx + 40, feet - 60), (cx + 30, feet - 170), (cx + 5, feet - 170)], fill=shade)
        d.ellipse((cx - 26, feet - 226, cx + 26, feet - 174), fill=SKIN)
        d.chord((cx - 26, feet - 226, cx + 26, feet - 174), 90, 270, fill=SKIN_SHADE)
        if name == "MAGE":
            d.polygon([(cx - 40, feet - 206), (cx + 40, feet - 206), (cx + 6, feet - 270)], fill=body)
            d.line((cx + 52, feet - 10, cx + 52, feet - 220), fill=(140, 100, 60), width=6)
        elif name == "KNIGHT":
            d.chord((cx - 28, feet - 232, cx + 28, feet - 186), 180, 360, fill=(200, 200, 210))
            d.polygon([(cx + 44, feet - 90), (cx + 52, feet - 90), (cx + 52, feet - 230), (cx + 48, feet - 240), (cx + 44, feet - 230)], fill=(215, 215, 225))
        else:
            d.chord((cx - 30, feet - 236, cx + 30, feet - 180), 180, 360, fill=shade)
            d.arc((cx - 80, feet - 210, cx - 30, feet - 90), 270, 90, fill=(140, 100, 60), width=5)
        text_c(d, (cx, 416), name, 28, PAL["white"])
    save(img, "im_088")


def im_089():
    """Team page: TEAM header, three circular headshots (blue, orange, green backdrops), ANA, LEO, MAY."""
    img, d = canvas(640, 480, PAL["white"])
    text_c(d, (320, 56), "TEAM", 48, INK)
    people = [("ANA", "blue", (60, 40, 30)), ("LEO", "orange", (150, 100, 50)), ("MAY", "green", (25, 25, 30))]
    for k, (name, col, hair) in enumerate(people):
        cx, cy = 120 + k * 200, 230
        tile = Image.new("RGB", (170, 170))
        radial(tile, (85, 60), 130, mix(PAL[col], (255, 255, 255), 0.25), PAL[col])
        td = ImageDraw.Draw(tile)
        td.ellipse((20, 120, 150, 230), fill=(235, 235, 240) if k != 1 else (60, 60, 70))
        face(tile, (85, 80), 40, skin=[SKIN, (200, 150, 110), (225, 180, 140)][k], hair=hair)
        m = Image.new("L", (170, 170), 0)
        ImageDraw.Draw(m).ellipse((0, 0, 169, 169), fill=255)
        img.paste(tile, (cx - 85, cy - 85), m)
        text_c(d, (cx, 360), name, 34, INK)
        d.rounded_rectangle((cx - 40, 392, cx + 40, 398), radius=3, fill=(210, 212, 220))
    save(img, "im_089")


def im_090():
    """Employee ID badge: blue lanyard, navy NOVA header band, photo, KIM, teal DESIGN pill, black barcode."""
    img, d = canvas(480, 640)
    vgrad(img, (0, 0, 480, 640), (215, 218, 225), (175, 178, 188))
    d = ImageDraw.Draw(img)
    d.polygon([(200, 0), (280, 0), (262, 110), (218, 110)], fill=PAL["blue"])
    soft_shadow(img, (90, 560, 400, 620), blur=16, strength=120)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((80, 120, 400, 590), radius=22, fill=(250, 250, 252))
    d.rounded_rectangle((215, 100, 265, 135), radius=6, fill=(150, 150, 160))
    d.rounded_rectangle((80, 120, 400, 200), radius=22, fill=PAL["navy"])
    d.rectangle((80, 170, 400, 200), fill=PAL["navy"])
    text_c(d, (240, 165), "NOVA", 40, PAL["white"])
    ph = Image.new("RGB", (150, 170))
    vgrad(ph, (0, 0, 150, 170), (200, 220, 240), (160, 185, 215))
    ImageDraw.Draw(ph).ellipse((15, 125, 135, 230), fill=(70, 75, 90))
    face(ph, (75, 78), 42, hair=(30, 25, 25))
    img.paste(ph, (165, 220))
    d = ImageDraw.Draw(img)
    text_c(d, (240, 430), "KIM", 44, INK)
    d.rounded_rectangle((150, 456, 330, 498), radius=21, fill=PAL["teal"])
    text_c(d, (240, 477), "DESIGN", 30, PAL["white"])
    rnd = random.Random(90)
    x = 140
    while x < 340:
        w = rnd.choice([3, 3, 5, 7])
        d.rectangle((x, 515, x + w - 1, 565), fill=PAL["black"])
        x += w + rnd.choice([3, 4, 6])
    save(img, "im_090")


def runner(d: ImageDraw.ImageDraw, x, y, s, fill) -> None:
    """A running pictogram figure (exit-sign style), hips at (x, y), scale s."""
    d.ellipse((x + 0.2 * s, y - 1.55 * s, x + 0.75 * s, y - s), fill=fill)
    d.line((x, y, x + 0.35 * s, y - 0.85 * s), fill=fill, width=int(0.32 * s))
    d.line((x + 0.3 * s, y - 0.7 * s, x + 0.85 * s, y - 0.45 * s), fill=fill, width=int(0.2 * s))
    d.line((x + 0.3 * s, y - 0.75 * s, x - 0.3 * s, y - 0.4 * s), fill=fill, width=int(0.2 * s))
    d.line((x, y, x + 0.5 * s, y + 0.45 * s, x + 0.35 * s, y + 0.95 * s), fill=fill, width=int(0.24 * s), joint="curve")
    d.line((x, y, x - 0.35 * s, y + 0.5 * s, x - 0.85 * s, y + 0.6 * s), fill=fill, width=int(0.24 * s), joint="curve")


def im_091():
    """Emergency exit sign: green board, white running figure on the left, EXIT, arrow pointing right."""
    img, d = canvas(640, 480, (226, 222, 212))
    d.rectangle((0, 400, 640, 480), fill=(205, 200, 190))
    d.rectangle((150, 110, 170, 140), fill=(150, 150, 155))
    d.rectangle((470, 110, 490, 140), fill=(150, 150, 155))
    d.rounded_rectangle((60, 130, 580, 330), radius=18, fill=PAL["green"])
    runner(d, 140, 235, 70, PAL["white"])
    text_c(d, (340, 230), "EXIT", 80, PAL["white"])
    arrow(d, (450, 230), (545, 230), fill=PAL["white"], width=22, head=46)
    save(img, "im_091")


def im_092():
    """Restroom sign: blue rounded plate, white man and woman pictograms split by a line, WC below."""
    img, d = canvas(512, 512, (200, 200, 206))
    d.rounded_rectangle((56, 56, 456, 456), radius=40, fill=PAL["blue"])
    W = PAL["white"]
    d.ellipse((130, 96, 182, 148), fill=W)
    d.rounded_rectangle((118, 156, 194, 270), radius=16, fill=W)
    d.rectangle((126, 262, 152, 360), fill=W)
    d.rectangle((160, 262, 186, 360), fill=W)
    d.rectangle((250, 96, 262, 360), fill=W)
    d.ellipse((330, 96, 382, 148), fill=W)
    d.polygon([(356, 152), (300, 300), (412, 300)], fill=W)
    d.rectangle((334, 296, 352, 360), fill=W)
    d.rectangle((360, 296, 378, 360), fill=W)
    text_c(d, (256, 410), "WC", 56, W)
    save(img, "im_092")


def im_093():
    """Wanted poster: WANTED, framed portrait of a grinning green goblin, 500 GOLD, nailed parchment."""
    img, d = canvas(480, 640, (70, 50, 40))
    d.polygon([(40, 30), (440, 40), (450, 610), (30, 600)], fill=PAL["beige"])
    d.ellipse((232, 44, 248, 60), fill=(90, 90, 95))
    text_c(d, (240, 110), "WANTED", 64, (90, 45, 20))
    d.rectangle((100, 160, 380, 440), fill=(200, 175, 130))
    d.rectangle((112, 172, 368, 428), fill=(235, 220, 185))
    g, gd = PAL["green"], (25, 110, 40)
    d.polygon([(150, 250), (90, 210), (170, 290)], fill=gd)
    d.polygon([(330, 250), (390, 210), (310, 290)], fill=gd)
    d.ellipse((150, 200, 330, 400), fill=g)
    for ex in (205, 275):
        d.ellipse((ex - 30, 256, ex + 30, 304), fill=PAL["yellow"])
        d.ellipse((ex - 7, 268, ex + 7, 292), fill=PAL["black"])
    d.chord((190, 310, 290, 370), 0, 180, fill=(60, 20, 20))
    for tx in (215, 240, 265):
        d.polygon([(tx - 7, 340), (tx + 7, 340), (tx, 352)], fill=(250, 250, 240))
    text_c(d, (240, 510), "500 GOLD", 52, (90, 45, 20))
    d.line((80, 560, 400, 560), fill=(150, 120, 90), width=3)
    save(img, "im_093")


def im_094():
    """Isometric floating island: green lawn, white cottage with red roof, one tree, waterfall, clouds."""
    img, d = canvas(512, 512)
    vgrad(img, (0, 0, 512, 512), (150, 200, 240), (230, 240, 250))
    d = ImageDraw.Draw(img)
    for cx, cy in [(90, 110), (420, 380)]:
        for dx, r in [(-30, 22), (0, 30), (30, 22)]:
            d.ellipse((cx + dx - r, cy - r, cx + dx + r, cy + r), fill=(250, 252, 255))
    ox, oy, s = 256, 150, 36
    P = lambda a, b, c: iso(a, b, c, ox, oy, s)
    d.polygon([P(0, 6, 0), P(6, 6, 0), P(6, 0, 0), P(3, 3, -6)], fill=(130, 85, 45))
    d.polygon([P(0, 6, 0), P(6, 6, 0), P(3, 3, -6)], fill=(110, 70, 35))
    d.polygon([P(0, 0, 0), P(6, 0, 0), P(6, 6, 0), P(0, 6, 0)], fill=PAL["green"])
    iso_box(d, 0, 0, -0.3, 6, 6, 0.3, PAL["green"], (90, 60, 30), (110, 72, 38), ox, oy, s)
    x0, y0 = P(6, 4.2, 0)
    d.polygon([(x0 - 10, y0 - 6), (x0 + 10, y0 + 2), (x0 + 16, 470), (x0 - 8, 470)], fill=PAL["cyan"])
    d.line((x0 + 2, y0, x0 + 5, 460), fill=(220, 250, 255), width=3)
    iso_box(d, 1.0, 1.0, 0, 2.0, 2.0, 1.4, (245, 242, 235), (215, 210, 200), (230, 225, 215), ox, oy, s)
    d.polygon([P(1.0, 1.0, 1.4), P(3.0, 1.0, 1.4), P(3.0, 2.0, 2.4), P(1.0, 2.0, 2.4)], fill=(235, 60, 60))
    d.polygon([P(1.0, 3.0, 1.4), P(3.0, 3.0, 1.4), P(3.0, 2.0, 2.4), P(1.0, 2.0, 2.4)], fill=PAL["red"])
    d.polygon([P(3.0, 1.0, 1.4), P(3.0, 3.0, 1.4), P(3.0, 2.0, 2.4)], fill=(190, 25, 35))
    tx, ty = P(4.8, 1.0, 0)
    d.rectangle((tx - 6, ty - 60, tx + 6, ty), fill=(110, 70, 35))
    ball(img, (int(tx), int(ty - 85)), 42, (60, 150, 70))
    save(img, "im_094")


def im_095():
    """Video call: 2x2 grid of webcam tiles (ZOE, SAM, RAJ, IVY), green speaker frame, red hang-up button."""
    img, d = canvas(640, 480, (32, 34, 40))
    people = [("ZOE", (95, 110, 140), (70, 45, 30)), ("SAM", (140, 115, 95), (25, 20, 20)),
              ("RAJ", (100, 130, 110), (20, 20, 25)), ("IVY", (130, 105, 135), (200, 150, 60))]
    for k, (name, bg, hair) in enumerate(people):
        x0, y0 = 20 + (k % 2) * 305, 16 + (k // 2) * 190
        if k == 1:
            d.rounded_rectangle((x0 - 6, y0 - 6, x0 + 301, y0 + 186), radius=14, fill=PAL["green"])
        tile = Image.new("RGB", (295, 180))
        vgrad(tile, (0, 0, 295, 180), mix(bg, (255, 255, 255), 0.25), bg)
        ImageDraw.Draw(tile).ellipse((85, 130, 210, 260), fill=mix(bg, (20, 20, 20), 0.5))
        face(tile, (147, 82), 44, skin=[SKIN, (200, 150, 110), (170, 120, 85), (240, 200, 170)][k], hair=hair)
        m = Image.new("L", (295, 180), 0)
        ImageDraw.Draw(m).rounded_rectangle((0, 0, 294, 179), radius=10, fill=255)
        img.paste(tile, (x0, y0), m)
        d = ImageDraw.Draw(img)
        lx = x0 + 48 if k % 2 == 0 else x0 + 247
        d.rounded_rectangle((lx - 40, y0 + 136, lx + 40, y0 + 172), radius=8, fill=(20, 20, 26))
        text_c(d, (lx, y0 + 154), name, 28, PAL["white"])
    d.ellipse((200, 408, 250, 458), fill=(70, 72, 82))
    d.ellipse((390, 408, 440, 458), fill=(70, 72, 82))
    d.rounded_rectangle((280, 404, 360, 462), radius=29, fill=PAL["red"])
    save(img, "im_095")


def im_096():
    """Radar HUD: three green range rings with a sweep, three red blips, SCAN and 40 KM readouts."""
    img, d = canvas(512, 512, PAL["black"])
    g = PAL["green"]
    c = (256, 270)
    for r in (80, 150, 210):
        d.ellipse((c[0] - r, c[1] - r, c[0] + r, c[1] + r), outline=g, width=4)
    d.line((c[0] - 210, c[1], c[0] + 210, c[1]), fill=g, width=2)
    d.line((c[0], c[1] - 210, c[0], c[1] + 210), fill=g, width=2)
    d.pieslice((c[0] - 206, c[1] - 206, c[0] + 206, c[1] + 206), -60, -30, fill=(20, 90, 35))
    for bx, by in [(330, 170), (170, 330), (360, 360)]:
        d.ellipse((bx - 11, by - 11, bx + 11, by + 11), fill=PAL["red"])
    text_c(d, (20, 30), "SCAN", 34, g, anchor="lm")
    text_c(d, (492, 490), "40 KM", 30, g, anchor="rm")
    save(img, "im_096")


def im_097():
    """Product render: white earbuds case with two earbuds floating above it, on a pink gradient."""
    img, d = canvas(512, 512)
    radial(img, (256, 200), 420, (252, 205, 222), PAL["pink"])
    soft_shadow(img, (150, 390, 362, 430), blur=14, strength=120)
    case = Image.new("RGB", (220, 160))
    vgrad(case, (0, 0, 220, 160), (252, 252, 252), (205, 205, 212))
    m = Image.new("L", (220, 160), 0)
    ImageDraw.Draw(m).rounded_rectangle((0, 0, 219, 159), radius=70, fill=255)
    img.paste(case, (146, 250), m)
    d = ImageDraw.Draw(img)
    d.line((150, 300, 362, 300), fill=(190, 190, 198), width=3)
    d.ellipse((250, 330, 262, 342), fill=PAL["green"])
    for cx, tilt in [(206, -1), (306, 1)]:
        ball(img, (cx, 150), 34, (246, 246, 248), light=(255, 255, 255), dark=(190, 190, 200))
        d = ImageDraw.Draw(img)
        d.rounded_rectangle((cx - 10 + tilt * 8, 170, cx + 10 + tilt * 8, 240), radius=10, fill=(236, 236, 240))
    save(img, "im_097")


def im_098():
    """Studio product shot: red sneaker in profile, white sole and laces, yellow NEW tag, soft shadow."""
    img, d = canvas(640, 480)
    vgrad(img, (0, 0, 640, 480), (238, 238, 240), (205, 205, 210))
    soft_shadow(img, (110, 350, 540, 395), blur=14, strength=130)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((110, 320, 540, 362), radius=20, fill=PAL["white"])
    d.line((120, 350, 530, 350), fill=(210, 210, 215), width=3)
    upper = [(120, 325), (130, 270), (200, 240), (300, 200), (360, 190), (400, 170), (470, 170), (520, 200), (535, 260), (535, 325)]
    d.polygon(upper, fill=PAL["red"])
    d.polygon([(120, 325), (130, 285), (220, 280), (300, 325)], fill=(190, 25, 35))
    for k in range(4):
        x = 300 + k * 22
        d.line((x, 215 - k * 8, x + 30, 235 - k * 8), fill=PAL["white"], width=6)
    d.rectangle((490, 180, 535, 270), fill=PAL["navy"])
    d.rounded_rectangle((30, 30, 150, 86), radius=10, fill=PAL["yellow"])
    text_c(d, (90, 58), "NEW", 36, PAL["black"])
    save(img, "im_098")


def im_099():
    """Smartwatch render: black face showing 10:09, green activity ring, silver rim, teal strap."""
    img, d = canvas(512, 512)
    radial(img, (256, 256), 380, (40, 50, 100), (10, 12, 30))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((186, 0, 326, 160), radius=10, fill=PAL["teal"])
    d.rounded_rectangle((186, 352, 326, 512), radius=10, fill=PAL["teal"])
    for y in range(380, 512, 30):
        d.ellipse((250, y, 262, y + 12), fill=(0, 95, 95))
    d.rounded_rectangle((136, 116, 376, 396), radius=56, fill=PAL["silver"])
    d.rounded_rectangle((146, 126, 366, 386), radius=48, fill=(12, 12, 14))
    d.rectangle((376, 200, 392, 250), fill=(170, 170, 175))
    d.arc((176, 156, 336, 316), -90, 200, fill=PAL["green"], width=12)
    text_c(d, (256, 236), "10:09", 52, PAL["white"])
    text_c(d, (256, 346), "MON", 28, (180, 180, 185))
    d.arc((146, 126, 260, 230), 190, 250, fill=(240, 240, 245), width=3)
    save(img, "im_099")


def im_100():
    """Haunted house on a hill at night: big moon top left, two lit windows, dead tree, bats, KEEP OUT sign."""
    img, d = canvas(512, 512)
    vgrad(img, (0, 0, 512, 512), (20, 22, 55), (40, 20, 50))
    glow(img, (30, 20, 220, 210), (120, 120, 160), blur=30, strength=120)
    d = ImageDraw.Draw(img)
    d.ellipse((60, 50, 190, 180), fill=(235, 232, 210))
    d.ellipse((0, 330, 512, 640), fill=(12, 12, 18))
    hx = 200
    d.rectangle((hx, 230, hx + 150, 360), fill=(12, 12, 18))
    d.polygon([(hx - 15, 235), (hx + 70, 170), (hx + 165, 240)], fill=(12, 12, 18))
    d.rectangle((hx + 100, 150, hx + 122, 210), fill=(12, 12, 18))
    d.polygon([(hx + 20, 230), (hx + 45, 150), (hx + 70, 230)], fill=(12, 12, 18))
    for wx, wy in [(hx + 28, 260), (hx + 92, 260)]:
        d.rectangle((wx - 4, wy - 4, wx + 34, wy + 44), fill=PAL["yellow"])
        d.line((wx + 15, wy - 4, wx + 15, wy + 44), fill=(12, 12, 18), width=3)
    d.line((420, 380, 425, 240), fill=(12, 12, 18), width=12)
    for a, b in [((424, 280), (470, 230)), ((423, 300), (380, 250)), ((450, 250), (470, 200)), ((395, 262), (370, 220))]:
        d.line((a, b), fill=(12, 12, 18), width=6)
    for bx, by in [(110, 110), (300, 80), (360, 130)]:
        d.polygon([(bx - 24, by - 8), (bx - 8, by), (bx, by - 6), (bx + 8, by), (bx + 24, by - 8), (bx + 12, by + 8), (bx, by + 4), (bx - 12, by + 8)], fill=(8, 8, 12))
    d.rectangle((250, 440, 262, 512), fill=(80, 50, 25))
    d.polygon([(150, 410), (370, 400), (366, 460), (154, 466)], fill=PAL["brown"])
    text_c(d, (260, 433), "KEEP OUT", 38, (240, 235, 220))
    save(img, "im_100")


def im_101():
    """Coffee process infographic: COFFEE title, four rendered steps GROW, PICK, ROAST, BREW with arrows."""
    img, d = canvas(640, 480, (248, 244, 238))
    text_c(d, (320, 56), "COFFEE", 48, INK)
    xs = [85, 240, 400, 560]
    for x in xs[:-1]:
        arrow(d, (x + 48, 240), (x + 110, 240), fill=(170, 150, 130), width=5, head=16)
    for x in xs:
        soft_shadow(img, (x - 50, 300, x + 50, 322), blur=8, strength=90)
    d = ImageDraw.Draw(img)
    d.rectangle((xs[0] - 4, 250, xs[0] + 4, 310), fill=(90, 60, 30))
    for dx, dy, r in [(0, -30, 30), (-26, 0, 24), (26, 0, 24)]:
        ball(img, (xs[0] + dx, 230 + dy), r, PAL["green"])
    for dx, dy in [(-26, 10), (26, 10), (0, -28)]:
        ball(img, (xs[1] + dx, 250 + dy), 26, PAL["red"])
    d = ImageDraw.Draw(img)
    for dx, dy, a in [(-28, 10, 20), (24, 14, -30), (-2, -24, 60)]:
        bean = Image.new("RGBA", (60, 44), (0, 0, 0, 0))
        bd = ImageDraw.Draw(bean)
        bd.ellipse((0, 0, 59, 43), fill=PAL["brown"] + (255,))
        bd.line((30, 4, 30, 40), fill=(70, 40, 15, 255), width=4)
        bean = bean.rotate(a, expand=True)
        img.paste(bean, (int(xs[2] + dx - bean.width / 2), int(250 + dy - bean.height / 2)), bean)
    d = ImageDraw.Draw(img)
    cx = xs[3]
    cup = Image.new("RGB", (100, 80))
    vgrad(cup, (0, 0, 100, 80), (250, 250, 250), (200, 200, 205))
    m = Image.new("L", (100, 80), 0)
    ImageDraw.Draw(m).chord((0, -80, 99, 79), 0, 180, fill=255)
    img.paste(cup, (cx - 50, 230), m)
    d = ImageDraw.Draw(img)
    d.ellipse((cx - 50, 220, cx + 50, 240), fill=(235, 235, 238))
    d.ellipse((cx - 42, 223, cx + 42, 237), fill=(110, 60, 25))
    d.arc((cx + 36, 240, cx + 70, 276), -90, 90, fill=(225, 225, 230), width=7)
    for x, lab in zip(xs, ["GROW", "PICK", "ROAST", "BREW"]):
        text_c(d, (x, 370), lab, 30, INK)
    save(img, "im_101")


def im_102():
    """Org chart: navy CEO box on top, two teal boxes (CTO, CFO), three orange team boxes, avatar heads."""
    img, d = canvas(640, 480, PAL["white"])
    line = (150, 155, 170)
    d.line((320, 100, 320, 150), fill=line, width=4)
    d.line((170, 150, 470, 150), fill=line, width=4)
    for x in (170, 470):
        d.line((x, 150, x, 180), fill=line, width=4)
    d.line((170, 250, 170, 290), fill=line, width=4)
    d.line((100, 290, 540, 290), fill=line, width=4)
    d.line((470, 250, 470, 290), fill=line, width=4)
    for x in (100, 320, 540):
        d.line((x, 290, x, 330), fill=line, width=4)

    def node(cx, cy, col, label, hair):
        d.rounded_rectangle((cx - 80, cy - 36, cx + 80, cy + 36), radius=12, fill=PAL[col])
        d.ellipse((cx - 70, cy - 22, cx - 26, cy + 22), fill=(250, 250, 250))
        d.ellipse((cx - 62, cy - 14, cx - 34, cy + 14), fill=SKIN)
        d.chord((cx - 64, cy - 18, cx - 32, cy + 8), 180, 360, fill=hair)
        text_c(d, (cx + 22, cy), label, 30, PAL["white"])

    node(320, 64, "navy", "CEO", (60, 40, 30))
    node(170, 215, "teal", "CTO", (20, 20, 25))
    node(470, 215, "teal", "CFO", (150, 100, 50))
    for x, lab, hair in [(100, "DEV", (30, 25, 20)), (320, "OPS", (200, 150, 70)), (540, "ART", (90, 50, 30))]:
        node(x, 366, "orange", lab, hair)
    save(img, "im_102")


def im_103():
    """Venn diagram: three translucent circles DESIGN (red), CODE (blue), DATA (yellow), YOU at the centre."""
    img = Image.new("RGB", (512, 512), PAL["white"])
    layer = np.full((512, 512, 3), 255.0)
    yy, xx = np.mgrid[0:512, 0:512]
    for (cx, cy), col in [((190, 200), PAL["red"]), ((322, 200), PAL["blue"]), ((256, 315), PAL["yellow"])]:
        inside = (np.hypot(xx - cx, yy - cy) <= 130)[..., None]
        layer = np.where(inside, layer * (0.45 + 0.55 * np.array(col) / 255.0), layer)
    img = Image.fromarray(layer.astype(np.uint8), "RGB")
    d = ImageDraw.Draw(img)
    text_c(d, (150, 165), "DESIGN", 30, INK)
    text_c(d, (362, 165), "CODE", 30, INK)
    text_c(d, (256, 380), "DATA", 30, INK)
    text_c(d, (256, 242), "YOU", 30, PAL["white"])
    save(img, "im_103")


def im_104():
    """Solar system diagram: glowing sun on the left, four shaded planets on orbit arcs, SUN and EARTH labels."""
    img, d = canvas(640, 480, (8, 10, 22))
    rnd = random.Random(104)
    for _ in range(80):
        d.point((rnd.randrange(640), rnd.randrange(480)), fill=(200, 200, 220))
    glow(img, (-170, 60, 190, 420), PAL["orange"], blur=30, strength=150)
    ball(img, (0, 240), 150, PAL["yellow"], light=(255, 245, 170), dark=(240, 150, 40))
    d = ImageDraw.Draw(img)
    for r in (210, 300, 390, 530):
        d.arc((-r, 240 - r, r, 240 + r), -40, 40, fill=(70, 75, 110), width=2)
    for r, rad, col in [(210, 16, PAL["gray"]), (300, 24, PAL["blue"]), (390, 20, PAL["red"])]:
        ball(img, (r, 240), rad, col)
    ball(img, (530, 240), 48, (220, 170, 110))
    d = ImageDraw.Draw(img)
    d.ellipse((530 - 80, 240 - 14, 530 + 80, 240 + 14), outline=(235, 215, 170), width=5)
    text_c(d, (60, 440), "SUN", 32, PAL["white"])
    text_c(d, (300, 290), "EARTH", 28, PAL["white"])
    save(img, "im_104")


def im_105():
    """Three-panel morning routine of one character in a yellow shirt: WAKE, BREW, RUN."""
    img, d = canvas(640, 480, PAL["white"])
    bgs = [(220, 225, 245), (250, 236, 215), (205, 235, 250)]
    for k, cap in enumerate(["WAKE", "BREW", "RUN"]):
        x0 = 14 + k * 208
        d.rectangle((x0, 14, x0 + 196, 466), fill=bgs[k], outline=INK, width=4)
        text_c(d, (x0 + 98, 50), cap, 34, INK)
    y = PAL["yellow"]
    hair = (60, 40, 30)
    d.rectangle((30, 330, 190, 380), fill=(150, 110, 80))
    d.rectangle((30, 310, 110, 332), fill=(240, 240, 245))
    figure(d, 130, 330, 40, y, hair=hair)
    d.ellipse((44, 250, 84, 290), fill=PAL["red"])
    d.ellipse((50, 256, 78, 284), fill=(250, 250, 250))
    d.line((64, 270, 64, 260), fill=INK, width=2)
    d.line((64, 270, 72, 270), fill=INK, width=2)
    figure(d, 318, 420, 55, y, hair=hair)
    d.rectangle((240, 420, 400, 440), fill=(170, 125, 85))
    d.rounded_rectangle((350, 300, 380, 335), radius=5, fill=(250, 250, 250))
    d.arc((372, 306, 390, 326), -90, 90, fill=(250, 250, 250), width=4)
    for k in range(3):
        d.arc((352 + k * 9, 270, 362 + k * 9, 296), 100, 260, fill=(170, 170, 175), width=2)
    d.ellipse((540, 80, 600, 140), fill=(250, 200, 60))
    d.rectangle((430, 420, 610, 466), fill=(110, 180, 90))
    x, f = 520, 420
    d.ellipse((x - 23, f - 214, x + 23, f - 168), fill=SKIN)
    d.chord((x - 25, f - 218, x + 25, f - 176), 180, 360, fill=hair)
    d.polygon([(x - 26, f - 166), (x + 26, f - 166), (x + 32, f - 86), (x - 20, f - 86)], fill=y)
    d.line((x - 4, f - 90, x - 50, f - 40, x - 60, f), fill=(40, 40, 60), width=16, joint="curve")
    d.line((x + 6, f - 90, x + 40, f - 50, x + 70, f - 60), fill=(40, 40, 60), width=16, joint="curve")
    d.line((x - 20, f - 150, x - 50, f - 110), fill=SKIN, width=10)
    d.line((x + 24, f - 150, x + 56, f - 130), fill=SKIN, width=10)
    save(img, "im_105")


def im_106():
    """Pixel space shooter: four purple invaders in a row, green ship at the bottom, cyan lasers, SCORE 900."""
    img, d = canvas(512, 512, PAL["black"])
    rnd = random.Random(106)
    for _ in range(60):
        x, y = rnd.randrange(512), rnd.randrange(80, 512)
        d.rectangle((x, y, x + 2, y + 2), fill=(200, 200, 210))
    text_c(d, (20, 34), "SCORE 900", 30, PAL["white"], anchor="lm")
    invader = ["..p.....p..", "...p...p...", "..ppppppp..", ".pp.ppp.pp.", "ppppppppppp", "p.ppppppp.p", "p.p.....p.p", "...pp.pp..."]
    for k in range(4):
        pixels(d, 40 + k * 116, 100, 8, invader, {"p": PAL["purple"]})
    ship = [".....g.....", "....ggg....", "....ggg....", ".ggggggggg.", "ggggggggggg", "ggggggggggg", "gg.......gg"]
    pixels(d, 256 - 5.5 * 10, 400, 10, ship, {"g": PAL["green"]})
    for x, y in [(251, 300), (251, 230)]:
        d.rectangle((x, y, x + 10, y + 36), fill=PAL["cyan"])
    save(img, "im_106")


def im_107():
    """Chef portrait: smiling cook in a tall white toque and red neckerchief, warm blurred kitchen behind."""
    img, d = canvas(512, 512)
    vgrad(img, (0, 0, 512, 512), (120, 85, 55), (70, 50, 35))
    for cx, cy, col in [(80, 120, (230, 170, 90)), (430, 90, (240, 190, 110)), (420, 300, (150, 110, 70))]:
        glow(img, (cx - 60, cy - 60, cx + 60, cy + 60), col, blur=26, strength=150)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((96, 390, 416, 620), radius=90, fill=(246, 246, 246))
    d.polygon([(200, 380), (312, 380), (256, 460)], fill=PAL["red"])
    face(img, (256, 300), 92, hair=None)
    d = ImageDraw.Draw(img)
    d.rectangle((170, 170, 342, 225), fill=(246, 246, 246))
    for dx, r in [(-60, 52), (0, 66), (60, 52)]:
        d.ellipse((256 + dx - r, 128 - r * 0.7, 256 + dx + r, 128 + r * 0.7), fill=(246, 246, 246))
    d.line((172, 222, 340, 222), fill=(210, 210, 215), width=4)
    save(img, "im_107")


def im_108():
    """Abstract 3D render: a plank balanced on a pyramid, one big blue sphere left, two small orange right."""
    img, d = canvas(512, 512)
    vgrad(img, (0, 0, 512, 512), (232, 232, 236), (196, 198, 206))
    soft_shadow(img, (140, 400, 372, 440), blur=14, strength=110)
    d = ImageDraw.Draw(img)
    d.polygon([(256, 300), (200, 420), (312, 420)], fill=(175, 178, 190))
    d.polygon([(256, 300), (256, 420), (312, 420)], fill=(150, 152, 165))
    d.rectangle((60, 286, 452, 302), fill=(205, 170, 120))
    d.rectangle((60, 298, 452, 302), fill=(170, 135, 90))
    ball(img, (130, 218), 68, PAL["blue"])
    ball(img, (372, 250), 36, PAL["orange"])
    ball(img, (430, 250), 36, PAL["orange"])
    save(img, "im_108")


def im_109():
    """Barista portrait: smiling barista in a brown apron holding a white cup with a heart, warm cafe blur."""
    img, d = canvas(512, 512)
    vgrad(img, (0, 0, 512, 512), (190, 150, 110), (120, 85, 60))
    for cx, cy in [(70, 90), (200, 60), (440, 140), (380, 60)]:
        glow(img, (cx - 40, cy - 40, cx + 40, cy + 40), (255, 220, 150), blur=20, strength=170)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((90, 380, 422, 620), radius=90, fill=(240, 240, 236))
    d.polygon([(170, 400), (342, 400), (372, 512), (140, 512)], fill=PAL["brown"])
    d.line((190, 400, 180, 380), fill=PAL["brown"], width=10)
    d.line((322, 400, 332, 380), fill=PAL["brown"], width=10)
    face(img, (256, 250), 95, skin=(225, 180, 140), hair=(50, 30, 20))
    d = ImageDraw.Draw(img)
    d.ellipse((330, 420, 430, 460), fill=(250, 250, 250))
    d.polygon([(330, 440), (430, 440), (415, 512), (345, 512)], fill=(250, 250, 250))
    d.ellipse((340, 424, 420, 456), fill=(170, 110, 60))
    d.pieslice((360, 428, 382, 448), 180, 360, fill=(250, 240, 225))
    d.pieslice((378, 428, 400, 448), 180, 360, fill=(250, 240, 225))
    d.polygon([(360, 438), (400, 438), (380, 452)], fill=(250, 240, 225))
    save(img, "im_109")


def im_110():
    """Scuba diver swimming across, black suit, silver tank, red fins, five yellow fish, bubbles, sun rays."""
    img, d = canvas(512, 512)
    vgrad(img, (0, 0, 512, 512), (40, 150, 170), (10, 40, 80))
    for x in (60, 200, 330):
        ray = Image.new("L", (512, 512), 0)
        ImageDraw.Draw(ray).polygon([(x, 0), (x + 60, 0), (x + 160, 512), (x + 90, 512)], fill=40)
        img.paste(Image.new("RGB", (512, 512), (200, 240, 245)), (0, 0), ray.filter(ImageFilter.GaussianBlur(8)))
    d = ImageDraw.Draw(img)
    d.ellipse((-100, 450, 620, 640), fill=(200, 185, 140))
    d.rounded_rectangle((150, 255, 380, 295), radius=20, fill=(20, 20, 25))
    d.rounded_rectangle((200, 232, 330, 258), radius=12, fill=PAL["silver"])
    d.ellipse((370, 245, 420, 295), fill=(20, 20, 25))
    d.rounded_rectangle((388, 258, 418, 276), radius=6, fill=(120, 200, 220))
    d.line((380, 285, 440, 320), fill=(20, 20, 25), width=14)
    for y0 in (262, 282):
        d.line((150, y0, 90, y0 + 4), fill=(20, 20, 25), width=14)
        d.polygon([(92, y0 - 10), (92, y0 + 16), (30, y0 + 26), (30, y0 - 12)], fill=PAL["red"])
    for k, (bx, by, r) in enumerate([(400, 220, 8), (408, 190, 6), (398, 160, 10), (410, 125, 7), (402, 95, 5)]):
        d.ellipse((bx - r, by - r, bx + r, by + r), outline=(225, 245, 250), width=2)
    for fx, fy in [(90, 120), (150, 90), (250, 140), (120, 380), (300, 390)]:
        d.ellipse((fx - 22, fy - 12, fx + 22, fy + 12), fill=PAL["yellow"])
        d.polygon([(fx + 18, fy), (fx + 36, fy - 12), (fx + 36, fy + 12)], fill=PAL["yellow"])
        d.ellipse((fx - 14, fy - 4, fx - 8, fy + 2), fill=PAL["black"])
    save(img, "im_110")


def im_111():
    """Three stage panels of a dancer in a red dress under a spotlight: crouch, leap, bow."""
    img, _ = canvas(640, 480, (15, 15, 20))
    for k in range(3):
        x0 = 12 + k * 210
        panel = Image.new("RGB", (196, 456))
        vgrad(panel, (0, 0, 196, 456), (30, 25, 45), (12, 10, 18))
        cone = Image.new("L", (196, 456), 0)
        ImageDraw.Draw(cone).polygon([(80, 0), (116, 0), (186, 456), (10, 456)], fill=70)
        panel.paste(Image.new("RGB", (196, 456), (250, 230, 170)), (0, 0), cone.filter(ImageFilter.GaussianBlur(6)))
        pd = ImageDraw.Draw(panel)
        pd.ellipse((20, 400, 176, 440), fill=(120, 110, 90))
        cx, r = 98, PAL["red"]
        if k == 0:
            pd.ellipse((cx - 14, 300, cx + 14, 328), fill=SKIN)
            pd.polygon([(cx - 10, 326), (cx + 10, 326), (cx + 44, 418), (cx - 44, 418)], fill=r)
            pd.line((cx - 8, 340, cx - 40, 300), fill=SKIN, width=6)
        elif k == 1:
            pd.ellipse((cx + 2, 130, cx + 30, 158), fill=SKIN)
            pd.polygon([(cx, 160), (cx + 24, 160), (cx + 40, 250), (cx - 16, 250)], fill=r)
            pd.line((cx + 10, 170, cx - 40, 120), fill=SKIN, width=6)
            pd.line((cx + 20, 170, cx + 70, 130), fill=SKIN, width=6)
            pd.line((cx - 4, 250, cx - 60, 290), fill=SKIN, width=8)
            pd.line((cx + 30, 250, cx + 80, 285), fill=SKIN, width=8)
        else:
            pd.ellipse((cx - 4, 268, cx + 24, 296), fill=SKIN)
            pd.polygon([(cx - 18, 270), (cx + 6, 290), (cx + 30, 418), (cx - 30, 418)], fill=r)
            pd.line((cx - 10, 300, cx - 34, 350), fill=SKIN, width=6)
        img.paste(panel, (x0, 12))
    save(img, "im_111")


def im_112():
    """Skier carving down a snowy slope: orange jacket, navy pants, three pines, blue sky, snow spray."""
    img, d = canvas(512, 512)
    vgrad(img, (0, 0, 512, 300), (40, 110, 210), (170, 205, 240))
    d = ImageDraw.Draw(img)
    d.polygon([(0, 300), (180, 200), (330, 250), (512, 180), (512, 320), (0, 330)], fill=(215, 225, 240))
    slope = Image.new("RGB", (512, 512))
    vgrad(slope, (0, 0, 512, 512), (250, 252, 255), (215, 225, 240))
    m = Image.new("L", (512, 512), 0)
    ImageDraw.Draw(m).polygon([(0, 260), (512, 380), (512, 512), (0, 512)], fill=255)
    img.paste(slope, (0, 0), m)
    d = ImageDraw.Draw(img)
    for x, y, h in [(40, 290, 120), (95, 300, 100), (460, 400, 140)]:
        pine(d, x, y, h, (20, 70, 40), trunk=(60, 40, 25))
    d.line((180, 400, 330, 440), fill=(20, 20, 30), width=6)
    d.line((190, 415, 340, 455), fill=(20, 20, 30), width=6)
    d.polygon([(240, 410), (262, 330), (286, 334), (270, 420)], fill=PAL["navy"])
    d.polygon([(262, 420), (290, 340), (310, 350), (290, 430)], fill=PAL["navy"])
    d.polygon([(245, 250), (300, 240), (310, 340), (255, 345)], fill=PAL["orange"])
    d.line((250, 270, 200, 330), fill=PAL["orange"], width=16)
    d.line((300, 260, 350, 300), fill=PAL["orange"], width=16)
    d.line((198, 332, 170, 430), fill=(60, 60, 70), width=4)
    d.line((352, 302, 390, 420), fill=(60, 60, 70), width=4)
    d.ellipse((250, 196, 296, 242), fill=SKIN)
    d.chord((248, 192, 298, 236), 180, 360, fill=(30, 30, 40))
    d.rectangle((254, 210, 294, 222), fill=(60, 160, 200))
    rnd = random.Random(112)
    for _ in range(40):
        x, y = rnd.gauss(150, 30), rnd.gauss(420, 18)
        r = rnd.uniform(3, 8)
        d.ellipse((x - r, y - r, x + r, y + r), fill=(250, 252, 255))
    save(img, "im_112")


def im_113():
    """Four panels of one red-striped lighthouse at dawn, noon, dusk and night (beam)."""
    img, _ = canvas(640, 480, (20, 20, 24))
    skies = [((250, 180, 200), (255, 225, 200)), ((60, 130, 230), (170, 210, 245)),
             ((240, 120, 50), (250, 200, 120)), ((10, 15, 50), (30, 40, 90))]
    for k, (top, bot) in enumerate(skies):
        x0, y0 = 8 + (k % 2) * 316, 8 + (k // 2) * 236
        p = Image.new("RGB", (308, 228))
        vgrad(p, (0, 0, 308, 228), top, bot)
        pd = ImageDraw.Draw(p)
        sea = mix(bot, (20, 60, 110), 0.6)
        pd.rectangle((0, 170, 308, 228), fill=sea)
        pd.polygon([(150, 170), (160, 120), (250, 120), (270, 170)], fill=(80, 75, 70))
        pd.polygon([(185, 120), (196, 40), (214, 40), (225, 120)], fill=PAL["white"])
        for yy in (58, 90):
            pd.polygon([(196 - (yy - 40) * 0.14, yy), (214 + (yy - 40) * 0.14, yy), (214 + (yy + 14 - 40) * 0.14, yy + 14), (196 - (yy + 14 - 40) * 0.14, yy + 14)], fill=PAL["red"])
        pd.rectangle((194, 26, 216, 40), fill=(250, 230, 150) if k == 3 else (60, 60, 70))
        pd.polygon([(188, 26), (205, 12), (222, 26)], fill=PAL["red"])
        if k == 0:
            pd.ellipse((40, 150, 90, 200), fill=(255, 200, 150))
        if k == 1:
            pd.ellipse((50, 20, 90, 60), fill=(255, 245, 200))
        if k == 2:
            pd.ellipse((40, 130, 100, 190), fill=(255, 140, 60))
        if k == 3:
            beam = Image.new("L", (308, 228), 0)
            ImageDraw.Draw(beam).polygon([(205, 33), (0, 0), (0, 70)], fill=110)
            p.paste(Image.new("RGB", (308, 228), (255, 240, 180)), (0, 0), beam.filter(ImageFilter.GaussianBlur(4)))
            pd = ImageDraw.Draw(p)
            for sx, sy in [(260, 20), (290, 60), (240, 80), (120, 110)]:
                pd.point((sx, sy), fill=(230, 230, 240))
        img.paste(p, (x0, y0))
    save(img, "im_113")


def im_114():
    """Three-panel comic: a delivery robot picks up a brown parcel, rolls down the street, says HI, gets THANKS."""
    img, d = canvas(640, 480, PAL["white"])
    for k in range(3):
        x0 = 12 + k * 210
        d.rectangle((x0, 12, x0 + 196, 468), fill=[(225, 235, 245), (235, 240, 225), (250, 235, 225)][k], outline=INK, width=4)
        d.rectangle((x0 + 2, 380, x0 + 194, 466), fill=(190, 190, 195))

    def robot(cx, by, box=True):
        d.rounded_rectangle((cx - 36, by - 90, cx + 36, by - 20), radius=12, fill=(200, 205, 215), outline=INK, width=3)
        d.ellipse((cx - 30, by - 26, cx - 6, by - 2), fill=INK)
        d.ellipse((cx + 6, by - 26, cx + 30, by - 2), fill=INK)
        d.rounded_rectangle((cx - 22, by - 78, cx + 22, by - 56), radius=8, fill=(30, 35, 45))
        d.ellipse((cx - 8, by - 74, cx + 8, by - 60), fill=PAL["cyan"])
        if box:
            d.rectangle((cx - 30, by - 140, cx + 30, by - 90), fill=PAL["brown"], outline=INK, width=3)
            d.line((cx, by - 140, cx, by - 90), fill=(200, 170, 120), width=4)

    d.rectangle((40, 300, 110, 380), fill=(150, 150, 160), outline=INK, width=3)
    robot(150, 380, box=False)
    d.rectangle((45, 250, 105, 300), fill=PAL["brown"], outline=INK, width=3)
    d.line((75, 250, 75, 300), fill=(200, 170, 120), width=4)
    robot(320, 380)
    for k in range(3):
        d.line((262 - k * 10, 330 + k * 14, 240 - k * 10, 330 + k * 14), fill=INK, width=3)
    speech(d, (250, 40, 350, 100), (300, 230), "HI", 30)
    robot(480, 380)
    figure(d, 570, 380, 36, PAL["purple"], hair=(60, 35, 20))
    speech(d, (468, 40, 622, 110), (560, 220), "THANKS", 28)
    save(img, "im_114")


def im_115():
    """Old fisherman portrait: gray beard, yellow raincoat hood, stormy gray sea behind."""
    img, d = canvas(512, 512)
    vgrad(img, (0, 0, 512, 330), (95, 105, 115), (150, 160, 165))
    vgrad(img, (0, 330, 512, 512), (60, 75, 85), (40, 50, 60))
    d = ImageDraw.Draw(img)
    for k in range(6):
        y = 340 + k * 26
        d.arc((-40 + k * 30, y - 12, 160 + k * 30, y + 12), 200, 340, fill=(170, 180, 185), width=3)
        d.arc((300 - k * 20, y - 10, 500 - k * 20, y + 14), 200, 340, fill=(170, 180, 185), width=3)
    d.ellipse((116, 110, 396, 470), fill=PAL["yellow"])
    d.rounded_rectangle((80, 400, 432, 620), radius=90, fill=PAL["yellow"])
    d.ellipse((128, 420, 384, 520), fill=(210, 180, 30))
    face(img, (256, 270), 96, skin=(215, 165, 130), smile=False)
    d = ImageDraw.Draw(img)
    d.chord((166, 250, 346, 430), 10, 170, fill=(185, 185, 190))
    d.line((226, 336, 286, 336), fill=(120, 70, 60), width=6)
    d.line((200, 252, 236, 246), fill=(200, 200, 205), width=8)
    d.line((276, 246, 312, 252), fill=(200, 200, 205), width=8)
    for k in range(3):
        d.line((214, 204 + k * 12, 298, 204 + k * 12), fill=(185, 135, 105), width=2)
    save(img, "im_115")


def im_116():
    """Cel-shaded superhero standing on a rooftop at dusk: blue suit, red cape, yellow star emblem."""
    img, d = canvas(512, 512)
    for k, col in enumerate([(250, 160, 90), (235, 120, 110), (150, 90, 150), (80, 60, 120)]):
        d.rectangle((0, k * 75, 512, 75 + k * 75), fill=col)
    d.rectangle((0, 300, 512, 512), fill=(80, 60, 120))
    rnd = random.Random(116)
    x = 0
    while x < 512:
        w, h = rnd.randint(40, 80), rnd.randint(60, 160)
        d.rectangle((x, 360 - h, x + w - 4, 400), fill=(50, 40, 80))
        x += w
    d.rectangle((0, 400, 512, 512), fill=(60, 60, 70))
    d.rectangle((0, 400, 512, 412), fill=(90, 90, 100))
    cx, f = 256, 400
    d.polygon([(cx - 50, f - 220), (cx + 50, f - 220), (cx + 110, f - 20), (cx - 110, f - 20)], fill=PAL["red"])
    d.polygon([(cx + 10, f - 220), (cx + 50, f - 220), (cx + 110, f - 20), (cx + 30, f - 20)], fill=(170, 20, 30))
    d.polygon([(cx - 30, f - 110), (cx - 4, f - 110), (cx - 12, f), (cx - 40, f)], fill=PAL["blue"])
    d.polygon([(cx + 4, f - 110), (cx + 30, f - 110), (cx + 40, f), (cx + 12, f)], fill=PAL["blue"])
    d.polygon([(cx - 44, f - 220), (cx + 44, f - 220), (cx + 32, f - 104), (cx - 32, f - 104)], fill=PAL["blue"])
    d.polygon([(cx + 8, f - 220), (cx + 44, f - 220), (cx + 32, f - 104), (cx + 8, f - 104)], fill=(20, 65, 170))
    d.line((cx - 44, f - 210, cx - 62, f - 130), fill=PAL["blue"], width=16)
    d.line((cx + 44, f - 210, cx + 62, f - 130), fill=PAL["blue"], width=16)
    star(d, (cx, f - 175), 26, 11, PAL["yellow"])
    d.ellipse((cx - 26, f - 280, cx + 26, f - 224), fill=SKIN)
    d.chord((cx - 27, f - 284, cx + 27, f - 240), 180, 360, fill=(30, 25, 30))
    d.rectangle((cx - 22, f - 262, cx + 22, f - 250), fill=PAL["blue"])
    save(img, "im_116")


def im_117():
    """Beach flat lay from above: blue-striped towel, sunglasses, three pink shells, orange starfish on sand."""
    img, d = canvas(512, 512)
    vgrad(img, (0, 0, 512, 512), (238, 220, 180), (225, 205, 165))
    soft_shadow(img, (36, 46, 236, 476), blur=10, strength=70)
    d = ImageDraw.Draw(img)
    d.rectangle((30, 36, 226, 466), fill=PAL["white"])
    for y in range(36, 466, 60):
        d.rectangle((30, y, 226, y + 30), fill=PAL["blue"])
    soft_shadow(img, (290, 92, 470, 152), blur=8, strength=90)
    d = ImageDraw.Draw(img)
    for cx in (320, 420):
        d.ellipse((cx - 40, 60, cx + 40, 130), fill=(25, 25, 30))
        d.ellipse((cx - 30, 70, cx - 10, 86), fill=(90, 90, 100))
    d.arc((352, 80, 388, 104), 200, 340, fill=(25, 25, 30), width=6)
    for (sx, sy) in [(300, 250), (420, 230), (360, 330)]:
        soft_shadow(img, (sx - 30, sy - 18, sx + 36, sy + 34), blur=6, strength=80)
        d = ImageDraw.Draw(img)
        d.pieslice((sx - 34, sy - 34, sx + 34, sy + 34), 200, 340, fill=PAL["pink"])
        d.polygon([(sx - 12, sy), (sx + 12, sy), (sx, sy + 14)], fill=PAL["pink"])
        for a in range(210, 340, 25):
            d.line((sx, sy, sx + 32 * math.cos(math.radians(a)), sy + 32 * math.sin(math.radians(a))), fill=(220, 120, 160), width=2)
    soft_shadow(img, (330, 380, 470, 500), blur=8, strength=90)
    d = ImageDraw.Draw(img)
    star(d, (400, 436), 62, 24, PAL["orange"], rot=-80)
    save(img, "im_117")


def im_118():
    """Winter night: green aurora ribbons over black pines, snowy ground, one cabin with a glowing orange window."""
    img, d = canvas(512, 512)
    vgrad(img, (0, 0, 512, 380), (8, 12, 40), (25, 40, 80))
    rnd = random.Random(118)
    d = ImageDraw.Draw(img)
    for _ in range(90):
        d.point((rnd.randrange(512), rnd.randrange(300)), fill=(220, 225, 240))
    aur = Image.new("L", (512, 512), 0)
    ad = ImageDraw.Draw(aur)
    for k in range(3):
        pts = [(x, 70 + k * 45 + 40 * math.sin(x / 70 + k)) for x in range(-20, 540, 20)]
        ad.line(pts, fill=230, width=26 - k * 5, joint="curve")
    img.paste(Image.new("RGB", (512, 512), PAL["green"]), (0, 0), aur.filter(ImageFilter.GaussianBlur(7)))
    d = ImageDraw.Draw(img)
    ridge(d, 512, 512, 370, 10, (235, 240, 250), seed=118)
    for x, h in [(20, 150), (70, 190), (120, 140), (400, 170), (450, 200), (500, 150)]:
        pine(d, x, 400, h, (10, 14, 20), trunk=(10, 14, 20))
    d.rectangle((210, 320, 330, 400), fill=(60, 40, 30))
    d.polygon([(196, 325), (270, 270), (344, 325)], fill=(235, 240, 250))
    d.rectangle((300, 270, 316, 300), fill=(60, 40, 30))
    glow(img, (230, 330, 300, 390), PAL["orange"], blur=10, strength=120)
    d = ImageDraw.Draw(img)
    d.rectangle((245, 345, 285, 378), fill=PAL["orange"])
    d.line((265, 345, 265, 378), fill=(60, 40, 30), width=3)
    for k in range(4):
        d.ellipse((305 - k * 6 - 8, 255 - k * 22 - 8, 305 - k * 6 + 8 + k * 3, 255 - k * 22 + 8), fill=(120, 125, 140))
    save(img, "im_118")


def im_119():
    """Four-step planting guide: DIG, PLACE, FILL, WATER; a gardener figure, green sapling, blue watering can."""
    img, d = canvas(640, 480, PAL["white"])
    for k, cap in enumerate(["DIG", "PLACE", "FILL", "WATER"]):
        x0 = 10 + k * 157
        d.rounded_rectangle((x0, 10, x0 + 148, 470), radius=12, fill=(238, 244, 236))
        text_c(d, (x0 + 74, 46), cap, 30, INK)
        d.rectangle((x0, 360, x0 + 148, 470), fill=(150, 105, 60))
        cx = x0 + 74
        if k == 0:
            d.ellipse((cx - 30, 352, cx + 30, 372), fill=(90, 60, 30))
            figure(d, cx - 30, 360, 34, PAL["orange"], hair=(60, 40, 25))
            d.line((cx - 10, 250, cx + 20, 350), fill=(120, 120, 125), width=6)
            d.polygon([(cx + 12, 340), (cx + 32, 336), (cx + 30, 364)], fill=(150, 150, 155))
        else:
            d.rectangle((cx - 3, 300 if k == 1 else 290, cx + 3, 372), fill=(110, 75, 40))
            for dx, dy, r in [(0, -10, 22), (-18, 10, 18), (18, 10, 18)]:
                top = 280 if k == 1 else 270
                d.ellipse((cx + dx - r, top + dy - r, cx + dx + r, top + dy + r), fill=PAL["green"])
            if k == 1:
                d.ellipse((cx - 30, 352, cx + 30, 372), fill=(90, 60, 30))
            if k == 2:
                d.polygon([(cx - 40, 362), (cx - 10, 340), (cx + 10, 340), (cx + 40, 362)], fill=(120, 80, 45))
            if k == 3:
                d.rounded_rectangle((cx - 6, 130, cx + 66, 204), radius=10, fill=PAL["blue"])
                d.line((cx - 4, 150, cx - 24, 140), fill=PAL["blue"], width=10)
                for j in range(4):
                    d.line((cx - 22 + j * 6, 148, cx - 26 + j * 6, 230), fill=(120, 180, 240), width=2)
    save(img, "im_119")


def im_120():
    """Hand-drawn trail map: red dashed trail from START to PEAK, blue lake, forests, elevation strip below."""
    img, d = canvas(512, 512, PAL["beige"])
    d.rectangle((8, 8, 503, 503), outline=(160, 120, 80), width=4)
    d.ellipse((60, 150, 220, 250), fill=PAL["blue"])
    rnd = random.Random(120)
    for _ in range(14):
        x, y = rnd.randint(250, 420), rnd.randint(200, 330)
        d.ellipse((x - 16, y - 16, x + 16, y + 16), fill=(60, 140, 70))
    d.polygon([(370, 130), (420, 50), (470, 130)], fill=(140, 130, 120))
    d.polygon([(420, 50), (405, 74), (435, 74)], fill=(250, 250, 250))
    d.line((420, 50, 420, 22), fill=INK, width=3)
    d.polygon([(420, 22), (446, 30), (420, 38)], fill=PAL["red"])
    pts = [(70, 340), (140, 320), (230, 300), (250, 250), (320, 190), (380, 150), (415, 110)]
    for (x0, y0), (x1, y1) in itertools.pairwise(pts):
        for k in range(0, 8, 2):
            a, b = k / 8, (k + 1) / 8
            d.line((x0 + (x1 - x0) * a, y0 + (y1 - y0) * a, x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), fill=PAL["red"], width=8)
    text_c(d, (40, 375), "START", 30, INK, anchor="lm")
    text_c(d, (400, 160), "PEAK", 30, INK, anchor="lt")
    d.rectangle((30, 410, 482, 490), fill=(238, 225, 195), outline=(160, 120, 80), width=2)
    prof = [(40 + i * 22, 478 - (i ** 1.6) * 0.48 - 5 * math.sin(i)) for i in range(21)]
    d.polygon(prof + [(480, 484), (40, 484)], fill=(180, 150, 110))
    d.line(prof, fill=PAL["brown"], width=3)
    save(img, "im_120")


REGISTRY = {name: fn for name, fn in sorted(globals().items()) if name.startswith("im_") and callable(fn)}


def main(argv: list[str]) -> None:
    names = argv or list(REGISTRY)
    for name in names:
        REGISTRY[name]()
        print(name)


if __name__ == "__main__":
    main(sys.argv[1:])
