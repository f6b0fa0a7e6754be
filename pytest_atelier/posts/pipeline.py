"""`atelier suite from-posts`: posts -> relevant threads -> samples -> categories -> unique
samples -> drafted tasks -> human review -> a suite.

Every LLM call is cached (content-addressed, like a run's calls), so a second invocation makes
no call and a killed one resumes where it stopped. Each step writes what it decided to the work
folder (``01-relevance.jsonl`` ... ``05-drafts.jsonl``, ``drafts/ID.yaml``, ``review.csv``), and
only drafts a person marked ``accept`` in ``review.csv`` are written into the suite.
"""

from __future__ import annotations

import csv
import dataclasses
import hashlib
import io
import json
import shutil
from collections.abc import Callable
from pathlib import Path

import numpy as np
import yaml
from pydantic import ValidationError

from ..engine.cache import Cache, atomic_write, call_key
from ..engine.calls import CallCounter, counting
from ..errors import AtelierError, ConfigError
from ..redact import spreadsheet_cell
from ..suite.attribution import ALLOWED_LICENSES, write_notice
from ..suite.loader import load_suite
from ..suite.models import SuiteManifest, Task
from ..suite.strict import strict_task_problems
from .model import load_posts
from .stages import CLASSIFY, DRAFT, EXTRACT, RELEVANCE, VERSION, StageError, ask
from .threads import Thread, build_threads

__all__ = ["MARKER", "REVIEW_FIELDS", "PostsOptions", "Summary", "from_posts"]

MARKER = (
    ".from-posts"  # in a suite folder this command made (and may therefore rewrite)
)
REVIEW_FIELDS = (
    "id",
    "category",
    "title",
    "brief",
    "sources",
    "problems",
    "decision",
    "note",
)
MAX_IMAGES = 8  # images sent with one call


@dataclasses.dataclass(frozen=True)
class PostsOptions:
    posts: Path
    out: Path
    work: Path
    cache_dir: Path
    threshold: int = 4
    dedupe: float = 0.9
    name: str = ""
    license: str = "see the source posts"
    image_license: str | None = None
    embeddings: str = "auto"


@dataclasses.dataclass
class Summary:
    posts: int = 0
    threads: int = 0
    relevant_threads: int = 0
    samples: dict = dataclasses.field(default_factory=dict)
    duplicates: int = 0
    drafts: int = 0
    invalid: int = 0
    accepted: int = 0
    rejected: int = 0
    pending: int = 0
    failures: list = dataclasses.field(default_factory=list)
    calls: CallCounter = dataclasses.field(default_factory=CallCounter)

    def lines(self) -> list[str]:
        kinds = ", ".join(f"{n} {q}" for q, n in sorted(self.samples.items())) or "none"
        return [
            f"{self.posts} posts in {self.threads} threads, {self.relevant_threads} relevant",
            f"samples: {kinds}; {self.duplicates} duplicates dropped",
            f"drafts: {self.drafts} ({self.invalid} not valid); review: {self.accepted} accepted, {self.rejected} rejected, {self.pending} to review",
            f"LLM API requests: {self.calls.requests} sent ({self.calls.retries} of them retries), "
            f"{self.calls.cached} answers from the cache",
            *(f"skipped: {f}" for f in self.failures),
        ]


def from_posts(
    opts: PostsOptions, client, identity: str, log: Callable[[str], None] = print
) -> Summary:
    """Run every step; write the work folder, and the suite from the accepted drafts."""
    _check_out(opts.out)
    if opts.image_license is not None and opts.image_license not in ALLOWED_LICENSES:
        raise ConfigError(
            f"--image-license {opts.image_license!r} is not an allowed licence; use one of {', '.join(ALLOWED_LICENSES)}"
        )
    posts = load_posts(opts.posts)
    folder = opts.posts.parent.resolve()
    opts.work.mkdir(parents=True, exist_ok=True)
    run = _Run(opts, client, identity, Cache(opts.cache_dir), folder)
    try:
        run._manifest()
    except ValidationError as exc:
        raise ConfigError(
            f"--name {opts.name or opts.out.name!r}: not a suite name ({exc.errors()[0]['msg']}); use letters, digits, '_', '.' and '-'"
        ) from None
    summary = run.summary
    summary.posts = len(posts)
    threads = build_threads(posts)
    summary.threads = len(threads)
    relevant = run.relevant_threads(threads)
    summary.relevant_threads = len(relevant)
    samples = run.extract(relevant)
    chosen = run.classify([s for s in samples if s["quality"] == "benchmark"])
    unique = run.dedupe(chosen)
    drafts = run.draft(unique)
    decisions = run.review(drafts)
    run.write_suite(drafts, decisions)
    for line in summary.lines():
        log(line)
    return summary


