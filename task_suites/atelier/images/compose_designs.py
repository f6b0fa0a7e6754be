"""Compose batch-c IM targets (im_081..im_120) from licensed parts installed from Debian.

Deterministic: every part is read from the installed package (paths below); nothing is
downloaded or random. Each target's parts, authors and licences are recorded in
images/attribution/im_c.yaml. Run from anywhere:

    python task_suites/atelier/images/compose_designs.py [OUT_DIR] [im_NNN ...]

Needs: hedgewars-data, supertux-data, openclipart-png, fonts-dejavu-core, fonts-dejavu-extra,
fonts-liberation, fonts-quicksand (Debian).
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

Image.MAX_IMAGE_PIXELS = None
HERE = Path(__file__).resolve().parent
HW = Path("/usr/share/games/hedgewars/Data")
ST = Path("/usr/share/games/supertux2/images")
OC = Path("/usr/share/openclipart/png")
FONTS = {
    "sans": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "sans-bold": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "sans-cond-bold": "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf",
    "serif": "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "serif-bold": "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
    "lib-sans-bold": "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    "lib-sans": "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
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
    "im_082": ("Hammock", "Nature", (0, 0, 1, 1)),
    "im_083": ("Hedgelove", "Nature", (0, 0, 1, 1)),
    "im_084": ("Hydrant", "City", (0, 0, 1, 1)),
    "im_085": ("Lonely_Island", "Island", (0, 0, 1, 1)),
    "im_086": ("Mushrooms", "Nature", (0, 0, 1, 1)),
    "im_087": ("Octorama", "Underwater", (0, 0, 1, 1)),
    "im_088": ("Plane", "Planes", (0, 0, 1, 1)),
    "im_089": ("Battlefield", "Nature", (0, 0, 1, 1)),
    "im_090": ("Cake", "Cake", (0, 0, 1, 1)),
    "im_091": ("Bath", "Bath", (0, 0, 1, 1)),
    "im_092": ("Tree", "Halloween", (0, 0, 1, 1)),
    "im_093": ("Sheep", "Sheep", (0, 0, 1, 1)),
    "im_094": ("SB_Tentacles", "Hell", (0, 0, 1, 1)),
    "im_095": ("Trash", "Compost", (0, 0, 1, 1)),
}


def supertux(rel: str, crop: tuple[float, float, float, float] = (0, 0, 1, 1)) -> Image.Image:
    im = Image.open(ST / rel).convert("RGBA")
    w, h = im.size
    l, t, r, b = crop
    return im.crop((round(l * w), round(t * h), round(r * w), round(b * h)))


SUPERTUX: dict[str, tuple[str, tuple[float, float, float, float]]] = {
    "im_096": ("background/christmas/intro.jpg", (0, 0, 1, 1)),
    "im_097": ("background/christmas/outro.jpg", (0, 0, 1, 1)),
    "im_098": ("background/halloween/intro.jpg", (0, 0, 1, 1)),
    "im_099": ("background/misc/oiltux.jpg", (0, 0, 1, 1)),
}

DESIGNS = {}


def build(tid: str) -> Image.Image:
    if tid in HEDGEWARS:
        return finish(hedgewars_scene(*HEDGEWARS[tid]))
    if tid in SUPERTUX:
        return finish(supertux(*SUPERTUX[tid]))
    return finish(DESIGNS[tid]())


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else HERE
    ids = argv[1:] or sorted({*HEDGEWARS, *SUPERTUX, *DESIGNS})
    for tid in ids:
        img = build(tid)
        img.save(out / f"{tid}.jpg", quality=85, optimize=True)
        print(tid, img.size)


if __name__ == "__main__":
    main(sys.argv[1:])
