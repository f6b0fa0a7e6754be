"""pytest hooks: options, collection of suites into items, fixtures, results at session end.

This module only wires pytest to the engine (``pytest_atelier.engine``); the work happens
there and in ``judge``/``results``, which know nothing of pytest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from . import hookspecs
from .engine.progress import Progress, runs_in_node_ids
from .engine.session import AtelierSession, Settings, budget_ledger
from .engine.threads import share_cores
from .config_keys import RENAMED_INI_KEYS, check_tool_table, unknown_ini_keys
from .errors import AtelierError, AtelierWarning, ConfigError, SuiteError
from .option_values import check_numbers, check_output_paths, parse_number
from .redact import neutralise_controls
from .registry import Registry, load_aliases
from .results.baseline import CHANGE_KINDS, config_differences, expected_failures, obtained_path
from .results.collect import ResultsCollector, judge_label
from .results.gates import parse_gates
from .results.records import RunConfig, load_results
from .suite.sample import stratified_sample
from .suite.loader import MANIFEST_NAME, checkpoint_lines, find_suite_root
from .suite.models import Side

__all__ = ["SuiteFile", "TaskNode", "CheckpointItem", "SubjectiveItem"]

SESSION_KEY = pytest.StashKey[AtelierSession]()
COLLECTOR_KEY = pytest.StashKey[ResultsCollector]()
SENT_KEY = pytest.StashKey[set]()  # run keys whose record this process sent (and "identity" once sent)
ERROR_SHOWN_KEY = pytest.StashKey[dict]()  # run key -> the item that showed the run's error in full
OUTPUT_FILES = (("atelier_json", "--atelier-json"), ("atelier_report", "--atelier-report"), ("atelier_save_baseline", "--atelier-save-baseline"))
EXPECTED_KEY = pytest.StashKey[tuple]()  # (baseline path, set of keys that failed there)

# (dest, flags, ini type, default, help)
OPTIONS = [
    ("atelier_prompter", ["--prompter"], "linelist", ["direct"], "prompter spec (repeatable): direct, python:pkg.mod:fn, cmd:./agent, an alias"),
    ("atelier_backend", ["--backend"], "linelist", ["reference"], "backend spec (repeatable): reference, none, ..."),
    ("atelier_judge", ["--judge"], "linelist", ["offline"], "judge spec (repeatable: several judges vote): offline, openai:MODEL, ..."),
    ("atelier_judge_repeats", ["--atelier-judge-repeats"], "string", "1", "ask every judge this many times per call (votes and means)"),
    ("atelier_suite", ["--atelier-suite"], "linelist", [], "suite folder to collect (repeatable) in addition to path arguments"),
    ("atelier_images", ["--atelier-images"], "string", "4", "images generated per prompt (the judge keeps the best)"),
    ("atelier_seed", ["--atelier-seed"], "string", "0", "base seed for generation"),
    ("atelier_cache_dir", ["--atelier-cache-dir"], "string", ".atelier_cache", "cache folder, relative to the rootdir"),
    ("atelier_json", ["--atelier-json"], "string", None, "write the results file here"),
    ("atelier_report", ["--atelier-report"], "string", None, "write the HTML report here"),
    ("atelier_gate", ["--atelier-gate"], "linelist", [], "gate on the aggregate (repeatable), e.g. objective>=0.6"),
    ("atelier_baseline", ["--atelier-baseline"], "string", None, "results file to compare with: old failures xfail, new ones are regressions"),
    ("atelier_save_baseline", ["--atelier-save-baseline"], "string", None, "write this run's results here, for use as a baseline"),
    ("atelier_alpha", ["--atelier-alpha"], "string", "0.05", "significance level for regressions against the baseline"),
    ("atelier_allow_change", ["--atelier-allow-change"], "string", None, "compare with a baseline measured with another judge,backend,images,suite (comma-separated): reported as that change, never gated"),
    ("atelier_sample", ["--atelier-sample"], "string", None, "run a stratified, deterministic subset of N tasks and print the baseline gate's power at that size"),
    ("atelier_sample_drop", ["--atelier-sample-drop"], "string", "0.05", "the drop in objective rate whose detection power --atelier-sample prints"),
    ("atelier_concurrency", ["--atelier-concurrency"], "string", "4", "model calls in flight at once in each process, across runs (and each API's default in-flight limit, shared by xdist workers)"),
    ("atelier_prompter_timeout", ["--atelier-prompter-timeout"], "string", "120", "seconds a cmd: prompter may take per task"),
    ("atelier_progress", ["--atelier-progress"], "string", "30", "seconds between progress lines for slow runs (0: none)"),
    ("atelier_record", ["--atelier-record"], "string", None, "record every model API request and response in this folder"),
    ("atelier_replay", ["--atelier-replay"], "string", None, "answer model API requests from this recording, with no network"),
    ("atelier_max_cost", ["--atelier-max-cost"], "string", None, "stop new model API calls once this many US dollars are spent"),
    ("atelier_devices", ["--atelier-devices"], "string", None, "comma-separated devices for local models; xdist workers take one each"),
    ("atelier_subjective_threshold", ["--atelier-subjective-threshold"], "string", "3.0", "mean 1-5 score a subjective item needs to pass"),
    ("atelier_metric", ["--atelier-metric"], "linelist", ["auto"], "specialised metric (repeatable): auto, none, colour, structure, text, dino:PATH, face:TARGET, count:TARGET, hallucination"),
]


def pytest_addhooks(pluginmanager):
    pluginmanager.add_hookspecs(hookspecs)


def pytest_addoption(parser):
    group = parser.getgroup("atelier", "pytest-atelier: grade text-to-image prompters")
    for dest, flags, ini_type, default, help_text in OPTIONS:
        action = "append" if ini_type == "linelist" else "store"
        group.addoption(*flags, action=action, dest=dest, default=None, help=help_text)
        parser.addini(dest, help=help_text, type=ini_type, default=default)
    for old, new in RENAMED_INI_KEYS.items():
        parser.addini(old, help=f"deprecated: use {new}", type="linelist", default=[])


def get_option(config, dest: str):
    """Command line, then ini (the key, else its deprecated old name), then default."""
    value = config.getoption(dest)
    if value is not None:
        return value
    old = _OLD_INI_KEYS.get(dest)
    if old and dest not in _ini_keys(config) and old in _ini_keys(config):
        return config.getini(old)
    return config.getini(dest)


_OLD_INI_KEYS = {new: old for old, new in RENAMED_INI_KEYS.items()}


def _ini_keys(config) -> set[str]:
    """The keys set in the ini file or with ``-o`` (pytest 9 keeps them in ``_inicfg``, 8 in ``inicfg``)."""
    inicfg = getattr(config, "_inicfg", None)
    keys = set(config.inicfg if inicfg is None else inicfg)
    return keys | {o.split("=", 1)[0].strip() for o in config.getoption("override_ini", None) or []}


def _check_ini_keys(config) -> None:
    """A misspelled atelier_* key is a usage error (pytest would only warn and use the default);
    an old plural key works, with a deprecation note."""
    present = _ini_keys(config)
    problems = unknown_ini_keys(present, [dest for dest, *_ in OPTIONS])
    for old, new in RENAMED_INI_KEYS.items():
        if old in present and new in present:
            problems.append(f"both {new} and {old} are set; keep {new} ({old} is its deprecated old name)")
        elif old in present and not hasattr(config, "workerinput"):
            config.issue_config_time_warning(
                pytest.PytestDeprecationWarning(f"pytest-atelier: ini key {old} is deprecated: name it {new}, like --{new[8:]}"),
                stacklevel=2,
            )
    if problems:
        raise pytest.UsageError("pytest-atelier: " + "\n".join(problems))


def _number(config, dest: str, kind=None):
    """A numeric option, checked against what it accepts (``option_values.NUMBER_RULES``)."""
    try:
        return parse_number(dest, get_option(config, dest))
    except ConfigError as exc:
        raise pytest.UsageError(f"pytest-atelier: {exc}") from None


def pytest_configure(config):
    _check_ini_keys(config)
    worker_input = getattr(config, "workerinput", {})  # empty without xdist and on its controller
    if worker_input:
        share_cores(worker_input.get("workercount", 1))
    root = Path(config.rootpath)
    try:
        check_tool_table(root, [dest for dest, *_ in OPTIONS])
        check_numbers(lambda dest: get_option(config, dest))
        check_output_paths({flag: _user_path(config, get_option(config, dest)) if get_option(config, dest) else None
                            for dest, flag in OUTPUT_FILES})
        settings = Settings(
            root=root,
            prompters=tuple(get_option(config, "atelier_prompter")),
            backends=tuple(get_option(config, "atelier_backend")),
            judges=tuple(get_option(config, "atelier_judge")),
            judge_repeats=_number(config, "atelier_judge_repeats", int),
            images=_number(config, "atelier_images", int),
            seed=_number(config, "atelier_seed", int),
            cache_dir=root / get_option(config, "atelier_cache_dir"),
            concurrency=_number(config, "atelier_concurrency", int),
            prompter_timeout=_number(config, "atelier_prompter_timeout", float),
            record_dir=get_option(config, "atelier_record"),
            replay_dir=get_option(config, "atelier_replay"),
            max_cost=_max_cost(config),
            devices=tuple(d.strip() for d in (get_option(config, "atelier_devices") or "").split(",") if d.strip()),
            processes=int(worker_input.get("workercount", 1)),
            run_id=str(worker_input.get("testrunuid", "")),
            worker=_worker_number(worker_input),
            metrics=tuple(get_option(config, "atelier_metric")),
        )
        registry = Registry(load_aliases(root), hook=config.hook)
        for spec in (*settings.prompters, *settings.backends, *settings.judges):
            registry.resolve(spec)
        if not worker_input:  # the controller checks once, before any worker starts
            _preflight(config, registry, settings)
        session = AtelierSession(settings, registry)  # creates the cache folder
    except (ValueError, ConfigError) as exc:
        raise pytest.UsageError(f"pytest-atelier: {exc}") from None
    config.stash[SESSION_KEY] = session
    config.stash[SENT_KEY] = set()
    config.stash[ERROR_SHOWN_KEY] = {}
    baseline = _load_baseline(config, root)
    config.stash[EXPECTED_KEY] = (get_option(config, "atelier_baseline"), expected_failures(baseline) if baseline else set())
    if not hasattr(config, "workerinput"):
        allow = _allowed_changes(config)
        try:
            gates = parse_gates(get_option(config, "atelier_gate"))
            if any(g.on_baseline for g in gates) and not get_option(config, "atelier_baseline"):
                raise ConfigError("a regression(KIND) gate compares with a baseline: give --atelier-baseline PATH")
            collector = ResultsCollector(
                settings,
                gates=gates,
                workers=_worker_count(config),
                baseline=baseline,
                alpha=_number(config, "atelier_alpha", float),
                allow=allow,
                sample=_sample_size(config),
                sample_drop=_number(config, "atelier_sample_drop", float),
            )
        except ConfigError as exc:
            raise pytest.UsageError(f"pytest-atelier: {exc}") from None
        if baseline is not None:
            _check_settings_like_baseline(config, settings, baseline, allow)
        config.stash[COLLECTOR_KEY] = collector
        progress = Progress(_terminal_writer(config), _number(config, "atelier_progress", float))
        config.pluginmanager.register(ControllerHooks(collector, progress), "atelier-controller")
        if config.pluginmanager.hasplugin("xdist"):
            config.pluginmanager.register(XdistProgressHooks(progress), "atelier-xdist-progress")
            config.pluginmanager.register(XdistSchedulingHooks(), "atelier-xdist-scheduling")
            if settings.max_cost is not None:
                config.pluginmanager.register(XdistBudgetHooks(settings.cache_dir), "atelier-xdist-budget")
        if not _worker_count(config):  # stages of a run are seen only where the run happens
            config.stash[SESSION_KEY].on_stage = progress.stage
    suites = [str((root / s).resolve()) for s in get_option(config, "atelier_suite")]
    if suites:
        # Suites given by option replace the default paths (testpaths / cwd), add to explicit ones.
        explicit = config.args_source == pytest.Config.ArgsSource.ARGS
        config.args[:] = [*(config.args if explicit else []), *(s for s in suites if s not in config.args)]


def _preflight(config, registry, settings) -> None:
    """Fail fast: every problem the components would meet that can be checked now, in one message."""
    from .providers.preflight import preflight

    typed = (*settings.prompters, *settings.backends, *settings.judges)
    found = preflight([(raw, registry.resolve(raw)) for raw in typed], settings.root, replay_dir=settings.replay_dir, max_cost=settings.max_cost)
    for note in found.notes:
        config.issue_config_time_warning(AtelierWarning(f"pytest-atelier: {note}"), stacklevel=2)
    if found.problems:
        raise pytest.UsageError("pytest-atelier: the run cannot start:\n" + "\n".join(f"  - {p}" for p in found.problems))


def _worker_number(worker_input: dict) -> int:
    """This xdist worker's number (``gw3``: 3); 0 without xdist."""
    digits = str(worker_input.get("workerid", "gw0"))[2:]
    return int(digits) if digits.isdigit() else 0


