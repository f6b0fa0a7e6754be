"""``atelier report``: render results files into one HTML report (and optionally a CSV).

The lead's ``pytest_atelier/cli.py`` adds the subcommand with :func:`add_report_arguments`
and runs it with :func:`run_report_command`.
"""

from __future__ import annotations

import argparse
import sys
import time

from ..errors import AtelierError
from ..results.records import load_results
from .csv_export import write_csv
from .render import render_report

__all__ = ["add_report_arguments", "run_report_command"]


def add_report_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("results", nargs="+", metavar="RESULTS.json", help="results files (several are merged into one leaderboard)")
    parser.add_argument("-o", "--output", default="report.html", metavar="HTML", help="where to write the report (default: report.html)")
    parser.add_argument("--csv", metavar="CSV", help="also write one row per checkpoint verdict here")
    parser.add_argument("--embed-images", action="store_true",
                        help="put thumbnails inside the page as data URIs (one file to send; large for big runs)")


def run_report_command(args: argparse.Namespace) -> int:
    """Render the report; 0 on success, 1 with a message naming the file on a bad input."""
    start = time.perf_counter()
    try:
        out = render_report(args.results, args.output, embed_images=args.embed_images)  # one file is read in chunks
        if args.csv:
            print(f"wrote {write_csv([load_results(path) for path in args.results], args.csv)}")
    except (AtelierError, OSError, ValueError) as exc:
        print(f"atelier report: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {out} ({out.stat().st_size / 1e6:.1f} MB, {time.perf_counter() - start:.1f} s)")
    return 0
