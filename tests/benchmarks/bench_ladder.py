"""Does the headline rank prompters the way the truth does? (run by hand; outside the default test run)

    python tests/benchmarks/bench_ladder.py [--ladder fixtures/labels/ladder.yaml] [-n 2] [--json OUT]

The ladder (``fixtures/labels/ladder.yaml``) holds prompts of known quality for shipped tasks,
written and labelled per checkpoint by writers who had not read the judge: one strong content
plan in four formats (prose, markdown, JSON, an SD tag list), a flawed, a novice and a
keyword-stuffed prompt; ``ladder-2.yaml``, ``ladder-3.yaml`` and ``ladder-4.yaml`` hold more
tasks by other writers, with a Midjourney line as a fifth format (ladder-3 kept blind to offline
judge 18's readers, ladder-4 to judge 19's; docs/judge.md has the figures). Each becomes a ``human:`` prompter (plus ``direct``, the brief pasted);
the plugin runs them with ``--backend=none --judge=offline`` and this script prints, per
category and overall:

- the headline per prompter (the share of prompt-side checkpoints shown satisfied out of all of
  them), the rate on decided checkpoints, the undecided share, and the truth (the share the
  writers labelled as asked);
- paired task-level differences of the headline (strong-prose against the others, flawed
  against novice) with the one-sided sign-flip p-value;
- accuracy on decided verdicts against the labels, and the confident wrong verdicts
  (a decided verdict that contradicts the label) as a share of decided;
- format agreement: the share of checkpoints that the four strong formats decide alike.

A label counts only while its checkpoint's prompt-side statement is the one it was written
against (the ladder keeps a copy); changed checkpoints are counted and left out.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

import numpy as np
import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from pytest_atelier.results.stats import sign_flip_test  # noqa: E402

FORMAT_ORDER = ("prose", "markdown", "json", "sdtags", "midjourney")  # how the strong plan may be written
CATEGORIES = ("OE", "CO", "IM")


def prompter_name(entry: dict) -> str:
    return f"{entry['quality']}-{entry['format']}" if entry["quality"] == "strong" else entry["quality"]


def write_prompters(ladder: dict, folder: Path) -> dict[str, Path]:
    """One JSON Lines file per prompter name, as ``human:`` reads them."""
    rows: dict[str, list[dict]] = defaultdict(list)
    for entry in ladder["prompts"]:
        rows[prompter_name(entry)].append({"task_id": entry["task_id"], "prompts": [entry["prompt"]], "author": entry["author"]})
    files = {}
    for name, lines in rows.items():
        path = folder / f"{name}.jsonl"
        path.write_text("".join(json.dumps(row) + "\n" for row in lines), encoding="utf-8")
        files[name] = path
    return files


def run_plugin(files: dict[str, Path], tasks: list[str], suite: Path, out: Path, workers: int) -> dict:
    prompters = [f"--prompter=human:{path}" for path in files.values()] + ["--prompter=direct"]
    command = [sys.executable, "-m", "pytest", str(suite), "-q", "--tb=no", "-p", "no:cacheprovider",
               "--backend=none", "--judge=offline", f"--atelier-json={out}", "-k", " or ".join(tasks), *prompters]
    if workers:
        command += ["-n", str(workers)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if not out.is_file():
        sys.exit(f"the plugin wrote no results (exit {done.returncode}):\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return json.loads(out.read_text(encoding="utf-8"))


def current_statements(suite: Path, tasks: set[str]) -> dict[str, dict[str, str]]:
    statements = {}
    for path in sorted((suite / "tasks").rglob("*.yaml")):
        task = yaml.safe_load(path.read_text(encoding="utf-8"))
        if task["id"] in tasks:
            statements[task["id"]] = {c["id"]: c["prompt"] for c in task["checkpoints"] if c.get("prompt")}
    return statements


def outcomes_by_run(results: dict, names: dict[str, str]) -> tuple[dict, dict]:
    """{(prompter name, task): {checkpoint: passed|failed|skipped|error}} and each task's category."""
    outcomes: dict = defaultdict(dict)
    for item in results["items"]:
        if item.get("kind") == "checkpoint" and item.get("side") == "prompt":
            outcomes[(names[item["prompter"]], item["task_id"])][item["checkpoint"]] = item["outcome"]
    category = {run["task_id"]: run["category"] for run in results["runs"]}
    return outcomes, category


def prompter_names(results: dict) -> dict[str, str]:
    names = {}
    for run in results["runs"]:
        meta = run.get("prompter_meta") or {}
        names[run["prompter"]] = Path(meta["file"]).stem if meta.get("file") else run["prompter"]
    return names


def headline(outcomes: dict[str, str]) -> tuple[int, int, int]:
    passed = sum(o == "passed" for o in outcomes.values())
    failed = sum(o == "failed" for o in outcomes.values())
    return passed, failed, len(outcomes)


