"""Where a suite's images come from: attribution entries, the licences allowed, the NOTICE file.

A suite keeps its image attribution in ``images/attribution/*.yaml``, each a YAML list of
:class:`AttributionEntry` (docs/suite-format.md, "Image attribution"). The loader reads every
such file (unknown fields and wrong types are errors at their line); ``atelier suite validate
--strict`` checks that every target and input image has a complete entry under an allowed licence,
that every attributed file exists, and that ``NOTICE`` equals what :func:`render_notice` writes
(``atelier suite notice SUITE`` regenerates it).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "AttributionPart",
    "AttributionEntry",
    "Attribution",
    "ALLOWED_LICENSES",
    "SHARE_ALIKE_HEADING",
    "share_alike_licences",
    "listed_share_alike",
    "ATTRIBUTION_GLOB",
    "NOTICE_NAME",
    "missing_fields",
    "render_notice",
    "load_attributions",
    "task_images",
    "attribution_problems",
    "write_notice",
]

ATTRIBUTION_GLOB = "images/attribution/*.yaml"
NOTICE_NAME = "NOTICE"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class AttributionPart(_Model):
    """One source of a composed image (a photograph, a clip-art piece, a font)."""

    source: str | None = None
    version: str | None = None
    original: str | None = None
    author: str | None = None
    license: str | None = None


class AttributionEntry(_Model):
    """One shipped image: ``file`` relative to the suite's ``images/`` folder, where it comes
    from (``source`` such as ``debian:gnome-backgrounds`` or ``pypi:scikit-image``, its
    ``version`` and the ``original`` path inside it), its ``author``, the ``license`` it is
    shipped under (an SPDX id) and the ``changes`` made. A composed image lists ``parts``
    instead of source, version, original and author."""

    file: str = Field(min_length=1)
    source: str | None = None
    version: str | None = None
    original: str | None = None
    author: str | None = None
    license: str | None = None
    changes: str | None = None
    parts: list[AttributionPart] = []


@dataclasses.dataclass(frozen=True)
class Attribution:
    """A loaded entry with the attribution file and line it was read from."""

    entry: AttributionEntry
    path: Path
    line: int | None

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}" if self.line else str(self.path)


# SPDX id -> (name, where its text is). NOTICE names and links each licence used, with the
# path of Debian's copy where there is one; the short texts that MIT and BSD ask to travel
# with the work are written out in full (_FULL_TEXT).
ALLOWED_LICENSES: dict[str, tuple[str, str]] = {
    "CC0-1.0": ("Creative Commons Zero v1.0 Universal", "https://creativecommons.org/publicdomain/zero/1.0/legalcode"),
    "CC-BY-2.0": ("Creative Commons Attribution 2.0 Generic", "https://creativecommons.org/licenses/by/2.0/legalcode"),
    "CC-BY-2.5": ("Creative Commons Attribution 2.5 Generic", "https://creativecommons.org/licenses/by/2.5/legalcode"),
    "CC-BY-3.0": ("Creative Commons Attribution 3.0 Unported", "https://creativecommons.org/licenses/by/3.0/legalcode"),
    "CC-BY-4.0": ("Creative Commons Attribution 4.0 International", "https://creativecommons.org/licenses/by/4.0/legalcode"),
    "CC-BY-SA-2.0": ("Creative Commons Attribution-ShareAlike 2.0 Generic", "https://creativecommons.org/licenses/by-sa/2.0/legalcode"),
    "CC-BY-SA-2.5": ("Creative Commons Attribution-ShareAlike 2.5 Generic", "https://creativecommons.org/licenses/by-sa/2.5/legalcode"),
    "CC-BY-SA-3.0": ("Creative Commons Attribution-ShareAlike 3.0 Unported", "https://creativecommons.org/licenses/by-sa/3.0/legalcode"),
    "CC-BY-SA-4.0": ("Creative Commons Attribution-ShareAlike 4.0 International", "https://creativecommons.org/licenses/by-sa/4.0/legalcode"),
    "GPL-2.0-only": ("GNU General Public License v2.0 only", "https://www.gnu.org/licenses/old-licenses/gpl-2.0.html (Debian: /usr/share/common-licenses/GPL-2)"),
    "GPL-2.0-or-later": ("GNU General Public License v2.0 or later", "https://www.gnu.org/licenses/old-licenses/gpl-2.0.html (Debian: /usr/share/common-licenses/GPL-2)"),
    "GPL-3.0-only": ("GNU General Public License v3.0 only", "https://www.gnu.org/licenses/gpl-3.0.html (Debian: /usr/share/common-licenses/GPL-3)"),
    "GPL-3.0-or-later": ("GNU General Public License v3.0 or later", "https://www.gnu.org/licenses/gpl-3.0.html (Debian: /usr/share/common-licenses/GPL-3)"),
    "LGPL-2.1-or-later": ("GNU Lesser General Public License v2.1 or later", "https://www.gnu.org/licenses/old-licenses/lgpl-2.1.html (Debian: /usr/share/common-licenses/LGPL-2.1)"),
    "LGPL-3.0-only": ("GNU Lesser General Public License v3.0 only", "https://www.gnu.org/licenses/lgpl-3.0.html (Debian: /usr/share/common-licenses/LGPL-3)"),
    "LGPL-3.0-or-later": ("GNU Lesser General Public License v3.0 or later", "https://www.gnu.org/licenses/lgpl-3.0.html (Debian: /usr/share/common-licenses/LGPL-3)"),
    "MIT": ("MIT License", "https://opensource.org/license/mit"),
    "BSD-2-Clause": ("BSD 2-Clause License", "https://opensource.org/license/bsd-2-clause"),
    "BSD-3-Clause": ("BSD 3-Clause License", "https://opensource.org/license/bsd-3-clause"),
    "Apache-2.0": ("Apache License 2.0", "https://www.apache.org/licenses/LICENSE-2.0 (Debian: /usr/share/common-licenses/Apache-2.0)"),
    "OFL-1.1": ("SIL Open Font License 1.1", "https://openfontlicense.org/open-font-license-official-text/"),
    "FAL-1.3": ("Free Art License 1.3", "https://artlibre.org/licence/lal/en/"),
    "LicenseRef-public-domain": ("Public domain (no rights reserved by the author)", ""),
}

# Licences whose conditions ask for their own text (with the copyright line) beside the work.
_FULL_TEXT = {
    "MIT": (
        "Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated "
        "documentation files (the \"Software\"), to deal in the Software without restriction, including without limitation "
        "the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and "
        "to permit persons to whom the Software is furnished to do so, subject to the following conditions:\n\n"
        "The above copyright notice and this permission notice shall be included in all copies or substantial portions "
        "of the Software.\n\n"
        "THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED "
        "TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE "
        "AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF "
        "CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER "
        "DEALINGS IN THE SOFTWARE."
    ),
    "BSD-2-Clause": (
        "Redistribution and use in source and binary forms, with or without modification, are permitted provided that "
        "the following conditions are met:\n\n"
        "1. Redistributions of source code must retain the above copyright notice, this list of conditions and the "
        "following disclaimer.\n"
        "2. Redistributions in binary form must reproduce the above copyright notice, this list of conditions and the "
        "following disclaimer in the documentation and/or other materials provided with the distribution.\n\n"
        "THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS \"AS IS\" AND ANY EXPRESS OR IMPLIED "
        "WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A "
        "PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR ANY "
        "DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, "
        "PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER "
        "CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR "
        "OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE."
    ),
}
_FULL_TEXT["BSD-3-Clause"] = _FULL_TEXT["BSD-2-Clause"].replace(
    "distribution.\n\n",
    "distribution.\n3. Neither the name of the copyright holder nor the names of its contributors may be used to "
    "endorse or promote products derived from this software without specific prior written permission.\n\n",
)

_SOURCE_FIELDS = ("source", "version", "original", "author")
SHARE_ALIKE_HEADING = "Share-alike and copyleft images"


def _is_share_alike(spdx: str) -> bool:
    """Licences whose terms pass on to changed copies: CC BY-SA, GPL, LGPL, Free Art."""
    return spdx.startswith(("CC-BY-SA-", "GPL-", "LGPL-", "FAL-"))


def share_alike_licences(entry: AttributionEntry) -> list[str]:
    """The share-alike and copyleft licences an image is under (its own or a part's), sorted."""
    return sorted({x for x in _licences(entry) if _is_share_alike(x)})


def missing_fields(entry: AttributionEntry) -> list[str]:
    """Fields an entry still needs: license and changes always; source, version, original and
    author on the entry, or on every part of a composed image."""
    need = [f for f in ("license", "changes") if not (getattr(entry, f) or "").strip()]
    if entry.parts:
        for i, part in enumerate(entry.parts):
            need += [f"parts.{i}.{f}" for f in (*_SOURCE_FIELDS, "license") if not (getattr(part, f) or "").strip()]
    else:
        need += [f for f in _SOURCE_FIELDS if not (getattr(entry, f) or "").strip()]
    return need


def _licences(entry: AttributionEntry) -> list[str]:
    return [x for x in (entry.license, *(p.license for p in entry.parts)) if x]


def render_notice(suite_name: str, attributions: list[Attribution]) -> str:
    """The NOTICE text for a suite's images: one block per image, then each licence used,
    named and linked (the text itself for MIT and BSD, whose terms ask for it)."""
    lines = [
        f"Images shipped with the suite {suite_name!r}",
        "",
        "Generated from images/attribution/*.yaml by `atelier suite notice`; do not edit by hand.",
        "Paths are relative to the suite's images/ folder. Licences are SPDX identifiers, listed at the end.",
        "",
    ]
    used: dict[str, list[str]] = {}
    for a in sorted(attributions, key=lambda a: a.entry.file):
        e = a.entry
        lines.append(f"{e.file}")
        if e.parts:
            lines.append("  composed of:")
            for p in e.parts:
                lines.append(f"  - {p.original or '?'} from {p.source or '?'} {p.version or ''}".rstrip())
                lines.append(f"    author: {p.author or '?'}; licence: {p.license or '?'}")
                used.setdefault(p.license or "?", []).append(p.author or "?")
        else:
            lines.append(f"  source: {e.source or '?'} {e.version or ''}".rstrip())
            lines.append(f"  original: {e.original or '?'}")
            lines.append(f"  author: {e.author or '?'}")
        lines.append(f"  licence: {e.license or '?'}")
        lines.append(f"  changes: {e.changes or '?'}")
        lines.append("")
        holders = used.setdefault(e.license or "?", [])
        if not e.parts:
            holders.append(e.author or "?")
    copyleft = [(a.entry.file, share_alike_licences(a.entry)) for a in sorted(attributions, key=lambda a: a.entry.file)]
    copyleft = [(f, ids) for f, ids in copyleft if ids]
    if copyleft:
        lines += [SHARE_ALIKE_HEADING, "=" * len(SHARE_ALIKE_HEADING), "",
                  "A changed copy of one of these images, or a work made from it, is shared under the same licence:", ""]
        lines += [f"{f}: {', '.join(ids)}" for f, ids in copyleft]
        lines.append("")
    lines += ["Licences", "========", ""]
    for spdx in sorted(used):
        name, where = ALLOWED_LICENSES.get(spdx, (f"{spdx} (not an allowed licence)", ""))
        lines.append(f"{spdx}: {name}" + (f"\n  {where}" if where else ""))
        text = _FULL_TEXT.get(spdx)
        if text:
            for holder in sorted(set(used[spdx])):
                lines.append(f"  Copyright (c) {holder}")
            lines += ["", *("  " + t if t else "" for t in text.split("\n"))]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def listed_share_alike(notice: str) -> dict[str, set[str]]:
    """File -> licences named in a NOTICE's share-alike section (empty when it has none)."""
    listed: dict[str, set[str]] = {}
    _, found, rest = notice.partition(SHARE_ALIKE_HEADING + "\n")
    if not found:
        return listed
    for line in rest.split("\n\nLicences\n")[0].splitlines():
        file, colon, ids = line.partition(": ")
        if colon and file and not file.startswith((" ", "=", "A changed copy")):
            listed[file] = {x.strip() for x in ids.split(",")}
    return listed


def load_attributions(root: Path) -> list[Attribution]:
    """Every entry of ``root/images/attribution/*.yaml``, with its file and line. A file that is
    not a list of entries, an unknown field or a wrong type is a :class:`SuiteError` naming the
    file, line and field; every file is read before the errors are raised together."""
    from pydantic import TypeAdapter, ValidationError

    from ..errors import SuiteError
    from .loader import _compose, _line_of, _merge

    adapter = TypeAdapter(list[AttributionEntry])
    found: list[Attribution] = []
    errors: list[SuiteError] = []
    for path in sorted(Path(root).glob(ATTRIBUTION_GLOB)):
        try:
            data, node = _compose(path)
        except SuiteError as exc:
            errors.append(exc)
            continue
        if data is None:
            continue  # an empty file attributes nothing
        if not isinstance(data, list):
            errors.append(SuiteError(path, [(1, "", f"expected a list of attribution entries (- file: ...), got {type(data).__name__}")]))
            continue
        try:
            entries = adapter.validate_python(data)
        except ValidationError as exc:
            problems = []
            for err in exc.errors():
                loc = tuple(err["loc"])
                msg = err["msg"].removeprefix("Value error, ")
                if err["type"] == "extra_forbidden":
                    msg = "unknown field (see docs/suite-format.md, 'Image attribution')"
                problems.append((_line_of(node, loc), ".".join(str(p) for p in loc), msg))
            errors.append(SuiteError(path, problems))
            continue
        for i, entry in enumerate(entries):
            found.append(Attribution(entry, path, _line_of(node, (i,))))
    if errors:
        raise _merge(errors)
    return found


def _rel_to_images(suite_root: Path, path: Path) -> str | None:
    images = (suite_root / "images").resolve()
    return path.resolve().relative_to(images).as_posix() if path.resolve().is_relative_to(images) else None


def task_images(suite) -> list[tuple[str, str, Path]]:
    """``(task file, field, path)`` of every target and input image the suite's tasks name."""
    out = []
    for task in suite.tasks:
        base = suite.task_files[task.id].parent
        named = [("target_image", task.target_image)] if task.target_image else []
        named += [(f"input_images.{i}", rel) for i, rel in enumerate(getattr(task, "input_images", []))]
        out += [(str(suite.task_files[task.id]), field, (base / rel).resolve()) for field, rel in named]
    return out


def attribution_problems(suite, attributions: list[Attribution] | None = None) -> list[tuple[str, str]]:
    """(where, problem) pairs: entries with missing fields, a licence not allowed, a file that
    does not exist or is attributed twice; target and input images without an entry; a NOTICE
    that is missing, differs from :func:`render_notice`, or leaves a share-alike or copyleft
    image out of its share-alike section."""
    from ..errors import SuiteError

    root = suite.root
    if attributions is None:
        try:
            attributions = load_attributions(root)  # read again: the files may have changed since loading
        except SuiteError as exc:
            return [(f"{exc.path}:{line}" if line else exc.path, f"{field}: {msg}" if field else msg) for line, field, msg in exc.problems]
    problems: list[tuple[str, str]] = []
    by_file: dict[str, Attribution] = {}
    for a in attributions:
        e = a.entry
        if e.file in by_file:
            problems.append((a.where, f"{e.file} is already attributed at {by_file[e.file].where}; keep one entry per file"))
            continue
        by_file[e.file] = a
        path = root / "images" / e.file
        if _rel_to_images(root, path) is None:
            problems.append((a.where, f"file {e.file!r} must be a path inside the suite's images/ folder"))
        elif not path.is_file():
            problems.append((a.where, f"file {e.file!r} does not exist (images/{e.file}); remove the entry or restore the file"))
        need = missing_fields(e)
        if need:
            problems.append((a.where, f"{e.file}: incomplete attribution, missing {', '.join(need)}"))
        for spdx in _licences(e):
            if spdx not in ALLOWED_LICENSES:
                why = " (NonCommercial and NoDerivatives licences do not allow this use)" if any(x in spdx.upper() for x in ("-NC", "-ND")) else ""
                problems.append((a.where, f"{e.file}: licence {spdx!r} is not allowed{why}; allowed: {', '.join(ALLOWED_LICENSES)}"))
    for file, field, path in task_images(suite):
        rel = _rel_to_images(root, path)
        if rel is None:
            problems.append((file, f"{field}: {path.name} lies outside the suite's images/ folder, where attributed images live"))
        elif rel not in by_file:
            problems.append((file, f"{field}: images/{rel} has no entry in {ATTRIBUTION_GLOB}; add its source, author and licence"))
    if attributions:
        notice = root / NOTICE_NAME
        want = render_notice(suite.manifest.name, attributions)
        if not notice.is_file():
            problems.append((str(notice), f"missing; run `atelier suite notice {root}` to write it"))
        else:
            text = notice.read_text(encoding="utf-8")
            listed = listed_share_alike(text)
            for a in attributions:
                missing = set(share_alike_licences(a.entry)) - listed.get(a.entry.file, set())
                if missing:
                    problems.append((str(notice), f"{a.entry.file} is under {', '.join(sorted(missing))} but NOTICE does not list it "
                                                  f"under '{SHARE_ALIKE_HEADING}'; run `atelier suite notice {root}` to rewrite it"))
            if text != want:
                problems.append((str(notice), f"stale: it does not match {ATTRIBUTION_GLOB}; run `atelier suite notice {root}` to rewrite it"))
    return problems


def write_notice(suite) -> Path:
    """Write ``SUITE/NOTICE`` from the suite's attribution files; returns its path."""
    path = suite.root / NOTICE_NAME
    path.write_text(render_notice(suite.manifest.name, load_attributions(suite.root)), encoding="utf-8")
    return path