def _safe_row(row: dict) -> dict:
    """A review.csv row whose post text no spreadsheet runs as a formula (people open and edit it)."""
    return {k: spreadsheet_cell(v) for k, v in row.items()}


def _check_out(out: Path) -> None:
    if out.exists() and any(out.iterdir()) and not (out / MARKER).exists():
        raise ConfigError(
            f"{out} exists and was not made by `atelier suite from-posts` (no {MARKER} file in it): "
            "give a new folder with -o, so that no hand-written suite is overwritten"
        )


class _Run:
    def __init__(
        self, opts: PostsOptions, client, identity: str, cache: Cache, folder: Path
    ):
        self.opts, self.client, self.identity, self.cache, self.folder = (
            opts,
            client,
            identity,
            cache,
            folder,
        )
        self.summary = Summary()
        self.by_thread: dict[str, Thread] = {}

    # --- calls -------------------------------------------------------------------------

    def _call(self, kind: str, parts: list, compute: Callable[[], dict]) -> dict:
        key = call_key(f"posts_{kind}", VERSION, self.identity, *parts)

        def counted() -> dict:
            with counting(self.summary.calls, f"posts_{kind}"):
                return compute()

        return self.cache.get_or_call(f"posts_{kind}", key, counted, self.summary.calls)

    def _image_bytes(self, thread: Thread, refs: list[str]) -> list[bytes]:
        images = thread.images()
        return [
            (self.folder / images[r][0].images[images[r][1]]).read_bytes()
            for r in refs[:MAX_IMAGES]
        ]

    def _write_jsonl(self, name: str, rows: list[dict]) -> None:
        body = "".join(
            json.dumps(r, ensure_ascii=False, default=str) + "\n" for r in rows
        )
        atomic_write(self.opts.work / name, body.encode("utf-8"))

    def _fail(self, what: str, exc: Exception) -> str:
        message = f"{what}: {exc}"
        self.summary.failures.append(message)
        return message

    # --- 1. relevance --------------------------------------------------------------------

    def relevant_threads(self, threads: list[Thread]) -> list[Thread]:
        rows, kept = [], []
        for thread in threads:
            best = 0
            for post in thread.posts:
                if not post.text.strip():
                    rows.append(
                        {
                            "post": post.id,
                            "relevance": None,
                            "reason": "no text: rated with its thread",
                        }
                    )
                    continue
                user = f"Post text:\n{post.text.strip()}\n\nThe post has {len(post.images)} image(s)."
                try:
                    answer = self._call(
                        "relevance",
                        [post.text, len(post.images)],
                        lambda user=user: ask(self.client, RELEVANCE, user),
                    )
                except (StageError, AtelierError) as exc:
                    rows.append(
                        {
                            "post": post.id,
                            "relevance": None,
                            "error": self._fail(f"relevance of post {post.id}", exc),
                        }
                    )
                    continue
                rows.append({"post": post.id, **answer})
                best = max(best, answer["relevance"])
            if best >= self.opts.threshold:
                kept.append(thread)
                self.by_thread[thread.root.id] = thread
        self._write_jsonl("01-relevance.jsonl", rows)
        return kept

    # --- 2. samples from threads -------------------------------------------------------------

    def extract(self, threads: list[Thread]) -> list[dict]:
        rows = []
        for thread in threads:
            refs = list(thread.images())
            user = "Thread:\n" + thread.render()
            images = self._image_bytes(thread, refs)
            shas = [hashlib.sha256(b).hexdigest() for b in images]

            def compute(thread=thread, user=user, images=images) -> dict:
                answer = ask(self.client, EXTRACT, user, images)
                _check_refs(answer, thread)
                return answer

            try:
                answer = self._call("extract", [user, shas], compute)
            except (StageError, AtelierError) as exc:
                self._fail(f"thread {thread.root.id}", exc)
                continue
            ids: set[str] = set()
            for sample in answer["samples"]:
                sid = _sample_id(sample, ids)
                ids.add(sid)
                rows.append({"id": sid, "thread": thread.root.id, **sample})
                self.summary.samples[sample["quality"]] = (
                    self.summary.samples.get(sample["quality"], 0) + 1
                )
        self._write_jsonl("02-samples.jsonl", rows)
        return rows

    # --- 3. categories -----------------------------------------------------------------------

    def classify(self, samples: list[dict]) -> list[dict]:
        rows, out = [], []
        for sample in samples:
            user = (
                f"Request:\n{sample['brief']}\n\nInput pictures provided: {len(sample['input_images'])}. "
                f"Target pictures shown: {len(sample['target_images'])}."
            )

            def compute(sample=sample, user=user) -> dict:
                answer = ask(self.client, CLASSIFY, user)
                problem = _category_problem(answer["category"], sample)
                if problem:
                    raise StageError(problem)
                return answer

            try:
                answer = self._call("classify", [user], compute)
            except (StageError, AtelierError) as exc:
                rows.append(
                    {
                        "id": sample["id"],
                        "error": self._fail(f"category of sample {sample['id']}", exc),
                    }
                )
                continue
            rows.append({"id": sample["id"], **answer})
            out.append({**sample, "category": answer["category"]})
        self._write_jsonl("03-categories.jsonl", rows)
        return out

    # --- 4. duplicates -------------------------------------------------------------------------

    def dedupe(self, samples: list[dict]) -> list[dict]:
        from ..judge.text_match import get_embedder

        if not samples:
            self._write_jsonl("04-duplicates.jsonl", [])
            return []
        embedder = get_embedder(self.opts.embeddings)
        vectors = np.asarray(
            embedder.encode([s["brief"] for s in samples]), dtype=float
        )
        rows, kept, kept_vectors = [], [], []
        for sample, vector in zip(samples, vectors):
            sims = [float(vector @ v) for v in kept_vectors]
            best = int(np.argmax(sims)) if sims else -1
            if best >= 0 and sims[best] >= self.opts.dedupe:
                rows.append(
                    {
                        "id": sample["id"],
                        "duplicate_of": kept[best]["id"],
                        "similarity": round(sims[best], 4),
                    }
                )
                self.summary.duplicates += 1
                continue
            kept.append(sample)
            kept_vectors.append(vector)
            rows.append(
                {
                    "id": sample["id"],
                    "duplicate_of": None,
                    "similarity": round(max(sims), 4) if sims else None,
                }
            )
        self._write_jsonl(
            "04-duplicates.jsonl", [{**r, "embedder": embedder.name} for r in rows]
        )
        return kept

    # --- 5. drafts ----------------------------------------------------------------------------

    def draft(self, samples: list[dict]) -> list[dict]:
        drafts_dir = self.opts.work / "drafts"
        drafts_dir.mkdir(parents=True, exist_ok=True)
        manifest = self._manifest()
        rows = []
        for sample in samples:
            path = drafts_dir / f"{sample['id']}.yaml"
            if path.exists():  # a person may have edited it: their version wins
                task, problems = _load_draft(path, manifest)
                rows.append(
                    {
                        "sample": sample,
                        "path": path,
                        "task": task,
                        "problems": problems,
                        "edited": True,
                    }
                )
                continue
            thread = self.by_thread[sample["thread"]]
            refs = (
                sample["target_images"]
                if sample["category"] == "IM"
                else sample["input_images"]
            )
            images = self._image_bytes(thread, refs)
            user = _draft_request(sample, len(images))
            shas = [hashlib.sha256(b).hexdigest() for b in images]
            try:
                request = user
                for _ in range(
                    2
                ):  # the draft, then one repair round that names the broken rules
                    data = self._call(
                        "draft",
                        [request, shas],
                        lambda request=request, images=images: ask(
                            self.client, DRAFT, request, images
                        ),
                    )
                    task_dict = _assemble(data, sample, thread)
                    task, problems = _validate(task_dict, manifest)
                    if not problems:
                        break
                    request = (
                        f"{user}\n\nYour previous answer:\n{json.dumps(data, ensure_ascii=False)}\n\nIt breaks these rules:\n- "
                        + "\n- ".join(problems)
                        + "\nReply with the corrected JSON object."
                    )
            except (StageError, AtelierError) as exc:
                rows.append(
                    {
                        "sample": sample,
                        "path": None,
                        "task": None,
                        "problems": [
                            self._fail(f"draft of sample {sample['id']}", exc)
                        ],
                    }
                )
                continue
            atomic_write(
                path,
                yaml.safe_dump(
                    task_dict, sort_keys=False, allow_unicode=True, width=100
                ).encode("utf-8"),
            )
            rows.append(
                {
                    "sample": sample,
                    "path": path,
                    "task": task,
                    "problems": problems,
                    "edited": False,
                }
            )
        self.summary.drafts = len(rows)
        self.summary.invalid = sum(1 for r in rows if r["problems"])
        self._write_jsonl(
            "05-drafts.jsonl",
            [
                {
                    "id": r["sample"]["id"],
                    "file": str(r["path"]) if r["path"] else None,
                    "problems": r["problems"],
                }
                for r in rows
            ],
        )
        return rows

    def _manifest(self) -> SuiteManifest:
        name = self.opts.name or self.opts.out.name
        return SuiteManifest(
            name=name,
            version="1",
            license=self.opts.license,
            description=f"Tasks drafted from the posts of {self.opts.posts.name} by `atelier suite from-posts` and reviewed by a person.",
        )

    # --- 6. review -----------------------------------------------------------------------------

    def review(self, drafts: list[dict]) -> dict[str, str]:
        path = self.opts.work / "review.csv"
        before: dict[str, dict] = {}
        if path.exists():
            with path.open(encoding="utf-8", newline="") as handle:
                for number, row in enumerate(csv.DictReader(handle), 2):
                    decision = (row.get("decision") or "").strip().lower()
                    if decision not in ("", "accept", "reject"):
                        raise ConfigError(
                            f"{path}:{number}: decision must be accept, reject or empty, got {row['decision']!r}"
                        )
                    before[row.get("id", "")] = row
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=REVIEW_FIELDS)
        writer.writeheader()
        decisions = {}
        listed = set()
        for d in drafts:
            sid = d["sample"]["id"]
            listed.add(sid)
            old = before.get(sid, {})
            decision = (old.get("decision") or "").strip().lower()
            decisions[sid] = decision
            task = d["task"]
            writer.writerow(
                _safe_row({
                    "id": sid,
                    "category": task.category.value
                    if task
                    else d["sample"]["category"],
                    "title": task.title if task else "",
                    "brief": task.brief if task else d["sample"]["brief"],
                    "sources": " ".join(d["sample"]["post_ids"]),
                    "problems": "; ".join(d["problems"]),
                    "decision": decision,
                    "note": old.get("note", ""),
                })
            )
        for (
            sid,
            old,
        ) in before.items():  # decisions on samples no longer drafted are kept (rejections are remembered)
            if sid not in listed:
                writer.writerow(_safe_row({k: old.get(k, "") for k in REVIEW_FIELDS}))
                decisions.setdefault(sid, (old.get("decision") or "").strip().lower())
        atomic_write(path, out.getvalue().encode("utf-8"))
        s = self.summary
        s.accepted = sum(1 for d in drafts if decisions[d["sample"]["id"]] == "accept")
        s.rejected = sum(1 for v in decisions.values() if v == "reject")
        s.pending = sum(1 for d in drafts if not decisions[d["sample"]["id"]])
        return decisions

    # --- 7. the suite ----------------------------------------------------------------------------

    def write_suite(self, drafts: list[dict], decisions: dict[str, str]) -> None:
        out = self.opts.out
        manifest = self._manifest()
        accepted = []
        for d in drafts:
            if decisions.get(d["sample"]["id"]) != "accept":
                continue
            if d["path"] is None or d["problems"]:
                self.summary.failures.append(
                    f"accepted draft {d['sample']['id']} is not valid and was not written: "
                    + "; ".join(d["problems"])
                )
                continue
            accepted.append(d)
        needs_images = any(
            d["task"].target_image or d["task"].input_images for d in accepted
        )
        if needs_images and self.opts.image_license is None:
            raise ConfigError(
                "accepted tasks use images from the posts: say under which licence the suite may ship them with "
                "--image-license SPDX (for instance CC-BY-4.0 for your own posts)"
            )
        for sub in ("tasks", "images"):
            shutil.rmtree(
                out / sub, ignore_errors=True
            )  # this command owns them: rejected tasks leave
        out.mkdir(parents=True, exist_ok=True)
        (out / MARKER).write_text(
            f"made by atelier suite from-posts from {self.opts.posts.name}\n",
            encoding="utf-8",
        )
        data = manifest.model_dump(exclude_defaults=True)
        data["version"], data["license"] = manifest.version, manifest.license
        (out / "suite.yaml").write_text(
            yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8"
        )
        attribution = []
        for d in accepted:
            task_dict = yaml.safe_load(d["path"].read_text(encoding="utf-8"))
            thread = self.by_thread.get(d["sample"]["thread"])
            named = (
                [task_dict.get("target_image")] if task_dict.get("target_image") else []
            )
            named += task_dict.get("input_images") or []
            known = thread.images() if thread else {}
            unknown = [r for r in named if r not in known]
            if unknown:  # an edited draft may name images its thread does not have
                self.summary.failures.append(
                    f"accepted draft {d['path']} names images not in its thread ({', '.join(map(str, unknown))}; "
                    f"use refs such as {next(iter(known), 'POSTID#1')}): not written"
                )
                continue
            for field in ("target_image", "input_images"):
                refs = task_dict.get(field)
                if not refs:
                    continue
                names = []
                for ref in [refs] if isinstance(refs, str) else refs:
                    post, index = thread.images()[ref]
                    source = (self.folder / post.images[index]).resolve()
                    name = f"{task_dict['id']}-{post.id}-{index + 1}{source.suffix.lower()}"
                    (out / "images").mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(source, out / "images" / name)
                    names.append(f"../../images/{name}")
                    attribution.append(
                        {
                            "file": name,
                            "source": f"posts:{self.opts.posts.name}",
                            "version": str(post.created_at.date())
                            if post.created_at
                            else "undated",
                            "original": f"post {post.id}, image {index + 1}",
                            "author": f"the author of post {post.id} (handle not recorded)",
                            "license": self.opts.image_license,
                            "changes": "copied unchanged",
                        }
                    )
                task_dict[field] = names[0] if field == "target_image" else names
            folder = out / "tasks" / task_dict["category"].lower()
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"{task_dict['id']}.yaml").write_text(
                yaml.safe_dump(
                    task_dict, sort_keys=False, allow_unicode=True, width=100
                ),
                encoding="utf-8",
            )
        if attribution:
            (out / "images" / "attribution").mkdir(parents=True, exist_ok=True)
            (out / "images" / "attribution" / "posts.yaml").write_text(
                yaml.safe_dump(attribution, sort_keys=False), encoding="utf-8"
            )
        if any((out / "tasks").rglob("*.yaml")):
            write_notice(load_suite(out))
        else:
            (out / "NOTICE").unlink(missing_ok=True)  # no images shipped any more


