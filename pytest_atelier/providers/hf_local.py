"""Local Hugging Face models: device and dtype choice, warm caches, and :class:`HFChat`.

Shared by the ``hf:`` prompter, the judge's local models and the ``diffusers`` backend.

- **Devices.** A spec's ``device`` (``cpu``, ``cuda:1``, or a list ``cuda:0,cuda:1``), else
  ``ComponentContext.options["devices"]``, else ``auto`` (CUDA, then MPS, then the CPU).
  With a list, the pytest-xdist worker ``gwN`` uses ``devices[N % len(devices)]``
  (:func:`pick_device`), so ``-n 4`` over two GPUs puts two workers on each.
- **dtypes.** ``float32``, ``float16``, ``bfloat16`` (or ``fp32``, ``fp16``, ``bf16``) or
  ``auto``: float16 on CUDA, float32 elsewhere.
- **Warm caches.** :class:`WarmCache` keeps one loaded model per key for the whole process
  (a worker loads its model once), and remembers a failed load so that later runs fail fast.
- **HFChat.** ``complete(messages, images=None) -> str`` runs a local transformers chat
  model: text-only models through ``AutoModelForCausalLM`` and the tokenizer's chat template,
  vision-language models (the config maps to ``AutoModelForImageTextToText``) through
  ``AutoProcessor``, with the images in the last user turn. ``chat(system, user, images)``
  offers the same as the HTTP chat clients (:class:`~.chat.ChatClient`), so prompters and
  judges written for those run unchanged on a local model.

torch and transformers are imported only when a model is loaded; a missing one raises
:class:`~pytest_atelier.errors.MissingExtraError` naming the extra to install.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import os
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..errors import IMPORT_LOCK, ComponentError, ConfigError, require
from .chat import ChatReply
from .usage import TRACKER, Usage

__all__ = [
    "CHAT_SETTINGS",
    "DTYPES",
    "HFChat",
    "WarmCache",
    "chat_from_spec",
    "check_local_settings",
    "dtype_kwarg",
    "local_digest",
    "model_location",
    "parse_bool",
    "parse_devices",
    "pick_device",
    "resolve_device",
    "torch_dtype",
]

DTYPES = {"float32": "float32", "fp32": "float32", "float16": "float16", "fp16": "float16", "half": "float16",
          "bfloat16": "bfloat16", "bf16": "bfloat16", "auto": "auto"}  # fmt: skip
CHAT_SETTINGS = frozenset({"device", "dtype", "max_new_tokens", "temperature", "do_sample"})
_CONFIG_FILES = ("model_index.json", "config.json", "tokenizer_config.json", "chat_template.jinja", "chat_template.json")


def parse_devices(value: str | Sequence[str] | None) -> tuple[str, ...]:
    """``"cuda:0,cuda:1"`` or ``["cuda:0", "cuda:1"]`` as a tuple; empty when not given."""
    if not value:
        return ()
    items = value.split(",") if isinstance(value, str) else list(value)
    return tuple(str(item).strip() for item in items if str(item).strip())


def pick_device(devices: Sequence[str], worker: str | None) -> str:
    """The device of this process: ``devices[N % len(devices)]`` for the xdist worker ``gwN``,
    ``devices[0]`` outside xdist (``worker`` is ``$PYTEST_XDIST_WORKER`` or None)."""
    if not devices:
        raise ValueError("no devices given")
    if worker and worker.startswith("gw") and worker[2:].isdigit():
        return devices[int(worker[2:]) % len(devices)]
    return devices[0]


def resolve_device(devices: Sequence[str], torch) -> str:
    """The concrete device for this process: pinned by :func:`pick_device`, ``auto`` resolved."""
    device = pick_device(devices or ("auto",), os.environ.get("PYTEST_XDIST_WORKER"))
    if device != "auto":
        return device
    if torch.cuda.is_available():
        return "cuda"
    mps = getattr(torch.backends, "mps", None)
    return "mps" if mps is not None and mps.is_available() else "cpu"


def torch_dtype(name: str, device: str, torch):
    """The torch dtype for a DTYPES name on ``device`` (``auto``: float16 on CUDA, else float32)."""
    name = DTYPES[name]
    if name == "auto":
        name = "float16" if device.startswith("cuda") else "float32"
    return getattr(torch, name)


def dtype_kwarg(module, since: str) -> str:
    """``dtype`` where ``module`` is at least version ``since`` (it renamed ``torch_dtype``)."""
    from packaging.version import Version

    return "dtype" if Version(module.__version__) >= Version(since) else "torch_dtype"


def model_location(argument: str, root: Path) -> str:
    """Where to load a model from: an existing folder (relative to ``root`` or absolute, ``~``
    expanded) is used as a path; anything else is a model id on the Hugging Face Hub."""
    path = Path(argument).expanduser()
    if not path.is_absolute():
        path = Path(root) / path
    if path.is_dir():
        return str(path.resolve())
    if argument.startswith(("/", ".", "~")) or argument.count("/") > 1 or "\\" in argument:
        raise ConfigError(f"model folder {argument!r} does not exist (looked for {path})")
    return argument


def local_digest(location: str) -> str:
    """A short hash of a local model's configuration files (empty for a Hub id)."""
    folder = Path(location)
    if not folder.is_dir():
        return ""
    h = hashlib.sha256()
    for name in _CONFIG_FILES:
        if (folder / name).is_file():
            h.update(name.encode() + b"\0" + (folder / name).read_bytes())
    return h.hexdigest()[:16]


