"""Draw the target images of IM tasks im_001..im_060 (first half of the atelier IM range).

Run from anywhere:  python task_suites/atelier/images/draw_targets_a.py [im_001 im_002 ...]
Writes im_NNN.png beside this script. Everything is deterministic (fixed seeds, no system
fonts: text uses Pillow's bundled TrueType font through ImageFont.load_default(size=N)).

Colours that a checkpoint names come from PAL, saturated values of the suite palette
(docs/suite-format.md), so palette analysis and blob counting can verify them; scenery
and shading use off-palette tones so they do not disturb those checks.
"""

from __future__ import annotations

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


# --- shared helpers ---------------------------------------------------------------------


def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.load_default(size=size)


def canvas(w: int = 512, h: int = 512, color=(255, 255, 255)) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (w, h), color)
    return img, ImageDraw.Draw(img)


def vgrad(img: Image.Image, box, top, bottom) -> None:
    """Vertical linear gradient filling box (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    t = np.linspace(0.0, 1.0, y1 - y0)[:, None, None]
    rows = (np.array(top)[None, None, :] * (1 - t) + np.array(bottom)[None, None, :] * t).astype(np.uint8)
    img.paste(Image.fromarray(np.repeat(rows, x1 - x0, axis=1), "RGB"), (x0, y0))


def radial(img: Image.Image, center, radius, inner, outer) -> None:
    """Radial gradient over the whole image, inner colour at center fading to outer at radius."""
    w, h = img.size
    yy, xx = np.mgrid[0:h, 0:w]
    d = np.clip(np.hypot(xx - center[0], yy - center[1]) / radius, 0, 1)[..., None]
    arr = np.array(inner) * (1 - d) + np.array(outer) * d
    img.paste(Image.fromarray(arr.astype(np.uint8), "RGB"))


def soft_shadow(img: Image.Image, box, blur: int = 12, strength: int = 110, ellipse: bool = True) -> None:
    """Darken a blurred ellipse (or rectangle) under an object: a product-shot contact shadow."""
    mask = Image.new("L", img.size, 0)
    md = ImageDraw.Draw(mask)
    (md.ellipse if ellipse else md.rectangle)(box, fill=strength)
    mask = mask.filter(ImageFilter.GaussianBlur(blur))
    img.paste(Image.new("RGB", img.size, (30, 30, 40)), (0, 0), mask)


def text_c(d: ImageDraw.ImageDraw, xy, s: str, size: int, fill, stroke=0, stroke_fill=None) -> None:
    """Text centred on xy."""
    d.text(xy, s, font=font(size), fill=fill, anchor="mm", stroke_width=stroke, stroke_fill=stroke_fill)


def text_spaced(d: ImageDraw.ImageDraw, xy, s: str, size: int, fill, gap: float = 0.55) -> None:
    """Words centred on xy with wide gaps, so OCR keeps the spaces between them."""
    f = font(size)
    parts = s.split()
    widths = [d.textlength(w, font=f) for w in parts]
    total = sum(widths) + gap * size * (len(parts) - 1)
    x = xy[0] - total / 2
    for w, wd in zip(parts, widths):
        d.text((x, xy[1]), w, font=f, fill=fill, anchor="lm")
        x += wd + gap * size


def star(d: ImageDraw.ImageDraw, c, r_out, r_in, fill, points: int = 5, rot: float = -90) -> None:
    pts = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + i * 180 / points)
        pts.append((c[0] + r * math.cos(a), c[1] + r * math.sin(a)))
    d.polygon(pts, fill=fill)


def ridge(d: ImageDraw.ImageDraw, w: int, h: int, base: float, amp: float, color, seed: int, waves: int = 3) -> None:
    """A filled hill line: sum of sines around y=base, filled down to the bottom edge."""
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


def figure(d: ImageDraw.ImageDraw, x, y, s, body, skin=(240, 200, 165), legs=(40, 40, 60), hair=None) -> None:
    """A simple standing figure, feet at (x, y), height about 4*s."""
    d.rectangle((x - s * 0.35, y - s * 1.6, x - s * 0.08, y), fill=legs)
    d.rectangle((x + s * 0.08, y - s * 1.6, x + s * 0.35, y), fill=legs)
    d.rounded_rectangle((x - s * 0.5, y - s * 3.0, x + s * 0.5, y - s * 1.5), radius=s * 0.2, fill=body)
    d.ellipse((x - s * 0.42, y - s * 3.9, x + s * 0.42, y - s * 3.06), fill=skin)
    if hair:
        d.chord((x - s * 0.46, y - s * 3.98, x + s * 0.46, y - s * 3.2), 180, 360, fill=hair)


def building(d: ImageDraw.ImageDraw, box, wall, lit, dark, seed: int, cols: int = 3, lit_ratio: float = 0.5) -> None:
    """A tower block with a grid of windows, some lit."""
    x0, y0, x1, y1 = box
    d.rectangle(box, fill=wall)
    rnd = random.Random(seed)
    ww = (x1 - x0) / (cols * 2 + 1)
    y = y0 + ww
    while y + ww * 1.4 < y1 - ww:
        for c in range(cols):
            wx = x0 + ww * (1 + 2 * c)
            d.rectangle((wx, y, wx + ww, y + ww * 1.3), fill=lit if rnd.random() < lit_ratio else dark)
        y += ww * 2.2


def rain(d: ImageDraw.ImageDraw, w, h, color, seed, n=120, length=14) -> None:
    rnd = random.Random(seed)
    for _ in range(n):
        x, y = rnd.uniform(0, w), rnd.uniform(0, h)
        d.line((x, y, x - length * 0.25, y + length), fill=color, width=1)


def speech(d: ImageDraw.ImageDraw, box, tail, text: str, size: int, fill=(255, 255, 255), ink=(20, 20, 20)) -> None:
    """A speech balloon (ellipse) with a tail pointing at `tail`, text centred."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    d.polygon([(cx - 14, cy + 8), (cx + 14, cy + 8), tail], fill=fill, outline=ink)
    d.ellipse(box, fill=fill, outline=ink, width=3)
    d.polygon([(cx - 12, cy + 10), (cx + 12, cy + 10), (tail[0] * 0.2 + cx * 0.8, tail[1] * 0.2 + cy * 0.8)], fill=fill)
    text_c(d, (cx, cy), text, size, ink)


def save(img: Image.Image, name: str) -> None:
    img.save(HERE / f"{name}.png", optimize=True)


# --- one function per target image ------------------------------------------------------


