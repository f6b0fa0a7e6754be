"""``reference``: a deterministic renderer that draws what a prompt literally says.

This is a stand-in for machines without a text-to-image model, not a model: it does not
understand the prompt, it reads a few literal things from it and draws flat graphics, so
that the image side of a run (OCR, palette and count checkers) is exercised offline and
rewards prompts that spell out what they want. It reads

- quoted text (``"..."``, ``'...'``, ``“...”``): drawn large and legible;
- counts of things: ``three red circles``, ``2 blue squares``, ``a single gold star``,
  ``five lanterns`` (numbers 1-20 in digits or words): that many separate shapes, of the
  colour named with them, before the noun or just after it (``circles in red``, ``squares
  painted teal``, ``lanterns, all crimson``); circles, squares, rectangles, triangles, stars
  and diamonds are drawn as such, any other thing as a circle; ``a red circle`` draws one;
- a background colour (``on a navy background``, ``teal backdrop``);
- a colour named next to quoted text colours the text; any other colour word adds a
  coloured frame, so that colours asked for appear in the image;
- layout words near an item (``at the top``, ``bottom-left``, ``in the center``).

Negated mentions (``no circles``) are not drawn. Image ``i`` of ``n`` uses seed ``seed + i``
and differs from the others only in shape jitter and a slight background tint.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import io
import math
import random
import re

from PIL import Image, ImageDraw, ImageFont

from ..components import GeneratedImage, GenerationRequest
from ..judge import colors
from ..judge.text_match import NEGATION_WORDS, REGION_WORDS, Tok, is_negated, read_number, same_word, tokenize

__all__ = ["TextItem", "ShapeGroup", "Scene", "parse_prompt", "draw", "ReferenceBackend", "VERSION", "make"]

VERSION = "2"  # bump whenever the same prompt and seed would render differently

SHAPES = {
    "circle": "circle", "dot": "circle", "disc": "circle", "disk": "circle", "ball": "circle",
    "square": "square", "box": "square", "block": "square", "tile": "square",
    "rectangle": "rectangle", "bar": "rectangle",
    "triangle": "triangle", "star": "star", "diamond": "diamond",
}  # fmt: skip
BACKGROUND_WORDS = {"background", "backdrop"}
# Words that end the look-ahead from a number to the thing it counts.
STOP_WORDS = {
    *NEGATION_WORDS,
    "and",
    "or",
    "with",
    "of",
    "in",
    "on",
    "at",
    "to",
    "for",
    "from",
    "by",
    "near",
    "next",
    "under",
    "over",
    "above",
    "below",
    "each",
    "that",
    "which",
    "the",
    "a",
    "an",
}
# Words that may stand between a counted noun and its colour: "circles in red", "stars that are gold".
COLOUR_LINKS = {
    "in", "of", "all", "each", "that", "which", "is", "are",
    "colored", "coloured", "painted", "tinted", "shaded", "filled", "drawn", "rendered",
}  # fmt: skip
UNITS = {"mm", "cm", "px", "pt", "inch", "inches", "percent", "am", "pm", "fps", "dpi", "years", "year", "times"}
MAX_COUNT = 20
_QUOTES = re.compile(r"“([^”\n]+)”|\"([^\"\n]+)\"|‘([^’\n]+)’|(?<!\w)'([^'\n]+)'(?!\w)")


@dataclasses.dataclass(frozen=True)
class TextItem:
    text: str
    color: str | None = None
    region: str | None = None


@dataclasses.dataclass(frozen=True)
class ShapeGroup:
    shape: str
    count: int
    color: str | None = None
    region: str | None = None
    noun: str = ""


@dataclasses.dataclass(frozen=True)
class Scene:
    """What the renderer will draw, as read from the prompt."""

    background: str = "white"
    texts: tuple[TextItem, ...] = ()
    shapes: tuple[ShapeGroup, ...] = ()
    accents: tuple[str, ...] = ()


# --- reading the prompt ---------------------------------------------------------------------


def _shape_of(word: str) -> str | None:
    return next((shape for noun, shape in SHAPES.items() if same_word(noun, word)), None)


def _regions(toks: list[Tok]) -> list[tuple[int, str]]:
    """Non-negated region mentions as (token index, region); adjacent top/left words form corners."""
    side = {w: r for r, ws in REGION_WORDS.items() for w in ws}
    found = [(i, side[t.word]) for i, t in enumerate(toks) if t.word in side and not is_negated(toks, i)]
    merged: list[tuple[int, str]] = []
    for i, region in found:
        if (
            merged
            and merged[-1][0] == i - 1
            and {merged[-1][1], region} in ({"top", "left"}, {"top", "right"}, {"bottom", "left"}, {"bottom", "right"})
        ):
            vertical = merged[-1][1] if merged[-1][1] in ("top", "bottom") else region
            horizontal = region if vertical == merged[-1][1] else merged[-1][1]
            merged[-1] = (merged[-1][0], f"{vertical}-{horizontal}")
        else:
            merged.append((i, region))
    return merged


def _nearest_region(toks: list[Tok], regions: list[tuple[int, str]], at: int) -> str | None:
    """The closest region mention in the item's clause (one after the item wins ties of up to
    three tokens: "X at the top and Y at the bottom"); else a short opening clause of the
    sentence that names a region ("In the lower part, ... the title")."""
    same = [(abs(i - at) + (3 if i < at else 0), r) for i, r in regions if toks[i].clause == toks[at].clause]
    if same:
        return min(same)[1]
    opening = min(t.clause for t in toks if t.sentence == toks[at].sentence)
    intro = [r for i, r in regions if toks[i].clause == opening < toks[at].clause]
    short = sum(t.clause == opening for t in toks) <= 5
    return intro[0] if intro and short else None


def _trailing_colour(toks: list[Tok], at: int) -> list[int]:
    """The token after up to three link words that follow the noun at ``at`` ("circles in
    red", "lanterns, all crimson"); empty when no link word follows."""
    k = at + 1
    while k < len(toks) and k - at <= 3 and toks[k].word in COLOUR_LINKS:
        k += 1
    return [k] if k > at + 1 else []


def parse_prompt(prompt: str) -> Scene:
    """Read the literal content of a prompt into a :class:`Scene`."""
    quoted: list[str] = []

    def placeholder(m: re.Match) -> str:
        quoted.append(next(g for g in m.groups() if g is not None).strip())
        return f" qtext{len(quoted) - 1} "

    toks = tokenize(_QUOTES.sub(placeholder, prompt))
    regions = _regions(toks)
    used: set[int] = set()  # token indices of colour words already bound to something

    def colour_at(i: int) -> str | None:
        if 0 <= i < len(toks) and i not in used and colors.canonical(toks[i].word) and not is_negated(toks, i):
            return colors.canonical(toks[i].word)
        return None

    def bind(candidates, sentence: int) -> str | None:
        """The first free colour word among the token indices, now bound."""
        for k in candidates:
            if colour_at(k) and toks[k].sentence == sentence:
                used.add(k)
                return colors.canonical(toks[k].word)
        return None

    background = "white"
    for i, t in enumerate(toks):
        if t.word in BACKGROUND_WORDS:
            background = bind((i - 2, i - 1, i + 1, i + 2, i + 3), t.sentence) or background
            if background != "white":
                break

    shapes = []
    for i, t in enumerate(toks):
        number = read_number(toks, i)
        if not number and t.word not in ("a", "an"):
            continue
        count, length = number or (1, 1)
        if not 1 <= count <= MAX_COUNT or is_negated(toks, i) or (i and toks[i - 1].word.isdigit()):
            continue  # out of range, negated, or part of "16:9" / "85 x 55"
        run = []  # the words after the number, up to a stop word: "three [red paper lanterns]"
        for k in range(i + length, min(i + length + 4, len(toks))):
            word = toks[k].word
            if word in STOP_WORDS or toks[k].clause != t.clause or read_number(toks, k) or word.startswith("qtext"):
                break
            run.append(k)
        nouns = [
            k for k in run if not colors.canonical(toks[k].word) and len(toks[k].word) > 2 and toks[k].word not in UNITS
        ]
        if not nouns:
            continue
        shape_at = next((k for k in nouns if _shape_of(toks[k].word)), None)
        if number is None and shape_at is None:
            continue  # "a red circle" draws one; "a cosy room" draws nothing
        noun_at = shape_at if shape_at is not None else nouns[-1]
        hue = bind([k for k in run if k < noun_at], t.sentence) or bind(_trailing_colour(toks, noun_at), t.sentence)
        shape = _shape_of(toks[noun_at].word) if shape_at is not None else "circle"
        shapes.append(ShapeGroup(shape, count, hue, _nearest_region(toks, regions, noun_at), toks[noun_at].word))

    texts = []
    for n, text in enumerate(quoted):
        at = next(i for i, t in enumerate(toks) if t.word == f"qtext{n}")
        hue = bind((at - 1, at + 2, at - 2, at + 1, at - 3, at + 3), toks[at].sentence)
        texts.append(TextItem(text, hue, _nearest_region(toks, regions, at)))
    # colour words bound to nothing become frames, unless that colour is drawn already
    accents = []
    for i in range(len(toks)):
        name = colour_at(i)
        if name and name != background and name not in accents:
            accents.append(name)
    bound = {g.color for g in shapes} | {t.color for t in texts}
    accents = [a for a in accents if a not in bound]
    return Scene(background, tuple(texts), tuple(shapes), tuple(accents))


# --- drawing --------------------------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def _font(size: int) -> ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def _contrast(background: str) -> str:
    r, g, b = colors.rgb(background)
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "white"


def _wrap(text: str, font, width: float) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and font.getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [text]


def _draw_text(draw: ImageDraw.ImageDraw, item: TextItem, box, fill) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    # Largest size that fits: on one line while that stays 20 px or more (OCR reads a line
    # more reliably than a wrapped block), else wrapped at word boundaries, down to 12 px.
    for wrap, floor in ((False, 20), (True, 12)):
        size = int(min(h * 0.6, 140))
        while True:
            font = _font(max(size, floor))
            lines = _wrap(item.text, font, w * 0.9) if wrap else [item.text]
            line_h = font.size * 1.25
            fits = max(font.getlength(line) for line in lines) <= w * 0.9 and line_h * len(lines) <= h * 0.9
            if fits or size <= floor:
                break
            size = int(size * 0.85)
        if fits:
            break
    top = (y0 + y1) / 2 - line_h * (len(lines) - 1) / 2
    for k, line in enumerate(lines):
        draw.text(((x0 + x1) / 2, top + k * line_h), line, fill=fill, font=font, anchor="mm")


def _shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    if shape == "triangle":
        return [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    # star: ten points alternating outer and inner radius
    return [
        (
            cx + (r if k % 2 == 0 else r * 0.45) * math.cos(-math.pi / 2 + k * math.pi / 5),
            cy + (r if k % 2 == 0 else r * 0.45) * math.sin(-math.pi / 2 + k * math.pi / 5),
        )
        for k in range(10)
    ]


def _draw_shapes(draw: ImageDraw.ImageDraw, group: ShapeGroup, box, fill, rng: random.Random) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cols = max(1, math.ceil(math.sqrt(group.count * w / max(h, 1))))
    rows = math.ceil(group.count / cols)
    cw, ch = w / cols, h / rows
    r = 0.32 * min(cw, ch)
    for n in range(group.count):
        # each shape stays inside its own grid cell, so shapes never touch
        cx = x0 + (n % cols + 0.5) * cw + rng.uniform(-0.12, 0.12) * min(cw, ch)
        cy = y0 + (n // cols + 0.5) * ch + rng.uniform(-0.12, 0.12) * min(cw, ch)
        if group.shape == "circle":
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
        elif group.shape == "square":
            draw.rectangle((cx - r, cy - r, cx + r, cy + r), fill=fill)
        elif group.shape == "rectangle":
            draw.rectangle((cx - r, cy - r * 0.6, cx + r, cy + r * 0.6), fill=fill)
        else:
            draw.polygon(_shape_points(group.shape, cx, cy, r), fill=fill)


# Regions as cells of a 3 x 3 grid: (first column, first row, last column + 1, last row + 1).
# Each lies inside the checkers' region of the same name, so drawn items are found there.
GRID = {
    "top": (0, 0, 3, 1), "bottom": (0, 2, 3, 3), "left": (0, 0, 1, 3), "right": (2, 0, 3, 3),
    "center": (1, 1, 2, 2), "top-left": (0, 0, 1, 1), "top-right": (2, 0, 3, 1),
    "bottom-left": (0, 2, 1, 3), "bottom-right": (2, 2, 3, 3),
}  # fmt: skip


Cell = tuple[int, int]


def _cells(box: tuple[int, int, int, int]) -> set[Cell]:
    c0, r0, c1, r1 = box
    return {(c, r) for c in range(c0, c1) for r in range(r0, r1)}


def _bounds(cells: set[Cell]) -> tuple[int, int, int, int]:
    return (
        min(c for c, _ in cells),
        min(r for _, r in cells),
        max(c for c, _ in cells) + 1,
        max(r for _, r in cells) + 1,
    )


def _largest_free(claimed: set[Cell]) -> tuple[int, int, int, int]:
    """The largest rectangle of unclaimed cells (widest first on ties); the whole grid if none."""
    boxes = [
        (c0, r0, c1, r1) for c0 in range(3) for r0 in range(3) for c1 in range(c0 + 1, 4) for r1 in range(r0 + 1, 4)
    ]
    free = [b for b in boxes if not _cells(b) & claimed]
    return max(free, key=lambda b: ((b[2] - b[0]) * (b[3] - b[1]), b[2] - b[0])) if free else (0, 0, 3, 3)


def _layout(
    scene: Scene, width: int, height: int, inset: int
) -> list[tuple[object, tuple[float, float, float, float]]]:
    """A box per item. Corners and the center take their cell first, edge bands the cells of
    their band still free (so "top" and "left" never overlap), items without a region the
    largest free rectangle; several items in one place split it into horizontal bands."""
    groups: dict[str | None, list[object]] = {}
    for item in (*scene.texts, *scene.shapes):
        groups.setdefault(item.region, []).append(item)
    order = sorted(
        (r for r in groups if r),
        key=lambda r: r not in ("center", "top-left", "top-right", "bottom-left", "bottom-right"),
    )
    claimed: set[Cell] = set()
    boxes: dict[str | None, tuple[int, int, int, int]] = {}
    for region in order:
        mine = _cells(GRID[region]) - claimed or _cells(GRID[region])
        claimed |= mine
        boxes[region] = _bounds(mine)
    if None in groups:
        boxes[None] = _largest_free(claimed)
    cell_w, cell_h = (width - 2 * inset) / 3, (height - 2 * inset) / 3
    out = []
    for region, items in groups.items():
        c0, r0, c1, r1 = boxes[region]
        x0, y0, x1, y1 = inset + c0 * cell_w, inset + r0 * cell_h, inset + c1 * cell_w, inset + r1 * cell_h
        band = (y1 - y0) / len(items)
        out.extend((item, (x0, y0 + k * band, x1, y0 + (k + 1) * band)) for k, item in enumerate(items))
    return out


def draw(scene: Scene, width: int, height: int, seed: int) -> Image.Image:
    """Render a scene; ``seed`` jitters shape positions and tints the background slightly."""
    rng = random.Random(seed)
    base = colors.rgb(scene.background)
    tint = tuple(max(0, min(255, c + rng.randint(-8, 8))) for c in base)
    img = Image.new("RGB", (width, height), tint)
    canvas = ImageDraw.Draw(img)
    thick = max(3, round(0.025 * min(width, height)))
    for k, accent in enumerate(scene.accents):
        canvas.rectangle(
            (k * thick, k * thick, width - 1 - k * thick, height - 1 - k * thick),
            outline=colors.rgb(accent),
            width=thick,
        )
    inset = thick * len(scene.accents) + round(0.04 * min(width, height))
    fallback_shape = "black" if scene.background == "gray" else "gray"
    # shapes first, so that text drawn over a shape stays readable
    for item, box in sorted(_layout(scene, width, height, inset), key=lambda pair: isinstance(pair[0], TextItem)):
        if isinstance(item, TextItem):
            fill = item.color if item.color and item.color != scene.background else _contrast(scene.background)
            _draw_text(canvas, item, box, colors.rgb(fill))
        else:
            fill = item.color if item.color and item.color != scene.background else fallback_shape
            _draw_shapes(canvas, item, box, colors.rgb(fill), rng)
    return img


class ReferenceBackend:
    """Renders prompts with :func:`parse_prompt` and :func:`draw`; never fails on a prompt."""

    label = "reference"
    produces_images = True
    calls_models = False

    def __init__(self, spec: str = "reference"):
        self.spec = spec
        self.identity = f"reference/{VERSION}"

    def generate(self, request: GenerationRequest) -> list[GeneratedImage]:
        scene = parse_prompt(request.prompt)
        images = []
        for i in range(request.n):
            seed = request.seed + i
            digest = hashlib.sha256(f"{request.prompt}\0{seed}".encode()).digest()
            img = draw(scene, request.width, request.height, int.from_bytes(digest[:8], "big"))
            buf = io.BytesIO()
            img.save(buf, format="PNG")
            images.append(
                GeneratedImage(
                    png=buf.getvalue(),
                    seed=seed,
                    meta={"renderer": f"reference/{VERSION}", "scene": dataclasses.asdict(scene)},
                )
            )
        return images


def make(spec, ctx) -> ReferenceBackend:
    return ReferenceBackend(spec.raw)
