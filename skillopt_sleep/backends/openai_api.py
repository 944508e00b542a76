"""OpenAI backend (Chat Completions or Responses) through the `openai` SDK; with `base_url` it
talks to OpenAI-compatible servers: Ollama, vLLM, llama.cpp server, LM Studio.

- Usage: prompt tokens minus the cached part are input tokens, the cached part is cache-read
  tokens (OpenAI caches long prefixes on its own), completion tokens are output tokens.
- Cost: from the price table. A model the table lacks costs nothing on a server on this
  machine or the local network (self-hosted) and is "unknown" anywhere else.
- Batch mode (`openai.batch`): the Batch API (a JSONL file upload, then a batch), half price,
  collected and resumed like the Anthropic batches (see batching.py).
- Reliability: as for Anthropic (retry.py); the SDK's own retries are off.
"""

from __future__ import annotations

import ipaddress
import json
import os
from typing import Any
from urllib.parse import urlsplit

import openai

from skillopt_sleep.backends.base import Completion, CompletionRequest, ToolCall, Usage
from skillopt_sleep.backends.batching import ENDED, FAILED, RUNNING, BatchCollector, BatchState, ItemResult
from skillopt_sleep.backends.pricing import ModelPrice, PriceTable, unknown_price_note
from skillopt_sleep.backends.retry import (
    ConcurrencyLimit,
    Failure,
    RetryLog,
    RetryPolicy,
    call_with_retries,
    classify_status,
    parse_retry_after,
    policy_from_options,
)
from skillopt_sleep.errors import AuthError, BackendError, ConfigError, SkilloptError
from skillopt_sleep.store import Store

KEY_ENV = "OPENAI_API_KEY"
PROVIDER = "openai"
OFFICIAL_HOST = "api.openai.com"
APIS = ("chat", "responses")
ENDPOINTS = {"chat": "/v1/chat/completions", "responses": "/v1/responses"}


def is_reasoning_model(model: str) -> bool:
    """o-series and gpt-5 models take no temperature and count reasoning in the token cap."""
    name = model.split("/")[-1].lower()
    return name.startswith(("o1", "o3", "o4", "gpt-5", "gpt-6")) and "chat" not in name


def is_self_hosted(base_url: str | None) -> bool:
    """A server on this machine or a private network: nobody bills per token."""
    if not base_url:
        return False
    host = (urlsplit(base_url).hostname or "").lower()
    if host in ("localhost", "host.docker.internal") or host.endswith((".local", ".lan", ".internal")):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_private or address.is_link_local


# -- request mapping ----------------------------------------------------------------------
def chat_params(request: CompletionRequest, model: str, *, official: bool) -> dict:
    messages: list[dict] = [{"role": "system", "content": request.system}] if request.system else []
    for message in request.messages:
        if message.role == "tool":
            messages.append({"role": "tool", "tool_call_id": message.tool_call_id, "content": message.content})
        elif message.role == "assistant" and message.tool_calls:
            messages.append({
                "role": "assistant",
                "content": message.content or None,
                "tool_calls": [
                    {"id": c.call_id or f"call_{i}", "type": "function", "function": {"name": c.name, "arguments": json.dumps(c.arguments)}}
                    for i, c in enumerate(message.tool_calls)
                ],
            })
        elif message.role in ("user", "assistant"):
            messages.append({"role": message.role, "content": message.content})
        else:
            raise BackendError(f"openai: unknown message role {message.role!r}")
    params: dict[str, Any] = {"model": model, "messages": messages}
    reasoning = is_reasoning_model(model)
    # OpenAI itself wants max_completion_tokens; compatible servers still read max_tokens.
    params["max_completion_tokens" if official else "max_tokens"] = request.max_tokens
    if not reasoning:
        params["temperature"] = request.temperature
    if request.seed is not None:
        params["seed"] = request.seed
    if request.tools:
        params["tools"] = [
            {"type": "function", "function": {"name": t.name, "description": t.description, "parameters": t.parameters}}
            for t in request.tools
        ]
    if request.json_schema:
        params["response_format"] = {"type": "json_schema", "json_schema": {"name": "reply", "schema": request.json_schema, "strict": False}}
    return params