def _max_cost(config) -> float | None:
    """--atelier-max-cost: one budget for the whole invocation (xdist workers share one ledger)."""
    if get_option(config, "atelier_max_cost") in (None, ""):
        return None
    return _number(config, "atelier_max_cost", float)


def _user_path(config, path: str) -> Path:
    """Files the user names (results, report, baselines) are relative to where pytest was started."""
    return Path(config.invocation_params.dir) / path


def _load_baseline(config, root: Path):
    """The baseline's results; None when none is set or the file does not exist yet (the
    controller then writes this run there and fails, like pytest-regressions)."""
    path = get_option(config, "atelier_baseline")
    if not path or not _user_path(config, path).exists():
        return None
    try:
        return load_results(_user_path(config, path))
    except AtelierError as exc:
        raise pytest.UsageError(f"pytest-atelier: --atelier-baseline: {exc}") from None


def _allowed_changes(config) -> tuple[str, ...]:
    raw = get_option(config, "atelier_allow_change") or ""
    kinds = tuple(k.strip() for k in raw.split(",") if k.strip())
    if "all" in kinds:
        return CHANGE_KINDS
    unknown = [k for k in kinds if k not in CHANGE_KINDS]
    if unknown:
        raise pytest.UsageError(
            f"pytest-atelier: --atelier-allow-change: unknown kind(s) {', '.join(unknown)}; use {', '.join(CHANGE_KINDS)} or all"
        )
    return kinds


