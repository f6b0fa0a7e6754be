"""A small results file over the mini suite, written without running the plugin (fast)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from ..conftest import write_suite

HOSTILE = '<script>alert("prompt")</script><img src=x onerror=alert(1)>'
RUNS = (
    ("oe_garden", "OE", ["A tranquil watercolour of a glasshouse at dawn, no people."]),
    ("co_sign", "CO", ['A flat bakery sign reading "OPEN" with three red circles.']),
    ("im_flag", "IM", [f"Two blue stripes on a white flag {HOSTILE}"]),
)


def draw(task_id: str, variant: int) -> Image.Image:
    """A small picture for a run of ``task_id`` (variant 0 is the top-1 image)."""
    image = Image.new("RGB", (240, 180), (248, 246, 240) if task_id != "oe_garden" else (250, 214, 170))
    pen = ImageDraw.Draw(image)
    if task_id == "oe_garden":  # a glasshouse at dawn
        pen.rectangle([0, 130, 239, 179], fill=(120, 160, 100))
        pen.polygon([(60, 130), (60, 80), (120, 45), (180, 80), (180, 130)], fill=(200, 225, 220), outline=(90, 110, 100), width=3)
        for x in range(75, 180, 20):
            pen.line([(x, 130), (x, 70 if 90 < x < 150 else 85)], fill=(90, 110, 100), width=2)
    elif task_id == "co_sign":  # OPEN and three red circles
        pen.text((120, 55), "OPEN", fill=(20, 20, 20), anchor="mm", font=ImageFont.load_default(size=44))
        for n in range(3 - variant):
            pen.ellipse([30 + 65 * n, 105, 80 + 65 * n, 155], fill=(215, 30, 40))
    else:  # two stripes
        for y in (35, 105):
            pen.rectangle([0, y, 239, y + 35], fill=(20, 40, 220) if variant == 0 else (220, 40, 20))
    return image


def write_results(folder: Path, runs=RUNS, prompters=("direct",)) -> tuple[Path, Path]:
    """(results file, suite folder): one run per task and prompter, each with two images (top-1 first)."""
    suite = write_suite(folder / "mini")
    records = []
    for prompter in prompters:
        for task_id, category, prompts in runs:
            images = []
            for index in range(2):
                path = folder / "cache" / f"{prompter}-{task_id}-{index}.png"
                path.parent.mkdir(parents=True, exist_ok=True)
                draw(task_id, index).save(path)
                images.append({"output": 1, "index": index, "path": str(path), "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
                               "seed": index, "top1": index == 0})  # fmt: skip
            key = hashlib.sha256(f"{prompter}/{task_id}".encode()).hexdigest()
            records.append({"key": key, "suite": "mini", "task_id": task_id, "category": category, "prompter": prompter,
                            "backend": "reference", "judge": "offline", "prompts": prompts, "images": images})  # fmt: skip
    results = {"schema": "pytest-atelier/results", "version": 2, "atelier_version": "0", "created": "2026-11-25T00:00:00Z",
               "suite": {"name": "mini", "version": "0.1", "license": "CC0-1.0", "scoring": "atelier", "root": str(suite)},
               "config": {"prompters": list(prompters), "backends": ["reference"], "judge": "offline", "images_per_prompt": 2, "seed": 0},
               "runs": records}  # fmt: skip
    path = folder / "results.json"
    path.write_text(json.dumps(results))
    return path, suite
