"""Extract batch-e IM targets: CC0 and public-domain animal photographs that GCompris ships
inside its Qt resource archives (Debian gcompris-qt-data), and scikit-image's coffee photograph,
scaled to 768 px on the long side.

Deterministic: every photograph is read from the installed package; nothing is downloaded.
Authors and licences (from the README beside each photograph in the archive, and scikit-image's
data docstring) are recorded in images/attribution/im_e.yaml. Run from anywhere:

    python task_suites/atelier/images/extract_photos_e.py [OUT_DIR] [im_NNN ...]

Needs: gcompris-qt-data (Debian), scikit-image (PyPI).
"""

from __future__ import annotations

import io
import struct
import sys
import zlib
from pathlib import Path

from PIL import Image

__all__ = ["TARGETS", "rcc_file", "source", "build"]

HERE = Path(__file__).resolve().parent
RCC = Path("/usr/share/gcompris-qt/rcc")
LONG_SIDE = 768
FARM = "explore_farm_animals", "gcompris/src/activities/explore_farm_animals/resource/animals"
WORLD = "explore_world_animals", "gcompris/src/activities/explore_world_animals/resource/animals"
SKIMAGE = "skimage", "data"  # a file of the installed scikit-image package rather than an archive
# task id -> (archive, folder inside it, file, crop box in source pixels or None)
TARGETS = {
    "im_034": (*WORLD, "moose.webp", (200, 70, 872, 574)),
    "im_079": (*SKIMAGE, "coffee.png", None),
    "im_082": (*WORLD, "lemur.webp", None),
    "im_083": (*WORLD, "hedgehog.webp", None),
    "im_087": (*WORLD, "giraffe.webp", None),
    "im_093": (*WORLD, "narwhal.webp", None),
    "im_095": (*FARM, "chicken.webp", None),
    "im_096": (*WORLD, "panda.webp", (110, 20, 710, 470)),
    "im_097": (*FARM, "owl.webp", None),
    "im_114": (*FARM, "cat.webp", None),
}


def rcc_file(archive: Path, wanted: str) -> bytes:
    """The bytes of ``wanted`` (a path inside the archive) from a Qt binary resource file."""
    data = archive.read_bytes()
    if data[:4] != b"qres":
        raise ValueError(f"{archive}: not a Qt resource archive")
    version, tree, payload, names = struct.unpack(">IIII", data[4:20])
    node_size = 14 if version == 1 else 22

    def name(offset: int) -> str:
        (length,) = struct.unpack(">H", data[names + offset : names + offset + 2])
        return data[names + offset + 6 : names + offset + 6 + 2 * length].decode("utf-16-be")

    def find(index: int, parts: list[str]) -> bytes:
        at = tree + index * node_size
        flags = struct.unpack(">H", data[at + 4 : at + 6])[0]
        count, first = struct.unpack(">II", data[at + 6 : at + 14])
        if not flags & 2:
            raise FileNotFoundError(f"{archive}: {wanted} not found")
        for child in range(first, first + count):
            c_at = tree + child * node_size
            c_name, c_flags = struct.unpack(">IH", data[c_at : c_at + 6])
            if name(c_name) != parts[0]:
                continue
            if len(parts) > 1:
                return find(child, parts[1:])
            (offset,) = struct.unpack(">I", data[c_at + 10 : c_at + 14])
            (size,) = struct.unpack(">I", data[payload + offset : payload + offset + 4])
            raw = data[payload + offset + 4 : payload + offset + 4 + size]
            if c_flags & 4:
                raise ValueError(f"{archive}: {wanted} is zstd-compressed, which this reader does not handle")
            return zlib.decompress(raw[4:]) if c_flags & 1 else raw  # qCompress: 4-byte size, then zlib
        raise FileNotFoundError(f"{archive}: {wanted} not found")

    return find(0, wanted.split("/"))


def source(task_id: str) -> bytes:
    """The original file of one target, from its resource archive or its Python package."""
    archive, folder, file, _box = TARGETS[task_id]
    if (archive, folder) == SKIMAGE:
        import skimage

        return (Path(skimage.__file__).parent / folder / file).read_bytes()
    return rcc_file(RCC / f"{archive}.rcc", f"{folder}/{file}")


def build(task_id: str) -> bytes:
    """The JPEG bytes of one target."""
    image = Image.open(io.BytesIO(source(task_id))).convert("RGB")
    box = TARGETS[task_id][3]
    if box:
        image = image.crop(box)
    scale = LONG_SIDE / max(image.size)
    if scale != 1:
        image = image.resize((round(image.width * scale), round(image.height * scale)), Image.LANCZOS)
    out = io.BytesIO()
    image.save(out, "JPEG", quality=85)
    return out.getvalue()


def main(argv: list[str]) -> None:
    out_dir = Path(argv[0]) if argv else HERE
    for task_id in argv[1:] or sorted(TARGETS):
        (out_dir / f"{task_id}.jpg").write_bytes(build(task_id))
        print(out_dir / f"{task_id}.jpg")


if __name__ == "__main__":
    main(sys.argv[1:])