def _sample_size(config) -> int | None:
    """--atelier-sample: None when empty or blank (not set), else a whole number of at least 1."""
    return _number(config, "atelier_sample", int)


def _check_settings_like_baseline(config, settings, baseline, allow) -> None:
    """Refuse a baseline measured with another judge or images per prompt before any model call
    (identities and the suite version are checked again when the comparison is made)."""
    now = RunConfig(prompters=list(settings.prompters), backends=list(settings.backends), judge=judge_label(settings),
                    images_per_prompt=settings.images, seed=settings.seed)
    refused = [d for d in config_differences(baseline.config, now) if d.kind not in allow]
    if refused:
        kinds = ",".join(dict.fromkeys(d.kind for d in refused))
        raise pytest.UsageError(
            f"pytest-atelier: --atelier-baseline {get_option(config, 'atelier_baseline')} is not like for like: "
            + "; ".join(map(str, refused))
            + f". Compare with a baseline measured the same way, or pass --atelier-allow-change {kinds} "
            "to report the comparison as that change (never as a prompter regression)"
        )


def _terminal_writer(config):
    def write(line: str) -> None:
        reporter = config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(line)

    return write


def _worker_count(config) -> int:
    n = getattr(config.option, "numprocesses", None)
    return n if isinstance(n, int) else 0


