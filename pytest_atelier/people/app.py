"""The collection web app (Starlette): instructions, questionnaire, then one task per page.

    GET  /                      instructions; a participant id from ``?id=`` or generated
    POST /start                 go to the participant's page (questionnaire or current task)
    GET  /p/{pid}               the questionnaire, the current task, or the thanks page
    POST /p/{pid}/join          record the questionnaire and plan the rounds
    POST /p/{pid}/answer        record the prompts for the current task (after its minimum time)
    GET  /image/{task_id}       an IM task's target image, found through the suite (never a path)
    GET  /input/{task_id}/{n}   input image n (from 1) of an image-input case, likewise

Server-rendered Jinja pages with autoescaping (bidi and control characters shown, not obeyed), no JavaScript and nothing loaded from elsewhere.
"""

from __future__ import annotations

import re
import secrets
import time
from pathlib import Path

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, RedirectResponse, Response
from starlette.middleware import Middleware
from starlette.routing import Route

from ..errors import AtelierError
from ..redact import neutralise_controls
from ..prompters.payload import task_brief
from ..suite.models import Category
from .assign import CollectConfig, needed_per_category
from .guard import Guard
from .questionnaire import QUESTIONS, read_answers
from .store import CollectStore, TooSoon

__all__ = ["make_app", "page_environment", "PID_PATTERN", "NOT_SAVED"]