def im_001():
    """Mountain lake at sunset: three hazy ridges, orange sun, reflection, five black pines."""
    img, d = canvas()
    vgrad(img, (0, 0, 512, 300), (70, 40, 120), (250, 170, 110))
    d.ellipse((206, 190, 306, 290), fill=PAL["orange"])
    ridge(d, 512, 300, 225, 30, (150, 110, 150), seed=1)
    ridge(d, 512, 300, 250, 25, (115, 80, 125), seed=2)
    ridge(d, 512, 300, 272, 18, (85, 60, 105), seed=3)
    vgrad(img, (0, 300, 512, 512), (200, 140, 130), (60, 50, 90))
    for i, y in enumerate(range(305, 420, 14)):
        half = 44 - i * 4
        d.rectangle((256 - half, y, 256 + half, y + 5), fill=PAL["orange"])
    d.polygon([(0, 400), (230, 440), (300, 512), (0, 512)], fill=(95, 60, 90))
    for x, h in [(25, 130), (85, 110), (145, 140), (200, 100), (245, 85)]:
        pine(d, x, 440 + (x // 6), h, PAL["black"], trunk=PAL["black"])
    save(img, "im_001")


def im_002():
    """Rainy cyberpunk skyline at night with a pink RAMEN neon sign and three hover-cars."""
    img, d = canvas()
    vgrad(img, (0, 0, 512, 512), (10, 12, 40), (45, 20, 70))
    rnd = random.Random(2)
    x = 0
    while x < 512:
        w = rnd.randint(50, 90)
        top = rnd.randint(120, 300)
        building(d, (x, top, x + w - 4, 470), (28, 30, 55), (0, 200, 210), (40, 44, 75), seed=x, cols=3, lit_ratio=0.35)
        x += w
    d.rectangle((40, 150, 230, 230), fill=(15, 10, 30))
    d.rectangle((46, 156, 224, 224), outline=PAL["pink"], width=4)
    text_c(d, (135, 190), "RAMEN", 44, PAL["pink"])
    for cx, cy in [(300, 90), (380, 130), (450, 70)]:
        d.ellipse((cx - 22, cy - 7, cx + 22, cy + 7), fill=PAL["orange"])
    d.rectangle((0, 470, 512, 512), fill=(30, 25, 50))
    for i in range(6):
        d.line((0, 478 + i * 6, 512, 478 + i * 6), fill=(60, 40, 90))
    rain(d, 512, 470, (120, 130, 170), seed=3)
    save(img, "im_002")


def im_003():
    """Cosy living room at night: teal sofa, two orange cushions, red round rug, lamp, rainy window."""
    img, d = canvas()
    vgrad(img, (0, 0, 512, 360), (205, 185, 160), (180, 160, 135))
    vgrad(img, (0, 360, 512, 512), (150, 110, 80), (120, 85, 60))
    d.rectangle((330, 60, 470, 260), fill=(235, 230, 220))
    d.rectangle((340, 70, 460, 250), fill=PAL["navy"])
    d.line((400, 70, 400, 250), fill=(235, 230, 220), width=6)
    d.line((340, 160, 460, 160), fill=(235, 230, 220), width=6)
    rnd = random.Random(3)
    for _ in range(40):
        x, y = rnd.uniform(342, 458), rnd.uniform(72, 240)
        if abs(x - 400) > 5 and abs(y - 160) > 5:
            d.line((x, y, x - 2, y + 8), fill=(90, 110, 170))
    d.ellipse((90, 420, 330, 490), fill=PAL["red"])
    soft_shadow(img, (70, 340, 320, 400), blur=10, strength=90)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((70, 250, 320, 330), radius=18, fill=PAL["teal"])
    d.rounded_rectangle((60, 290, 330, 380), radius=18, fill=PAL["teal"])
    d.rectangle((80, 380, 92, 398), fill=(70, 45, 25))
    d.rectangle((300, 380, 312, 398), fill=(70, 45, 25))
    d.rounded_rectangle((95, 262, 160, 315), radius=12, fill=PAL["orange"])
    d.rounded_rectangle((230, 262, 295, 315), radius=12, fill=PAL["orange"])
    d.line((30, 150, 30, 410), fill=(60, 50, 45), width=5)
    d.ellipse((5, 395, 55, 415), fill=(60, 50, 45))
    d.polygon([(5, 150), (55, 150), (45, 105), (15, 105)], fill=(250, 225, 150))
    d.rectangle((140, 110, 250, 200), fill=(90, 70, 50))
    d.rectangle((148, 118, 242, 192), fill=(120, 160, 150))
    d.polygon([(380, 420), (420, 420), (412, 470), (388, 470)], fill=(170, 90, 60))
    for a in range(-60, 61, 30):
        r = math.radians(a - 90)
        d.ellipse((400 + 60 * math.cos(r) - 14, 420 + 60 * math.sin(r) - 14, 400 + 60 * math.cos(r) + 14, 420 + 60 * math.sin(r) + 14), fill=(60, 120, 70))
        d.line((400, 420, 400 + 55 * math.cos(r), 420 + 55 * math.sin(r)), fill=(60, 120, 70), width=4)
    save(img, "im_003")


def im_004():
    """Vintage jazz poster: yellow JAZZ, white NIGHT, saxophone player, three pink notes, date."""
    img, d = canvas(480, 640, PAL["navy"])
    text_c(d, (240, 80), "JAZZ", 110, PAL["yellow"])
    text_c(d, (240, 170), "NIGHT", 64, PAL["white"])
    d.ellipse((110, 240, 370, 500), fill=(40, 60, 120))
    s = 45
    x, y = 230, 540
    figure(d, x, y, s, body=PAL["orange"], skin=(190, 130, 90), legs=(35, 35, 45))
    d.line((255, 400, 300, 470), fill=PAL["gold"], width=12)
    d.arc((275, 450, 325, 500), 0, 180, fill=PAL["gold"], width=12)
    d.line((240, 410, 262, 410), fill=PAL["gold"], width=6)
    for nx, ny in [(330, 300), (365, 340), (310, 360)]:
        d.ellipse((nx - 12, ny - 9, nx + 12, ny + 9), fill=PAL["pink"])
        d.rectangle((nx + 8, ny - 45, nx + 12, ny), fill=PAL["pink"])
    text_c(d, (240, 600), "MAY 12", 40, PAL["white"])
    save(img, "im_004")


def im_005():
    """Fantasy novel cover: lone tower on a cliff under a full moon, title THE LAST TOWER."""
    img, d = canvas(480, 640)
    vgrad(img, (0, 0, 480, 640), (20, 40, 90), (40, 110, 120))
    d.ellipse((250, 150, 400, 300), fill=(235, 235, 210))
    d.polygon([(0, 640), (0, 430), (120, 400), (200, 440), (260, 520), (480, 560), (480, 640)], fill=(25, 30, 45))
    d.rectangle((90, 250, 140, 420), fill=(45, 45, 60))
    d.polygon([(80, 255), (150, 255), (115, 195)], fill=(45, 45, 60))
    d.rectangle((108, 300, 122, 322), fill=PAL["yellow"])
    for bx, by in [(300, 340), (340, 320)]:
        d.line((bx - 12, by - 6, bx, by, bx + 12, by - 6), fill=(25, 30, 45), width=3)
    text_spaced(d, (240, 70), "THE LAST TOWER", 46, PAL["gold"], gap=0.4)
    text_spaced(d, (240, 600), "ELIN MORROW", 34, PAL["white"], gap=0.6)
    save(img, "im_005")


def im_006():
    """Synthwave album cover: striped sun, pink perspective grid, title NEON DRIVE."""
    img, d = canvas()
    vgrad(img, (0, 0, 512, 300), (40, 10, 80), (200, 60, 140))
    sun = Image.new("RGB", (200, 200))
    vgrad(sun, (0, 0, 200, 200), PAL["yellow"], PAL["orange"])
    mask = Image.new("L", (200, 200), 0)
    md = ImageDraw.Draw(mask)
    md.ellipse((0, 0, 199, 199), fill=255)
    for i, yy in enumerate([120, 145, 165, 182]):
        md.rectangle((0, yy, 200, yy + 4 + i * 2), fill=0)
    img.paste(sun, (156, 110), mask)
    d.polygon([(0, 300), (70, 250), (140, 280), (210, 240), (260, 300)], fill=(60, 20, 90))
    d.polygon([(260, 300), (330, 255), (420, 275), (470, 245), (512, 300)], fill=(60, 20, 90))
    d.rectangle((0, 300, 512, 512), fill=(15, 10, 40))
    for i in range(12):
        y = 300 + (i ** 1.8) * 2.2
        if y < 512:
            d.line((0, y, 512, y), fill=PAL["pink"], width=2)
    for k in range(-10, 11):
        d.line((256 + k * 14, 300, 256 + k * 90, 512), fill=PAL["pink"], width=2)
    text_c(d, (256, 55), "NEON DRIVE", 58, PAL["white"], stroke=3, stroke_fill=PAL["purple"])
    save(img, "im_006")


def im_007():
    """Honey jar product shot: orange honey, black lid, white label WILD HONEY, three yellow hexagons."""
    img, d = canvas()
    vgrad(img, (0, 0, 512, 512), (240, 228, 205), (215, 195, 165))
    soft_shadow(img, (140, 430, 400, 475), blur=14, strength=120)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((160, 140, 350, 450), radius=30, fill=PAL["orange"])
    d.rounded_rectangle((172, 150, 196, 430), radius=10, fill=(250, 175, 90))
    d.rounded_rectangle((170, 100, 340, 150), radius=10, fill=PAL["black"])
    d.rectangle((165, 240, 345, 390), fill=PAL["white"])
    text_c(d, (255, 275), "WILD", 36, PAL["brown"])
    text_c(d, (255, 315), "HONEY", 36, PAL["brown"])
    for i, hx in enumerate([215, 255, 295]):
        pts = [(hx + 14 * math.cos(math.radians(60 * k)), 360 + 14 * math.sin(math.radians(60 * k))) for k in range(6)]
        d.polygon(pts, fill=PAL["yellow"])
    d.line((370, 455, 470, 400), fill=(150, 100, 55), width=8)
    for k in range(4):
        d.ellipse((355 + k * 6, 440 - k * 3, 385 + k * 6, 470 - k * 3), outline=(150, 100, 55), width=4)
    save(img, "im_007")


def im_008():
    """Luxury perfume product render: purple bottle with gold cap on a white pedestal, LUNE."""
    img, d = canvas()
    radial(img, (256, 220), 420, (250, 215, 225), (190, 150, 170))
    d = ImageDraw.Draw(img)
    d.ellipse((130, 390, 382, 440), fill=(235, 235, 240))
    d.rectangle((130, 415, 382, 480), fill=PAL["white"])
    d.ellipse((130, 455, 382, 505), fill=(225, 225, 232))
    d.ellipse((130, 390, 382, 440), fill=PAL["white"])
    soft_shadow(img, (170, 395, 350, 425), blur=8, strength=120)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((170, 190, 342, 412), radius=26, fill=PAL["purple"])
    d.rounded_rectangle((184, 205, 204, 395), radius=8, fill=(165, 110, 210))
    d.rectangle((226, 160, 286, 192), fill=PAL["gold"])
    d.rounded_rectangle((206, 95, 306, 162), radius=14, fill=PAL["gold"])
    d.rectangle((216, 104, 228, 150), fill=(240, 215, 120))
    text_c(d, (256, 300), "LUNE", 40, PAL["white"])
    save(img, "im_008")


def im_009():
    """Cel-shaded portrait: red-haired woman with black round glasses, teal sweater, gold earrings, yellow ground."""
    img, d = canvas(512, 512, PAL["yellow"])
    d.ellipse((120, 380, 392, 640), fill=PAL["teal"])
    d.chord((120, 380, 392, 640), 200, 250, fill=(0, 110, 110))
    d.rectangle((226, 330, 286, 400), fill=(245, 200, 170))
    d.ellipse((150, 90, 362, 330), fill=PAL["red"])
    d.rectangle((150, 210, 362, 345), fill=PAL["red"])
    d.ellipse((176, 120, 336, 340), fill=(250, 210, 180))
    d.chord((176, 120, 336, 340), 70, 140, fill=(235, 185, 155))
    d.pieslice((150, 80, 362, 250), 180, 330, fill=PAL["red"])
    for ex in (220, 292):
        d.ellipse((ex - 26, 215, ex + 26, 265), outline=PAL["black"], width=6)
        d.ellipse((ex - 8, 232, ex + 8, 250), fill=(30, 100, 60))
    d.line((246, 240, 266, 240), fill=PAL["black"], width=5)
    d.arc((226, 270, 286, 310), 20, 160, fill=(150, 40, 50), width=5)
    for fx, fy in [(196, 278), (206, 284), (306, 278), (316, 284)]:
        d.ellipse((fx - 3, fy - 3, fx + 3, fy + 3), fill=(205, 130, 100))
    for gx in (170, 342):
        d.ellipse((gx - 10, 290, gx + 10, 310), fill=PAL["gold"])
    save(img, "im_009")


def im_010():
    """Three-panel comic: a gray robot's alarm BEEP, pouring a red mug, a happy AHH."""
    img, d = canvas(640, 480, PAL["black"])
    panels = [(12, 12, 212, 468), (220, 12, 420, 468), (428, 12, 628, 468)]
    for i, (x0, y0, x1, y1) in enumerate(panels):
        d.rectangle((x0, y0, x1, y1), fill=(235, 242, 250) if i != 1 else (250, 235, 215))
    gray = PAL["gray"]

    def robot(cx, base, tilt=0):
        d.rounded_rectangle((cx - 40, base - 120, cx + 40, base - 30), radius=10, fill=gray)
        d.rectangle((cx - 8, base - 135, cx + 8, base - 118), fill=gray)
        d.rounded_rectangle((cx - 35 + tilt, base - 190, cx + 35 + tilt, base - 132), radius=12, fill=gray)
        for ex in (-14, 14):
            d.ellipse((cx + ex - 7 + tilt, base - 170, cx + ex + 7 + tilt, base - 156), fill=(120, 220, 255))
        d.rectangle((cx - 30, base - 30, cx - 12, base), fill=gray)
        d.rectangle((cx + 12, base - 30, cx + 30, base), fill=gray)

    d.rectangle((20, 380, 204, 440), fill=(110, 130, 200))
    robot(112, 400, tilt=-6)
    d.rectangle((20, 380, 204, 440), fill=(110, 130, 200))
    speech(d, (40, 40, 190, 120), (100, 190), "BEEP", 34, fill=(255, 250, 205))
    robot(300, 440)
    d.rounded_rectangle((350, 330, 390, 380), radius=6, fill=PAL["red"])
    d.polygon([(360, 240), (395, 230), (400, 255), (368, 262)], fill=PAL["brown"])
    d.line((375, 262, 370, 330), fill=PAL["brown"], width=4)
    robot(528, 440)
    d.rounded_rectangle((572, 290, 612, 340), radius=6, fill=PAL["red"])
    speech(d, (450, 40, 600, 120), (520, 230), "AHH", 34, fill=(255, 250, 205))
    save(img, "im_010")


def im_011():
    """Birthday card: cake with five blue candles, HAPPY / BIRTHDAY in magenta, confetti."""
    img, d = canvas(480, 640, (252, 240, 228))
    rnd = random.Random(11)
    for _ in range(40):
        x, y = rnd.uniform(20, 460), rnd.uniform(20, 620)
        if 120 < y < 540 and 60 < x < 420:
            continue
        d.rectangle((x, y, x + 8, y + 8), fill=rnd.choice([PAL["teal"], PAL["purple"], (120, 200, 120)]))
    text_c(d, (240, 70), "HAPPY", 64, PAL["magenta"])
    text_c(d, (240, 140), "BIRTHDAY", 54, PAL["magenta"])
    d.rounded_rectangle((110, 400, 370, 520), radius=14, fill=PAL["pink"])
    d.rounded_rectangle((150, 310, 330, 405), radius=14, fill=(250, 235, 215))
    for x in range(110, 371, 26):
        d.ellipse((x - 13, 390, x + 13, 416), fill=PAL["pink"])
    d.rectangle((80, 520, 400, 536), fill=(200, 200, 210))
    for i in range(5):
        x = 170 + i * 35
        d.rectangle((x - 6, 240, x + 6, 310), fill=PAL["blue"])
        d.ellipse((x - 8, 210, x + 8, 236), fill=PAL["yellow"])
    for x in (180, 240, 300):
        d.ellipse((x - 9, 350, x + 9, 368), fill=PAL["red"])
    save(img, "im_011")


def im_012():
    """Sticker sheet laid flat: four die-cut stickers with white borders in a 2x2 grid."""
    img, d = canvas(512, 512, (200, 205, 230))
    cells = [(128, 128), (384, 128), (128, 384), (384, 384)]
    # each sticker: a white die-cut border drawn first, the art on top
    x, y = cells[0]
    star(d, (x, y), 100, 48, PAL["white"])
    star(d, (x, y + 4), 82, 36, PAL["yellow"])
    d.ellipse((x - 22, y - 6, x - 12, y + 6), fill=PAL["black"])
    d.ellipse((x + 12, y - 6, x + 22, y + 6), fill=PAL["black"])
    d.arc((x - 14, y + 2, x + 14, y + 24), 20, 160, fill=PAL["black"], width=4)
    x, y = cells[1]
    d.ellipse((x - 95, y - 80, x + 5, y + 20), fill=PAL["white"])
    d.ellipse((x - 5, y - 80, x + 95, y + 20), fill=PAL["white"])
    d.polygon([(x - 90, y - 10), (x + 90, y - 10), (x, y + 95)], fill=PAL["white"])
    d.ellipse((x - 78, y - 66, x + 2, y + 14), fill=PAL["red"])
    d.ellipse((x - 2, y - 66, x + 78, y + 14), fill=PAL["red"])
    d.polygon([(x - 75, y - 12), (x + 75, y - 12), (x, y + 75)], fill=PAL["red"])
    x, y = cells[2]
    for cx, cy, r in [(x - 50, y + 10, 52), (x + 5, y - 25, 62), (x + 60, y + 15, 48)]:
        d.ellipse((cx - r - 14, cy - r - 14, cx + r + 14, cy + r + 14), fill=PAL["white"])
    d.rectangle((x - 100, y + 10, x + 100, y + 75), fill=PAL["white"])
    for cx, cy, r in [(x - 50, y + 10, 52), (x + 5, y - 25, 62), (x + 60, y + 15, 48)]:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=PAL["cyan"])
    d.rectangle((x - 88, y + 10, x + 90, y + 62), fill=PAL["cyan"])
    x, y = cells[3]
    d.ellipse((x - 92, y - 70, x + 92, y + 92), fill=PAL["white"])
    d.polygon([(x - 95, y - 100), (x - 20, y - 60), (x - 90, y - 10)], fill=PAL["white"])
    d.polygon([(x + 95, y - 100), (x + 20, y - 60), (x + 90, y - 10)], fill=PAL["white"])
    d.polygon([(x - 78, y - 82), (x - 30, y - 52), (x - 76, y - 20)], fill=PAL["orange"])
    d.polygon([(x + 78, y - 82), (x + 30, y - 52), (x + 76, y - 20)], fill=PAL["orange"])
    d.ellipse((x - 78, y - 56, x + 78, y + 78), fill=PAL["orange"])
    for ex in (-30, 30):
        d.ellipse((x + ex - 9, y - 5, x + ex + 9, y + 13), fill=PAL["black"])
    d.polygon([(x - 8, y + 22), (x + 8, y + 22), (x, y + 32)], fill=PAL["pink"])
    save(img, "im_012")


def im_013():
    """Top-down pizza on a wooden board: six red pepperoni slices, four basil leaves."""
    img, d = canvas()
    vgrad(img, (0, 0, 512, 512), (150, 100, 60), (130, 85, 50))
    for y in range(0, 512, 38):
        d.line((0, y, 512, y + 6), fill=(120, 78, 45), width=2)
    soft_shadow(img, (66, 76, 456, 466), blur=14, strength=120)
    d = ImageDraw.Draw(img)
    d.ellipse((56, 56, 456, 456), fill=(215, 160, 90))
    d.ellipse((80, 80, 432, 432), fill=(245, 205, 110))
    for a in range(0, 360, 60):
        r = math.radians(a + 30)
        d.line((256, 256, 256 + 176 * math.cos(r), 256 + 176 * math.sin(r)), fill=(205, 150, 80), width=3)
    for a, rr in [(0, 110), (60, 120), (120, 100), (180, 115), (240, 105), (300, 120)]:
        r = math.radians(a)
        cx, cy = 256 + rr * math.cos(r), 256 + rr * math.sin(r)
        d.ellipse((cx - 28, cy - 28, cx + 28, cy + 28), fill=PAL["red"])
    for a in (30, 150, 210, 330):
        r = math.radians(a)
        cx, cy = 256 + 60 * math.cos(r), 256 + 60 * math.sin(r)
        d.ellipse((cx - 18, cy - 9, cx + 18, cy + 9), fill=PAL["green"])
    save(img, "im_013")


def im_014():
    """Desert at midday: red mesas, three green saguaro cacti, cloudless blue sky, white sun."""
    img, d = canvas()
    vgrad(img, (0, 0, 512, 330), (40, 110, 230), (150, 200, 240))
    d.ellipse((400, 40, 460, 100), fill=PAL["white"])
    d.polygon([(20, 330), (40, 220), (190, 220), (210, 330)], fill=(180, 80, 50))
    d.polygon([(300, 330), (320, 260), (420, 260), (440, 330)], fill=(165, 75, 50))
    vgrad(img, (0, 330, 512, 512), (225, 175, 120), (205, 150, 95))
    d.rectangle((0, 320, 512, 332), fill=(200, 140, 100))
    for i, (x, base, h) in enumerate([(110, 470, 150), (290, 420, 100), (430, 490, 170)]):
        w = h * 0.13
        d.rounded_rectangle((x - w, base - h, x + w, base), radius=w, fill=PAL["green"])
        d.rounded_rectangle((x - w * 3.2, base - h * 0.65, x - w * 2, base - h * 0.3), radius=w * 0.6, fill=PAL["green"])
        d.rectangle((x - w * 3.2, base - h * 0.38, x - w, base - h * 0.3), fill=PAL["green"])
        d.rounded_rectangle((x + w * 2, base - h * 0.8, x + w * 3.2, base - h * 0.45), radius=w * 0.6, fill=PAL["green"])
        d.rectangle((x + w, base - h * 0.53, x + w * 3.2, base - h * 0.45), fill=PAL["green"])
    save(img, "im_014")


def im_015():
    """Coral reef: four orange fish, pink and purple corals, light rays through teal water."""
    img, d = canvas()
    vgrad(img, (0, 0, 512, 512), (60, 180, 190), (10, 60, 90))
    ray = Image.new("L", (512, 512), 0)
    rd = ImageDraw.Draw(ray)
    for x in (80, 200, 330):
        rd.polygon([(x, 0), (x + 50, 0), (x + 140, 512), (x + 60, 512)], fill=40)
    img.paste(Image.new("RGB", (512, 512), (200, 240, 240)), (0, 0), ray.filter(ImageFilter.GaussianBlur(6)))
    d = ImageDraw.Draw(img)
    d.polygon([(0, 512), (0, 450), (140, 430), (300, 455), (512, 440), (512, 512)], fill=(210, 190, 140))
    for cx in (70, 400):
        for k in range(5):
            a = math.radians(-150 + k * 30)
            d.line((cx, 450, cx + 70 * math.cos(a), 450 + 90 * math.sin(a)), fill=PAL["pink"], width=14)
    for cx in (230,):
        d.ellipse((cx - 60, 380, cx + 60, 460), fill=PAL["purple"])
    for x, y, s in [(120, 160, 1.0), (300, 120, 0.8), (380, 260, 1.1), (180, 300, 0.9)]:
        d.ellipse((x - 34 * s, y - 18 * s, x + 34 * s, y + 18 * s), fill=PAL["orange"])
        d.polygon([(x - 30 * s, y), (x - 58 * s, y - 18 * s), (x - 58 * s, y + 18 * s)], fill=PAL["orange"])
        d.ellipse((x + 16 * s, y - 6 * s, x + 24 * s, y + 2 * s), fill=PAL["black"])
    rnd = random.Random(15)
    for _ in range(14):
        x, y, r = rnd.uniform(240, 290), rnd.uniform(100, 360), rnd.uniform(3, 7)
        d.ellipse((x - r, y - r, x + r, y + r), outline=(220, 245, 250), width=2)
    save(img, "im_015")


def im_016():
    """Isometric home office: blue-screened monitor on a desk, plant, window, rug."""
    img, d = canvas(512, 512, (235, 238, 245))

    def iso(x, y, z):
        return (256 + (x - y) * 0.866 * 1.0, 300 + (x + y) * 0.5 - z)

    def quad(pts, fill):
        d.polygon([iso(*p) for p in pts], fill=fill)

    quad([(-180, -180, 0), (180, -180, 0), (180, 180, 0), (-180, 180, 0)], (205, 190, 170))
    quad([(-180, -180, 0), (180, -180, 0), (180, -180, 200), (-180, -180, 200)], (190, 205, 225))
    quad([(-180, -180, 0), (-180, 180, 0), (-180, 180, 200), (-180, -180, 200)], (165, 180, 205))
    quad([(20, -180, 70), (140, -180, 70), (140, -180, 170), (20, -180, 170)], (150, 210, 245))
    quad([(-60, -20, 1), (100, -20, 1), (100, 120, 1), (-60, 120, 1)], PAL["teal"])
    for p in [(-140, -170), (-20, -170), (-140, -110), (-20, -110)]:
        quad([(p[0], p[1], 0), (p[0] + 6, p[1], 0), (p[0] + 6, p[1], 70), (p[0], p[1], 70)], (90, 70, 50))
    quad([(-150, -175, 70), (-10, -175, 70), (-10, -105, 70), (-150, -105, 70)], (160, 115, 75))
    quad([(-150, -105, 62), (-10, -105, 62), (-10, -105, 70), (-150, -105, 70)], (130, 90, 55))
    quad([(-120, -160, 75), (-40, -160, 75), (-40, -160, 130), (-120, -160, 130)], (40, 40, 50))
    quad([(-114, -159, 80), (-46, -159, 80), (-46, -159, 125), (-114, -159, 125)], PAL["blue"])
    quad([(-140, -90, 0), (-90, -90, 0), (-90, -40, 0), (-140, -40, 0)], (60, 60, 70))
    quad([(-140, -90, 40), (-90, -90, 40), (-90, -40, 40), (-140, -40, 40)], PAL["orange"])
    quad([(-140, -40, 40), (-90, -40, 40), (-90, -40, 90), (-140, -40, 90)], PAL["orange"])
    px, py = iso(140, 140, 0)
    d.polygon([(px - 22, py - 40), (px + 22, py - 40), (px + 16, py), (px - 16, py)], fill=(210, 110, 70))
    for k in range(5):
        a = math.radians(-150 + k * 30)
        d.line((px, py - 40, px + 50 * math.cos(a), py - 40 + 60 * math.sin(a)), fill=PAL["green"], width=10)
    save(img, "im_016")


def im_017():
    """Chalkboard cafe menu: MENU heading, three priced drinks in white chalk, a cup doodle."""
    img, d = canvas(480, 640, (70, 45, 25))
    d.rectangle((24, 24, 456, 616), fill=(35, 45, 40))
    rnd = random.Random(17)
    for _ in range(30):
        x, y = rnd.uniform(40, 440), rnd.uniform(40, 600)
        d.line((x, y, x + rnd.uniform(10, 40), y + rnd.uniform(-3, 3)), fill=(55, 65, 60), width=2)
    text_c(d, (240, 90), "MENU", 72, PAL["yellow"])
    d.line((120, 140, 360, 140), fill=PAL["white"], width=3)
    for i, (item, price) in enumerate([("LATTE", "4"), ("MOCHA", "5"), ("TEA", "3")]):
        y = 210 + i * 80
        d.text((70, y), item, font=font(42), fill=PAL["white"], anchor="lm")
        d.text((410, y), price, font=font(42), fill=PAL["white"], anchor="rm")
        for x in range(200, 380, 14):
            d.ellipse((x, y + 8, x + 3, y + 11), fill=(150, 160, 150))
    d.arc((170, 460, 290, 580), 0, 180, fill=PAL["white"], width=5)
    d.line((170, 520, 290, 520), fill=PAL["white"], width=5)
    d.arc((280, 500, 320, 545), 270, 90, fill=PAL["white"], width=5)
    for x in (205, 230, 255):
        d.arc((x - 10, 430, x + 10, 470), 90, 270, fill=PAL["white"], width=3)
        d.arc((x - 10, 470, x + 10, 510), 270, 90, fill=PAL["white"], width=3)
    save(img, "im_017")


def im_018():
    """Astronaut standing on the grey moon, planting an orange flag, blue Earth in a black sky."""
    img, d = canvas(512, 512, PAL["black"])
    rnd = random.Random(18)
    for _ in range(70):
        x, y = rnd.uniform(0, 512), rnd.uniform(0, 330)
        d.point((x, y), fill=(230, 230, 230))
    d.ellipse((340, 50, 450, 160), fill=PAL["blue"])
    d.chord((340, 50, 450, 160), 200, 300, fill=(60, 170, 90))
    d.ellipse((380, 110, 420, 140), fill=(60, 170, 90))
    d.ellipse((-100, 360, 612, 700), fill=(150, 150, 155))
    for cx, cy, r in [(80, 450, 30), (420, 470, 22), (300, 420, 14)]:
        d.ellipse((cx - r, cy - r * 0.4, cx + r, cy + r * 0.4), fill=(115, 115, 120))
    x, y = 230, 440
    suit = (240, 240, 245)
    d.rounded_rectangle((x - 42, y - 70, x - 8, y), radius=10, fill=suit)
    d.rounded_rectangle((x + 8, y - 70, x + 42, y), radius=10, fill=suit)
    d.rounded_rectangle((x - 55, y - 200, x + 55, y - 60), radius=24, fill=suit)
    d.rounded_rectangle((x - 80, y - 190, x - 52, y - 100), radius=12, fill=suit)
    d.rounded_rectangle((x + 52, y - 190, x + 80, y - 120), radius=12, fill=suit)
    d.ellipse((x - 48, y - 285, x + 48, y - 190), fill=suit)
    d.ellipse((x - 34, y - 268, x + 34, y - 212), fill=PAL["gold"])
    d.rectangle((x - 25, y - 170, x + 25, y - 130), fill=(170, 175, 185))
    d.line((x + 75, y - 120, x + 75, y + 10), fill=(200, 200, 205), width=5)
    d.rectangle((x + 78, y - 120, x + 150, y - 75), fill=PAL["orange"])
    save(img, "im_018")


def im_019():
    """Cel-shaded knight, full figure: silver armour, red cape, blue shield with a gold star."""
    img, d = canvas(480, 640)
    vgrad(img, (0, 0, 480, 640), (170, 210, 235), (235, 225, 200))
    d.polygon([(0, 560), (0, 500), (480, 470), (480, 560)], fill=(120, 170, 100))
    d.rectangle((0, 540, 480, 640), fill=(100, 150, 85))
    for x in (40, 90, 140):
        d.rectangle((x, 380, x + 40, 500), fill=(175, 170, 180))
        d.polygon([(x - 5, 380), (x + 45, 380), (x + 20, 340)], fill=(120, 90, 140))
    x, y = 290, 590
    silver = PAL["silver"]
    d.polygon([(x - 70, y - 330), (x + 70, y - 330), (x + 95, y - 60), (x - 95, y - 60)], fill=PAL["red"])
    d.rectangle((x - 45, y - 150, x - 10, y), fill=silver)
    d.rectangle((x + 10, y - 150, x + 45, y), fill=silver)
    d.rounded_rectangle((x - 65, y - 340, x + 65, y - 140), radius=18, fill=silver)
    d.rectangle((x - 65, y - 240, x + 65, y - 225), fill=(150, 150, 160))
    d.rounded_rectangle((x - 45, y - 440, x + 45, y - 335), radius=30, fill=silver)
    d.rectangle((x - 30, y - 400, x + 30, y - 390), fill=PAL["black"])
    d.polygon([(x - 150, y - 320), (x - 50, y - 320), (x - 50, y - 200), (x - 100, y - 150), (x - 150, y - 200)], fill=PAL["blue"])
    star(d, (x - 100, y - 255), 32, 14, PAL["gold"])
    d.rectangle((x + 80, y - 470, x + 92, y - 200), fill=(225, 230, 240))
    d.rectangle((x + 60, y - 210, x + 112, y - 195), fill=(90, 90, 100))
    d.rectangle((x + 79, y - 195, x + 93, y - 160), fill=PAL["brown"])
    save(img, "im_019")


def im_020():
    """Old wizard portrait: white beard, purple hat with three gold stars, glowing staff tip."""
    img, d = canvas()
    radial(img, (256, 200), 380, (60, 50, 100), (15, 15, 35))
    d = ImageDraw.Draw(img)
    d.polygon([(130, 512), (150, 380), (362, 380), (382, 512)], fill=(70, 40, 110))
    d.ellipse((176, 160, 336, 330), fill=(235, 195, 165))
    d.polygon([(176, 250), (336, 250), (320, 420), (256, 470), (192, 420)], fill=PAL["white"])
    d.ellipse((206, 280, 306, 320), fill=(235, 195, 165))
    d.polygon([(196, 285), (246, 275), (256, 295), (266, 275), (316, 285), (256, 305)], fill=(225, 225, 225))
    for ex in (222, 290):
        d.ellipse((ex - 10, 228, ex + 10, 244), fill=(40, 60, 110))
        d.line((ex - 18, 214, ex + 16, 210), fill=(225, 225, 225), width=6)
    d.polygon([(140, 180), (372, 180), (300, 120), (250, 20), (212, 120)], fill=PAL["purple"])
    d.ellipse((120, 160, 392, 205), fill=PAL["purple"])
    for cx, cy, r in [(240, 140, 14), (290, 160, 11), (262, 80, 10)]:
        star(d, (cx, cy), r, r * 0.45, PAL["gold"])
    d.rectangle((420, 160, 432, 512), fill=(110, 75, 40))
    glow = Image.new("L", (512, 512), 0)
    ImageDraw.Draw(glow).ellipse((386, 100, 466, 180), fill=200)
    img.paste(Image.new("RGB", (512, 512), PAL["cyan"]), (0, 0), glow.filter(ImageFilter.GaussianBlur(10)))
    d = ImageDraw.Draw(img)
    d.ellipse((412, 126, 440, 154), fill=PAL["cyan"])
    save(img, "im_020")


def im_021():
    """Snowy village at night: three cottages with one lit yellow window each, moon, snowfall."""
    img, d = canvas()
    vgrad(img, (0, 0, 512, 512), (15, 25, 60), (60, 80, 130))
    d.ellipse((60, 50, 130, 120), fill=(240, 240, 220))
    ridge(d, 512, 512, 330, 30, (190, 200, 225), seed=21)
    ridge(d, 512, 512, 400, 20, (225, 232, 245), seed=22)
    for i, (x, y, s) in enumerate([(120, 400, 1.0), (270, 380, 0.85), (400, 420, 1.1)]):
        w, h = 90 * s, 70 * s
        d.rectangle((x - w / 2, y - h, x + w / 2, y), fill=(110, 70, 55))
        d.polygon([(x - w / 2 - 12, y - h), (x + w / 2 + 12, y - h), (x, y - h - 55 * s)], fill=(240, 244, 250))
        d.rectangle((x + w / 4, y - h - 45 * s, x + w / 4 + 12 * s, y - h - 15 * s), fill=(90, 60, 50))
        d.rectangle((x - 14 * s, y - h + 18 * s, x + 14 * s, y - h + 44 * s), fill=PAL["yellow"])
        for k in range(3):
            d.ellipse((x + w / 4 - 4 + k * 8, y - h - 60 * s - k * 18, x + w / 4 + 14 + k * 8, y - h - 48 * s - k * 18), fill=(150, 160, 185))
    rnd = random.Random(21)
    for _ in range(90):
        x, y, r = rnd.uniform(0, 512), rnd.uniform(0, 512), rnd.choice([1.5, 2, 2.5])
        d.ellipse((x - r, y - r, x + r, y + r), fill=(235, 240, 250))
    save(img, "im_021")


def im_022():
    """Autumn forest path in watercolour washes, a hiker in a yellow raincoat walking away."""
    img, d = canvas(512, 512, (245, 238, 220))
    layer = Image.new("RGB", (512, 512), (245, 238, 220))
    ld = ImageDraw.Draw(layer)
    rnd = random.Random(22)
    for _ in range(26):
        x, y, r = rnd.uniform(-20, 532), rnd.uniform(20, 260), rnd.uniform(40, 80)
        if 200 < x < 310:
            continue
        ld.ellipse((x - r, y - r, x + r, y + r), fill=rnd.choice([(225, 110, 40), (200, 60, 40), (235, 160, 60)]))
    for x in (60, 150, 370, 450):
        ld.rectangle((x - 8, 200, x + 8, 420), fill=(90, 60, 45))
    ld.polygon([(200, 512), (312, 512), (270, 300), (245, 300)], fill=(210, 185, 140))
    ld.rectangle((0, 400, 200, 512), fill=(190, 120, 60))
    ld.rectangle((312, 400, 512, 512), fill=(190, 120, 60))
    ld.polygon([(200, 512), (312, 512), (270, 300), (245, 300)], fill=(210, 185, 140))
    layer = layer.filter(ImageFilter.GaussianBlur(3))
    img.paste(layer)
    d = ImageDraw.Draw(img)
    figure(d, 258, 420, 22, body=PAL["yellow"], skin=(230, 190, 160), legs=(60, 60, 80))
    d.chord((258 - 11, 420 - 88, 258 + 11, 420 - 66), 180, 360, fill=PAL["yellow"])
    for _ in range(25):
        x, y = rnd.uniform(0, 512), rnd.uniform(250, 500)
        d.ellipse((x - 5, y - 3, x + 5, y + 3), fill=(210, 90, 40))
    save(img, "im_022")


def im_023():
    """Park trail map: green park, blue lake, red dashed loop, START marker, north arrow."""
    img, d = canvas(512, 512, (200, 230, 190))
    d.rectangle((10, 10, 502, 502), outline=PAL["black"], width=4)
    d.ellipse((170, 170, 350, 300), fill=PAL["blue"])
    text_c(d, (260, 235), "LAKE", 34, PAL["white"])
    loop = [(260 + 190 * math.cos(t / 60 * 6.283), 240 + 150 * math.sin(t / 60 * 6.283)) for t in range(61)]
    for i in range(0, 60, 2):
        d.line((loop[i], loop[i + 1]), fill=PAL["red"], width=7)
    for x, y in [(120, 120), (400, 110), (90, 380), (420, 400), (330, 420)]:
        d.polygon([(x, y - 22), (x - 16, y + 10), (x + 16, y + 10)], fill=(60, 130, 70))
    d.ellipse((246, 376, 274, 404), fill=PAL["yellow"], outline=PAL["black"], width=3)
    text_c(d, (260, 440), "START", 34, PAL["black"])
    d.polygon([(452, 40), (440, 80), (464, 80)], fill=PAL["black"])
    text_c(d, (452, 102), "N", 30, PAL["black"])
    save(img, "im_023")


def im_024():
    """Bright modern kitchen: white cabinets, island with three black pendant lamps above it."""
    img, d = canvas()
    vgrad(img, (0, 0, 512, 340), (238, 236, 230), (225, 222, 215))
    vgrad(img, (0, 340, 512, 512), (200, 180, 150), (175, 155, 125))
    d.rectangle((0, 150, 512, 260), fill=(250, 250, 250))
    for x in range(0, 512, 102):
        d.rectangle((x + 4, 154, x + 98, 256), outline=(215, 215, 215), width=2)
    d.rectangle((0, 260, 512, 272), fill=(180, 180, 185))
    d.rectangle((0, 272, 512, 360), fill=(250, 250, 250))
    d.rectangle((330, 40, 480, 140), fill=(170, 210, 235))
    d.line((405, 40, 405, 140), fill=(250, 250, 250), width=5)
    soft_shadow(img, (80, 455, 440, 480), blur=10, strength=110, ellipse=False)
    d = ImageDraw.Draw(img)
    d.rectangle((70, 360, 450, 372), fill=(235, 235, 238))
    d.rectangle((80, 372, 440, 470), fill=PAL["teal"])
    for x in (160, 260, 360):
        d.line((x, 0, x, 230), fill=(60, 60, 60), width=2)
        d.polygon([(x - 30, 270), (x + 30, 270), (x + 12, 230), (x - 12, 230)], fill=PAL["black"])
        d.ellipse((x - 10, 262, x + 10, 278), fill=(255, 240, 190))
    d.polygon([(60, 350), (75, 300), (90, 350)], fill=PAL["green"])
    d.rectangle((62, 345, 88, 362), fill=(200, 200, 200))
    save(img, "im_024")


def im_025():
    """Tech conference poster: DEV SUMMIT, 2025, three overlapping blue circles, orange bar."""
    img, d = canvas(480, 640, PAL["white"])
    for cx, cy, r in [(150, 250, 110), (300, 210, 80), (330, 350, 60)]:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=PAL["blue"])
    d.ellipse((190, 180, 280, 270), fill=PAL["cyan"])
    text_spaced(d, (240, 470), "DEV SUMMIT", 58, PAL["navy"], gap=0.25)
    text_c(d, (240, 535), "2025", 44, PAL["navy"])
    d.rectangle((0, 600, 480, 640), fill=PAL["orange"])
    save(img, "im_025")


