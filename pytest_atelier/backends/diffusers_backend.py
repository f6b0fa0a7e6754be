"""Local diffusers pipelines as backends: ``sdxl`` and ``diffusers:MODEL_ID_OR_PATH``.

``diffusers:MODEL`` loads any text-to-image pipeline that diffusers can
(``AutoPipelineForText2Image``, falling back to ``DiffusionPipeline``: SD 1.x/2.x, SDXL,
SD3, Flux, PixArt, ...) from a local folder or a model id in the Hugging Face cache.
``sdxl`` is ``diffusers:stabilityai/stable-diffusion-xl-base-1.0`` at 1024x1024. Settings:

==============  ===================================================================
``device``      ``cuda:0``, ``cpu``, or a list ``cuda:0,cuda:1`` (xdist worker ``gwN``
                takes ``devices[N % len]``); default ``ComponentContext.options["devices"]``,
                else ``auto`` (see :mod:`~pytest_atelier.providers.hf_local`)
``dtype``       ``float16``, ``bfloat16``, ``float32``, ``auto`` (float16 on CUDA)
``scheduler``   a diffusers scheduler class, e.g. ``EulerDiscreteScheduler``
``steps``       inference steps (default: the pipeline's)
``guidance``    classifier-free guidance scale (default: the pipeline's)
``negative``    a negative prompt, for pipelines that take one
``size``        ``WIDTHxHEIGHT``, replacing the run's size (default: the run's; ``sdxl``: 1024x1024)
``batch``       images per pipeline call (default 4); halved and retried on out-of-memory
``variant``     weight files variant, e.g. ``fp16``; ``revision``: a Hub revision
==============  ===================================================================

Image ``i`` of a request uses seed ``seed + i`` through its own CPU ``torch.Generator``, so
an image depends on its seed, not on the batch it was drawn in nor on the GPU. Concurrent
``generate`` calls (the engine asks one image per call, several at once) are gathered into
batches. A prompt longer than the text encoder reads (77 tokens for CLIP) raises an
:class:`~pytest_atelier.errors.AtelierWarning` that names the words cut off, and the
image's ``meta["truncated"]`` holds them. Each process loads a pipeline once per
(model, device, dtype, variant, revision) and keeps it warm.
"""

from __future__ import annotations

import dataclasses
import gc
import inspect
import io
import json
import threading
import time
import warnings
from concurrent.futures import Future
from typing import Any

from ..components import GeneratedImage, GenerationRequest
from ..errors import AtelierWarning, BackendError, ConfigError, require
from ..providers.hf_local import (
    DTYPES,
    WarmCache,
    check_local_settings,
    dtype_kwarg,
    local_digest,
    model_location,
    parse_devices,
    resolve_device,
    torch_dtype,
)
from ..providers.usage import TRACKER, Usage

__all__ = ["SDXL_MODEL", "SETTINGS", "VERSION", "DiffusersBackend", "PipelineSettings", "make", "make_sdxl", "truncated_words"]

VERSION = "1"  # bump when the same settings would draw different images
SDXL_MODEL = "stabilityai/stable-diffusion-xl-base-1.0"
SETTINGS = frozenset({"device", "dtype", "scheduler", "steps", "guidance", "negative", "size", "batch", "variant", "revision"})
_PIPELINES = WarmCache()


