"""Draw one contact sheet of the IM targets the suite's tasks point to (JPEG or PNG).

    python task_suites/atelier/images/contact_sheet.py [OUT.jpg]   (default: docs/im-targets.jpg)

Each cell shows a target scaled to fit, labelled with its task id and visual style tag(s).
The targets are read through the suite loader, so the sheet shows exactly what the tasks use.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from pytest_atelier.suite import load_suite

HERE = Path(__file__).resolve().parent
SUITE = HERE.parent
CELL, LABEL, COLUMNS = 180, 34, 10
SHORT = {"photorealistic": "photo", "traditional_media": "traditional", "vector_flat": "vector/flat", "3d_render": "3D",
         "cel_shaded": "cel-shaded"}


def targets(suite_root: Path = SUITE) -> list[tuple[str, str, Path]]:
    """``(task id, style label, image path)`` of every IM task, in id order."""
    suite = load_suite(suite_root)
    out = []
    for task in suite.tasks:
        path = suite.target_image_path(task)
        if path is not None:
            out.append((task.id, ", ".join(SHORT.get(s, s) for s in task.tags.visual_style) or "-", path))
    return out


def contact_sheet(out: Path, suite_root: Path = SUITE) -> Path:
    cells = targets(suite_root)
    rows = max(1, (len(cells) + COLUMNS - 1) // COLUMNS)
    sheet = Image.new("RGB", (COLUMNS * CELL, rows * (CELL + LABEL)), "white")
    draw = ImageDraw.Draw(sheet)
    font = ImageFont.load_default(size=13)
    for n, (task_id, style, path) in enumerate(cells):
        with Image.open(path) as im:
            im = im.convert("RGB")
            im.thumbnail((CELL - 8, CELL - 8))
            x, y = (n % COLUMNS) * CELL, (n // COLUMNS) * (CELL + LABEL)
            sheet.paste(im, (x + (CELL - im.width) // 2, y + (CELL - im.height) // 2))
            draw.text((x + CELL // 2, y + CELL + 1), task_id, fill="black", font=font, anchor="mt")
            draw.text((x + CELL // 2, y + CELL + 16), style, fill=(90, 90, 90), font=font, anchor="mt")
    out.parent.mkdir(parents=True, exist_ok=True)
    sheet.save(out, quality=85, optimize=True)  # JPEG: the targets are photographs
    return out


if __name__ == "__main__":
    print(contact_sheet(Path(sys.argv[1]) if len(sys.argv) > 1 else SUITE.parents[1] / "docs" / "im-targets.jpg"))
