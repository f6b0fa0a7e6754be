"""Compose batch-c IM targets (those of im_081..im_120 that batches d and e did not replace) from licensed
parts installed from Debian.

Deterministic: every part is read from the installed package (paths below); nothing is
downloaded or random. Each target's parts, authors and licences are recorded in
images/attribution/im_c.yaml. Run from anywhere:

    python task_suites/atelier/images/compose_designs.py [OUT_DIR] [im_NNN ...]

Needs: hedgewars-data, supertux-data, openclipart-png, fonts-liberation, fonts-quicksand, openclipart-svg, librsvg2-bin (Debian).
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

Image.MAX_IMAGE_PIXELS = None
HERE = Path(__file__).resolve().parent
HW = Path("/usr/share/games/hedgewars/Data")
ST = Path("/usr/share/games/supertux2/images")
OC = Path("/usr/share/openclipart/png")
FONTS = {
    "sans": "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "sans-bold": "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    "sans-cond-bold": "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Bold.ttf",
    "serif-bold": "/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf",
    "lib-serif-bold": "/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf",
    "lib-serif-italic": "/usr/share/fonts/truetype/liberation/LiberationSerif-Italic.ttf",
    "quicksand-bold": "/usr/share/fonts/truetype/quicksand/Quicksand-Bold.ttf",
    "quicksand": "/usr/share/fonts/truetype/quicksand/Quicksand-Regular.ttf",
}
LONG_SIDE = 768


def font(name: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(FONTS[name], size)


def finish(img: Image.Image) -> Image.Image:
    img = img.convert("RGB")
    scale = LONG_SIDE / max(img.size)
    if scale < 1:
        img = img.resize((round(img.width * scale), round(img.height * scale)), Image.LANCZOS)
    return img


def clip(path: Path, height: int | None = None, width: int | None = None) -> Image.Image:
    im = Image.open(path).convert("RGBA")
    im = im.crop(im.getbbox())
    if height:
        im = im.resize((max(1, round(im.width * height / im.height)), height), Image.LANCZOS)
    elif width:
        im = im.resize((width, max(1, round(im.height * width / im.width))), Image.LANCZOS)
    return im


def paste(canvas: Image.Image, part: Image.Image, x: int, y: int, anchor: str = "mb") -> None:
    """Alpha-paste ``part`` with its anchor (m=middle, l, r; b=bottom, t, c) at x, y."""
    dx = {"l": 0, "m": part.width // 2, "r": part.width}[anchor[0]]
    dy = {"t": 0, "c": part.height // 2, "b": part.height}[anchor[1]]
    canvas.alpha_composite(part, (x - dx, y - dy))


# --- Hedgewars scenes: the theme's sky and horizon behind the map's land art --------------

def hedgewars_scene(map_name: str, theme: str, crop: tuple[float, float, float, float]) -> Image.Image:
    land = Image.open(HW / "Maps" / map_name / "map.png").convert("RGBA")
    w, h = land.size
    canvas = Image.new("RGBA", (w, h))
    sky = Image.open(HW / "Themes" / theme / "Sky.png").convert("RGBA")
    canvas.alpha_composite(sky.resize((w, h), Image.LANCZOS))
    hor = Image.open(HW / "Themes" / theme / "horizont.png").convert("RGBA")
    hor = hor.resize((hor.width * 2, hor.height * 2), Image.LANCZOS)
    for x in range(0, w, hor.width):
        canvas.alpha_composite(hor, (x, h - hor.height))
    canvas.alpha_composite(land)
    l, t, r, b = crop
    return canvas.crop((round(l * w), round(t * h), round(r * w), round(b * h)))


HEDGEWARS = {
    # id: (map, theme, crop as fractions of the map)
    "im_081": ("Castle", "Nature", (0, 0, 1, 1)),
    "im_085": ("Lonely_Island", "Island", (0, 0, 1, 1)),
    "im_086": ("Mushrooms", "Nature", (0, 0, 1, 1)),
    "im_089": ("Battlefield", "Nature", (0, 0, 1, 1)),
    "im_094": ("SB_Tentacles", "Hell", (0, 0, 1, 1)),
}


def supertux(rel: str, crop: tuple[float, float, float, float] = (0, 0, 1, 1)) -> Image.Image:
    im = Image.open(ST / rel).convert("RGBA")
    w, h = im.size
    l, t, r, b = crop
    return im.crop((round(l * w), round(t * h), round(r * w), round(b * h)))


SUPERTUX: dict[str, tuple[str, tuple[float, float, float, float]]] = {
    "im_099": ("background/misc/oiltux.jpg", (0, 0, 1, 1)),
}

# --- Designs: flat layouts with openclipart parts (public domain) and Debian fonts ---------

def text(d: ImageDraw.ImageDraw, xy, s: str, f, fill, anchor="mm", **kw) -> None:
    d.text(xy, s, font=f, fill=fill, anchor=anchor, **kw)


def jazz_poster() -> Image.Image:
    W, H = 600, 900
    c = Image.new("RGBA", (W, H), (18, 92, 98, 255))
    d = ImageDraw.Draw(c)
    d.ellipse((90, 170, 510, 590), fill=(242, 140, 40, 255))
    sax = clip(OC / "recreation/music/saxophone_jarno_vasamaa_.png", height=400)
    paste(c, sax, 250, 600)
    tr = clip(OC / "recreation/music/trumpet_b_flat_colour_ganso.png", width=260).rotate(25, expand=True, resample=Image.BICUBIC)
    paste(c, tr, 400, 420, "mc")
    text(d, (W // 2, 85), "RIVERSIDE", font("sans-cond-bold", 86), (245, 226, 190))
    text(d, (W // 2, 680), "JAZZ NIGHT", font("sans-cond-bold", 92), (242, 140, 40))
    d.line((120, 745, 480, 745), fill=(245, 226, 190), width=3)
    text(d, (W // 2, 790), "FRIDAY 8 PM", font("sans-bold", 40), (245, 226, 190))
    text(d, (W // 2, 850), "OLD MILL STAGE", font("sans", 28), (245, 226, 190))
    return c


def weather_app() -> Image.Image:
    W, H = 540, 960
    c = Image.new("RGBA", (W, H), (255, 255, 255, 255))
    top, bottom = (64, 140, 230), (150, 205, 250)
    for y in range(H):
        t = y / H
        ImageDraw.Draw(c).line((0, y, W, y), fill=tuple(round(a + (b - a) * t) for a, b in zip(top, bottom)))
    d = ImageDraw.Draw(c)
    text(d, (40, 34), "9:41", font("sans-bold", 24), "white", "lm")
    d.rounded_rectangle((460, 24, 500, 44), 5, outline="white", width=2)
    d.rectangle((464, 28, 488, 40), fill="white")
    text(d, (W // 2, 120), "Porto", font("quicksand-bold", 50), "white")
    sun = clip(OC / "recreation/holiday/sunshine_matthew_gates_01.png", height=200)
    paste(c, sun, W // 2, 360)
    text(d, (W // 2, 450), "21°", font("quicksand-bold", 130), "white")
    text(d, (W // 2, 545), "Sunny", font("quicksand", 40), "white")
    panel = Image.new("RGBA", (W, H))
    pd = ImageDraw.Draw(panel)
    pd.rounded_rectangle((30, 610, W - 30, 900), 28, fill=(255, 255, 255, 60))
    for i in range(3):
        pd.line((60, 683 + i * 66, W - 60, 683 + i * 66), fill=(255, 255, 255, 150), width=2)
    c.alpha_composite(panel)
    for i, (day, t) in enumerate([("Mon", "22°"), ("Tue", "19°"), ("Wed", "17°"), ("Thu", "20°")]):
        y = 650 + i * 66
        text(d, (70, y), day, font("quicksand-bold", 32), "white", "lm")
        text(d, (W - 70, y), t, font("quicksand-bold", 32), "white", "rm")
    return c


FRUIT = [("Apples", 42, "food/fruit/an_apple_01.png", (200, 40, 40)),
         ("Bananas", 35, "food/fruit/bananas_nicu_buculei_01.png", (235, 195, 30)),
         ("Oranges", 28, "food/fruit/orange_simple.png", (240, 130, 30)),
         ("Pears", 15, "food/fruit/pear_01.png", (150, 170, 50))]


def fruit_chart() -> Image.Image:
    W, H = 900, 640
    c = Image.new("RGBA", (W, H), (255, 255, 255, 255))
    d = ImageDraw.Draw(c)
    text(d, (60, 60), "Fruit sold this week", font("sans-bold", 44), (40, 40, 50), "lm")
    text(d, (60, 108), "Crates per fruit, market stall no. 7", font("sans", 24), (110, 110, 120), "lm")
    base, left = 520, 110
    for v in range(0, 50, 10):
        y = base - v * 8
        d.line((left, y, W - 50, y), fill=(225, 225, 230), width=2)
        text(d, (left - 14, y), str(v), font("sans", 20), (120, 120, 130), "rm")
    for i, (name, val, part, col) in enumerate(FRUIT):
        x0 = left + 40 + i * 185
        d.rectangle((x0, base - val * 8, x0 + 110, base), fill=col)
        text(d, (x0 + 55, base - val * 8 - 22), str(val), font("sans-bold", 30), (40, 40, 50))
        icon = clip(OC / part, height=62)
        paste(c, icon, x0 + 55, base + 72)
        text(d, (x0 + 55, base + 96), name, font("sans", 22), (60, 60, 70), "mt")
    d.line((left, base, W - 50, base), fill=(60, 60, 70), width=3)
    return c


def birthday_card() -> Image.Image:
    W, H = 700, 900
    c = Image.new("RGBA", (W, H), (255, 236, 240, 255))
    d = ImageDraw.Draw(c)
    for i in range(0, W, 70):
        d.polygon([(i, 0), (i + 70, 0), (i + 35, 40)], fill=[(240, 90, 120), (250, 200, 60), (90, 180, 220)][(i // 70) % 3])
    balloons = clip(OC / "recreation/party/balloons-aj.png", height=360)
    paste(c, balloons, 190, 470)
    cake = clip(OC / "recreation/party/birthday_cake.png", width=300)
    paste(c, cake, 470, 500)
    text(d, (W // 2, 620), "Happy Birthday,", font("quicksand-bold", 64), (200, 40, 90))
    text(d, (W // 2, 710), "Mia!", font("quicksand-bold", 96), (200, 40, 90))
    text(d, (W // 2, 820), "Love from all of us", font("quicksand", 34), (110, 60, 80))
    return c


DESIGNS = {
    "im_100": jazz_poster,
    "im_102": weather_app,
    "im_103": fruit_chart,
    "im_105": birthday_card,
}


# --- Clip-art targets: one openclipart piece on white, or several placed into a scene -------

CLIPART = {
    # id: (path under /usr/share/openclipart/png, crop as fractions of the piece's content box)
    "im_109": ("recreation/park_nicu_buculei_01.png", (0, 0, 1, 1)),
    "im_110": ("transportation/boating/sailing_sunset.png", (0, 0, 1, 1)),
    "im_112": ("recreation/music/fifties_jukebox_gerald_g_01.png", (0, 0, 1, 1)),
    "im_115": ("unsorted/caterpillar.png", (0, 0, 1, 1)),
    "im_117": ("unsorted/landscape_near_the_river_01.png", (0.2, 0, 1, 1)),
    "im_118": ("unsorted/carpentiere2.png", (0, 0, 1, 1)),
}


OCSVG = Path("/usr/share/openclipart/svg")


def render_svg(rel: str, long_side: int = 1100) -> Image.Image:
    """The openclipart-svg drawing matching ``rel`` (a .png name) rendered by rsvg-convert."""
    svg = OCSVG / rel.replace(".png", ".svg")
    probe = Image.open(OC / rel)
    opt = ["-w", str(long_side)] if probe.width >= probe.height else ["-h", str(long_side)]
    out = subprocess.run(["rsvg-convert", *opt, "-f", "png", str(svg)], check=True, capture_output=True).stdout
    return Image.open(io.BytesIO(out)).convert("RGBA")


def clipart(rel: str, crop: tuple[float, float, float, float]) -> Image.Image:
    im = render_svg(rel)
    im = im.crop(im.getbbox())
    w, h = im.size
    l, t, r, b = crop
    im = im.crop((round(l * w), round(t * h), round(r * w), round(b * h)))
    m = round(0.04 * max(im.size))
    c = Image.new("RGBA", (im.width + 2 * m, im.height + 2 * m), (255, 255, 255, 255))
    c.alpha_composite(im, (m, m))
    return c


def build(tid: str) -> Image.Image:
    if tid in HEDGEWARS:
        return finish(hedgewars_scene(*HEDGEWARS[tid]))
    if tid in SUPERTUX:
        return finish(supertux(*SUPERTUX[tid]))
    if tid in CLIPART:
        return finish(clipart(*CLIPART[tid]))
    return finish(DESIGNS[tid]())


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else HERE
    ids = argv[1:] or sorted({*HEDGEWARS, *SUPERTUX, *CLIPART, *DESIGNS})
    for tid in ids:
        img = build(tid)
        img.save(out / f"{tid}.jpg", quality=85, optimize=True)
        print(tid, img.size)


if __name__ == "__main__":
    main(sys.argv[1:])
