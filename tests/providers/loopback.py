"""A real HTTP server on 127.0.0.1 speaking the provider APIs, with faults injected per request.

Endpoints: OpenAI ``/v1/chat/completions`` and ``/v1/images/generations``, Anthropic
``/v1/messages`` (key in ``x-api-key`` or, as recent SDKs send it, ``Authorization: Bearer``),
Gemini ``/v1beta/models/{model}:generateContent`` or ``/v1/...`` (text, or an image when
``responseModalities`` holds IMAGE; inline data in either base64 alphabet, as google-genai
sends the URL-safe one), Flux ``/v1/{model}`` + ``/v1/get_result`` + ``/delivery``,
and Stable Diffusion web UI ``/sdapi/v1/txt2img`` (the example plugin's backend).
Each request is checked against the documented shape (required fields, headers, content part
types) and, for chat, against the per-model rules of ``model_rules.py`` (sampling parameters a
model refuses, ``max_tokens`` where only ``max_completion_tokens`` is taken, unknown fields),
answered with the API's own error; a violation is answered 400 and kept in ``problems``.
Chat answers honour the answer limit the model's server reads (``model_rules.reads_limit``; names
that are not OpenAI's are served as ``server`` serves them, Ollama by default; ``served_as`` maps a
proxy's own names to the upstream models whose rules apply):
with ``reasoning_tokens`` set, a model thinks that many tokens before its answer, all billed as
output, and an answer cut by its limit ends with ``length`` / ``max_tokens`` / ``MAX_TOKENS``
(empty when the thinking used it all). ``inject(fault, ...)`` queues
faults consumed one per matching request: ``429`` (with Retry-After), ``500``, ``503``,
``slow`` (answers after ``slow_s``), ``drop`` (closes the connection unanswered),
``malformed`` (200 with broken JSON), ``refusal`` (the API's own refusal or safety block),
``empty_image``, ``400``, ``401`` (echoes the key it got, as some APIs do), ``pending_forever``,
``429_quota`` (OpenAI's ``insufficient_quota``), ``429_gemini`` (Gemini's ``RetryInfo.retryDelay``
of ``retry_after`` seconds in the body, no header), ``429_gemini_daily`` / ``429_gemini_minute``
(a ``QuotaFailure`` naming a spent daily or per-minute quota, as in
https://github.com/google-gemini/gemini-cli/issues/8437 and https://github.com/langgenius/dify/issues/19838), ``500_noretry`` (``x-should-retry: false``).
``arrivals`` holds each request's arrival time (``time.time()``), ``max_in_flight`` the most
requests it was answering at once.
"""

from __future__ import annotations

import base64
import io
import json
import re
import threading
import time
import uuid
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

from PIL import Image

from .model_rules import check as rule_broken
from .model_rules import reads_limit

__all__ = ["LoopbackServer", "png_bytes"]

GPT_IMAGE_SIZES = {"1024x1024", "1536x1024", "1024x1536", "auto"}
MIMES = {"image/png", "image/jpeg", "image/gif", "image/webp"}


def png_bytes(color=(200, 40, 40), size=(64, 64), fmt="PNG") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, format=fmt)
    return out.getvalue()


def _b64ok(value, urlsafe: bool = False) -> bool:
    """Whether ``value`` is non-empty base64 (or, with ``urlsafe``, base64url: ``-`` and ``_``)."""
    if not isinstance(value, str):
        return False
    for altchars in (None, b"-_") if urlsafe else (None,):
        try:
            if base64.b64decode(value, altchars=altchars, validate=True):
                return True
        except ValueError:
            pass
    return False


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # answer in one round trip, not after a delayed ACK

    def log_message(self, *args):  # keep test output quiet
        pass

    def do_GET(self):
        self.server.owner.handle(self, "GET")

    def do_POST(self):
        self.server.owner.handle(self, "POST")


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    request_queue_size = 1024  # a burst of connections waits to be accepted, as at a real API, instead of being reset

    def handle_error(self, request, client_address):  # a client that timed out closed its socket
        pass