PID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")
NOT_SAVED = "Your answer could not be saved (the server cannot write to its disk): nothing was recorded. Please tell whoever runs this study, then send it again."
_HEADERS = {"Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; form-action 'self'",
            "Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}  # fmt: skip


def page_environment() -> Environment:
    """The apps' templates: autoescaped, and every value shown with its bidi and control characters made visible."""

    def shown(value):
        if isinstance(value, str) and not isinstance(value, Markup):
            return neutralise_controls(value.replace("\r\n", "\n"))  # forms send CRLF: a line break, not a control
        return value

    return Environment(loader=PackageLoader("pytest_atelier.people", "templates"), autoescape=select_autoescape(default=True), finalize=shown)


def make_app(suite, out: Path, config: CollectConfig = CollectConfig(), clock=time.time, hosts=None) -> Starlette:
    """The ASGI app collecting prompts for ``suite`` into the JSON Lines file ``out``; ``hosts``: the
    host names it answers for (None: any), see :mod:`.guard`."""
    present = [t.category.value for t in suite.tasks]
    categories = list(config.categories) or sorted(set(present), key=lambda c: [m.value for m in Category].index(c))  # OE, CO, IM
    by_category = {c: sorted(t.id for t in suite.tasks if t.category.value == c) for c in categories}
    config = CollectConfig(config.rounds, config.tasks_per_round, tuple(categories), config.min_seconds)
    store = CollectStore(out, by_category, config, clock)
    for category, need in needed_per_category(config, categories).items():
        if len(by_category.get(category, [])) < need:
            raise ValueError(f"{suite.root}: category {category} has {len(by_category.get(category, []))} tasks; "
                             f"{need} are needed for {config.rounds} rounds of {config.tasks_per_round}")  # fmt: skip
    env = page_environment()
    known = {t.id: t for t in suite.tasks}

    def page(name: str, status: int = 200, **context) -> HTMLResponse:
        html = env.get_template(name).render(suite=suite.manifest.name, config=config, **context)
        return HTMLResponse(html, status_code=status, headers=_HEADERS)

    def participant_id(value: str) -> str | None:
        value = (value or "").strip()
        return value if PID_PATTERN.fullmatch(value) else None

    async def index(request: Request) -> Response:
        given = request.query_params.get("id", "")
        pid = participant_id(given) if given else f"p-{secrets.token_hex(4)}"
        if pid is None:
            return page("error.html.j2", 400, message="That participant id is not valid: use letters, digits, - and _.")
        return page("index.html.j2", pid=pid)

    async def start(request: Request) -> Response:
        pid = participant_id(str((await request.form()).get("pid", "")))
        if pid is None:
            return page("error.html.j2", 400, message="That participant id is not valid: use letters, digits, - and _.")
        return RedirectResponse(f"/p/{pid}", status_code=303)

    def progress(who) -> dict:
        place = who.current()
        total, done = len(who.plan.tasks), len(set(who.plan.tasks) & who.done)
        return {"done": done, "total": total, "round": place[0] + 1 if place else None, "rounds": len(who.plan.rounds),
                "position": place[1] + 1 if place else None, "per_round": len(who.plan.rounds[place[0]]) if place else None}  # fmt: skip

    def task_page(who, task_id: str, status: int = 200, message: str = "", written: list[str] | None = None) -> HTMLResponse:
        shown = store.show(who, task_id)
        task = known[task_id]
        outputs = list(task.outputs) or [""]
        written = written or [""] * len(outputs)
        wait = max(0, int(config.min_seconds - (clock() - shown) + 0.999))
        return page("task.html.j2", status, pid=who.pid, task=task, brief=task_brief(task), outputs=list(zip(outputs, written)),
                    image=suite.target_image_path(task) is not None, inputs=len(task.input_images), message=message,
                    wait=wait, **progress(who))  # fmt: skip

    async def participant(request: Request) -> Response:
        pid = participant_id(request.path_params["pid"])
        if pid is None:
            return page("error.html.j2", 400, message="That participant id is not valid: use letters, digits, - and _.")
        who = store.participants.get(pid)
        if who is None:
            return page("questionnaire.html.j2", pid=pid, questions=QUESTIONS, message="")
        place = who.current()
        if place is None:
            return page("done.html.j2", pid=pid, **progress(who))
        return task_page(who, place[2])

    async def join(request: Request) -> Response:
        pid = participant_id(request.path_params["pid"])
        if pid is None:
            return page("error.html.j2", 400, message="That participant id is not valid: use letters, digits, - and _.")
        answers = read_answers(await request.form())
        if isinstance(answers, str):
            return page("questionnaire.html.j2", 400, pid=pid, questions=QUESTIONS, message=answers)
        store.join(pid, answers)
        return RedirectResponse(f"/p/{pid}", status_code=303)

    async def answer(request: Request) -> Response:
        pid = participant_id(request.path_params["pid"])
        who = store.participants.get(pid) if pid else None
        if who is None:
            return RedirectResponse(f"/p/{pid}" if pid else "/", status_code=303)
        form = await request.form()
        task_id = str(form.get("task_id", ""))
        place = who.current()
        if place is None or place[2] != task_id:
            return RedirectResponse(f"/p/{pid}", status_code=303)  # a repeated or stale submit: show where they are
        prompts = [str(form.get(f"prompt_{i}", "")).strip() for i in range(1, known[task_id].n_outputs + 1)]
        if not all(prompts):
            return task_page(who, task_id, 400, "Please write a prompt in every box.", prompts)
        try:
            store.answer(who, task_id, prompts)
        except TooSoon as exc:
            return task_page(who, task_id, 429, f"Please take a little more time with this task ({exc.wait:.0f} s left).", prompts)
        except OSError:
            return task_page(who, task_id, 503, NOT_SAVED, prompts)
        return RedirectResponse(f"/p/{pid}", status_code=303)

    def suite_file(find) -> Response:
        try:
            path = find()
        except AtelierError:  # the file became a link out of the suite after it was loaded
            path = None
        if path is None or not path.is_file() or not path.is_relative_to(suite.root.resolve()):
            return Response("no such image", status_code=404, media_type="text/plain")
        return FileResponse(path, headers={"Cache-Control": "no-store"})

    async def image(request: Request) -> Response:
        task = known.get(request.path_params["task_id"])
        return suite_file(lambda: suite.target_image_path(task) if task is not None else None)

    async def input_image(request: Request) -> Response:
        task, n = known.get(request.path_params["task_id"]), request.path_params["n"]
        return suite_file(lambda: suite.input_image_paths(task)[n - 1] if task is not None and 1 <= n <= len(task.input_images) else None)

    app = Starlette(middleware=[Middleware(Guard, hosts=hosts)], routes=[
        Route("/", index), Route("/start", start, methods=["POST"]), Route("/p/{pid}", participant),
        Route("/p/{pid}/join", join, methods=["POST"]), Route("/p/{pid}/answer", answer, methods=["POST"]),
        Route("/image/{task_id}", image), Route("/input/{task_id}/{n:int}", input_image),
    ])  # fmt: skip
    app.state.store = store
    return app