def responses_params(request: CompletionRequest, model: str) -> dict:
    items: list[dict] = []
    for message in request.messages:
        if message.role == "tool":
            items.append({"type": "function_call_output", "call_id": message.tool_call_id, "output": message.content})
        elif message.role == "assistant":
            if message.content:
                items.append({"role": "assistant", "content": message.content})
            for i, call in enumerate(message.tool_calls):
                items.append({"type": "function_call", "call_id": call.call_id or f"call_{i}", "name": call.name,
                              "arguments": json.dumps(call.arguments)})
        elif message.role == "user":
            items.append({"role": "user", "content": message.content})
        else:
            raise BackendError(f"openai: unknown message role {message.role!r}")
    params: dict[str, Any] = {"model": model, "input": items, "max_output_tokens": request.max_tokens, "store": False}
    if request.system:
        params["instructions"] = request.system
    if not is_reasoning_model(model):
        params["temperature"] = request.temperature
    if request.tools:
        params["tools"] = [{"type": "function", "name": t.name, "description": t.description, "parameters": t.parameters, "strict": False}
                           for t in request.tools]
    if request.json_schema:
        params["text"] = {"format": {"type": "json_schema", "name": "reply", "schema": request.json_schema, "strict": False}}
    return params


# -- response mapping ---------------------------------------------------------------------
def _usage(prompt: int, cached: int, output: int) -> Usage:
    cached = max(0, min(cached, prompt))
    return Usage(input_tokens=prompt - cached, output_tokens=output, cache_read_tokens=cached)


def completion_from_chat(body: dict, price: ModelPrice | None, *, batch: bool) -> Completion:
    choices = body.get("choices") or []
    if not choices:
        raise BackendError("openai: the reply has no choices")
    choice = choices[0]
    message = choice.get("message") or {}
    calls = []
    for call in message.get("tool_calls") or []:
        function = call.get("function") or {}
        calls.append(ToolCall(name=str(function.get("name", "")), arguments=_arguments(function.get("arguments")), call_id=str(call.get("id", ""))))
    raw = body.get("usage") or {}
    details = raw.get("prompt_tokens_details") or {}
    usage = _usage(int(raw.get("prompt_tokens") or 0), int(details.get("cached_tokens") or 0), int(raw.get("completion_tokens") or 0))
    return Completion(
        text=str(message.get("content") or ""),
        usage=usage,
        cost_usd=price.cost(usage, batch=batch) if price else 0.0,
        model=str(body.get("model") or ""),
        tool_calls=calls,
        stop_reason=str(choice.get("finish_reason") or ""),
    )


def completion_from_response(body: dict, price: ModelPrice | None, *, batch: bool) -> Completion:
    texts, calls = [], []
    for item in body.get("output") or []:
        if item.get("type") == "message":
            texts += [part.get("text", "") for part in item.get("content") or [] if part.get("type") == "output_text"]
        elif item.get("type") == "function_call":
            calls.append(ToolCall(name=str(item.get("name", "")), arguments=_arguments(item.get("arguments")), call_id=str(item.get("call_id", ""))))
    raw = body.get("usage") or {}
    details = raw.get("input_tokens_details") or {}
    usage = _usage(int(raw.get("input_tokens") or 0), int(details.get("cached_tokens") or 0), int(raw.get("output_tokens") or 0))
    incomplete = (body.get("incomplete_details") or {}).get("reason")
    return Completion(
        text="".join(texts),
        usage=usage,
        cost_usd=price.cost(usage, batch=batch) if price else 0.0,
        model=str(body.get("model") or ""),
        tool_calls=calls,
        stop_reason="tool_calls" if calls else (str(incomplete) if incomplete else str(body.get("status") or "")),
    )


def _arguments(raw: Any) -> dict:
    """Tool arguments arrive as a JSON string; a model that writes broken JSON gets its text
    back under "_raw" so the tool environment can report the bad call to it."""
    if isinstance(raw, dict):
        return raw
    try:
        value = json.loads(raw or "{}")
    except ValueError:
        return {"_raw": str(raw)}
    return value if isinstance(value, dict) else {"_raw": str(raw)}


def classify(exc: Exception, *, model: str, timeout_s: float, where: str) -> Failure | None:
    if isinstance(exc, openai.APITimeoutError):
        return Failure(True, f"{where}: no reply within {timeout_s:.0f}s")
    if isinstance(exc, openai.APIConnectionError):
        return Failure(True, f"{where}: connection failed: {exc}")
    if isinstance(exc, openai.APIStatusError):
        body = exc.body if isinstance(exc.body, dict) else {}
        error = body.get("error") if isinstance(body.get("error"), dict) else body
        message = error.get("message") if isinstance(error.get("message"), str) else (body.get("error") if isinstance(body.get("error"), str) else exc.message)
        return classify_status(
            provider=where,
            model=model,
            status=exc.status_code,
            error_type=str(error.get("type") or "") if isinstance(error.get("type"), str) else "",
            code=str(error.get("code") or "") if isinstance(error.get("code"), str) else "",
            message=str(message or ""),
            retry_after=parse_retry_after(exc.response.headers),
            key_hint=KEY_ENV,
        )
    return None