# --- helpers ---------------------------------------------------------------------------------


def _check_refs(answer: dict, thread: Thread) -> None:
    images, ids = thread.images(), {p.id for p in thread.posts}
    for i, sample in enumerate(answer["samples"]):
        for field in ("input_images", "target_images"):
            unknown = [r for r in sample[field] if r not in images]
            if unknown:
                raise StageError(
                    f"sample {i + 1} names images not in the thread: {', '.join(unknown)}"
                )
        unknown = [p for p in sample["post_ids"] if p not in ids]
        if unknown or not sample["post_ids"]:
            raise StageError(
                f"sample {i + 1} names posts not in the thread: {', '.join(unknown) or '(none)'}"
            )


def _sample_id(sample: dict, taken: set[str]) -> str:
    """Stable across invocations: the posts and images a sample draws on, not the LLM's wording."""
    basis = json.dumps(
        [
            sorted(sample["post_ids"]),
            sorted(sample["input_images"]),
            sorted(sample["target_images"]),
        ]
    )
    base = "post_" + hashlib.sha256(basis.encode()).hexdigest()[:10]
    sid, n = base, 2
    while sid in taken:
        sid, n = f"{base}_{n}", n + 1
    return sid


def _category_problem(category: str, sample: dict) -> str | None:
    if category == "IM" and len(sample["target_images"]) != 1:
        return f"IM needs exactly one target picture; the sample has {len(sample['target_images'])}"
    if category == "image_input" and not sample["input_images"]:
        return "image_input needs input pictures; the sample has none"
    if category in ("OE", "CO") and sample["input_images"]:
        return f"{category} was chosen but the sample starts from input pictures (image_input)"
    return None