@dataclasses.dataclass(frozen=True)
class PipelineSettings:
    """A backend's settings, parsed and checked (see the module docstring)."""

    devices: tuple[str, ...] = ()
    dtype: str = "auto"
    scheduler: str | None = None
    steps: int | None = None
    guidance: float | None = None
    negative: str | None = None
    size: tuple[int, int] | None = None
    batch: int = 4
    variant: str | None = None
    revision: str | None = None

    @classmethod
    def from_spec(cls, spec, ctx, size: tuple[int, int] | None = None) -> PipelineSettings:
        check_local_settings(spec, SETTINGS)
        get = spec.setting
        dtype = get("dtype", "auto")
        if dtype not in DTYPES:
            raise ConfigError(f"{spec.raw}: dtype must be one of {', '.join(DTYPES)}, got {dtype!r}")
        try:
            steps = int(get("steps")) if get("steps") is not None else None
            guidance = float(get("guidance")) if get("guidance") is not None else None
            batch = int(get("batch", "4"))
        except ValueError:
            raise ConfigError(f"{spec.raw}: steps and batch must be integers, guidance a number") from None
        if (steps is not None and steps < 1) or batch < 1:
            raise ConfigError(f"{spec.raw}: steps and batch must be at least 1")
        if get("size") is not None:
            width, _, height = get("size").lower().partition("x")
            if not (width.isdigit() and height.isdigit() and int(width) > 0 and int(height) > 0):
                raise ConfigError(f"{spec.raw}: size must be WIDTHxHEIGHT, e.g. 1024x1024, got {get('size')!r}")
            size = (int(width), int(height))
        return cls(
            devices=parse_devices(get("device")) or parse_devices(ctx.options.get("devices")),
            dtype=dtype,
            scheduler=get("scheduler"),
            steps=steps,
            guidance=guidance,
            negative=get("negative"),
            size=size,
            batch=batch,
            variant=get("variant"),
            revision=get("revision"),
        )


@dataclasses.dataclass
class _Pipeline:
    """A loaded pipeline, shared by every backend of the process that uses the same weights."""

    pipe: Any
    device: str
    default_scheduler: Any
    lock: threading.Lock = dataclasses.field(default_factory=threading.Lock)


@dataclasses.dataclass(frozen=True)
class _Job:
    prompt: str
    seed: int
    width: int
    height: int


def truncated_words(tokenizer, prompt: str) -> tuple[int, list[str]]:
    """``(tokens, cut)``: the prompt's length in tokens (special tokens included) and the
    words that do not fit in ``tokenizer.model_max_length`` (a word cut in two counts as cut)."""
    words = prompt.split()
    if not words:
        return 0, []
    specials = len(tokenizer("", add_special_tokens=True)["input_ids"])
    counts = [len(ids) for ids in tokenizer(words, add_special_tokens=False)["input_ids"]]
    room, used = tokenizer.model_max_length - specials, 0
    for index, count in enumerate(counts):
        used += count
        if used > room:
            return sum(counts) + specials, words[index:]
    return used + specials, []


def _is_oom(exc: BaseException, torch) -> bool:
    oom = getattr(torch, "OutOfMemoryError", None) or getattr(torch.cuda, "OutOfMemoryError", ())
    return isinstance(exc, oom) or (isinstance(exc, RuntimeError) and "out of memory" in str(exc).lower())