def pytest_collection_modifyitems(session, config, items):
    """--atelier-sample N: keep the items of a stratified, deterministic subset of tasks."""
    n = _sample_size(config)
    if n is None:
        return
    by_suite: dict = {}
    for item in items:
        if isinstance(item, _AtelierItem):
            by_suite.setdefault(item.suite_root, {})[item.task.id] = item.task
    chosen = {(root, t) for root, tasks in by_suite.items() for t in stratified_sample(list(tasks.values()), n, _number(config, "atelier_seed", int))}
    keep = [i for i in items if not isinstance(i, _AtelierItem) or (i.suite_root, i.task.id) in chosen]
    if len(keep) < len(items):
        config.hook.pytest_deselected(items=[i for i in items if i not in keep])
        items[:] = keep


@pytest.hookimpl(tryfirst=True)
def pytest_runtestloop(session):
    """Before the first item: plan this process's runs so they are produced ahead, in item order."""
    if session.config.option.collectonly or not session.items:
        return None
    node_ids = [item.nodeid for item in session.items]
    mine = _my_runs(session.config, node_ids)
    by_run = {}
    for item in session.items:
        if isinstance(item, _AtelierItem):
            by_run.setdefault(_run_id(item.nodeid), (item.suite_root, item.prompter, item.backend, item.task.id))
    session.config.stash[SESSION_KEY].plan(by_run[r] for r in mine if r in by_run)
    return None