def _draft_request(sample: dict, n_images: int) -> str:
    kind = {
        "OE": "an OE task",
        "CO": "a CO task",
        "IM": "an IM task: the picture attached is the target the prompter must reproduce",
        "image_input": "an OE or CO task (add a key category with OE or CO) in which the prompter is also shown the "
        f"{n_images} attached input picture(s) and writes a prompt for the result",
    }[sample["category"]]
    feedback = "\n".join(f"- {f}" for f in sample["feedback"]) or "- none"
    return f"Write {kind}.\n\nRequest:\n{sample['brief']}\n\nWhat people said about results of this request:\n{feedback}"


def _assemble(data: dict, sample: dict, thread: Thread) -> dict:
    """The task file content: the LLM's fields, our id, category, images and provenance."""
    category = sample["category"]
    if category == "image_input":
        category = str(data.get("category", "")).upper()
        if category not in ("OE", "CO"):
            raise StageError(
                f"an image-input draft must say category OE or CO, got {data.get('category')!r}"
            )
    checkpoints = data.get("checkpoints")
    if not isinstance(checkpoints, list):
        raise StageError("the draft has no checkpoints list")
    counts: dict[str, int] = {}
    for cp in checkpoints:
        if isinstance(cp, dict) and isinstance(cp.get("primitive"), str):
            counts[cp["primitive"]] = counts.get(cp["primitive"], 0) + 1
    task = {
        "id": sample["id"],
        "category": category,
        "title": data.get("title") or "",
        "brief": data.get("brief") or sample["brief"],
    }
    if category == "CO":
        task["constraints"] = data.get("constraints")
    if sample["category"] == "IM":
        task["target_image"] = sample["target_images"][0]
    if sample["input_images"] and sample["category"] == "image_input":
        task["input_images"] = list(sample["input_images"])
    task.update(
        {
            "tags": data.get("tags") or {},
            "primitives": counts,
            "checkpoints": checkpoints,
            "reference_prompt": data.get("reference_prompt"),
            "sources": [f"post:{p}" for p in sample["post_ids"]],
        }
    )
    return task


def _validate(
    task_dict: dict, manifest: SuiteManifest
) -> tuple[Task | None, list[str]]:
    """The task and its problems under the suite model and the strict rules (images are checked
    when the suite is written, so refs stand in for paths here)."""
    try:
        task = Task.model_validate(task_dict)
    except ValidationError as exc:
        return None, [
            f"{'.'.join(str(p) for p in e['loc']) or 'task'}: {e['msg'].removeprefix('Value error, ')}"
            for e in exc.errors()[:8]
        ]
    return task, strict_task_problems(task, manifest)


def _load_draft(path: Path, manifest: SuiteManifest) -> tuple[Task | None, list[str]]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        return None, [
            f"{path}: cannot read the draft ({exc}); fix it or delete it to draft it again"
        ]
    if not isinstance(data, dict) or data.get("id") != path.stem:
        return None, [
            f"{path}: a draft is a task mapping whose id is the file name {path.stem!r}"
        ]
    return _validate(data, manifest)