def check_local_settings(spec, allowed: set[str] | frozenset[str]) -> None:
    """Reject settings a local-model component does not know (a typo would be ignored)."""
    unknown = sorted(set(dict(spec.settings)) - set(allowed))
    if unknown:
        raise ConfigError(f"{spec.raw}: unknown setting(s) {', '.join(unknown)}; accepted: {', '.join(sorted(allowed))}")


def parse_bool(value: str, name: str, spec) -> bool:
    lowered = value.strip().lower()
    if lowered in ("1", "true", "yes", "on"):
        return True
    if lowered in ("0", "false", "no", "off"):
        return False
    raise ConfigError(f"{spec.raw}: {name} must be true or false, got {value!r}")


class WarmCache:
    """One loaded object per key for the life of the process; a failed load is remembered."""

    def __init__(self):
        self._lock = threading.Lock()
        self._items: dict[tuple, Any] = {}
        self._keys: dict[tuple, threading.Lock] = {}

    def get(self, key: tuple, load: Callable[[], Any]):
        with self._lock:
            key_lock = self._keys.setdefault(key, threading.Lock())
        with key_lock:
            if key not in self._items:
                try:
                    with IMPORT_LOCK:  # a load imports parts of torch, transformers, diffusers lazily
                        self._items[key] = load()
                except ImportError:
                    raise  # not remembered: a missing module is fixed by installing it, not by a new session
                except Exception as exc:  # remembered: every later run gets the same error at once
                    self._items[key] = exc
            item = self._items[key]
        if isinstance(item, Exception):
            raise item
        return item


@dataclasses.dataclass
class _Loaded:
    model: Any
    processor: Any  # the tokenizer of a text model, the processor of a vision-language one
    vision: bool
    device: str
    lock: threading.Lock = dataclasses.field(default_factory=threading.Lock)


_MODELS = WarmCache()


def _load(location: str, devices: tuple[str, ...], dtype: str) -> _Loaded:
    torch = require("torch", "hf", "running a local transformers model")
    transformers = require("transformers", "hf", "running a local transformers model")
    from transformers.models.auto.modeling_auto import (
        MODEL_FOR_IMAGE_TEXT_TO_TEXT_MAPPING,
    )

    device = resolve_device(devices, torch)
    try:
        config = transformers.AutoConfig.from_pretrained(location)
        vision = type(config) in MODEL_FOR_IMAGE_TEXT_TO_TEXT_MAPPING and hasattr(config, "vision_config")
        if vision:
            processor = transformers.AutoProcessor.from_pretrained(location)
            auto = transformers.AutoModelForImageTextToText
        else:
            processor = transformers.AutoTokenizer.from_pretrained(location)
            auto = transformers.AutoModelForCausalLM
        kwargs = {dtype_kwarg(transformers, "4.56"): torch_dtype(dtype, device, torch)}
        model = auto.from_pretrained(location, **kwargs).to(device).eval()
    except (OSError, ValueError, KeyError) as exc:
        raise ComponentError(
            f"cannot load the transformers model {location!r}: {exc}. Give a local folder "
            "(save_pretrained, or `hf download MODEL --local-dir DIR`) or a model id already in the Hugging Face cache."
        ) from exc
    return _Loaded(model=model, processor=processor, vision=vision, device=device)