def _run_id(node_id: str):
    from .engine.ahead import run_of_node_id

    return run_of_node_id(node_id)


def _my_runs(config, node_ids: list[str]) -> list:
    """The runs this process will execute: all of them, or an xdist worker's share."""
    from .engine.ahead import runs_of_worker

    worker = getattr(config, "workerinput", None)
    if worker is None or config.getoption("dist", "load") == "each":
        return runs_of_worker(node_ids, 0, 1)
    from .distribute import worker_position

    return runs_of_worker(node_ids, worker_position(worker["workerid"]), max(1, int(worker.get("workercount", 1))))


def pytest_runtest_teardown(item, nextitem):
    """A run whose last item here is done leaves memory (it stays in the cache)."""
    if isinstance(item, _AtelierItem) and (nextitem is None or _run_id(nextitem.nodeid) != _run_id(item.nodeid)):
        item.config.stash[SESSION_KEY].engine(item.suite_root).forget(item.prompter, item.backend, item.task.id)


def pytest_unconfigure(config):
    if SESSION_KEY in config.stash:
        config.stash[SESSION_KEY].close()


def pytest_collect_file(file_path: Path, parent):
    if file_path.name == MANIFEST_NAME and find_suite_root(file_path) == file_path.parent.resolve():  # a symlinked suite too
        return SuiteFile.from_parent(parent, path=file_path)
    return None


class SuiteFile(pytest.File):
    """A suite's manifest; collects one node per task."""

    def collect(self):
        session = self.config.stash[SESSION_KEY]
        try:
            suite = session.suite(self.path.parent)
            for role, spec in [("prompter", p) for p in session.settings.prompters] + [
                ("backend", b) for b in session.settings.backends
            ]:
                session.component(role, spec)
            session.judge()
        except AtelierError as exc:
            raise self.CollectError(str(exc)) from None
        for task in suite.tasks:
            yield TaskNode.from_parent(self, name=task.id, task=task)


class TaskNode(pytest.Collector):
    """One task: items per (prompter, backend, side, checkpoint) plus a subjective item."""

    def __init__(self, *, task, **kwargs):
        super().__init__(**kwargs)
        self.task = task
        self.extra_keyword_matches.update(task.keywords())

    def collect(self):
        session = self.config.stash[SESSION_KEY]
        for spec, prompter in zip(session.settings.prompters, session.prompter_labels()):
            covers = getattr(session.component("prompter", spec), "covers", None)
            if covers is not None and not covers(self.task.id):
                continue  # a person who did not answer this task is not graded on it
            for backend in session.backend_labels():
                combo = f"{prompter}-{backend}"
                for cp in self.task.checkpoints:
                    for side in cp.sides():
                        yield CheckpointItem.from_parent(
                            self, name=f"{side.value}-{cp.id}[{combo}]", prompter=prompter, backend=backend, checkpoint=cp, side=side
                        )
                yield SubjectiveItem.from_parent(self, name=f"subjective[{combo}]", prompter=prompter, backend=backend)


class CheckpointFailed(Exception):
    """A checkpoint's verdict was fail (shown without a traceback)."""


class RunError(Exception):
    """The run could not be produced (shown without a traceback)."""


class _AtelierItem(pytest.Item):
    kind = ""

    def __init__(self, *, prompter: str, backend: str, **kwargs):
        # The id given as a string: pytest 9 parses its ``[...]`` as parameters, as it does for the
        # ids in its cache (--lf, --ff, --sw) and on the command line; built from the name it would not.
        super().__init__(nodeid=f"{kwargs['parent'].nodeid}::{kwargs['name']}", **kwargs)
        self.prompter, self.backend = prompter, backend
        self.task = self.parent.task
        self.extra_keyword_matches.update({prompter, backend})
        suite_root = self.parent.parent.path.parent
        self.suite_root = suite_root
        self.run_record = None
        self.skipped_for_the_run = False

    def skip_for_the_run(self, reason: str):
        """Skip for a reason of the whole run (told at the task file, so -rs folds it once)."""
        self.skipped_for_the_run = True
        pytest.skip(reason)

    def setup(self):
        engine = self.config.stash[SESSION_KEY].engine(self.suite_root)
        self.run_key = engine.key(self.prompter, self.backend, self.task.id)
        self.run_record = self.config.stash[SESSION_KEY].run(self.suite_root, self.prompter, self.backend, self.task.id)
        if self.run_record.error:
            run = f"run {self.task.id} [{self.prompter} / {self.backend}] failed"
            first = self.config.stash[ERROR_SHOWN_KEY].setdefault(self.run_key, self.name)
            if first != self.name:  # every item of the run errors: the message once is enough
                raise RunError(f"{run}: the error shown in full at {self.task.id} {first}")
            raise RunError(f"{run}: {self.run_record.error}")
        if self.run_record.excluded:
            self.skip_for_the_run(f"excluded by the safety gate: {self.run_record.excluded}")

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, (CheckpointFailed, RunError)):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        session = self.config.stash[SESSION_KEY]
        task_file = session.suite(self.suite_root).task_files[self.task.id]
        line = checkpoint_lines(task_file).get(self.checkpoint.id) if isinstance(self, CheckpointItem) else None
        return task_file, None if line is None else line - 1, f"{self.task.id} {self.name}"


