"""The labelling web app (Starlette) that ``atelier label`` serves: one run of a results file per page.

    GET  /                  instructions and the rater id
    POST /start             go to the rater's current item
    GET  /r/{rid}           the rater's current item, or the thanks page
    POST /r/{rid}/answer    record the checklist answers and scores for the current item
    GET  /image/{item}      the item's top-1 image: only the file the results file names, and only
                            while its content has the SHA-256 recorded there
    GET  /target/{task}     an IM task's target image, found through the suite
    GET  /admin ...         counts and CSV export (see :mod:`.admin`)

The rubric shown under each score is the judge's own (``judge/prompts/rubric.yaml``, the text of
docs/rubric.md). Server-rendered Jinja pages with autoescaping, no JavaScript.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import yaml
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, RedirectResponse, Response
from starlette.middleware import Middleware
from starlette.routing import Route

from ..errors import AtelierError
from ..prompters.payload import task_brief
from .app import _HEADERS, NOT_SAVED, PID_PATTERN, page_environment
from .guard import Guard
from .label_store import ANSWERS, Item, LabelStore

__all__ = ["make_label_app", "RUBRIC"]

RUBRIC: dict = yaml.safe_load(resources.files("pytest_atelier.judge").joinpath("prompts", "rubric.yaml").read_text(encoding="utf-8"))


def read_answer(item: Item, form) -> tuple[dict, dict, str]:
    """(checkpoint answers, scores, what is missing) from a submitted item form."""
    checkpoints: dict[str, dict[str, str]] = {}
    missing = []
    for cp, sides in item.checkpoints():
        for side in sides:
            value = str(form.get(f"cp.{cp.id}.{side}", ""))
            if value in ANSWERS:
                checkpoints.setdefault(cp.id, {})[side] = value
            else:
                missing.append(f"{cp.id} ({side})")
    scores = {}
    for dim in item.dimensions():
        value = str(form.get(f"score.{dim}", ""))
        if value in {"1", "2", "3", "4", "5"}:
            scores[dim] = int(value)
        else:
            missing.append(dim.replace("_", " "))
    return checkpoints, scores, ("Please answer every question; missing: " + ", ".join(missing)) if missing else ""


def make_label_app(store: LabelStore, suite, hosts=None) -> Starlette:
    """The ASGI app through which the raters of ``store`` label its items; ``hosts``: the host names
    it answers for (None: any), see :mod:`.guard`."""
    env = page_environment()
    title = f"labels for {store.source or suite.manifest.name}"

    def page(name: str, status: int = 200, **context) -> HTMLResponse:
        html = env.get_template(name).render(suite=title, **context)
        return HTMLResponse(html, status_code=status, headers=_HEADERS)

    def rater(value: str) -> str | None:
        value = (value or "").strip()
        return value if PID_PATTERN.fullmatch(value) and value in store.plan.raters else None

    def unknown() -> HTMLResponse:
        return page("error.html.j2", 404, message="That rater id is not on this labelling's list of raters; ask whoever runs it for yours.")

    def item_page(rid: str, item: Item, status: int = 200, message: str = "", given=None) -> HTMLResponse:
        store.show(rid, item.id)
        done, total = store.progress(rid)
        return page("label_item.html.j2", status, rid=rid, item=item, brief=task_brief(item.task), checkpoints=item.checkpoints(),
                    dimensions=item.dimensions(), rubric=RUBRIC, image=item.image is not None, given=dict(given or {}),
                    target=suite.target_image_path(item.task) is not None, message=message, done=done, total=total)  # fmt: skip

    async def index(request: Request) -> Response:
        given = request.query_params.get("id", "")
        known = rater(given)  # a rater's own count; before they give their id, only the labelling's size
        return page("label_index.html.j2", rid=given if PID_PATTERN.fullmatch(given) else "",
                    total=store.progress(known)[1] if known else None, n_items=len(store.items), n_raters=len(store.plan.raters))

    async def start(request: Request) -> Response:
        rid = rater(str((await request.form()).get("rid", "")))
        return RedirectResponse(f"/r/{rid}", status_code=303) if rid else unknown()

    async def rater_page(request: Request) -> Response:
        rid = rater(request.path_params["rid"])
        if rid is None:
            return unknown()
        current = store.current(rid)
        if current is None:
            return page("label_done.html.j2", rid=rid, total=store.progress(rid)[1])
        return item_page(rid, store.items[current])

    async def answer(request: Request) -> Response:
        rid = rater(request.path_params["rid"])
        if rid is None:
            return unknown()
        form = await request.form()
        current = store.current(rid)
        if current is None or str(form.get("item", "")) != current:
            return RedirectResponse(f"/r/{rid}", status_code=303)  # a repeated or stale submit: show where they are
        item = store.items[current]
        checkpoints, scores, missing = read_answer(item, form)
        if missing:
            return item_page(rid, item, 400, missing, {k: str(v) for k, v in form.items()})
        try:
            store.answer(rid, current, checkpoints, scores)
        except OSError:
            return item_page(rid, item, 503, NOT_SAVED, {k: str(v) for k, v in form.items()})
        return RedirectResponse(f"/r/{rid}", status_code=303)

    async def image(request: Request) -> Response:
        item = store.items.get(request.path_params["item"])
        path = item.image_file() if item is not None else None
        if path is None:
            return Response("no such image", status_code=404, media_type="text/plain")
        return FileResponse(path, headers={"Cache-Control": "no-store"})

    async def target(request: Request) -> Response:
        tasks = {item.task.id: item.task for item in store.items.values()}
        task = tasks.get(request.path_params["task_id"])
        try:
            path = suite.target_image_path(task) if task is not None else None
        except AtelierError:  # the file became a link out of the suite after it was loaded
            path = None
        if path is None or not path.is_file() or not path.is_relative_to(Path(suite.root).resolve()):
            return Response("no such image", status_code=404, media_type="text/plain")
        return FileResponse(path, headers={"Cache-Control": "no-store"})

    app = Starlette(middleware=[Middleware(Guard, hosts=hosts)], routes=[
        Route("/", index), Route("/start", start, methods=["POST"]), Route("/r/{rid}", rater_page),
        Route("/r/{rid}/answer", answer, methods=["POST"]), Route("/image/{item}", image), Route("/target/{task_id}", target),
    ])  # fmt: skip
    app.state.store = store
    return app