def im_026():
    """Sci-fi novel cover: ringed planet, small silver ship, ORBIT title, author name."""
    img, d = canvas(480, 640, (8, 8, 20))
    rnd = random.Random(26)
    for _ in range(120):
        x, y = rnd.uniform(0, 480), rnd.uniform(0, 640)
        d.point((x, y), fill=(220, 220, 240))
    planet = Image.new("RGB", (300, 300))
    vgrad(planet, (0, 0, 300, 300), (230, 140, 70), (120, 40, 60))
    m = Image.new("L", (300, 300), 0)
    ImageDraw.Draw(m).ellipse((0, 0, 299, 299), fill=255)
    d.ellipse((50, 330, 470, 430), outline=(220, 200, 160), width=10)
    img.paste(planet, (110, 230), m)
    d.arc((50, 330, 470, 430), 0, 180, fill=(220, 200, 160), width=10)
    d.polygon([(70, 180), (130, 160), (150, 170), (130, 180)], fill=PAL["silver"])
    d.polygon([(60, 176), (70, 172), (70, 184)], fill=PAL["cyan"])
    text_c(d, (240, 90), "ORBIT", 96, PAL["white"])
    text_spaced(d, (240, 590), "KAI NOVAK", 34, PAL["cyan"], gap=0.6)
    save(img, "im_026")