class CheckpointItem(_AtelierItem):
    kind = "checkpoint"

    def __init__(self, *, checkpoint, side: Side, **kwargs):
        super().__init__(**kwargs)
        self.checkpoint, self.side = checkpoint, side
        self.extra_keyword_matches.add(side.value)
        if checkpoint.primitive:
            self.extra_keyword_matches.add(checkpoint.primitive.value)

    def runtest(self):
        verdict = next(
            (v for v in self.run_record.final if v.checkpoint == self.checkpoint.id and v.side == self.side.value), None
        )
        if verdict is None:
            if self.side is Side.image and not self.run_record.images:
                self.skip_for_the_run(f"backend {self.backend} makes no images: prompt side only")
            pytest.skip("no verdict was produced for this checkpoint")
        if verdict.outcome == "pass":
            return
        if verdict.outcome == "fail":
            baseline, expected = self.config.stash[EXPECTED_KEY]
            if (self.task.id, self.prompter, self.backend, self.side.value, self.checkpoint.id) in expected:
                pytest.xfail(f"failed in the baseline {baseline} too: {verdict.reason}")
            statement = self.checkpoint.prompt if self.side is Side.prompt else self.checkpoint.image
            raise CheckpointFailed(
                f"{self.side.value} side of {self.task.id}/{self.checkpoint.id} failed ({verdict.decided_by}): "
                f"{verdict.reason}\n  expected: {statement}"
            )
        if verdict.outcome == "abstain":
            pytest.skip(f"{verdict.decided_by} abstains: {verdict.reason}")
        pytest.skip(verdict.reason)


class SubjectiveItem(_AtelierItem):
    kind = "subjective"

    def runtest(self):
        scores = [s for s in self.run_record.scores if s.value is not None]
        if not scores:
            reasons = sorted({s.rationale for s in self.run_record.scores}) or ["the judge gave no scores"]
            pytest.skip(f"no subjective scores: {reasons[0]}")
        threshold = _number(self.config, "atelier_subjective_threshold", float)
        mean = sum(s.value for s in scores) / len(scores)
        if mean < threshold:
            listing = ", ".join(f"{s.side}.{s.dimension}={s.value:g}" for s in scores)
            raise CheckpointFailed(f"subjective mean {_below(mean, threshold)} is below {threshold:g}: {listing}")


def _below(mean: float, threshold: float) -> str:
    """``mean`` with two decimals, or as many more as it takes to show it is below ``threshold``."""
    for digits in range(2, 10):
        if round(mean, digits) < threshold:
            return f"{mean:.{digits}f}"
    return repr(mean)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "setup" and call.excinfo is not None and isinstance(call.excinfo.value, RunError):
        report.longrepr = str(call.excinfo.value)  # an error, told in one line like a failed checkpoint
    if isinstance(item, _AtelierItem):  # reasons quote prompts and model output: no reversed display
        if isinstance(report.longrepr, str):
            report.longrepr = neutralise_controls(report.longrepr)
        elif isinstance(report.longrepr, tuple) and len(report.longrepr) == 3:  # a skip: told at the checkpoint
            path, line, _ = item.reportinfo()
            line = None if line is None or item.skipped_for_the_run else line + 1
            report.longrepr = (str(path), line, neutralise_controls(str(report.longrepr[2])))
    if isinstance(item, _AtelierItem) and (report.when == "call" or (report.when == "setup" and not report.passed)):
        sent = item.config.stash[SENT_KEY]
        run = item.run_record
        payload = {
            "item": {
                "nodeid": item.nodeid,
                "run_key": getattr(item, "run_key", ""),
                "task_id": item.task.id,
                "prompter": item.prompter,
                "backend": item.backend,
                "kind": item.kind,
                "side": item.side.value if isinstance(item, CheckpointItem) else None,
                "checkpoint": item.checkpoint.id if isinstance(item, CheckpointItem) else None,
                "outcome": _outcome(report),
                "reason": _reason(report),
                "duration_s": round(report.duration, 6),
            },
            "run": None,
            "suite_root": str(item.suite_root),
        }
        if run is not None and run.key not in sent:
            sent.add(run.key)
            payload["run"] = run.model_dump(mode="json")
        if run is not None and "identity" not in sent:
            sent.add("identity")
            payload["identity"] = _identities(item)
        report.atelier = payload
    return report


