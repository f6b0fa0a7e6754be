"""An evaluation session: settings resolved once, components built once, one engine per suite.

The pytest plugin builds one per process (controller and each xdist worker); a script or
the CLI can build one directly. Nothing here imports pytest.
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import threading
from pathlib import Path

from ..judge.metrics import MetricSet
from ..registry import ComponentContext, Registry, parse_spec
from ..suite.loader import Suite, load_suite
from .ahead import RunAhead
from .cache import Cache
from .preload import preload_for_threads
from .priority_pool import PriorityPool
from .runner import Engine, EngineConfig

__all__ = ["Settings", "AtelierSession", "budget_ledger"]

log = logging.getLogger("pytest_atelier.engine")


def budget_ledger(cache_dir: Path, run_id: str) -> str:
    """The file in which the processes of invocation ``run_id`` keep their shared budget."""
    if not run_id:
        raise ValueError("several processes share a budget only under the invocation's id (xdist's testrunuid)")
    return str(Path(cache_dir) / "limits" / f"budget-{hashlib.sha256(run_id.encode()).hexdigest()[:16]}.json")


@dataclasses.dataclass(frozen=True)
class Settings:
    """Everything a run depends on, as plain values (safe to send to xdist workers)."""

    root: Path
    prompters: tuple[str, ...] = ("direct",)
    backends: tuple[str, ...] = ("reference",)
    judges: tuple[str, ...] = ("offline",)
    judge_repeats: int = 1
    images: int = 4
    seed: int = 0
    cache_dir: Path = Path(".atelier_cache")
    concurrency: int = 4
    prompter_timeout: float = 120.0
    width: int = 512
    height: int = 512
    record_dir: str | None = None
    replay_dir: str | None = None
    max_cost: float | None = None
    devices: tuple[str, ...] = ()
    processes: int = 1  # processes running this evaluation side by side (xdist workers)
    run_id: str = ""  # names this invocation where its processes share state (xdist's testrunuid)
    worker: int = 0  # this process's number among them
    metrics: tuple[str, ...] = ("auto",)  # --atelier-metric specs (pytest_atelier.judge.metrics)

    def __post_init__(self):
        if self.images < 1:
            raise ValueError(f"images per prompt must be at least 1, got {self.images}")
        if not self.judges:
            raise ValueError("give at least one judge")
        if self.judge_repeats < 1:
            raise ValueError(f"judge repeats must be at least 1, got {self.judge_repeats}")
        if self.processes > 1 and self.max_cost is not None:
            budget_ledger(self.cache_dir, self.run_id)  # several processes share a budget only under a run id
        if self.concurrency < 1:
            raise ValueError(f"concurrency must be at least 1, got {self.concurrency}")
        for role, specs in (("prompter", self.prompters), ("backend", self.backends)):
            labels = [parse_spec(s).label for s in specs]
            if len(set(labels)) != len(labels):
                raise ValueError(
                    f"two {role}s share a label ({', '.join(specs)}): labels leave out connection settings "
                    "such as base_url; give each a name under [tool.atelier.aliases] in pyproject.toml"
                )


class AtelierSession:
    """Builds components lazily and hands out one engine per suite folder."""

    def __init__(self, settings: Settings, registry: Registry):
        self.settings, self.registry = settings, registry
        preload_for_threads(settings.judges)  # before the pools below start threads
        self.cache = Cache(settings.cache_dir)
        self.metrics = MetricSet(settings.metrics, settings.root)  # a bad spec fails here, before any run
        self._components: dict = {}
        self._engines: dict[Path, Engine] = {}
        self._suites: dict[Path, Suite] = {}
        self._roots: dict[Path | str, Path] = {}
        self._build_lock = threading.RLock()  # runs produced ahead ask for engines from several threads
        self.on_stage = None  # progress within a run: (run, stage, done, total)
        self._preparing: threading.Thread | None = None  # the judge readying exemplar memories ahead
        # --atelier-concurrency: model calls in flight at once in this process, across all runs
        self.slots = threading.BoundedSemaphore(settings.concurrency)
        # runs produced ahead of pytest: twice the call slots in production (a run waiting on its
        # prompt holds a place but no slot), and up to four windows finished and waiting for pytest
        # to read them, never the whole suite
        window = max(4, 2 * settings.concurrency)
        self.ahead = RunAhead(self._produce, window=window, ready=4 * window)
        # the calls within runs, for every engine: enough threads to fill the call slots while others judge
        self.pool = PriorityPool(2 * settings.concurrency + 2)

    def _produce(self, run: tuple[Path, str, str, str]):
        root, prompter, backend, task_id = run
        return self.engine(root).run(prompter, backend, task_id)

    def plan(self, runs) -> None:
        """Produce these ``(suite root, prompter, backend, task id)`` runs ahead, in this order;
        meanwhile a judge that can (``prepare``) readies the exemplar memories they will need."""
        runs = [(self._root(root), p, b, t) for root, p, b, t in runs]
        self.ahead.plan(runs)
        if runs:
            self._preparing = threading.Thread(target=self._prepare_judge, args=(runs,), name="atelier-prepare", daemon=True)
            self._preparing.start()

    def _prepare_judge(self, runs) -> None:
        tasks: dict[Path, dict[str, None]] = {}
        for root, _, _, task_id in runs:
            tasks.setdefault(root, {})[task_id] = None
        try:
            for root, task_ids in tasks.items():
                engine = self.engine(root)
                if callable(getattr(engine.judge, "prepare", None)):
                    engine.judge.prepare(engine.memories_for(task_ids), start=self.settings.worker)
        except Exception:  # the run that needs it meets the same error and reports it
            log.debug("preparing the judge ahead failed", exc_info=True)

    def run(self, root: Path, prompter: str, backend: str, task_id: str):
        """The run, from those produced ahead or made now."""
        return self.ahead.take((self._root(root), prompter, backend, task_id))

    def close(self) -> None:
        self.ahead.close()
        self.pool.shutdown()
        if self._preparing is not None:  # no embedding left running while the interpreter exits
            self._preparing.join(timeout=60)

    @property
    def context(self) -> ComponentContext:
        s = self.settings
        return ComponentContext(
            root=s.root,
            seed=s.seed,
            images=s.images,
            cache_dir=s.cache_dir,
            options={
                "prompter_timeout": s.prompter_timeout,
                "concurrency": s.concurrency,
                "record_dir": s.record_dir,
                "replay_dir": s.replay_dir,
                "max_cost": s.max_cost,
                "devices": list(s.devices),
                # several processes: rate and in-flight limits are shared through this folder
                "limits_dir": str(Path(s.cache_dir) / "limits") if s.processes > 1 else None,
                # ... and so is the --atelier-max-cost budget, in a ledger of this invocation's own
                "budget_ledger": budget_ledger(s.cache_dir, s.run_id) if s.processes > 1 and s.max_cost is not None else None,
                "processes": s.processes,
            },
        )

    def component(self, role: str, spec: str):
        key = (role, spec)
        if key not in self._components:
            self._components[key] = self.registry.make(role, spec, self.context)
        return self._components[key]

    def judge(self):
        """The judge: one, or an ensemble when several are given or calls are repeated."""
        if "judge" not in self._components:
            members = [self.component("judge", spec) for spec in self.settings.judges]
            if len(members) == 1 and self.settings.judge_repeats == 1:
                self._components["judge"] = members[0]
            else:
                from ..judge.ensemble import EnsembleJudge

                self._components["judge"] = EnsembleJudge(members, self.settings.judge_repeats)
        return self._components["judge"]

    def prompter_labels(self) -> list[str]:
        return [parse_spec(s).label for s in self.settings.prompters]

    def backend_labels(self) -> list[str]:
        return [parse_spec(s).label for s in self.settings.backends]

    def _root(self, root: Path | str) -> Path:
        """The suite root, resolved once (every item asks for it)."""
        if root not in self._roots:
            self._roots[root] = Path(root).resolve()
        return self._roots[root]

    def suite(self, root: Path) -> Suite:
        root = self._root(root)
        if root not in self._suites:
            self._suites[root] = load_suite(root)
        return self._suites[root]

    def engine(self, root: Path) -> Engine:
        root = self._root(root)
        if root in self._engines:
            return self._engines[root]
        with self._build_lock:
            return self._make_engine(root)

    def _make_engine(self, root: Path) -> Engine:
        if root not in self._engines:
            s = self.settings
            self._engines[root] = Engine(
                suite=self.suite(root),
                prompters={parse_spec(p).label: self.component("prompter", p) for p in s.prompters},
                backends={parse_spec(b).label: self.component("backend", b) for b in s.backends},
                judge=self.judge(),
                cache=self.cache,
                config=EngineConfig(images=s.images, seed=s.seed, width=s.width, height=s.height, concurrency=s.concurrency),
                slots=self.slots,
                pool=self.pool,
            )
            self._engines[root].on_stage = self.on_stage
            self._engines[root].metrics = self.metrics
        return self._engines[root]