def error_from_body(status: int, body: dict, *, model: str, where: str) -> SkilloptError:
    error = body.get("error") if isinstance(body.get("error"), dict) else {}
    failure = classify_status(provider=where, model=model, status=status, error_type=str(error.get("type") or ""),
                              code=str(error.get("code") or ""), message=str(error.get("message") or ""))
    return failure.error or BackendError(f"{where} batch item failed: {failure.reason}")


# -- the backend ----------------------------------------------------------------------------
class OpenAIBackend:
    name = "openai"
    supports_tools = True

    def __init__(
        self,
        model: str,
        client: openai.OpenAI,
        *,
        api: str,
        policy: RetryPolicy,
        timeout_s: float,
        official: bool,
        price: ModelPrice | None,
        self_hosted: bool,
        concurrency: int = 8,
    ) -> None:
        if api not in APIS:
            raise ConfigError(f"openai.api must be one of {', '.join(APIS)}, got {api!r}")
        self.model = model
        self.client = client
        self.api = api
        self.policy = policy
        self.timeout_s = timeout_s
        self.official = official
        self.price = price
        self.where = PROVIDER if official else f"openai-compatible server {client.base_url}"
        # Without a price a self-hosted server is free; a paid API with no price is unknown.
        self.cost_known = price is not None or self_hosted
        self.price_note = "" if self.cost_known else unknown_price_note(model, self.name)
        self.limit = ConcurrencyLimit(concurrency)
        self.retries = RetryLog()
        self.batch: BatchCollector | None = None
        self.preferred_concurrency = concurrency

    def enable_batch(self, store: Store, *, poll_s: float, window_s: float, max_size: int, max_wait_s: float) -> None:
        self.batch = BatchCollector(OpenAIBatchApi(self), store, model=self.model, window_s=window_s,
                                    max_size=max_size, poll_s=poll_s, max_wait_s=max_wait_s)
        self.preferred_concurrency = max_size

    def params(self, request: CompletionRequest) -> dict:
        if self.api == "chat":
            return chat_params(request, self.model, official=self.official)
        return responses_params(request, self.model)

    def parse(self, body: dict, *, batch: bool) -> Completion:
        if self.api == "chat":
            return completion_from_chat(body, self.price, batch=batch)
        return completion_from_response(body, self.price, batch=batch)

    def complete(self, request: CompletionRequest) -> Completion:
        params = self.params(request)
        if self.batch is not None:
            return self.batch.complete(params)
        if self.api == "chat":
            reply = self.call("chat.completions.create", lambda: self.client.chat.completions.create(**params))
        else:
            reply = self.call("responses.create", lambda: self.client.responses.create(**params))
        return self.parse(reply.model_dump(), batch=False)

    def call(self, what: str, attempt):
        def limited():
            with self.limit.slot():
                return attempt()

        return call_with_retries(
            limited,
            lambda exc: classify(exc, model=self.model, timeout_s=self.timeout_s, where=self.where),
            policy=self.policy,
            log=self.retries,
            what=f"{self.where} {what}",
        )

    def preflight(self) -> None:
        """Check credentials and that the server knows the model, spending no tokens."""
        if self.official:
            self.call("models.retrieve", lambda: self.client.models.retrieve(self.model))
            return
        listed = self.call("models.list", lambda: [m.id for m in self.client.models.list()])
        if listed and self.model not in listed:
            from skillopt_sleep.errors import ModelNotFoundError

            raise ModelNotFoundError(f"{self.where} does not serve model {self.model!r}; it serves: {', '.join(listed[:20])}")

    def close(self) -> None:
        if self.batch is not None:
            self.batch.close()
        self.client.close()