def summarise(ladder: dict, results: dict, statements: dict) -> dict:
    names = prompter_names(results)
    outcomes, category = outcomes_by_run(results, names)
    labels = {(prompter_name(e), e["task_id"]): e["labels"] for e in ladder["prompts"]}
    written = ladder["statements"]
    stale = {(t, c) for t, cps in written.items() for c, s in cps.items() if statements.get(t, {}).get(c) != s}
    prompters = sorted({name for name, _ in outcomes}, key=lambda n: (not n.startswith("strong"), n))
    report: dict = {"stale_labels": sorted(f"{t}/{c}" for t, c in stale), "scopes": {}}
    for scope in (*CATEGORIES, "all"):
        tasks = sorted(t for t in category if scope in ("all", category[t]))
        rows, per_task = {}, {}
        for name in prompters:
            p = f = n = 0
            asked = labelled = right = wrong = 0
            per_task[name] = {}
            for task in tasks:
                got = outcomes.get((name, task))
                if got is None:
                    continue
                tp, tf, tn = headline(got)
                p, f, n = p + tp, f + tf, n + tn
                per_task[name][task] = tp / tn if tn else 0.0
                for checkpoint, label in (labels.get((name, task)) or {}).items():
                    if (task, checkpoint) in stale or checkpoint not in got:
                        continue
                    labelled += 1
                    asked += bool(label)
                    if got[checkpoint] in ("passed", "failed"):
                        if (got[checkpoint] == "passed") == bool(label):
                            right += 1
                        else:
                            wrong += 1
            rows[name] = {
                "headline": p / n if n else None, "decided_rate": p / (p + f) if p + f else None,
                "undecided": 1 - (p + f) / n if n else None, "checkpoints": n,
                "truth_asked": asked / labelled if labelled else None,
                "accuracy_decided": right / (right + wrong) if right + wrong else None,
                "decided_labelled": right + wrong, "confident_wrong": wrong,
            }
        pairs = {}
        comparisons = [("strong-prose", other) for other in prompters if other != "strong-prose"] + [("flawed", "novice")]
        for better, worse in comparisons:
            common = sorted(set(per_task.get(better, {})) & set(per_task.get(worse, {})))
            if not common:
                continue
            diffs = [per_task[better][t] - per_task[worse][t] for t in common]
            test = sign_flip_test(diffs, alternative="greater")
            pairs[f"{better} > {worse}"] = {"mean_diff": float(np.mean(diffs)), "p": test.p_value, "tasks": len(common)}
        formats = strong_formats(ladder)
        report["scopes"][scope] = {"prompters": rows, "pairs": pairs, "format_agreement": agreement(outcomes, tasks, formats)}
    return report


def strong_formats(ladder: dict) -> tuple[str, ...]:
    written = {e["format"] for e in ladder["prompts"] if e["quality"] == "strong"}
    return tuple(f for f in FORMAT_ORDER if f in written) + tuple(sorted(written - set(FORMAT_ORDER)))


def agreement(outcomes: dict, tasks: list[str], formats: tuple[str, ...]) -> dict:
    """Share of checkpoints the strong formats decide alike (the same outcome in every format): all
    of them, the issue's four (prose, markdown, JSON, SD tags), all but JSON; and the share in
    conflict (passed in one format, failed in another)."""
    def share(formats, alike=lambda seen: len(seen) == 1):
        same = total = 0
        for task in tasks:
            runs = [outcomes.get((f"strong-{fmt}", task)) for fmt in formats]
            if any(r is None for r in runs):
                continue
            for checkpoint in runs[0]:
                total += 1
                same += alike({r.get(checkpoint) for r in runs})
        return same / total if total else None
    four = tuple(f for f in FORMAT_ORDER[:4] if f in formats)
    return {"formats": list(formats), "all": share(formats), "four": share(four) if len(four) == 4 else None,
            "without_json": share(tuple(f for f in formats if f != "json")),
            "conflicting": share(formats, lambda seen: {"pass", "fail"} <= seen)}


def pct(value) -> str:
    return "n/a" if value is None else f"{100 * value:.1f}%"


def print_report(report: dict) -> None:
    if report["stale_labels"]:
        print(f"labels left out (statement changed since labelling): {len(report['stale_labels'])}")
    for scope, data in report["scopes"].items():
        print(f"\n## {scope}\n")
        print("| prompter | headline | rate on decided | undecided | truth: asked | accuracy on decided | confident wrong |")
        print("|---|---|---|---|---|---|---|")
        for name, row in data["prompters"].items():
            wrong = row["confident_wrong"]
            share = f"{wrong} ({pct(wrong / row['decided_labelled'])})" if row["decided_labelled"] else "-"
            print(f"| {name} | {pct(row['headline'])} | {pct(row['decided_rate'])} | {pct(row['undecided'])} | "
                  f"{pct(row['truth_asked'])} | {pct(row['accuracy_decided'])} | {share} |")
        print("\n| paired (task level) | mean difference | sign-flip p (one-sided) | tasks |")
        print("|---|---|---|---|")
        for pair, row in data["pairs"].items():
            print(f"| {pair} | {row['mean_diff']:+.3f} | {row['p']:.2g} | {row['tasks']} |")
        agree = data["format_agreement"]
        four = f", the four of prose, markdown, JSON and SD tags {pct(agree['four'])}" if len(agree["formats"]) > 4 else ""
        print(f"\nstrong formats ({', '.join(agree['formats'])}) decided alike: {pct(agree['all'])} of checkpoints "
              f"(without JSON {pct(agree['without_json'])}{four}); passed in one and failed in another: {pct(agree['conflicting'])}")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ladder", type=Path, default=ROOT / "fixtures/labels/ladder.yaml")
    parser.add_argument("--suite", type=Path, default=ROOT / "task_suites/atelier")
    parser.add_argument("-n", "--workers", type=int, default=0)
    parser.add_argument("--json", type=Path, help="also write the figures as JSON here")
    args = parser.parse_args(argv)
    ladder = yaml.safe_load(args.ladder.read_text(encoding="utf-8"))
    tasks = sorted({e["task_id"] for e in ladder["prompts"]})
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        files = write_prompters(ladder, folder)
        results = run_plugin(files, tasks, args.suite, folder / "results.json", args.workers)
    report = summarise(ladder, results, current_statements(args.suite, set(tasks)))
    print_report(report)
    if args.json:
        args.json.write_text(json.dumps(report, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