class DiffusersBackend:
    """Draws images with a local diffusers pipeline (see the module docstring)."""

    produces_images = True

    def __init__(self, spec, location: str, settings: PipelineSettings):
        self.spec, self.label, self.location, self.settings = spec.raw, spec.label, location, settings
        self.torch = require("torch", "diffusers", "the diffusers backend")
        self.diffusers = require("diffusers", "diffusers", "the diffusers backend")
        if settings.scheduler is not None:
            found = getattr(self.diffusers, settings.scheduler, None)
            if not (settings.scheduler.endswith("Scheduler") and hasattr(found, "from_config")):
                names = sorted(n for n in dir(self.diffusers) if n.endswith("Scheduler") and n != "SchedulerMixin")
                raise ConfigError(f"{spec.raw}: unknown scheduler {settings.scheduler!r}; diffusers has {', '.join(names)}")
        self.batch = settings.batch  # halved for good after an out-of-memory error
        digest = local_digest(location)
        self.model = f"{spec.argument}@{digest}" if digest else location
        shown = {
            "scheduler": settings.scheduler, "steps": settings.steps, "guidance": settings.guidance,
            "negative": settings.negative, "size": settings.size, "dtype": settings.dtype,
            "variant": settings.variant, "revision": settings.revision,
        }  # fmt: skip
        self.identity = f"diffusers/{VERSION}:{self.model}:{json.dumps(shown, sort_keys=True)}"
        self._schedulers: dict[int, Any] = {}
        self._queue: list[tuple[_Job, Future]] = []
        self._queue_lock, self._run_lock = threading.Lock(), threading.Lock()
        self._warned: set[str] = set()

    # --- loading -----------------------------------------------------------------------

    def _pipeline(self) -> _Pipeline:
        s = self.settings
        device = resolve_device(s.devices, self.torch)
        key = (self.location, device, s.dtype, s.variant, s.revision)
        return _PIPELINES.get(key, lambda: self._load(device))

    def _load(self, device: str) -> _Pipeline:
        s, d = self.settings, self.diffusers
        kwargs: dict = {dtype_kwarg(d, "0.42"): torch_dtype(s.dtype, device, self.torch)}
        kwargs.update({k: v for k, v in (("variant", s.variant), ("revision", s.revision)) if v})
        try:
            try:
                pipe = d.AutoPipelineForText2Image.from_pretrained(self.location, **kwargs)
            except ValueError:  # a pipeline class AutoPipeline does not map: load it as it is
                pipe = d.DiffusionPipeline.from_pretrained(self.location, **kwargs)
            pipe = pipe.to(device)
        except Exception as exc:  # missing files, a bad config, no network for a Hub id, ...
            raise BackendError(
                f"{self.spec}: cannot load the diffusers pipeline {self.location!r}: {exc}. Give a local folder "
                "(save_pretrained, or `hf download MODEL --local-dir DIR`) or a model id already in the Hugging Face cache."
            ) from exc
        pipe.set_progress_bar_config(disable=True)
        if s.negative is not None and "negative_prompt" not in inspect.signature(pipe.__call__).parameters:
            raise BackendError(f"{self.spec}: {type(pipe).__name__} takes no negative prompt; drop the negative setting")
        return _Pipeline(pipe=pipe, device=device, default_scheduler=pipe.scheduler)

    def _scheduler(self, loaded: _Pipeline):
        if self.settings.scheduler is None:
            return loaded.default_scheduler
        if id(loaded) not in self._schedulers:
            cls = getattr(self.diffusers, self.settings.scheduler)
            self._schedulers[id(loaded)] = cls.from_config(loaded.default_scheduler.config)
        return self._schedulers[id(loaded)]

    # --- generating --------------------------------------------------------------------

    def generate(self, request: GenerationRequest) -> list[GeneratedImage]:
        if request.n < 1:
            raise BackendError(f"{self.spec}: asked for {request.n} images; ask for at least 1")
        width, height = self.settings.size or (request.width, request.height)
        jobs = [_Job(request.prompt, request.seed + i, width, height) for i in range(request.n)]
        futures = self._submit(self._pipeline(), jobs)
        return [GeneratedImage(png=f.result()[0], seed=job.seed, meta=f.result()[1]) for job, f in zip(jobs, futures)]

    def _submit(self, loaded: _Pipeline, jobs: list[_Job]) -> list[Future]:
        """Queue the jobs; whoever holds the run lock draws everything queued, in batches,
        so that calls arriving while a batch runs share the next one."""
        futures = [Future() for _ in jobs]
        with self._queue_lock:
            self._queue.extend(zip(jobs, futures))
        with self._run_lock:
            while not all(f.done() for f in futures):
                with self._queue_lock:
                    todo, self._queue = self._queue, []
                self._draw(loaded, todo)
        return futures

    def _draw(self, loaded: _Pipeline, todo: list[tuple[_Job, Future]]) -> None:
        by_size: dict[tuple[int, int], list[tuple[_Job, Future]]] = {}
        for job, future in todo:
            by_size.setdefault((job.width, job.height), []).append((job, future))
        for group in by_size.values():
            start = 0
            while start < len(group):
                chunk = group[start : start + self.batch]
                try:
                    results = self._call(loaded, [job for job, _ in chunk])
                except Exception as exc:
                    oom = _is_oom(exc, self.torch)
                    if oom:
                        self._free_memory()
                        if self.batch > 1:
                            self.batch //= 2
                            continue  # the same images again, in smaller batches
                    what = f"out of memory with one image at a time on {loaded.device}" if oom else "the pipeline failed"
                    error = BackendError(f"{self.spec}: {what}: {type(exc).__name__}: {exc}")
                    error.__cause__ = exc
                    for _, future in chunk:
                        future.set_exception(error)
                else:
                    for (_, future), result in zip(chunk, results):
                        future.set_result(result)
                start += len(chunk)

    def _call(self, loaded: _Pipeline, jobs: list[_Job]) -> list[tuple[bytes, dict]]:
        s, torch = self.settings, self.torch
        width, height = jobs[0].width, jobs[0].height
        kwargs: dict = {
            "prompt": [job.prompt for job in jobs],
            "width": width,
            "height": height,
            "generator": [torch.Generator("cpu").manual_seed(job.seed) for job in jobs],
            "num_images_per_prompt": 1,
            "output_type": "pil",
        }
        if s.steps is not None:
            kwargs["num_inference_steps"] = s.steps
        if s.guidance is not None:
            kwargs["guidance_scale"] = s.guidance
        if s.negative is not None:
            kwargs["negative_prompt"] = [s.negative] * len(jobs)
        start = time.perf_counter()
        with loaded.lock:  # the tokenizer and the scheduler are not thread-safe
            cut = {prompt: self._check_length(loaded.pipe, prompt) for prompt in kwargs["prompt"]}
            loaded.pipe.scheduler = self._scheduler(loaded)
            images = loaded.pipe(**kwargs).images
            scheduler = type(loaded.pipe.scheduler).__name__
        TRACKER.record("diffusers", self.model, Usage(images=len(jobs)), time.perf_counter() - start)
        meta = {"model": self.model, "device": loaded.device, "dtype": str(loaded.pipe.dtype).replace("torch.", ""),
                "scheduler": scheduler, "steps": s.steps, "guidance": s.guidance, "width": width, "height": height,
                "batch": len(jobs)}  # fmt: skip
        results = []
        for job, image in zip(jobs, images):
            buffer = io.BytesIO()
            image.save(buffer, format="PNG")
            truncated = {"truncated": cut[job.prompt]} if cut[job.prompt] else {}
            results.append((buffer.getvalue(), {**meta, **truncated}))
        return results

    def _free_memory(self) -> None:
        gc.collect()
        if self.torch.cuda.is_available():
            self.torch.cuda.empty_cache()

    def _check_length(self, pipe, prompt: str) -> str | None:
        """Warn (once per prompt) when the text encoder cannot read the whole prompt."""
        tokenizer = getattr(pipe, "tokenizer", None)
        if tokenizer is None or not 0 < tokenizer.model_max_length < 100_000:
            return None
        tokens, cut = truncated_words(tokenizer, prompt)
        if not cut:
            return None
        text = " ".join(cut)
        if prompt not in self._warned:
            self._warned.add(prompt)
            warnings.warn(
                f"{self.spec}: the prompt has {tokens} tokens but the text encoder ({type(tokenizer).__name__}) reads "
                f"{tokenizer.model_max_length}; these words are cut off: {text!r}",
                AtelierWarning,
                stacklevel=1,
            )
        return text


def make(spec, ctx) -> DiffusersBackend:
    if not spec.argument:
        raise ConfigError(f"{spec.raw}: name the model after the colon, e.g. diffusers:{SDXL_MODEL} or diffusers:./my-model")
    return DiffusersBackend(spec, model_location(spec.argument, ctx.root), PipelineSettings.from_spec(spec, ctx))


def make_sdxl(spec, ctx) -> DiffusersBackend:
    if spec.argument:
        raise ConfigError(f"{spec.raw}: sdxl takes no model; use diffusers:{spec.argument} for another one")
    return DiffusersBackend(spec, SDXL_MODEL, PipelineSettings.from_spec(spec, ctx, size=(1024, 1024)))