def im_027():
    """Cereal box front: red band with CRUNCH, a smiling sun mascot, a bowl of cereal."""
    img, d = canvas(480, 640, (250, 240, 210))
    d.rectangle((60, 40, 420, 620), fill=PAL["yellow"])
    d.rectangle((60, 60, 420, 170), fill=PAL["red"])
    text_c(d, (240, 115), "CRUNCH", 72, PAL["white"])
    d.ellipse((260, 190, 380, 310), fill=PAL["orange"])
    for k in range(10):
        a = math.radians(k * 36)
        d.line((320 + 62 * math.cos(a), 250 + 62 * math.sin(a), 320 + 82 * math.cos(a), 250 + 82 * math.sin(a)), fill=PAL["orange"], width=8)
    for ex in (300, 340):
        d.ellipse((ex - 7, 232, ex + 7, 246), fill=PAL["black"])
    d.arc((295, 250, 345, 290), 20, 160, fill=PAL["black"], width=5)
    d.chord((110, 380, 370, 560), 0, 180, fill=PAL["blue"])
    rnd = random.Random(27)
    for _ in range(30):
        x, y = rnd.uniform(130, 350), rnd.uniform(440, 470)
        d.ellipse((x - 12, y - 12, x + 12, y + 12), fill=(210, 150, 70))
    d.rectangle((110, 466, 370, 472), fill=PAL["white"])
    d.rectangle((60, 580, 420, 620), fill=PAL["green"])
    text_c(d, (240, 600), "NEW", 30, PAL["white"])
    save(img, "im_027")