def _identities(item) -> dict:
    """What a baseline comparison checks: the judge's and every component's cache identity."""
    engine = item.config.stash[SESSION_KEY].engine(item.suite_root)
    return {
        "judge": engine.judge.identity,
        "backends": {label: b.identity for label, b in sorted(engine.backends.items())},
        "prompters": {label: p.identity for label, p in sorted(engine.prompters.items())},
    }


def _outcome(report) -> str:
    if report.when == "setup" and report.failed:
        return "error"
    if hasattr(report, "wasxfail"):
        return "xfailed"
    return report.outcome


def _reason(report) -> str:
    if report.skipped and isinstance(report.longrepr, tuple):
        return str(report.longrepr[2]).removeprefix("Skipped: ")
    if report.failed:
        return str(report.longrepr)[:2000]
    return ""


class ControllerHooks:
    """Hooks that only the controller (or a run without xdist) has: gather, write, gate."""

    def __init__(self, collector: ResultsCollector, progress: Progress):
        self.collector, self.progress = collector, progress

    def pytest_collection_finish(self, session):
        if session.items:
            self.progress.total = runs_in_node_ids(item.nodeid for item in session.items)

    def pytest_runtest_logreport(self, report):
        payload = getattr(report, "atelier", None)
        if payload:
            self.collector.add(payload)
            if payload["run"]:
                self.progress.run_finished(payload["run"]["calls"], payload["run"].get("key"))

    def pytest_sessionfinish(self, session, exitstatus):
        collector = self.collector
        if not collector.has_data():
            return
        config = session.config
        try:
            results = collector.build(config.stash[SESSION_KEY], config.hook)
            session.exitstatus = collector.exit_status(int(exitstatus))
            baseline = get_option(config, "atelier_baseline")
            if baseline and collector.baseline is None:
                collector.write_json(_user_path(config, baseline))
                collector.problems.append(f"no baseline at {baseline}: this run's results were written there; review and commit them")
                session.exitstatus = pytest.ExitCode.TESTS_FAILED
            results.exit_status = int(session.exitstatus)
            comparison = collector.comparison
            if baseline and comparison is not None and (comparison.significant or comparison.gated_failures):
                obtained = collector.write_json(obtained_path(_user_path(config, baseline)))
                what = "regression" if comparison.significant else "change in a gated scope"
                collector.problems.append(
                    f"significant {what} against {baseline}: this run's results were written to {obtained} "
                    f"(atelier report {obtained} lists each regression); to accept the change, replace the baseline with it"
                )
            for dest, write in (
                ("atelier_json", collector.write_json),
                ("atelier_save_baseline", collector.write_json),
                ("atelier_report", collector.write_report),
            ):
                path = get_option(config, dest)
                if path:
                    write(_user_path(config, path))
        except (AtelierError, OSError) as exc:  # OSError: a report's thumbnails on a full disk
            collector.problems.append(str(exc))
            session.exitstatus = pytest.ExitCode.INTERNAL_ERROR

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_terminal_summary(self, terminalreporter, config):
        """Around pytest's own summary: atelier failures bounded (unless -r, --tb or -v asks for
        them), then this plugin's summary last, just above pytest's closing line."""
        shown_all = terminalreporter.stats.get("failed", [])
        hidden = [] if _all_failures_asked(config) else _atelier_failures(shown_all)[FAILURES_SHOWN:]
        if hidden:
            terminalreporter.stats["failed"] = [r for r in shown_all if r not in set(hidden)]
        try:
            return (yield)
        finally:
            if hidden:
                terminalreporter.stats["failed"] = shown_all
            if self.collector.has_data():
                self._write_summary(terminalreporter, config, len(hidden))

    def _write_summary(self, terminalreporter, config, n_hidden: int) -> None:
        terminalreporter.write_sep("=", "pytest-atelier")
        here = Path(config.invocation_params.dir)
        lines = self.collector.summary_lines(here, hidden_failures=(n_hidden, FAILURES_SHOWN), metrics=config.get_verbosity() > 0)
        for line in lines:
            terminalreporter.write_line(neutralise_controls(line))


