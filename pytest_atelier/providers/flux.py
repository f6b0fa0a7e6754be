"""Black Forest Labs Flux API: submit, poll, download.

``POST {base_url}/{model}`` with header ``x-key`` and ``{prompt, width, height, seed,
output_format}`` answers ``{id, polling_url}``; ``GET polling_url`` answers ``status``
(``Pending`` ... ``Ready`` with ``result.sample``, an image URL valid for a few minutes, or
``Request Moderated`` / ``Content Moderated`` / ``Error``); the sample is then downloaded
without the key. Polls wait ``poll_interval`` seconds; past ``deadline`` seconds in all the
call fails. Width and height are rounded to multiples of 32 within 256-1440; ``*-ultra``
models take an ``aspect_ratio`` instead.
"""

from __future__ import annotations

import dataclasses
import time
from urllib.parse import urljoin, urlsplit

from ..errors import ProviderError
from .chat import dig
from .factory import Connection
from .media import ImageReply, nearest_size, to_png
from .usage import Usage

__all__ = ["FluxImages", "snap", "PENDING", "MODERATED"]

PENDING = frozenset({"Pending", "Queued", "Processing", "Task not ready"})
MODERATED = frozenset({"Request Moderated", "Content Moderated"})
ASPECTS = [(1, 1), (4, 3), (3, 4), (16, 9), (9, 16), (3, 2), (2, 3), (21, 9), (9, 21)]


def snap(value: int) -> int:
    """``value`` rounded to a multiple of 32 within the API's 256-1440."""
    return max(256, min(1440, int(round(value / 32)) * 32))


class FluxImages:
    family = "flux"

    def __init__(self, model: str, connection: Connection, poll_interval: float = 0.5, deadline: float = 300.0, settings: dict | None = None):
        if poll_interval <= 0 or deadline <= 0:
            raise ValueError("poll_interval and deadline must be > 0 seconds")
        self.model, self.conn = model, connection
        self.poll_interval, self.deadline, self.settings = poll_interval, deadline, dict(settings or {})

    def generate(self, prompt: str, width: int, height: int, seed: int) -> ImageReply:
        transport, what = self.conn.transport, f"flux {self.model}"
        body: dict = {"prompt": prompt, "seed": seed, "output_format": "png", **self.settings}
        if self.model.endswith("-ultra"):
            w, h = nearest_size(width, height, ASPECTS)
            body["aspect_ratio"] = f"{w}:{h}"
        else:
            body["width"], body["height"] = snap(width), snap(height)
        start = time.monotonic()
        submitted = transport.send(
            "POST", f"{self.conn.base_url}/{self.model}", what=what, json=body, headers=self._key_for(self.conn.base_url),
            model=self.model, worst=Usage(images=1),
        )
        with transport.billed(submitted):  # an answer that fails to read was still billed
            task_id = dig(submitted.data, "id", what=what)
            polling_url = submitted.data.get("polling_url") or f"{self.conn.base_url}/get_result?id={task_id}"
            polling_url = urljoin(self.conn.base_url + "/", polling_url)
            polls = 0
            while True:
                if time.monotonic() - start > self.deadline:
                    raise ProviderError(f"{what}: task {task_id} was not ready after {self.deadline:g} s ({polls} polls); raise deadline= in the spec")
                transport.sleep(self.poll_interval)
                polls += 1
                answer = transport.send("GET", polling_url, what=f"{what} poll", headers=self._key_for(polling_url), billable=False).data
                status = dig(answer, "status", what=f"{what} poll")
                if status == "Ready":
                    break
                if status in MODERATED:
                    raise ProviderError(f"{what}: the provider's moderation refused this prompt ({status})")
                if status not in PENDING:
                    raise ProviderError(f"{what}: task {task_id} ended with status {status!r}: {str(answer.get('details') or '')[:200]}")
            sample = dig(answer, "result", "sample", what=f"{what} poll")
            image = transport.send("GET", sample, what=f"{what} download", billable=False, expect_json=False, follow_redirects=True)
            png = to_png(image.content, what)
            total = dataclasses.replace(submitted, latency_s=time.monotonic() - start)
            usage = transport.account(self.model, Usage(images=1), total)
        return ImageReply(png, usage, {"task_id": task_id, "polls": polls, "seed_used": True, **dataclasses.asdict(usage)})

    def _key_for(self, url: str) -> dict[str, str]:
        """The key header, sent only to the API's own site (never to image delivery hosts)."""
        if not self.conn.api_key:
            return {}
        site = ".".join((urlsplit(self.conn.base_url).hostname or "").split(".")[-2:])
        host = urlsplit(url).hostname or ""
        return {"x-key": self.conn.api_key} if host == site or host.endswith("." + site) else {}