def im_028():
    """Wine bottle product shot on a dark backdrop: green glass, cream label, RESERVE 1998."""
    img, d = canvas(480, 640)
    radial(img, (240, 300), 420, (70, 60, 65), (15, 12, 15))
    soft_shadow(img, (150, 575, 330, 605), blur=10, strength=160)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 590, 480, 640), fill=(35, 28, 30))
    d.rectangle((215, 60, 265, 200), fill=(25, 70, 40))
    d.rectangle((213, 50, 267, 110), fill=PAL["maroon"])
    d.rounded_rectangle((160, 200, 320, 590), radius=40, fill=(25, 70, 40))
    d.rectangle((170, 230, 182, 570), fill=(70, 120, 85))
    d.rectangle((165, 330, 315, 490), fill=PAL["beige"])
    text_c(d, (240, 375), "RESERVE", 30, PAL["maroon"])
    text_c(d, (240, 440), "1998", 40, PAL["black"])
    save(img, "im_028")


def im_029():
    """Floating smartphone render: tilted black phone, gradient screen with 9:41, soft shadow."""
    img, d = canvas()
    vgrad(img, (0, 0, 512, 512), (235, 238, 245), (205, 210, 225))
    soft_shadow(img, (170, 450, 350, 480), blur=14, strength=90)
    phone = Image.new("RGBA", (220, 420), (0, 0, 0, 0))
    pd = ImageDraw.Draw(phone)
    pd.rounded_rectangle((0, 0, 219, 419), radius=34, fill=PAL["black"] + (255,))
    screen = Image.new("RGB", (196, 396))
    vgrad(screen, (0, 0, 196, 396), PAL["purple"], PAL["blue"])
    sm = Image.new("L", (196, 396), 0)
    ImageDraw.Draw(sm).rounded_rectangle((0, 0, 195, 395), radius=26, fill=255)
    phone.paste(screen, (12, 12), sm)
    pd.rounded_rectangle((80, 20, 140, 34), radius=7, fill=PAL["black"] + (255,))
    pd.text((110, 130), "9:41", font=font(52), fill=PAL["white"] + (255,), anchor="mm")
    for i in range(4):
        pd.rounded_rectangle((30 + i * 42, 330, 62 + i * 42, 362), radius=8, fill=(255, 255, 255, 255))
    phone = phone.rotate(-12, expand=True, resample=Image.BICUBIC)
    img.paste(phone, ((512 - phone.width) // 2, 30), phone)
    save(img, "im_029")


def im_030():
    """Flat corporate avatar: bearded man in a navy suit and white shirt, teal circle backdrop."""
    img, d = canvas(512, 512, PAL["white"])
    d.ellipse((56, 56, 456, 456), fill=PAL["teal"])
    mask = Image.new("L", (512, 512), 0)
    ImageDraw.Draw(mask).ellipse((56, 56, 456, 456), fill=255)
    fig = Image.new("RGB", (512, 512), PAL["teal"])
    fd = ImageDraw.Draw(fig)
    fd.rounded_rectangle((126, 360, 386, 560), radius=60, fill=PAL["navy"])
    fd.polygon([(226, 360), (286, 360), (256, 440)], fill=PAL["white"])
    fd.polygon([(248, 380), (264, 380), (260, 440), (252, 440)], fill=PAL["red"])
    fd.rectangle((231, 300, 281, 365), fill=(200, 145, 110))
    fd.ellipse((186, 150, 326, 320), fill=(215, 160, 120))
    fd.chord((186, 230, 326, 340), 0, 180, fill=PAL["brown"])
    fd.ellipse((226, 270, 286, 290), fill=(215, 160, 120))
    fd.chord((180, 130, 332, 230), 180, 360, fill=PAL["brown"])
    for ex in (226, 286):
        fd.ellipse((ex - 7, 222, ex + 7, 236), fill=PAL["black"])
    img.paste(fig, (0, 0), mask)
    save(img, "im_030")


def im_031():
    """Two-panel spooky comic: a kid with a torch at a haunted house, then a ghost shouting BOO."""
    img, d = canvas(640, 480, PAL["black"])
    for x0 in (12, 328):
        vgrad(img, (x0, 12, x0 + 300, 468), (30, 20, 60), (70, 50, 100))
    d = ImageDraw.Draw(img)
    d.ellipse((220, 40, 280, 100), fill=(230, 230, 200))
    d.rectangle((60, 200, 200, 400), fill=(45, 40, 55))
    d.polygon([(50, 200), (210, 200), (130, 130)], fill=(35, 30, 45))
    for wx in (85, 150):
        d.rectangle((wx, 240, wx + 25, 275), fill=PAL["orange"])
    d.rectangle((0, 400, 640, 468), fill=(25, 25, 35))
    d.rectangle((312, 12, 328, 468), fill=PAL["black"])
    figure(d, 250, 430, 20, body=PAL["red"], skin=(240, 200, 165), legs=(40, 40, 60), hair=(60, 40, 30))
    d.polygon([(262, 370), (300, 350), (300, 390)], fill=(250, 240, 170))
    gx, gy = 480, 250
    d.ellipse((gx - 80, gy - 110, gx + 80, gy + 40), fill=PAL["white"])
    d.rectangle((gx - 80, gy - 30, gx + 80, gy + 90), fill=PAL["white"])
    for k in range(4):
        d.ellipse((gx - 80 + k * 40, gy + 70, gx - 40 + k * 40, gy + 110), fill=(50, 38, 80))
    for ex in (-28, 28):
        d.ellipse((gx + ex - 14, gy - 50, gx + ex + 14, gy - 15), fill=PAL["black"])
    d.ellipse((gx - 18, gy, gx + 18, gy + 40), fill=PAL["black"])
    text_c(d, (470, 60), "BOO!", 64, PAL["yellow"], stroke=3, stroke_fill=PAL["black"])
    save(img, "im_031")


def im_032():
    """Four-panel growth sequence: seed, sprout, bud, red flower, in green pots, numbered 1-4."""
    img, d = canvas(640, 480, PAL["white"])
    for i in range(4):
        x0 = 16 + i * 156
        d.rectangle((x0, 16, x0 + 140, 464), fill=(225, 240, 250), outline=PAL["black"], width=4)
        cx = x0 + 70
        d.polygon([(cx - 40, 360), (cx + 40, 360), (cx + 30, 430), (cx - 30, 430)], fill=PAL["green"])
        d.rectangle((cx - 46, 348, cx + 46, 362), fill=(30, 120, 45))
        text_c(d, (cx, 60), str(i + 1), 40, PAL["black"])
        if i == 0:
            d.ellipse((cx - 10, 335, cx + 10, 350), fill=PAL["brown"])
        if i >= 1:
            top = 330 - i * 55
            d.line((cx, 348, cx, top), fill=(70, 150, 60), width=6)
            d.ellipse((cx - 34, top + 20, cx, top + 36), fill=(70, 150, 60))
            d.ellipse((cx, top + 30, cx + 34, top + 46), fill=(70, 150, 60))
        if i == 2:
            d.ellipse((cx - 10, 210, cx + 10, 240), fill=(230, 120, 120))
        if i == 3:
            for k in range(6):
                a = math.radians(k * 60)
                d.ellipse((cx + 24 * math.cos(a) - 16, 150 + 24 * math.sin(a) - 16, cx + 24 * math.cos(a) + 16, 150 + 24 * math.sin(a) + 16), fill=PAL["red"])
            d.ellipse((cx - 13, 137, cx + 13, 163), fill=PAL["yellow"])
    save(img, "im_032")


def im_033():
    """Holiday card: a green pine tree topped with a gold star, JOY below, on deep red."""
    img, d = canvas(480, 640, PAL["maroon"])
    d.rectangle((20, 20, 460, 620), outline=PAL["gold"], width=4)
    for i in range(3):
        top = 110 + i * 80
        half = 80 + i * 40
        d.polygon([(240, top), (240 - half, top + 150), (240 + half, top + 150)], fill=PAL["green"])
    d.rectangle((222, 460, 258, 500), fill=PAL["brown"])
    star(d, (240, 100), 38, 16, PAL["gold"])
    for bx, by in [(215, 230), (270, 300), (200, 360), (290, 410), (240, 330)]:
        d.ellipse((bx - 9, by - 9, bx + 9, by + 9), fill=PAL["white"])
    text_c(d, (240, 565), "JOY", 72, PAL["white"])
    save(img, "im_033")


def im_034():
    """Die-cut sticker: a happy avocado half with a brown pit, white border, on pale mint."""
    img, d = canvas(512, 512, (215, 240, 225))
    d.ellipse((126, 66, 386, 466), fill=PAL["white"])
    d.ellipse((150, 90, 362, 442), fill=(60, 110, 40))
    d.ellipse((166, 108, 346, 426), fill=(200, 225, 120))
    d.ellipse((206, 250, 306, 350), fill=PAL["brown"])
    d.ellipse((226, 268, 246, 284), fill=(170, 120, 70))
    for ex in (222, 290):
        d.ellipse((ex - 10, 190, ex + 10, 212), fill=PAL["black"])
    d.arc((236, 200, 276, 236), 20, 160, fill=PAL["black"], width=5)
    for cx in (196, 316):
        d.ellipse((cx - 14, 218, cx + 14, 232), fill=PAL["pink"])
    save(img, "im_034")


def im_035():
    """Sushi flat lay on dark slate: three salmon nigiri, two maki, chopsticks, soy dish."""
    img, d = canvas()
    vgrad(img, (0, 0, 512, 512), (55, 58, 62), (40, 42, 46))
    soft_shadow(img, (60, 130, 450, 400), blur=16, strength=90, ellipse=False)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((50, 120, 440, 390), radius=10, fill=(30, 30, 32))
    for i in range(3):
        x = 90 + i * 80
        d.rounded_rectangle((x, 170, x + 60, 230), radius=18, fill=(245, 245, 240))
        d.rounded_rectangle((x - 4, 160, x + 64, 205), radius=20, fill=PAL["orange"])
        for k in range(3):
            d.line((x + 8 + k * 18, 165, x + 2 + k * 18, 200), fill=(255, 190, 140), width=3)
    for i in range(2):
        cx = 130 + i * 100
        d.ellipse((cx - 38, 270, cx + 38, 346), fill=(20, 40, 25))
        d.ellipse((cx - 28, 280, cx + 28, 336), fill=(245, 245, 240))
        d.ellipse((cx - 12, 296, cx + 12, 320), fill=PAL["green"])
    d.ellipse((340, 280, 410, 350), fill=(235, 235, 235))
    d.ellipse((350, 290, 400, 340), fill=(60, 30, 20))
    d.line((470, 60, 380, 470), fill=(190, 150, 100), width=9)
    d.line((495, 70, 410, 475), fill=(190, 150, 100), width=9)
    d.ellipse((360, 160, 410, 200), fill=PAL["pink"])
    save(img, "im_035")


def im_036():
    """Nutrition infographic: bowl of salad, a three-slice pie chart, labels PROTEIN CARBS FAT."""
    img, d = canvas(640, 480, PAL["white"])
    text_c(d, (320, 40), "SALAD BOWL", 40, PAL["navy"])
    d.chord((50, 130, 270, 350), 0, 180, fill=PAL["beige"])
    rnd = random.Random(36)
    for _ in range(18):
        x, y = rnd.uniform(80, 240), rnd.uniform(215, 250)
        d.ellipse((x - 16, y - 10, x + 16, y + 10), fill=rnd.choice([(90, 170, 70), (120, 190, 80)]))
    for x in (110, 170, 215):
        d.ellipse((x - 12, 222, x + 12, 246), fill=PAL["red"])
    d.pieslice((330, 110, 530, 310), -90, 54, fill=PAL["green"])
    d.pieslice((330, 110, 530, 310), 54, 198, fill=PAL["orange"])
    d.pieslice((330, 110, 530, 310), 198, 270, fill=PAL["purple"])
    for i, (name, col) in enumerate([("PROTEIN", "green"), ("CARBS", "orange"), ("FAT", "purple")]):
        y = 360 + i * 38
        d.rectangle((360, y - 12, 384, y + 12), fill=PAL[col])
        d.text((400, y), name, font=font(30), fill=PAL["black"], anchor="lm")
    save(img, "im_036")


def im_037():
    """Rainy night street: two figures with a red and a yellow umbrella, wet reflections."""
    img, d = canvas()
    vgrad(img, (0, 0, 512, 330), (25, 30, 50), (60, 60, 85))
    for x, top in [(0, 80), (110, 40), (250, 110), (370, 60)]:
        building(d, (x, top, x + 120, 330), (35, 38, 55), (230, 200, 120), (45, 48, 68), seed=x, cols=3, lit_ratio=0.3)
    vgrad(img, (0, 330, 512, 512), (55, 55, 75), (30, 30, 45))
    d = ImageDraw.Draw(img)
    for x, col in [(170, PAL["red"]), (350, PAL["yellow"])]:
        figure(d, x, 440, 24, body=(50, 50, 60), legs=(30, 30, 40))
        d.line((x, 360, x, 330), fill=(30, 30, 30), width=3)
        d.pieslice((x - 60, 300, x + 60, 380), 180, 360, fill=col)
        refl = tuple(int(c * 0.45 + 30) for c in col)
        d.rectangle((x - 40, 460, x + 40, 470), fill=refl)
        d.rectangle((x - 30, 478, x + 30, 484), fill=refl)
    rain(d, 512, 512, (140, 150, 180), seed=37, n=160)
    save(img, "im_037")


def im_038():
    """Surfer portrait at golden hour: woman with wet dark hair, white board, sunset sea."""
    img, d = canvas()
    vgrad(img, (0, 0, 512, 300), (250, 180, 100), (250, 120, 90))
    d.ellipse((360, 200, 460, 300), fill=(255, 230, 150))
    vgrad(img, (0, 300, 512, 512), (40, 110, 150), (20, 60, 100))
    d = ImageDraw.Draw(img)
    for y in range(315, 512, 22):
        d.line((0, y, 512, y + 4), fill=(255, 200, 140), width=2)
    d.rounded_rectangle((340, 40, 420, 512), radius=40, fill=PAL["white"])
    d.line((380, 60, 380, 512), fill=PAL["teal"], width=6)
    d.ellipse((90, 380, 330, 640), fill=PAL["teal"])
    d.rectangle((185, 320, 235, 400), fill=(200, 140, 100))
    d.ellipse((130, 120, 290, 330), fill=(40, 30, 30))
    d.ellipse((150, 150, 270, 330), fill=(210, 150, 110))
    d.chord((150, 140, 270, 230), 180, 360, fill=(40, 30, 30))
    d.rectangle((130, 180, 152, 400), fill=(40, 30, 30))
    d.rectangle((268, 180, 290, 380), fill=(40, 30, 30))
    for ex in (188, 232):
        d.ellipse((ex - 7, 236, ex + 7, 248), fill=(40, 30, 30))
    d.arc((186, 270, 236, 300), 20, 160, fill=(150, 60, 60), width=4)
    save(img, "im_038")


def im_039():
    """Alien world: purple sky with two moons, glowing cyan crystal spires, magenta dunes."""
    img, d = canvas()
    vgrad(img, (0, 0, 512, 512), (80, 30, 130), (150, 60, 165))
    d = ImageDraw.Draw(img)
    d.ellipse((60, 60, 170, 170), fill=(240, 220, 255))
    d.ellipse((330, 110, 380, 160), fill=(255, 200, 150))
    ridge(d, 512, 512, 380, 25, (110, 30, 110), seed=39)
    for x, h, w in [(110, 200, 34), (170, 140, 26), (330, 240, 40), (400, 160, 28), (450, 110, 22)]:
        glow = Image.new("L", (512, 512), 0)
        ImageDraw.Draw(glow).polygon([(x - w - 10, 420), (x + w + 10, 420), (x, 420 - h - 20)], fill=120)
        img.paste(Image.new("RGB", (512, 512), (120, 230, 240)), (0, 0), glow.filter(ImageFilter.GaussianBlur(12)))
        d = ImageDraw.Draw(img)
        d.polygon([(x - w, 420), (x + w, 420), (x, 420 - h)], fill=PAL["cyan"])
        d.polygon([(x, 420), (x + w, 420), (x, 420 - h)], fill=(20, 170, 190))
    ridge(d, 512, 512, 440, 15, PAL["magenta"], seed=40)
    save(img, "im_039")


def im_040():
    """Library nook: tall bookshelves, a green armchair, a reading lamp, a rolling ladder."""
    img, d = canvas()
    vgrad(img, (0, 0, 512, 512), (70, 45, 30), (45, 28, 18))
    d = ImageDraw.Draw(img)
    rnd = random.Random(40)
    for sx in (20, 350):
        d.rectangle((sx, 20, sx + 142, 470), fill=PAL["brown"])
        for sy in range(40, 460, 70):
            x = sx + 8
            while x < sx + 134:
                bw = rnd.randint(10, 18)
                col = rnd.choice([(150, 40, 40), (40, 80, 120), (200, 160, 70), (60, 110, 70), (110, 60, 110)])
                d.rectangle((x, sy + rnd.randint(0, 12), x + bw - 2, sy + 55), fill=col)
                x += bw
            d.rectangle((sx, sy + 55, sx + 142, sy + 62), fill=(90, 50, 20))
    d.line((330, 30, 390, 470), fill=(170, 120, 70), width=7)
    d.line((360, 30, 420, 470), fill=(170, 120, 70), width=7)
    for k in range(8):
        y = 70 + k * 52
        d.line((330 + (y - 30) * 0.136, y, 360 + (y - 30) * 0.136, y), fill=(170, 120, 70), width=5)
    vgrad(img, (0, 470, 512, 512), (110, 70, 40), (90, 55, 30))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((170, 280, 320, 420), radius=30, fill=PAL["green"])
    d.rounded_rectangle((150, 340, 340, 450), radius=24, fill=(30, 130, 50))
    d.rectangle((175, 450, 187, 475), fill=(60, 35, 20))
    d.rectangle((303, 450, 315, 475), fill=(60, 35, 20))
    glow = Image.new("L", (512, 512), 0)
    ImageDraw.Draw(glow).ellipse((190, 140, 330, 300), fill=110)
    img.paste(Image.new("RGB", (512, 512), (255, 220, 150)), (0, 0), glow.filter(ImageFilter.GaussianBlur(25)))
    d = ImageDraw.Draw(img)
    d.line((260, 180, 260, 470), fill=(40, 30, 20), width=5)
    d.polygon([(230, 180), (290, 180), (278, 145), (242, 145)], fill=PAL["gold"])
    save(img, "im_040")


def im_041():
    """Summer festival poster: SUMMER / FEST, a big yellow sun, three wavy bands, date line."""
    img, d = canvas(480, 640, PAL["pink"])
    d.ellipse((140, 150, 340, 350), fill=PAL["yellow"])
    for i, col in enumerate([PAL["orange"], PAL["teal"], PAL["blue"]]):
        y = 380 + i * 55
        pts = [(x, y + 18 * math.sin(x / 480 * 4 * math.pi + i)) for x in range(0, 481, 10)]
        d.polygon(pts + [(480, y + 45), (0, y + 45)], fill=col)
    d.rectangle((0, 545, 480, 640), fill=PAL["blue"])
    text_c(d, (240, 60), "SUMMER", 70, PAL["navy"])
    text_c(d, (240, 125), "FEST", 56, PAL["navy"])
    text_c(d, (240, 595), "JULY 8", 40, PAL["white"])
    save(img, "im_041")


def im_042():
    """Picture-book cover: a brown bear with a red scarf walking home, LITTLE BEAR title."""
    img, d = canvas(480, 640, (245, 235, 210))
    d.ellipse((-100, 470, 580, 760), fill=(150, 190, 110))
    d.rectangle((330, 380, 430, 480), fill=(235, 225, 200))
    d.polygon([(320, 380), (440, 380), (380, 320)], fill=PAL["red"])
    d.rectangle((370, 430, 392, 480), fill=PAL["brown"])
    bx, by = 200, 520
    br = PAL["brown"]
    d.rounded_rectangle((bx - 70, by - 200, bx + 70, by - 40), radius=60, fill=br)
    d.rounded_rectangle((bx - 60, by - 60, bx - 20, by), radius=16, fill=br)
    d.rounded_rectangle((bx + 20, by - 60, bx + 60, by), radius=16, fill=br)
    d.ellipse((bx - 60, by - 310, bx + 60, by - 190), fill=br)
    d.ellipse((bx - 62, by - 320, bx - 26, by - 284), fill=br)
    d.ellipse((bx + 26, by - 320, bx + 62, by - 284), fill=br)
    d.ellipse((bx - 24, by - 250, bx + 24, by - 214), fill=(200, 160, 120))
    d.ellipse((bx - 8, by - 246, bx + 8, by - 234), fill=PAL["black"])
    for ex in (-24, 24):
        d.ellipse((bx + ex - 6, by - 272, bx + ex + 6, by - 260), fill=PAL["black"])
    d.rounded_rectangle((bx - 66, by - 200, bx + 66, by - 176), radius=10, fill=PAL["red"])
    d.rectangle((bx + 20, by - 190, bx + 44, by - 120), fill=PAL["red"])
    text_c(d, (240, 70), "LITTLE BEAR", 54, PAL["navy"])
    save(img, "im_042")


def im_043():
    """Abstract album cover: concentric rings fading from teal to navy, a single white dot, ECHO."""
    img, d = canvas(512, 512, PAL["navy"])
    for i in range(7):
        r = 230 - i * 30
        t = i / 6
        col = tuple(int(PAL["navy"][k] * (1 - t) + PAL["teal"][k] * t) for k in range(3))
        d.ellipse((256 - r, 236 - r, 256 + r, 236 + r), fill=col)
        d.ellipse((256 - r + 6, 236 - r + 6, 256 + r - 6, 236 + r - 6), fill=PAL["navy"] if i < 6 else col)
    d.ellipse((244, 224, 268, 248), fill=PAL["white"])
    text_c(d, (256, 480), "ECHO", 40, PAL["white"])
    save(img, "im_043")


def im_044():
    """Tea box product shot: green box, GREEN TEA label, leaf icon, a cup of tea beside it."""
    img, d = canvas()
    vgrad(img, (0, 0, 512, 512), (238, 240, 232), (215, 220, 205))
    soft_shadow(img, (110, 420, 330, 455), blur=12, strength=120, ellipse=False)
    soft_shadow(img, (340, 430, 470, 455), blur=10, strength=110)
    d = ImageDraw.Draw(img)
    d.polygon([(110, 120), (290, 120), (330, 90), (150, 90)], fill=(70, 180, 90))
    d.polygon([(290, 120), (330, 90), (330, 410), (290, 440)], fill=(25, 110, 45))
    d.rectangle((110, 120, 290, 440), fill=PAL["green"])
    d.rectangle((125, 230, 275, 330), fill=PAL["white"])
    text_c(d, (200, 260), "GREEN", 34, PAL["green"])
    text_c(d, (200, 302), "TEA", 34, PAL["green"])
    d.ellipse((170, 150, 230, 210), fill=PAL["white"])
    d.polygon([(185, 195), (200, 160), (215, 195)], fill=(30, 120, 50))
    d.ellipse((350, 360, 460, 390), fill=(245, 245, 245))
    d.rectangle((355, 375, 455, 440), fill=(245, 245, 245))
    d.ellipse((355, 425, 455, 450), fill=(235, 235, 235))
    d.ellipse((360, 364, 450, 386), fill=(170, 160, 60))
    d.arc((440, 385, 480, 425), 270, 90, fill=(245, 245, 245), width=8)
    save(img, "im_044")


def im_045():
    """Product diagram: over-ear headphones with three callout labels BAND, CUSHION, CUP."""
    img, d = canvas(640, 480, PAL["white"])
    radial(img, (320, 240), 420, (250, 250, 252), (215, 220, 230))
    d = ImageDraw.Draw(img)
    d.arc((200, 60, 440, 320), 180, 360, fill=PAL["black"], width=26)
    d.rectangle((188, 180, 214, 250), fill=PAL["black"])
    d.rectangle((426, 180, 452, 250), fill=PAL["black"])
    for cx in (200, 440):
        d.rounded_rectangle((cx - 50, 230, cx + 50, 380), radius=40, fill=PAL["black"])
        d.rounded_rectangle((cx - 40, 240, cx + 40, 370), radius=34, fill=(70, 70, 75))
    d.rounded_rectangle((406, 246, 424, 364), radius=9, fill=PAL["orange"])
    d.rounded_rectangle((216, 246, 234, 364), radius=9, fill=PAL["orange"])
    for (x0, y0, x1, y1, label, tx) in [(320, 68, 540, 68, "BAND", 590), (430, 300, 540, 420, "CUSHION", 570), (160, 330, 100, 420, "CUP", 90)]:
        d.line((x0, y0, x1, y1), fill=PAL["blue"], width=3)
        d.ellipse((x0 - 6, y0 - 6, x0 + 6, y0 + 6), fill=PAL["blue"])
        text_c(d, (tx, y1 + 28 if y1 > 100 else y1), label, 30, PAL["navy"])
    save(img, "im_045")


def im_046():
    """Cel-shaded samurai at dawn: full figure, navy robe, red sash, katana, huge orange sun."""
    img, d = canvas(480, 640)
    vgrad(img, (0, 0, 480, 640), (250, 200, 150), (240, 140, 110))
    d.ellipse((90, 120, 390, 420), fill=PAL["orange"])
    d.rectangle((0, 560, 480, 640), fill=(90, 60, 70))
    x, y = 240, 580
    d.polygon([(x - 70, y), (x + 70, y), (x + 45, y - 250), (x - 45, y - 250)], fill=PAL["navy"])
    d.rounded_rectangle((x - 60, y - 330, x + 60, y - 230), radius=20, fill=PAL["navy"])
    d.rectangle((x - 58, y - 250, x + 58, y - 228), fill=PAL["red"])
    d.ellipse((x - 32, y - 395, x + 32, y - 325), fill=(235, 190, 150))
    d.ellipse((x - 36, y - 410, x + 36, y - 370), fill=PAL["black"])
    d.ellipse((x - 10, y - 430, x + 10, y - 405), fill=PAL["black"])
    d.line((x + 50, y - 240, x + 160, y - 420), fill=PAL["silver"], width=6)
    d.line((x + 40, y - 225, x + 52, y - 245), fill=PAL["black"], width=10)
    for k in range(3):
        d.line((60 + k * 20, 80 + k * 15, 100 + k * 20, 75 + k * 15), fill=(90, 60, 70), width=3)
    save(img, "im_046")


def im_047():
    """3D robot head portrait: rounded silver head, two glowing cyan eyes, antenna, red light."""
    img, d = canvas()
    radial(img, (256, 230), 380, (60, 70, 90), (15, 18, 28))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((150, 420, 362, 512), radius=30, fill=(110, 115, 125))
    d.rectangle((226, 380, 286, 430), fill=(90, 95, 105))
    head = Image.new("RGB", (280, 250))
    vgrad(head, (0, 0, 280, 250), (215, 218, 225), (140, 145, 155))
    m = Image.new("L", (280, 250), 0)
    ImageDraw.Draw(m).rounded_rectangle((0, 0, 279, 249), radius=70, fill=255)
    img.paste(head, (116, 140), m)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((150, 200, 362, 300), radius=40, fill=(25, 28, 38))
    glow = Image.new("L", (512, 512), 0)
    gd = ImageDraw.Draw(glow)
    for ex in (210, 302):
        gd.ellipse((ex - 40, 210, ex + 40, 290), fill=160)
    img.paste(Image.new("RGB", (512, 512), (60, 200, 220)), (0, 0), glow.filter(ImageFilter.GaussianBlur(12)))
    d = ImageDraw.Draw(img)
    for ex in (210, 302):
        d.ellipse((ex - 24, 226, ex + 24, 274), fill=PAL["cyan"])
    d.line((256, 140, 256, 80), fill=(150, 155, 165), width=8)
    d.ellipse((240, 60, 272, 92), fill=PAL["red"])
    for k in range(4):
        d.rectangle((206 + k * 28, 320, 226 + k * 28, 340), fill=(80, 85, 95))
    save(img, "im_047")


def im_048():
    """Smart-home dashboard: sidebar, 21° temperature card, 68% humidity ring, three room toggles."""
    img, d = canvas(640, 480, (240, 243, 248))
    d.rectangle((0, 0, 140, 480), fill=PAL["navy"])
    for i in range(4):
        d.rounded_rectangle((30, 100 + i * 70, 110, 140 + i * 70), radius=10, fill=(45, 60, 130) if i else PAL["blue"])
    text_c(d, (70, 40), "HOME", 30, PAL["white"])
    d.rounded_rectangle((170, 30, 390, 220), radius=18, fill=PAL["white"])
    d.text((190, 60), "TEMP", font=font(28), fill=PAL["gray"], anchor="lm")
    d.text((190, 140), "21°", font=font(80), fill=PAL["navy"], anchor="lm")
    d.rounded_rectangle((410, 30, 610, 220), radius=18, fill=PAL["white"])
    d.arc((445, 50, 575, 180), 0, 360, fill=(225, 228, 235), width=16)
    d.arc((445, 50, 575, 180), -90, -90 + int(360 * 0.68), fill=PAL["teal"], width=16)
    text_c(d, (510, 115), "68%", 34, PAL["navy"])
    d.rounded_rectangle((170, 250, 610, 450), radius=18, fill=PAL["white"])
    for i, on in enumerate([True, False, True]):
        y = 290 + i * 60
        d.rounded_rectangle((200, y - 14, 330, y + 14), radius=7, fill=(225, 228, 235))
        d.rounded_rectangle((520, y - 18, 580, y + 18), radius=18, fill=PAL["green"] if on else (200, 200, 205))
        kx = 562 if on else 538
        d.ellipse((kx - 14, y - 14, kx + 14, y + 14), fill=PAL["white"])
    save(img, "im_048")


def im_049():
    """Weather app screen: city name OSLO, sun behind a cloud, 24°, five-day strip of bars."""
    img, d = canvas(480, 640)
    vgrad(img, (0, 0, 480, 640), (70, 150, 240), (30, 80, 200))
    d = ImageDraw.Draw(img)
    text_c(d, (240, 60), "OSLO", 44, PAL["white"])
    d.ellipse((170, 120, 290, 240), fill=PAL["yellow"])
    for cx, cy, r in [(230, 230, 45), (290, 210, 55), (345, 235, 40)]:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=PAL["white"])
    d.rectangle((230, 230, 345, 275), fill=PAL["white"])
    text_c(d, (240, 350), "24°", 96, PAL["white"])
    text_c(d, (240, 420), "SUNNY", 34, PAL["white"])
    d.rounded_rectangle((30, 470, 450, 610), radius=20, fill=(25, 60, 150))
    for i, h in enumerate([50, 70, 60, 40, 80]):
        x = 75 + i * 82
        d.rounded_rectangle((x - 14, 590 - h, x + 14, 590), radius=8, fill=PAL["orange"])
    save(img, "im_049")


def im_050():
    """Metro map: three coloured lines (red, blue, green), white interchange stations, CENTRAL."""
    img, d = canvas(640, 480, PAL["white"])
    d.line([(40, 240), (200, 240), (320, 240), (440, 240), (600, 240)], fill=PAL["red"], width=12)
    d.line([(320, 40), (320, 240), (320, 440)], fill=PAL["blue"], width=12)
    d.line([(80, 420), (200, 300), (200, 240), (200, 120), (320, 120), (560, 120)], fill=PAL["green"], width=12, joint="curve")
    for x, y in [(40, 240), (600, 240), (320, 40), (320, 440), (80, 420), (560, 120), (440, 240)]:
        d.ellipse((x - 10, y - 10, x + 10, y + 10), fill=PAL["white"], outline=PAL["black"], width=4)
    for x, y in [(320, 240), (200, 240), (320, 120)]:
        d.ellipse((x - 18, y - 18, x + 18, y + 18), fill=PAL["white"], outline=PAL["black"], width=5)
    text_c(d, (430, 285), "CENTRAL", 32, PAL["black"])
    text_c(d, (560, 80), "PARK", 30, PAL["black"])
    save(img, "im_050")


def im_051():
    """Watercolour thank-you card: three soft pink roses with leaves, THANK YOU in teal."""
    img, d = canvas(512, 512, (250, 246, 238))
    layer = Image.new("RGB", (512, 512), (250, 246, 238))
    ld = ImageDraw.Draw(layer)
    for x, y in [(150, 260), (256, 230), (362, 260)]:
        for k in range(5):
            a = math.radians(k * 72)
            ld.ellipse((x + 22 * math.cos(a) - 34, y + 22 * math.sin(a) - 34, x + 22 * math.cos(a) + 34, y + 22 * math.sin(a) + 34), fill=(240, 160, 185))
        ld.ellipse((x - 22, y - 22, x + 22, y + 22), fill=(225, 110, 150))
        for dx in (-55, 55):
            ld.ellipse((x + dx - 26, y + 40, x + dx + 26, y + 70), fill=(120, 170, 110))
    img.paste(layer.filter(ImageFilter.GaussianBlur(4)))
    d = ImageDraw.Draw(img)
    text_c(d, (256, 400), "THANK YOU", 52, PAL["teal"])
    save(img, "im_051")


def im_052():
    """Retro badge sticker: orange circle with navy ring, ROAD TRIP, a small teal van, two stars."""
    img, d = canvas(512, 512, PAL["beige"])
    d.ellipse((46, 46, 466, 466), fill=PAL["navy"])
    d.ellipse((66, 66, 446, 446), fill=PAL["orange"])
    text_c(d, (256, 150), "ROAD", 62, PAL["navy"])
    text_c(d, (256, 380), "TRIP", 62, PAL["navy"])
    d.rounded_rectangle((166, 220, 346, 310), radius=24, fill=PAL["teal"])
    d.rectangle((186, 235, 236, 265), fill=PAL["white"])
    d.rectangle((246, 235, 296, 265), fill=PAL["white"])
    d.rectangle((166, 280, 346, 290), fill=PAL["white"])
    for cx in (206, 306):
        d.ellipse((cx - 20, 295, cx + 20, 335), fill=PAL["black"])
    for cx in (110, 402):
        star(d, (cx, 265), 24, 10, PAL["yellow"])
    save(img, "im_052")


def im_053():
    """Exploded burger diagram: bun, lettuce, tomato, patty, bun stacked with gaps, labelled."""
    img, d = canvas(640, 480)
    vgrad(img, (0, 0, 640, 480), (255, 245, 225), (245, 225, 195))
    d = ImageDraw.Draw(img)
    cx = 240
    d.chord((cx - 130, 40, cx + 130, 180), 180, 360, fill=(215, 150, 70))
    for k in range(6):
        d.ellipse((cx - 80 + k * 30, 70 + (k % 2) * 10, cx - 72 + k * 30, 76 + (k % 2) * 10), fill=(250, 235, 190))
    pts = [(cx - 135 + k * 15, 150 + (8 if k % 2 else 0)) for k in range(19)]
    d.polygon([(cx - 135, 140)] + pts + [(cx + 135, 140)], fill=PAL["green"])
    d.rounded_rectangle((cx - 120, 190, cx + 120, 215), radius=12, fill=PAL["red"])
    d.rounded_rectangle((cx - 130, 240, cx + 130, 290), radius=22, fill=PAL["brown"])
    d.rounded_rectangle((cx - 125, 320, cx + 125, 370), radius=18, fill=(215, 150, 70))
    for y, label in [(110, "BUN"), (150, "LETTUCE"), (202, "TOMATO"), (265, "PATTY")]:
        d.line((cx + 145, y, 420, y), fill=PAL["gray"], width=2)
        d.text((430, y), label, font=font(30), fill=PAL["black"], anchor="lm")
    save(img, "im_053")


def im_054():
    """Apartment floor plan: four rooms with black walls, labelled BED, BATH, KITCHEN, LIVING."""
    img, d = canvas(640, 480, PAL["white"])
    rooms = [((40, 40, 300, 240), (215, 230, 245), "BED"), ((300, 40, 600, 240), (245, 235, 215), "LIVING"),
             ((40, 240, 220, 440), (215, 240, 225), "BATH"), ((220, 240, 600, 440), (250, 240, 200), "KITCHEN")]
    for box, fill, name in rooms:
        d.rectangle(box, fill=fill, outline=PAL["black"], width=8)
        text_c(d, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), name, 32, PAL["navy"])
    for x0, y0, x1, y1 in [(150, 236, 200, 244), (296, 100, 304, 150), (120, 236, 170, 244), (400, 236, 460, 244)]:
        d.rectangle((x0, y0, x1, y1), fill=PAL["white"])
    d.rectangle((400, 436, 470, 444), fill=PAL["white"])
    d.arc((400, 366, 540, 506), 180, 270, fill=PAL["gray"], width=3)
    d.rounded_rectangle((56, 60, 112, 160), radius=8, fill=(150, 180, 220))
    save(img, "im_054")


