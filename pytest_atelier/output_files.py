"""Files written for people to read (results JSON, the HTML report, a labels file): all or nothing.

:func:`write_output` writes to a temporary file beside the target whose name no other process or
thread uses, flushes it to disk, then renames it over the target, so a reader (or a second writer
to the same path) never sees half a file. A failure (disk full, a file where a folder should be)
removes the temporary file and raises :class:`OutputError` naming the path, the cause and what to
do; the target keeps its old content. :func:`output_target_problem` refuses targets that are not
regular files: a folder, a symlink (the link would be replaced, not the file it names), a FIFO,
a socket or a device node such as ``/dev/full``.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import stat
import threading
from pathlib import Path
from typing import Iterable, Iterator

from .errors import AtelierError

__all__ = ["OutputError", "output_target_problem", "check_output", "write_output", "output_stream"]

_numbers = itertools.count()


class OutputError(AtelierError):
    """An output file cannot be written; nothing was written in its place."""


def output_target_problem(path: Path) -> str | None:
    """Why ``path`` cannot be replaced by a new regular file, or None when it can."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        return "a part of its folder path is a file, not a folder"
    except OSError as exc:
        return f"it cannot be examined ({exc.strerror or exc})"
    if stat.S_ISREG(mode):
        return None
    kind = ("a folder" if stat.S_ISDIR(mode) else "a symbolic link" if stat.S_ISLNK(mode) else "a FIFO" if stat.S_ISFIFO(mode)
            else "a socket" if stat.S_ISSOCK(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a regular file")  # fmt: skip
    return f"it is {kind}, not a regular file"


def check_output(path: Path, what: str = "output file") -> None:
    """Raise :class:`OutputError` when ``path`` cannot be replaced by a new regular file."""
    problem = output_target_problem(path)
    if problem:
        raise OutputError(f"{what} {path}: {problem}; give the path of a regular file to write (nothing was written)")


@contextlib.contextmanager
def output_stream(path: str | Path, what: str = "output file", binary: bool = False) -> Iterator:
    """A text (or ``binary``) handle on a fresh temporary file that replaces ``path`` when the block ends without error."""
    path = Path(path)
    check_output(path, what)
    tmp = path.parent / f".{path.name}.{os.getpid()}-{threading.get_ident()}-{next(_numbers)}.tmp"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "xb") if binary else open(tmp, "x", encoding="utf-8") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        check_output(path, what)  # something else may have been made there meanwhile
        os.replace(tmp, path)
    except OSError as exc:
        raise OutputError(f"{what} {path} could not be written ({exc.strerror or exc}); its old content, if any, is unchanged: "
                          "free disk space or choose another path, then run again") from None  # fmt: skip
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def write_output(path: str | Path, text: str | Iterable[str], what: str = "output file") -> Path:
    """Write ``text`` (a string or its pieces) to ``path`` all at once or not at all."""
    with output_stream(path, what) as handle:
        handle.writelines([text] if isinstance(text, str) else text)
    return Path(path)