class LoopbackServer:
    def __init__(self, key: str | None = None, latency: float = 0.0, slow_s: float = 1.0, retry_after: str = "0.2", pending_polls: int = 1,
                 server: str = "ollama", served_as: dict[str, str] | None = None):  # fmt: skip
        self.key, self.latency, self.slow_s, self.retry_after, self.pending_polls = key, latency, slow_s, retry_after, pending_polls
        # OpenAI chat: the compatible server (model_rules.SERVERS) that serves names not OpenAI's own, and a
        # proxy's own names for upstream models ({"corp-reasoner": "gpt-5.2"}), served by the upstream's rules
        self.server, self.served_as = server, dict(served_as or {})
        self.requests: list[dict] = []
        self.problems: list[str] = []
        self.image = png_bytes()
        self.answer = None  # optional callable(user_text, n) -> str (or None: the default), replaces the chat answer
        self.reasoning_tokens = 0  # thinking before each chat answer, billed as output
        self._faults: deque = deque()
        self.arrivals: list[float] = []
        self.in_flight = self.max_in_flight = 0
        self._tasks: dict[str, dict] = {}
        self._lock = threading.Lock()
        self._here = threading.local()
        self.httpd = _Server(("127.0.0.1", 0), _Handler)
        self.httpd.owner = self
        self._thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def start(self) -> "LoopbackServer":
        self._thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def inject(self, *faults: str, path: str | None = None) -> None:
        with self._lock:
            self._faults.extend((fault, path) for fault in faults)

    def count(self, fragment: str) -> int:
        return sum(fragment in r["path"] for r in self.requests)

    def _take_fault(self, path: str) -> str | None:
        with self._lock:
            for item in list(self._faults):
                if item[1] is None or item[1] in path:
                    self._faults.remove(item)
                    return item[0]
        return None

    # --- plumbing -----------------------------------------------------------------------

    def handle(self, h: BaseHTTPRequestHandler, method: str) -> None:
        with self._lock:
            self.arrivals.append(time.time())
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
        self._here.answering = True
        try:
            self._handle(h, method)
        finally:
            self._leave()

    def _leave(self) -> None:
        """A request stops counting as in flight once its answer starts: a client may send its next
        request as soon as it has the answer, before this thread gets back to its bookkeeping."""
        if getattr(self._here, "answering", False):
            self._here.answering = False
            with self._lock:
                self.in_flight -= 1

    def _handle(self, h: BaseHTTPRequestHandler, method: str) -> None:
        length = int(h.headers.get("content-length") or 0)
        raw = h.rfile.read(length) if length else b""
        headers = {k.lower(): v for k, v in h.headers.items()}
        with self._lock:
            self.requests.append({"method": method, "path": h.path, "headers": headers, "body": raw})
        if self.latency:
            time.sleep(self.latency)
        path = urlsplit(h.path).path
        fault = self._take_fault(path)
        if fault == "drop":
            h.close_connection = True
            return
        if fault == "slow":
            time.sleep(self.slow_s)
        if fault in ("429", "500", "503"):
            extra = {"Retry-After": self.retry_after} if fault == "429" else {}
            return self._send(h, int(fault), {"error": {"message": f"injected {fault}", "type": "server_error"}}, extra)
        if fault == "429_quota":
            error = {"message": "You exceeded your current quota.", "type": "insufficient_quota", "code": "insufficient_quota"}
            return self._send(h, 429, {"error": error})
        if fault == "429_gemini":
            details = [{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": f"{self.retry_after}s"}]
            return self._send(h, 429, {"error": {"code": 429, "message": "Resource exhausted", "status": "RESOURCE_EXHAUSTED", "details": details}})
        if fault in ("429_gemini_daily", "429_gemini_minute"):  # a spent quota names itself in a QuotaFailure
            period = "Day" if fault.endswith("daily") else "Minute"
            violation = {"quotaMetric": "generativelanguage.googleapis.com/generate_content_free_tier_requests",
                         "quotaId": f"GenerateRequestsPer{period}PerProjectPerModel-FreeTier", "quotaValue": "50"}  # fmt: skip
            details = [{"@type": "type.googleapis.com/google.rpc.QuotaFailure", "violations": [violation]},
                       {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": f"{self.retry_after}s"}]  # fmt: skip
            error = {"code": 429, "message": "You exceeded your current quota, please check your plan and billing details.",
                     "status": "RESOURCE_EXHAUSTED", "details": details}  # fmt: skip
            return self._send(h, 429, {"error": error})
        if fault == "500_noretry":
            return self._send(h, 500, {"error": {"message": "injected 500, not to be retried"}}, {"x-should-retry": "false"})
        if fault == "400":
            return self._send(h, 400, {"error": {"message": "injected bad request", "type": "invalid_request_error"}})
        if fault == "401":
            got = headers.get("authorization") or headers.get("x-api-key") or headers.get("x-goog-api-key") or headers.get("x-key")
            return self._send(h, 401, {"error": {"message": f"Incorrect API key provided: {got}"}})
        if fault == "malformed":
            return self._send_raw(h, 200, b'{"choices": [{"message": ', "application/json")
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            return self._reject(h, "request body is not JSON")
        if method == "POST" and path == "/v1/chat/completions":
            return self.openai_chat(h, headers, body, fault)
        if method == "POST" and path == "/v1/messages":
            return self.anthropic(h, headers, body, fault)
        match = re.fullmatch(r"/v1(?:beta)?/models/([\w.\-]+):generateContent", path)
        if method == "POST" and match:
            return self.gemini(h, headers, body, fault)
        if method == "POST" and path == "/v1/images/generations":
            return self.openai_images(h, headers, body, fault)
        if method == "POST" and re.fullmatch(r"/v1/flux[\w.\-]*", path):
            return self.flux_submit(h, headers, body, fault)
        if method == "GET" and path == "/v1/get_result":
            return self.flux_poll(h, headers)
        if method == "GET" and path.startswith("/delivery/"):
            return self.flux_delivery(h, headers, path)
        if method == "POST" and path == "/sdapi/v1/txt2img":
            return self.sdwebui_txt2img(h, body, fault)
        self._send(h, 404, {"error": {"message": f"no route {method} {path}"}})

    def _send(self, h, status: int, data: dict, extra: dict | None = None) -> None:
        self._send_raw(h, status, json.dumps(data).encode(), "application/json", extra)

    def _send_raw(self, h, status: int, payload: bytes, ctype: str, extra: dict | None = None) -> None:
        self._leave()
        h.send_response(status)
        h.send_header("Content-Type", ctype)
        h.send_header("Content-Length", str(len(payload)))
        for k, v in (extra or {}).items():
            h.send_header(k, v)
        h.end_headers()
        h.wfile.write(payload)

    def _refuse(self, h, api: str, model: str, body: dict) -> bool:
        """Answer 400 as the API does when the request breaks one of its per-model rules."""
        broken = rule_broken(api, model, body)
        if broken is None:
            return False
        rule, field, value = broken
        message = rule.message.format(field=field, value=value)
        with self._lock:
            self.problems.append(f"{api} {model}: {message}")
        if api == "openai":
            error = {"message": message, "type": "invalid_request_error", "param": None if rule.field == "*" else field, "code": rule.code or None}
            self._send(h, 400, {"error": error})
        elif api == "anthropic":
            self._send(h, 400, {"type": "error", "error": {"type": "invalid_request_error", "message": message}})
        else:
            self._send(h, 400, {"error": {"code": 400, "message": message, "status": "INVALID_ARGUMENT"}})
        return True

    def _spend(self, api: str, model: str, body: dict, answer: int) -> tuple[int, bool, bool]:
        """(output tokens billed, cut by the limit, thinking left no room for the answer)."""
        wanted = self.reasoning_tokens + answer
        limit = reads_limit(api, model, body, self.server)
        if limit is None or limit >= wanted:
            return wanted, False, False
        return limit, True, limit <= self.reasoning_tokens

    @staticmethod
    def _input_tokens(body: dict) -> int:
        """A tokenizer's count of the request, about 4 bytes a token (never below the old fixed 100)."""
        return max(100, len(json.dumps(body, ensure_ascii=False).encode()) // 4)

    def _reject(self, h, problem: str) -> None:
        with self._lock:
            self.problems.append(problem)
        self._send(h, 400, {"error": {"message": f"schema: {problem}", "type": "invalid_request_error"}})

    def _check_key(self, h, headers, name: str, prefix: str = "") -> bool:
        if self.key is not None and headers.get(name) != prefix + self.key:
            self._send(h, 401, {"error": {"message": f"missing or wrong {name} header"}})
            return False
        return True

    def _chat_text(self, user: str, structured: bool) -> str:
        n = int(m.group(1)) if (m := re.search(r"This request needs (\d+) images", user)) else 1
        if self.answer is not None and (text := self.answer(user, n)) is not None:
            return text  # None: the default answer
        prompts = [f"A calm watercolour picture for image {i}: {user.splitlines()[1][:60]}" for i in range(1, n + 1)]
        if structured:
            return json.dumps({"analysis": "the request wants a calm picture", "prompts": prompts})
        tags = "".join(f'<prompt n="{i}">{p}</prompt>\n' for i, p in enumerate(prompts, 1)) if n > 1 else f"<prompt>{prompts[0]}</prompt>"
        return f"1. Intent: a calm picture.\n2. Inventory: ...\n{tags}"

    # --- OpenAI chat completions ----------------------------------------------------------

    def openai_chat(self, h, headers, body, fault) -> None:
        if not self._check_key(h, headers, "authorization", "Bearer "):
            return
        problems = []
        if not isinstance(body, dict) or not isinstance(body.get("model"), str) or not body["model"]:
            return self._reject(h, "openai chat: model is required")
        upstream = self.served_as.get(body["model"], body["model"])
        if self._refuse(h, "openai", upstream, body):
            return
        messages = body.get("messages")
        if not isinstance(messages, list) or not messages:
            return self._reject(h, "openai chat: messages must be a non-empty list")
        user_text = ""
        for m in messages:
            if m.get("role") not in ("system", "developer", "user", "assistant", "tool"):
                problems.append(f"bad role {m.get('role')!r}")
            content = m.get("content")
            if isinstance(content, str):
                user_text = content if m["role"] == "user" else user_text
                continue
            if not isinstance(content, list) or not content:
                problems.append("content must be a string or a non-empty list of parts")
                continue
            for part in content:
                if part.get("type") == "text" and isinstance(part.get("text"), str):
                    user_text = part["text"] if m["role"] == "user" else user_text
                elif part.get("type") == "image_url":
                    url = (part.get("image_url") or {}).get("url", "")
                    head, _, data = url.partition(",")
                    if not (head.startswith("data:image/") and head.endswith(";base64") and head[5:-7] in MIMES and _b64ok(data)):
                        problems.append("image_url.url must be a base64 data URL of an image")
                else:
                    problems.append(f"unknown content part {part.get('type')!r}")
        fmt = body.get("response_format")
        if fmt is not None:
            if fmt.get("type") not in ("text", "json_object", "json_schema"):
                problems.append("response_format.type")
            if fmt.get("type") == "json_schema":
                js = fmt.get("json_schema") or {}
                if not re.fullmatch(r"[\w-]{1,64}", js.get("name", "")) or not isinstance(js.get("schema"), dict):
                    problems.append("response_format.json_schema needs name and schema")
        if "temperature" in body and not (isinstance(body["temperature"], (int, float)) and 0 <= body["temperature"] <= 2):
            problems.append("temperature must be a number in [0, 2]")
        if problems:
            return self._reject(h, "openai chat: " + "; ".join(problems))
        text = self._chat_text(user_text, (fmt or {}).get("type") == "json_schema")
        out, cut, starved = self._spend("openai", upstream, body, 80)
        message = {"role": "assistant", "content": "" if starved else text, "refusal": None}
        if fault == "refusal":
            message = {"role": "assistant", "content": None, "refusal": "I'm sorry, I can't help with that request."}
        self._send(
            h,
            200,
            {
                "id": "chatcmpl-loop",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": body["model"],
                "choices": [{"index": 0, "message": message, "finish_reason": "length" if cut else "stop"}],
                "usage": {
                    "prompt_tokens": max(120, self._input_tokens(body)),
                    "completion_tokens": out,
                    "total_tokens": max(120, self._input_tokens(body)) + out,
                    "completion_tokens_details": {"reasoning_tokens": min(out, self.reasoning_tokens)},
                },
            },
            {"x-ratelimit-remaining-requests": "99", "x-ratelimit-reset-requests": "1s"},
        )

    # --- Anthropic Messages -----------------------------------------------------------------

    def anthropic(self, h, headers, body, fault) -> None:
        if self.key is not None and headers.get("x-api-key") != self.key and headers.get("authorization") != f"Bearer {self.key}":
            return self._send(h, 401, {"error": {"message": "missing or wrong x-api-key (or Authorization: Bearer) header"}})
        if not headers.get("anthropic-version"):
            return self._reject(h, "anthropic: the anthropic-version header is required")
        if not isinstance(body, dict) or not isinstance(body.get("model"), str):
            return self._reject(h, "anthropic: model is required")
        if not isinstance(body.get("max_tokens"), int) or body["max_tokens"] < 1:
            return self._reject(h, "anthropic: max_tokens is required")
        if self._refuse(h, "anthropic", body["model"], body):
            return
        messages, problems, user_text = body.get("messages"), [], ""
        if not isinstance(messages, list) or not messages:
            return self._reject(h, "anthropic: messages must be a non-empty list")
        for m in messages:
            if m.get("role") not in ("user", "assistant"):
                problems.append(f"bad role {m.get('role')!r} (system goes in the top-level system field)")
            content = m.get("content")
            blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
            for block in blocks or []:
                if block.get("type") == "text" and isinstance(block.get("text"), str):
                    user_text = block["text"]
                elif block.get("type") == "image":
                    src = block.get("source") or {}
                    if src.get("type") != "base64" or src.get("media_type") not in MIMES or not _b64ok(src.get("data")):
                        problems.append("image source must be {type: base64, media_type, data}")
                else:
                    problems.append(f"unknown block {block.get('type')!r}")
        if "system" in body and not isinstance(body["system"], (str, list)):
            problems.append("system must be a string or a list of blocks")
        if problems:
            return self._reject(h, "anthropic: " + "; ".join(problems))
        out, cut, starved = self._spend("anthropic", body["model"], body, 90)
        content = [] if starved else [{"type": "text", "text": self._chat_text(user_text, False)}]
        stop = "max_tokens" if cut else "end_turn"
        if fault == "refusal":
            content, stop = [], "refusal"
        self._send(
            h,
            200,
            {
                "id": "msg_loop",
                "type": "message",
                "role": "assistant",
                "model": body["model"],
                "content": content,
                "stop_reason": stop,
                "stop_sequence": None,
                "usage": {"input_tokens": max(150, self._input_tokens(body)), "output_tokens": out},
            },
            {"anthropic-ratelimit-requests-remaining": "50"},
        )

    # --- Gemini generateContent (text and image) -------------------------------------------------

    def gemini(self, h, headers, body, fault) -> None:
        if not self._check_key(h, headers, "x-goog-api-key"):
            return
        model = re.fullmatch(r"/v1(?:beta)?/models/([\w.\-]+):generateContent", urlsplit(h.path).path).group(1)
        if isinstance(body, dict) and self._refuse(h, "gemini", model, body):
            return
        contents, problems, user_text = (body or {}).get("contents"), [], ""
        if not isinstance(contents, list) or not contents:
            return self._reject(h, "gemini: contents must be a non-empty list")
        for c in contents:
            parts = c.get("parts")
            if c.get("role", "user") not in ("user", "model") or not isinstance(parts, list) or not parts:
                problems.append("each content needs a role user/model and non-empty parts")
                continue
            for part in parts:
                inline = part.get("inline_data") or part.get("inlineData")
                if isinstance(part.get("text"), str):
                    user_text = part["text"]
                elif inline:
                    mime = inline.get("mime_type") or inline.get("mimeType")
                    if mime not in MIMES or not _b64ok(inline.get("data"), urlsafe=True):
                        problems.append("inline_data needs mime_type and base64 data")
                else:
                    problems.append(f"unknown part {sorted(part)}")
        config = body.get("generationConfig") or {}
        modalities = config.get("responseModalities") or ["TEXT"]
        if not set(modalities) <= {"TEXT", "IMAGE"}:
            problems.append("responseModalities must be TEXT and/or IMAGE")
        if config.get("responseMimeType") not in (None, "text/plain", "application/json"):
            problems.append("responseMimeType")
        if problems:
            return self._reject(h, "gemini: " + "; ".join(problems))
        if "IMAGE" in modalities:
            data = "" if fault == "empty_image" else base64.b64encode(self.image).decode()
            parts = [{"inlineData": {"mimeType": "image/png", "data": data}}]
            finish = "STOP"
            if fault == "refusal":
                parts, finish = [], "IMAGE_SAFETY"
            usage = {"promptTokenCount": 100, "candidatesTokenCount": 70, "totalTokenCount": 170}
        else:
            out, cut, starved = self._spend("gemini", model, body, 70)
            parts = [] if starved else [{"text": self._chat_text(user_text, config.get("responseMimeType") == "application/json")}]
            finish = "MAX_TOKENS" if cut else "STOP"
            if fault == "refusal":
                parts, finish = [], "SAFETY"
            thoughts = min(out, self.reasoning_tokens)
            usage = {"promptTokenCount": max(100, self._input_tokens(body)), "candidatesTokenCount": out - thoughts, "thoughtsTokenCount": thoughts}
            usage["totalTokenCount"] = usage["promptTokenCount"] + out
        self._send(
            h,
            200,
            {
                "candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": finish, "index": 0}],
                "usageMetadata": usage,
                "modelVersion": "loopback",
            },
        )

    # --- OpenAI images ---------------------------------------------------------------------

    def openai_images(self, h, headers, body, fault) -> None:
        if not self._check_key(h, headers, "authorization", "Bearer "):
            return
        body = body or {}
        problems = []
        if not isinstance(body.get("prompt"), str) or not body["prompt"].strip():
            problems.append("prompt is required")
        if not isinstance(body.get("model"), str):
            problems.append("model is required")
        if body.get("n", 1) not in range(1, 11):
            problems.append("n must be 1-10")
        if str(body.get("model", "")).startswith("gpt-image"):
            if body.get("size", "auto") not in GPT_IMAGE_SIZES:
                problems.append(f"size must be one of {sorted(GPT_IMAGE_SIZES)}")
            if "response_format" in body:
                problems.append("response_format is not supported for gpt-image models")
        if problems:
            return self._reject(h, "openai images: " + "; ".join(problems))
        if fault == "refusal":
            error = {"message": "Your request was rejected by the safety system.", "type": "image_generation_user_error", "code": "moderation_blocked"}
            return self._send(h, 400, {"error": error})
        data = "" if fault == "empty_image" else base64.b64encode(self.image).decode()
        usage = {"input_tokens": 50, "output_tokens": 4160, "total_tokens": 4210, "input_tokens_details": {"text_tokens": 50, "image_tokens": 0}}
        self._send(h, 200, {"created": int(time.time()), "data": [{"b64_json": data}], "usage": usage})

    # --- Stable Diffusion web UI (AUTOMATIC1111, Forge) ------------------------------------------

    SDWEBUI_FIELDS = {
        "prompt", "negative_prompt", "styles", "seed", "subseed", "subseed_strength", "sampler_name", "scheduler",
        "batch_size", "n_iter", "steps", "cfg_scale", "width", "height", "restore_faces", "tiling", "clip_skip",
        "override_settings", "override_settings_restore_afterwards", "send_images", "save_images", "enable_hr",
        "alwayson_scripts", "script_name", "script_args", "do_not_save_grid", "do_not_save_samples",
    }  # fmt: skip

    def sdwebui_txt2img(self, h, body, fault) -> None:
        body, problems = body or {}, []
        if not isinstance(body.get("prompt"), str):
            problems.append("prompt must be a string")
        for key in ("seed", "batch_size", "n_iter", "steps", "width", "height"):
            if key in body and not isinstance(body[key], int):
                problems.append(f"{key} must be an integer")
        if not all(isinstance(body.get(k, 512), int) and 64 <= body.get(k, 512) <= 4096 for k in ("width", "height")):
            problems.append("width and height must lie in 64-4096")
        if "cfg_scale" in body and not isinstance(body["cfg_scale"], (int, float)):
            problems.append("cfg_scale must be a number")
        if not isinstance(body.get("override_settings", {}), dict):
            problems.append("override_settings must be an object")
        unknown = sorted(set(body) - self.SDWEBUI_FIELDS)
        if unknown:
            problems.append(f"unknown fields {unknown} (the server would ignore them)")
        if problems:
            return self._reject(h, "sdwebui: " + "; ".join(problems))
        seed = body.get("seed", -1)
        images = [] if fault == "empty_image" else [base64.b64encode(self.image).decode()] * body.get("batch_size", 1)
        info = {"prompt": body["prompt"], "seed": seed, "all_seeds": [seed + i for i in range(len(images))]}
        self._send(h, 200, {"images": images, "parameters": body, "info": json.dumps(info)})

    # --- Black Forest Labs Flux ------------------------------------------------------------------

    def flux_submit(self, h, headers, body, fault) -> None:
        if not self._check_key(h, headers, "x-key"):
            return
        body = body or {}
        problems = []
        if not isinstance(body.get("prompt"), str) or not body["prompt"]:
            problems.append("prompt is required")
        for side in ("width", "height"):
            value = body.get(side, 1024)
            if not isinstance(value, int) or value % 32 or not 256 <= value <= 1440:
                problems.append(f"{side} must be a multiple of 32 in 256-1440")
        if body.get("output_format", "jpeg") not in ("jpeg", "png"):
            problems.append("output_format must be jpeg or png")
        if "seed" in body and not isinstance(body["seed"], int):
            problems.append("seed must be an integer")
        if problems:
            return self._reject(h, "flux: " + "; ".join(problems))
        task_id = str(uuid.uuid4())
        with self._lock:
            self._tasks[task_id] = {"polls": 0, "fault": fault, "format": body.get("output_format", "jpeg")}
        self._send(h, 200, {"id": task_id, "polling_url": f"{self.url}/v1/get_result?id={task_id}"})

    def flux_poll(self, h, headers) -> None:
        if not self._check_key(h, headers, "x-key"):
            return
        task_id = (parse_qs(urlsplit(h.path).query).get("id") or [""])[0]
        task = self._tasks.get(task_id)
        if task is None:
            return self._send(h, 200, {"id": task_id, "status": "Task not found"})
        task["polls"] += 1
        if task["fault"] == "refusal":
            return self._send(h, 200, {"id": task_id, "status": "Content Moderated", "details": {"reason": "loopback"}})
        if task["fault"] == "pending_forever" or task["polls"] <= self.pending_polls:
            return self._send(h, 200, {"id": task_id, "status": "Pending"})
        self._send(h, 200, {"id": task_id, "status": "Ready", "result": {"sample": f"{self.url}/delivery/{task_id}.img", "seed": 1}})

    def flux_delivery(self, h, headers, path) -> None:
        if "x-key" in headers:
            with self._lock:
                self.problems.append("flux: the API key was sent to the image delivery URL")
        task = self._tasks.get(path.rsplit("/", 1)[-1].split(".")[0], {})
        if task.get("fault") == "empty_image":
            return self._send_raw(h, 200, b"", "image/png")
        if task.get("format") == "png":
            return self._send_raw(h, 200, self.image, "image/png")
        return self._send_raw(h, 200, png_bytes(fmt="JPEG"), "image/jpeg")