def im_055():
    """Isometric city block: three buildings (blue, orange, white) on a green lot, a road, trees."""
    img, d = canvas(512, 512, (220, 235, 245))

    def iso(x, y, z):
        return (256 + (x - y) * 0.866, 290 + (x + y) * 0.5 - z)

    def box(x, y, w, dpt, h, top, left, right):
        d.polygon([iso(x, y, h), iso(x + w, y, h), iso(x + w, y + dpt, h), iso(x, y + dpt, h)], fill=top)
        d.polygon([iso(x, y + dpt, 0), iso(x + w, y + dpt, 0), iso(x + w, y + dpt, h), iso(x, y + dpt, h)], fill=left)
        d.polygon([iso(x + w, y, 0), iso(x + w, y + dpt, 0), iso(x + w, y + dpt, h), iso(x + w, y, h)], fill=right)

    d.polygon([iso(-160, -160, 0), iso(160, -160, 0), iso(160, 160, 0), iso(-160, 160, 0)], fill=(110, 180, 100))
    d.polygon([iso(-160, 160, 0), iso(160, 160, 0), iso(160, 220, 0), iso(-160, 220, 0)], fill=(90, 90, 100))
    box(-140, -140, 90, 90, 150, (120, 160, 240), PAL["blue"], (20, 60, 170))
    box(0, -140, 110, 80, 100, (255, 180, 110), PAL["orange"], (200, 100, 20))
    box(-120, 20, 100, 100, 80, PAL["white"], (225, 225, 230), (200, 200, 210))
    for tx, ty in [(40, 60), (100, 40), (90, 110)]:
        px, py = iso(tx, ty, 0)
        d.rectangle((px - 3, py - 20, px + 3, py), fill=PAL["brown"])
        d.ellipse((px - 16, py - 48, px + 16, py - 16), fill=(40, 120, 50))
    save(img, "im_055")