FAILURES_SHOWN = 10  # atelier failures detailed by default; the report has them all


def _all_failures_asked(config) -> bool:
    """Whether the user asked for every failure: -r other than pytest's default, --tb, or -v."""
    return config.option.reportchars != "fE" or config.option.tbstyle != "auto" or config.get_verbosity() > 0


def _atelier_failures(reports) -> list:
    """The failed reports of atelier items (users' own tests are always shown in full)."""
    return [r for r in reports if getattr(r, "atelier", None) and r.when == "call"]


class XdistSchedulingHooks:
    """Under xdist the controller's scheduler keeps every item of a run on one worker (``distribute.py``)."""

    @pytest.hookimpl(tryfirst=True)
    def pytest_xdist_make_scheduler(self, config, log):
        if config.getoption("dist", "load") == "each":
            return None  # every worker runs everything: nothing to keep together
        from .distribute import AtelierScheduling

        dsession = config.pluginmanager.getplugin("dsession")
        inner = dsession.pytest_xdist_make_scheduler(config=config, log=log) if dsession is not None else None
        return AtelierScheduling(config, log, inner) if inner is not None else None


class XdistBudgetHooks:
    """The workers of one invocation share its budget through a ledger; the controller removes it at the end."""

    def __init__(self, cache_dir: Path):
        self.cache_dir, self.ledgers = cache_dir, set()

    def pytest_configure_node(self, node):
        self.ledgers.add(budget_ledger(self.cache_dir, node.workerinput["testrunuid"]))

    def pytest_sessionfinish(self):
        for ledger in self.ledgers:
            for path in (Path(ledger), Path(ledger).with_suffix(".lock")):
                path.unlink(missing_ok=True)


class XdistProgressHooks:
    """Under xdist the controller learns the items from the first worker's collection."""

    def __init__(self, progress: Progress):
        self.progress = progress

    def pytest_xdist_node_collection_finished(self, node, ids):
        if not self.progress.total:
            self.progress.total = runs_in_node_ids(ids)


@pytest.fixture(scope="session")
def atelier_session(pytestconfig) -> AtelierSession:
    """The evaluation session: settings, components and engines of this pytest run."""
    return pytestconfig.stash[SESSION_KEY]


@pytest.fixture(scope="session")
def atelier_prompter(atelier_session):
    """The first configured prompter (``--prompter``)."""
    return atelier_session.component("prompter", atelier_session.settings.prompters[0])


@pytest.fixture(scope="session")
def atelier_backend(atelier_session):
    """The first configured backend (``--backend``)."""
    return atelier_session.component("backend", atelier_session.settings.backends[0])


@pytest.fixture(scope="session")
def atelier_judge(atelier_session):
    """The configured judge (``--judge``; an ensemble when several are given or repeated)."""
    return atelier_session.judge()


@pytest.fixture
def atelier_run(atelier_session, pytestconfig):
    """``atelier_run(task_id, prompter=None, backend=None, suite=None)`` -> RunRecord.

    Runs (or reads from the cache) one task with the configured components; ``suite``
    defaults to the first ``--atelier-suite``.
    """

    def run(task_id: str, prompter: str | None = None, backend: str | None = None, suite: str | None = None):
        suites = get_option(pytestconfig, "atelier_suite")
        if suite is None and not suites:
            raise pytest.UsageError("atelier_run needs suite=... or --atelier-suite")
        root = Path(pytestconfig.rootpath) / (suite or suites[0])
        try:
            engine = atelier_session.engine(root)
            return engine.run(prompter or atelier_session.prompter_labels()[0], backend or atelier_session.backend_labels()[0], task_id)
        except SuiteError as exc:
            raise pytest.UsageError(str(exc)) from None

    return run
