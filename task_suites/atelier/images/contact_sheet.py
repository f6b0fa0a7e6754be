"""Draw one contact sheet of every IM target image: ``python contact_sheet.py OUT.png``.

Each cell shows a target scaled to fit, with its task id underneath.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

HERE = Path(__file__).resolve().parent
CELL, LABEL, COLUMNS = 160, 22, 12


def contact_sheet(out: Path) -> Path:
    targets = sorted(HERE.glob("im_*.png"))
    rows = (len(targets) + COLUMNS - 1) // COLUMNS
    sheet = Image.new("RGB", (COLUMNS * CELL, rows * (CELL + LABEL)), "white")
    draw = ImageDraw.Draw(sheet)
    font = ImageFont.load_default(size=14)
    for n, path in enumerate(targets):
        with Image.open(path) as im:
            im = im.convert("RGB")
            im.thumbnail((CELL - 8, CELL - 8))
            x, y = (n % COLUMNS) * CELL, (n // COLUMNS) * (CELL + LABEL)
            sheet.paste(im, (x + (CELL - im.width) // 2, y + (CELL - im.height) // 2))
            draw.text((x + CELL // 2, y + CELL + 2), path.stem, fill="black", font=font, anchor="mt")
    sheet.save(out, optimize=True)
    return out


if __name__ == "__main__":
    print(contact_sheet(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE.parents[2] / "docs" / "im-targets.png"))