def im_056():
    """Red dragon flying over misty blue mountains at sunset, wings spread."""
    img, d = canvas()
    vgrad(img, (0, 0, 512, 512), (250, 190, 120), (200, 120, 140))
    d = ImageDraw.Draw(img)
    ridge(d, 512, 512, 330, 50, (140, 120, 170), seed=56)
    ridge(d, 512, 512, 380, 45, (95, 85, 140), seed=57)
    ridge(d, 512, 512, 440, 30, (55, 50, 95), seed=58)
    cx, cy = 260, 190
    red = PAL["red"]
    d.polygon([(cx - 20, cy), (cx - 170, cy - 110), (cx - 130, cy - 30), (cx - 160, cy + 10), (cx - 30, cy + 20)], fill=(180, 20, 35))
    d.polygon([(cx + 20, cy), (cx + 170, cy - 120), (cx + 140, cy - 30), (cx + 170, cy + 5), (cx + 30, cy + 20)], fill=(180, 20, 35))
    d.ellipse((cx - 60, cy - 20, cx + 60, cy + 30), fill=red)
    d.polygon([(cx + 50, cy), (cx + 110, cy - 40), (cx + 120, cy - 30), (cx + 60, cy + 15)], fill=red)
    d.ellipse((cx + 100, cy - 55, cx + 140, cy - 25), fill=red)
    d.polygon([(cx - 55, cy + 5), (cx - 150, cy + 60), (cx - 160, cy + 50), (cx - 50, cy - 10)], fill=red)
    d.ellipse((cx + 122, cy - 46, cx + 130, cy - 38), fill=PAL["yellow"])
    save(img, "im_056")