def _image(data) -> Any:
    from PIL import Image

    if isinstance(data, Image.Image):
        return data.convert("RGB")
    if isinstance(data, (bytes, bytearray)):
        return Image.open(io.BytesIO(data)).convert("RGB")
    return Image.open(data).convert("RGB")


class HFChat:
    """A local transformers chat model: ``complete(messages, images=None) -> str``.

    ``messages`` are ``{"role": "system" | "user" | "assistant", "content": str}``;
    ``images`` (PNG/JPEG bytes, paths or PIL images) go with the last user turn and need a
    vision-language model. Greedy decoding unless ``do_sample`` (or a temperature above 0)
    is set; ``seed`` makes sampling repeatable. One model per (location, devices, dtype) is
    loaded per process, on first use.
    """

    family = "hf"

    def __init__(
        self,
        location: str,
        *,
        devices: Sequence[str] = (),
        dtype: str = "auto",
        max_new_tokens: int = 1024,
        temperature: float | None = None,
        do_sample: bool | None = None,
        name: str | None = None,
    ):
        if dtype not in DTYPES:
            raise ConfigError(f"dtype must be one of {', '.join(DTYPES)}, got {dtype!r}")
        self.location, self.devices, self.dtype = location, tuple(devices), dtype
        self.max_new_tokens, self.temperature, self.do_sample = max_new_tokens, temperature, do_sample
        digest = local_digest(location)
        self.model = f"{name or location}@{digest}" if digest else (name or location)

    def request_terms(self, *, temperature: float | None = None, max_tokens: int | None = None, seed: int | None = None) -> dict:
        """What a generation uses besides its messages: the model (its files' digest), dtype and
        decoding as :meth:`_generate` sets it (see :func:`~.chat.request_identity`)."""
        temperature = self.temperature if temperature is None else temperature
        sample = self.do_sample if self.do_sample is not None else bool(temperature and temperature > 0)
        terms = {"api": "transformers", "model": self.model, "dtype": self.dtype, "max_new_tokens": max_tokens or self.max_new_tokens, "do_sample": sample}
        if sample:
            terms.update(temperature=temperature, seed=seed)
        return terms

    def _loaded(self) -> _Loaded:
        return _MODELS.get((self.location, self.devices, self.dtype), lambda: _load(self.location, self.devices, self.dtype))

    def complete(self, messages: list[dict], images: Sequence | None = None, *, max_new_tokens: int | None = None,
                 temperature: float | None = None, seed: int | None = None) -> str:  # fmt: skip
        """The model's answer to ``messages`` (and ``images``, for a vision-language model)."""
        return self._generate(messages, images or (), max_new_tokens, temperature, seed)[0]

    def chat(self, system: str, user: str, images: Sequence[bytes] = (), *, json_schema: dict | None = None,
             temperature: float | None = None, max_tokens: int | None = None, seed: int | None = None) -> ChatReply:  # fmt: skip
        """:class:`~.chat.ChatClient`'s call. ``json_schema`` is not enforced locally: the
        request's own wording asks for the format, and the caller parses what comes back."""
        start = time.perf_counter()
        messages = [{"role": "system", "content": system}, {"role": "user", "content": user}]
        text, n_in, n_out, finish = self._generate(messages, images, max_tokens, temperature, seed)
        latency = time.perf_counter() - start
        usage = Usage(input_tokens=n_in, output_tokens=n_out)
        TRACKER.record(self.family, self.model, usage, latency)
        return ChatReply(text=text, usage=usage, model=self.model, finish_reason=finish, latency_s=latency)

    def _generate(self, messages, images, max_new_tokens, temperature, seed) -> tuple[str, int, int, str]:
        loaded = self._loaded()
        if images and not loaded.vision:
            raise ComponentError(
                f"{self.model} is a text-only model and cannot see images; use a vision-language model "
                "(one whose config maps to AutoModelForImageTextToText) for tasks and judgments with images"
            )
        torch = require("torch", "hf", "running a local transformers model")
        inputs = self._encode(loaded, messages, [_image(i) for i in images])
        inputs = inputs.to(loaded.device, dtype=loaded.model.dtype) if loaded.vision else inputs.to(loaded.device)
        limit = max_new_tokens or self.max_new_tokens
        temperature = self.temperature if temperature is None else temperature
        sample = self.do_sample if self.do_sample is not None else bool(temperature and temperature > 0)
        tokenizer = getattr(loaded.processor, "tokenizer", loaded.processor)
        options: dict = {"max_new_tokens": limit, "do_sample": sample}
        if sample and temperature:
            options["temperature"] = temperature
        if tokenizer.pad_token_id is None:
            options["pad_token_id"] = tokenizer.eos_token_id
        with loaded.lock, torch.inference_mode():
            if seed is not None:
                torch.manual_seed(seed)
            output = loaded.model.generate(**inputs, **options)
        n_in = inputs["input_ids"].shape[1]
        new = output[0, n_in:]
        text = tokenizer.decode(new, skip_special_tokens=True).strip()
        return text, int(n_in), int(new.shape[0]), "length" if new.shape[0] >= limit else "stop"

    def _encode(self, loaded: _Loaded, messages: list[dict], images: list):
        processor = loaded.processor
        if loaded.vision:
            turns = [{"role": m["role"], "content": [{"type": "text", "text": m["content"]}]} for m in messages]
            last_user = max(i for i, m in enumerate(turns) if m["role"] == "user")
            turns[last_user]["content"][:0] = [{"type": "image", "image": image} for image in images]
        else:
            turns = messages
        if not getattr(processor, "chat_template", None):
            raise ComponentError(f"{self.model} has no chat template: use an instruction-tuned (chat) model")
        template = {"add_generation_prompt": True, "tokenize": True, "return_dict": True, "return_tensors": "pt"}
        try:
            return processor.apply_chat_template(turns, **template)
        except Exception as exc:  # some templates refuse a system turn: fold it into the first user turn
            if turns[0]["role"] != "system" or "system" not in str(exc).lower():
                raise
            return processor.apply_chat_template(_fold_system(turns), **template)