class OpenAIBatchApi:
    """The Files + Batches endpoints, as the BatchCollector needs them."""

    provider = PROVIDER

    def __init__(self, backend: OpenAIBackend) -> None:
        self.backend = backend
        self.url = ENDPOINTS[backend.api]
        self.endpoint = str(backend.client.base_url).rstrip("/") + "/batches" + self.url

    def submit(self, items: list[tuple[str, dict]]) -> str:
        lines = "".join(json.dumps({"custom_id": cid, "method": "POST", "url": self.url, "body": params}) + "\n" for cid, params in items)
        client = self.backend.client
        try:
            uploaded = self.backend.call("files.create", lambda: client.files.create(file=("batch.jsonl", lines.encode("utf-8")), purpose="batch"))
            batch = self.backend.call("batches.create", lambda: client.batches.create(
                input_file_id=uploaded.id, endpoint=self.url, completion_window="24h"))
        except BackendError as exc:
            if "endpoint not found" in str(exc):
                raise ConfigError(f"{self.backend.where} has no Batch API ({exc}); set openai.batch=false") from None
            raise
        return batch.id

    def state(self, batch_id: str) -> BatchState:
        batch = self.backend.call("batches.retrieve", lambda: self.backend.client.batches.retrieve(batch_id))
        counts = batch.request_counts
        detail = f"{batch.status}" + (f": {counts.completed} completed, {counts.failed} failed of {counts.total}" if counts else "")
        if batch.status in ("validating", "in_progress", "finalizing", "cancelling"):
            return BatchState(RUNNING, detail)
        if batch.status == "completed" or batch.output_file_id or batch.error_file_id:
            return BatchState(ENDED, detail)  # expired or cancelled batches may still hold partial output
        errors = getattr(batch, "errors", None)
        if errors and getattr(errors, "data", None):
            detail += ": " + "; ".join(str(e.message) for e in errors.data[:3])
        return BatchState(FAILED, detail)

    def results(self, batch_id: str) -> dict[str, ItemResult]:
        client = self.backend.client
        batch = self.backend.call("batches.retrieve", lambda: client.batches.retrieve(batch_id))
        out: dict[str, ItemResult] = {}
        for file_id in (batch.output_file_id, batch.error_file_id):
            if not file_id:
                continue
            content = self.backend.call("files.content", lambda fid=file_id: client.files.content(fid).text)
            for line in content.splitlines():
                if not line.strip():
                    continue
                record = json.loads(line)
                custom_id = str(record.get("custom_id", ""))
                response = record.get("response") or {}
                status = int(response.get("status_code") or 0)
                body = response.get("body") or {}
                if status == 200:
                    try:
                        out[custom_id] = ItemResult(completion=self.backend.parse(body, batch=True))
                    except BackendError as exc:
                        out[custom_id] = ItemResult(error=exc)
                else:
                    error = record.get("error") or {}
                    if not body and error:
                        body = {"error": error}
                    out[custom_id] = ItemResult(error=error_from_body(status or 500, body, model=self.backend.model, where=self.backend.where))
        return out


def create(model: str, options: dict) -> OpenAIBackend:
    from skillopt_sleep.backends.auto import default_model

    base_url = options.get("base_url") or os.environ.get("OPENAI_BASE_URL") or None
    official = not base_url or urlsplit(base_url).hostname == OFFICIAL_HOST
    if not model:
        if not official:
            raise ConfigError(f"the server at {base_url} needs a model name: set student.model / teacher.model")
        model = default_model("openai", options.get("role") or "student")
    api_key = options.get("api_key") or os.environ.get(KEY_ENV)
    if not api_key:
        if official:
            raise AuthError(f"the openai backend needs an API key: set {KEY_ENV} (or point base_url at a compatible server)")
        api_key = "no-key-needed-by-this-server"  # local servers ignore the key; the SDK insists on one
    timeout_s = float(options.get("timeout_s") or 300.0)
    client = openai.OpenAI(api_key=api_key, base_url=base_url, timeout=timeout_s, max_retries=0)
    prices = PriceTable.load(options.get("prices_file"))
    backend = OpenAIBackend(
        model,
        client,
        api=str(options.get("api") or "chat"),
        policy=policy_from_options(options),
        timeout_s=timeout_s,
        official=official,
        price=prices.lookup(model),
        self_hosted=is_self_hosted(base_url),
        concurrency=int(options.get("concurrency") or 8),
    )
    if options.get("batch"):
        store = options.get("store")
        if store is not None and not isinstance(store, Store):
            raise ConfigError("openai: options['store'] must be a Store")
        backend.enable_batch(
            store or Store(options.get("store_path")),
            poll_s=float(options.get("batch_poll_s") or 30.0),
            window_s=float(options.get("batch_window_s") or 1.0),
            max_size=int(options.get("batch_max_size") or 1000),
            max_wait_s=float(options.get("batch_max_wait_s") or 26 * 3600.0),
        )
    return backend
