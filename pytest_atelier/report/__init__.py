"""The HTML report and the CSV export of results files (see docs/report.md)."""

from .csv_export import CSV_COLUMNS, write_csv
from .render import assets_folder, render_report

__all__ = ["CSV_COLUMNS", "assets_folder", "render_report", "write_csv"]