def _fold_system(turns: list[dict]) -> list[dict]:
    system, rest = turns[0], [dict(t) for t in turns[1:]]
    first = next(t for t in rest if t["role"] == "user")
    if isinstance(first["content"], str):
        first["content"] = f"{system['content']}\n\n{first['content']}"
    else:
        first["content"] = [*system["content"], *first["content"]]
    return rest


def chat_from_spec(spec, ctx, *, max_new_tokens: int = 1024) -> HFChat:
    """An :class:`HFChat` for ``hf:MODEL?device=..&dtype=..&max_new_tokens=..&temperature=..&do_sample=..``
    (the caller checks which settings it accepts)."""
    if not spec.argument:
        raise ConfigError(f"{spec.raw}: name the model after the colon, e.g. hf:Qwen/Qwen2.5-1.5B-Instruct or hf:./my-model")
    location = model_location(spec.argument, ctx.root)
    for module in ("torch", "transformers"):  # fail at start-up, not after the first run
        require(module, "hf", f"the local model {spec.raw}")
    try:
        limit = int(spec.setting("max_new_tokens", str(max_new_tokens)))
        temperature = float(spec.setting("temperature")) if spec.setting("temperature") is not None else None
    except ValueError:
        raise ConfigError(f"{spec.raw}: max_new_tokens must be an integer and temperature a number") from None
    if limit < 1 or (temperature is not None and temperature < 0):
        raise ConfigError(f"{spec.raw}: max_new_tokens must be at least 1 and temperature at least 0")
    do_sample = spec.setting("do_sample")
    dtype = spec.setting("dtype", "auto")
    if dtype not in DTYPES:
        raise ConfigError(f"{spec.raw}: dtype must be one of {', '.join(DTYPES)}, got {dtype!r}")
    return HFChat(
        location,
        devices=parse_devices(spec.setting("device")) or parse_devices(ctx.options.get("devices")),
        dtype=dtype,
        max_new_tokens=limit,
        temperature=temperature,
        do_sample=parse_bool(do_sample, "do_sample", spec) if do_sample is not None else None,
        name=spec.argument,
    )