def im_057():
    """Cyberpunk portrait: woman with a magenta bob, glowing cyan visor, black jacket, city bokeh."""
    img, d = canvas()
    vgrad(img, (0, 0, 512, 512), (25, 15, 50), (60, 20, 70))
    rnd = random.Random(57)
    for _ in range(20):
        x, y, r = rnd.uniform(0, 512), rnd.uniform(0, 300), rnd.uniform(8, 20)
        d.ellipse((x - r, y - r, x + r, y + r), fill=rnd.choice([(90, 40, 110), (40, 70, 120), (110, 50, 90)]))
    d.polygon([(110, 512), (150, 400), (362, 400), (402, 512)], fill=PAL["black"])
    d.polygon([(236, 400), (276, 400), (256, 470)], fill=(60, 60, 70))
    d.rectangle((230, 330, 282, 410), fill=(220, 175, 150))
    d.ellipse((160, 100, 352, 330), fill=PAL["magenta"])
    d.rectangle((160, 210, 352, 340), fill=PAL["magenta"])
    d.ellipse((186, 130, 326, 340), fill=(230, 185, 160))
    d.pieslice((160, 90, 352, 260), 180, 300, fill=PAL["magenta"])
    d.rounded_rectangle((176, 210, 336, 252), radius=18, fill=PAL["cyan"])
    d.arc((226, 285, 286, 310), 20, 160, fill=(150, 50, 70), width=4)
    save(img, "im_057")


def im_058():
    """Two-panel comic: an orange cat offers a ball to a brown dog; the dog wags, HI / PLAY?"""
    img, d = canvas(640, 480, PAL["black"])
    for x0 in (12, 328):
        d.rectangle((x0, 12, x0 + 300, 468), fill=(235, 245, 225))
        d.rectangle((x0, 380, x0 + 300, 468), fill=(170, 210, 140))

    def cat(x, y):
        d.ellipse((x - 40, y - 60, x + 40, y + 10), fill=PAL["orange"])
        d.ellipse((x - 30, y - 110, x + 30, y - 50), fill=PAL["orange"])
        d.polygon([(x - 28, y - 95), (x - 20, y - 125), (x - 6, y - 105)], fill=PAL["orange"])
        d.polygon([(x + 28, y - 95), (x + 20, y - 125), (x + 6, y - 105)], fill=PAL["orange"])
        for ex in (-12, 12):
            d.ellipse((x + ex - 4, y - 88, x + ex + 4, y - 80), fill=PAL["black"])

    def dog(x, y):
        d.ellipse((x - 50, y - 60, x + 50, y + 10), fill=PAL["brown"])
        d.ellipse((x - 34, y - 120, x + 34, y - 52), fill=PAL["brown"])
        d.ellipse((x - 44, y - 110, x - 24, y - 70), fill=(80, 45, 20))
        d.ellipse((x + 24, y - 110, x + 44, y - 70), fill=(80, 45, 20))
        for ex in (-12, 12):
            d.ellipse((x + ex - 4, y - 96, x + ex + 4, y - 88), fill=PAL["black"])

    cat(100, 390)
    dog(230, 390)
    d.ellipse((140, 350, 170, 380), fill=PAL["blue"])
    speech(d, (40, 40, 180, 120), (100, 260), "HI", 36, fill=PAL["white"])
    cat(410, 390)
    dog(550, 390)
    d.line((600, 360, 630, 330), fill=PAL["brown"], width=8)
    d.ellipse((470, 350, 500, 380), fill=PAL["blue"])
    speech(d, (440, 40, 600, 120), (540, 250), "PLAY?", 34, fill=PAL["white"])
    save(img, "im_058")


def im_059():
    """Game level-select screen: five round level buttons on a path, gold stars, LEVELS title."""
    img, d = canvas(480, 640)
    vgrad(img, (0, 0, 480, 640), (120, 200, 250), (90, 190, 120))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((80, 20, 400, 90), radius=30, fill=PAL["purple"])
    text_c(d, (240, 55), "LEVELS", 44, PAL["white"])
    pts = [(120, 560), (340, 470), (140, 370), (340, 270), (180, 170)]
    d.line(pts, fill=(240, 225, 170), width=26, joint="curve")
    for i, (x, y) in enumerate(pts):
        col = PAL["orange"] if i < 4 else (150, 150, 160)
        d.ellipse((x - 40, y - 40, x + 40, y + 40), fill=(255, 255, 255))
        d.ellipse((x - 34, y - 34, x + 34, y + 34), fill=col)
        text_c(d, (x, y), str(i + 1), 36, PAL["white"])
    for i in range(3):
        star(d, (300 + i * 40, 600), 16, 7, PAL["gold"])
    save(img, "im_059")


def im_060():
    """Editorial concept: a navy head profile with a glowing yellow light bulb inside, on beige."""
    img, d = canvas(512, 512, PAL["beige"])
    head = [(150, 460), (150, 380), (120, 330), (110, 250), (130, 170), (190, 110), (270, 95), (340, 120),
            (385, 180), (395, 240), (420, 290), (395, 300), (400, 340), (385, 350), (390, 380), (350, 395),
            (330, 460)]
    d.polygon(head, fill=PAL["navy"])
    d.ellipse((200, 150, 320, 270), fill=PAL["yellow"])
    d.rectangle((235, 265, 285, 300), fill=PAL["gray"])
    for k in range(3):
        d.line((237, 275 + k * 9, 283, 275 + k * 9), fill=(90, 90, 90), width=2)
    for k in range(8):
        a = math.radians(k * 45)
        d.line((260 + 72 * math.cos(a), 210 + 72 * math.sin(a), 260 + 92 * math.cos(a), 210 + 92 * math.sin(a)), fill=PAL["yellow"], width=5)
    save(img, "im_060")


REGISTRY = {name: fn for name, fn in sorted(globals().items()) if name.startswith("im_") and callable(fn)}


def main(argv: list[str]) -> None:
    names = argv or list(REGISTRY)
    for name in names:
        REGISTRY[name]()
        print(name)


if __name__ == "__main__":
    main(sys.argv[1:])
