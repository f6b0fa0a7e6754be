"""The admin page of both apps: counts per task and per participant or rater, and a CSV export.

    GET  /admin              the sign-in form, or the counts once signed in
    POST /admin              sign in with the token (kept in an HttpOnly, SameSite=Strict cookie)
    GET  /admin/counts.csv   every table of the page as one CSV file (signed in)

The token is generated when the server starts and printed (or given with ``--admin-token``);
it is compared in constant time (``hmac.compare_digest``). It never appears in a URL.
"""

from __future__ import annotations

import csv
import hmac
import io
import secrets
from collections import Counter
from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from ..redact import spreadsheet_cell
from .app import _HEADERS, page_environment

__all__ = ["add_admin", "collect_counts", "new_token", "COOKIE"]

COOKIE = "atelier_admin"
Tables = list[dict]  # {"name", "columns", "rows"}


def new_token() -> str:
    return secrets.token_urlsafe(18)


def collect_counts(store, suite) -> Tables:
    """The collection's counts: per participant, then per task (planned, answered)."""
    planned = store.assigned()
    answered = Counter(t for who in store.participants.values() for t in who.done)
    tasks = [[t.id, t.category.value, planned[t.id], answered[t.id]] for t in sorted(suite.tasks, key=lambda t: t.id)]
    people = [[who.pid, who.group, len(set(who.plan.tasks) & who.done), len(who.plan.tasks)] for who in store.participants.values()]
    return [
        {"name": "participants", "columns": ["participant", "group", "answered", "assigned"], "rows": sorted(people)},
        {"name": "tasks", "columns": ["task", "category", "assigned", "answered"], "rows": tasks},
    ]


def add_admin(app, token: str, counts: Callable[[], Tables], title: str) -> None:
    """Add the admin routes to a Starlette ``app``; ``counts()`` gives the tables to show."""
    env = page_environment()

    def signed_in(request: Request) -> bool:
        return hmac.compare_digest(request.cookies.get(COOKIE, "").encode(), token.encode())

    def page(status: int = 200, message: str = "", tables: Tables | None = None) -> HTMLResponse:
        html = env.get_template("admin.html.j2").render(suite=title, title=title, message=message, tables=tables)
        return HTMLResponse(html, status_code=status, headers=_HEADERS)

    async def admin(request: Request) -> Response:
        if request.method == "POST":
            given = str((await request.form()).get("token", ""))
            if not hmac.compare_digest(given.encode(), token.encode()):
                return page(403, "That token is not right: use the one the server printed when it started.")
            reply = RedirectResponse("/admin", status_code=303)
            reply.set_cookie(COOKIE, token, httponly=True, samesite="strict", path="/admin")
            return reply
        if not signed_in(request):
            return page()
        return page(tables=counts())

    async def export(request: Request) -> Response:
        if not signed_in(request):
            return Response("sign in at /admin first", status_code=403, media_type="text/plain")
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        for table in counts():
            writer.writerow(["table", *table["columns"]])
            for row in table["rows"]:
                writer.writerow([table["name"], *map(spreadsheet_cell, row)])
        return Response(buffer.getvalue(), media_type="text/csv; charset=utf-8",
                        headers={**_HEADERS, "Content-Disposition": 'attachment; filename="counts.csv"'})  # fmt: skip

    app.router.routes.extend([Route("/admin", admin, methods=["GET", "POST"]), Route("/admin/counts.csv", export)])
