"""OpenAI backend (Chat Completions or Responses) through the `openai` SDK; with `base_url` it
talks to OpenAI-compatible servers: Ollama, vLLM, llama.cpp server, LM Studio.

- Request and reply shapes of both APIs: openai_wire.py.
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
from urllib.parse import urlsplit

import openai

from skillopt_sleep.backends.auto import default_model
from skillopt_sleep.backends.base import Completion, CompletionRequest
from skillopt_sleep.backends.batching import ENDED, FAILED, RUNNING, BatchState, ItemResult
from skillopt_sleep.backends.http_api import DEFAULT_CONCURRENCY, HttpApiBackend, concurrency_from_options, timeout_from_options
from skillopt_sleep.backends.openai_wire import (
    APIS,
    ENDPOINTS,
    chat_params,
    completion_from_chat,
    completion_from_response,
    responses_params,
)
from skillopt_sleep.backends.pricing import ModelPrice, PriceTable
from skillopt_sleep.backends.retry import Failure, RetryPolicy, classify_status, parse_retry_after, policy_from_options
from skillopt_sleep.errors import AuthError, BackendError, ConfigError, ModelNotFoundError, SkilloptError

KEY_ENV = "OPENAI_API_KEY"
PROVIDER = "openai"
OFFICIAL_HOST = "api.openai.com"


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


def classify_reply(exc: Exception, *, model: str, where: str) -> Failure | None:
    """Error replies; timeouts and dropped connections are the base's."""
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
class OpenAIBackend(HttpApiBackend):
    name = PROVIDER
    timeout_error = openai.APITimeoutError
    connection_error = openai.APIConnectionError

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
        concurrency: int = DEFAULT_CONCURRENCY,
    ) -> None:
        if api not in APIS:
            raise ConfigError(f"openai.api must be one of {', '.join(APIS)}, got {api!r}")
        # Without a price a self-hosted server is free; a paid API with no price is unknown.
        super().__init__(model, client, policy=policy, timeout_s=timeout_s, price=price,
                         cost_known=price is not None or self_hosted, concurrency=concurrency)
        self.api = api
        self.official = official
        self.where = PROVIDER if official else f"openai-compatible server {client.base_url}"

    def params(self, request: CompletionRequest) -> dict:
        if self.api == "chat":
            return chat_params(request, self.model, official=self.official)
        return responses_params(request, self.model)

    def parse(self, body: dict, *, batch: bool) -> Completion:
        if self.api == "chat":
            return completion_from_chat(body, self.price, batch=batch)
        return completion_from_response(body, self.price, batch=batch)

    def send(self, params: dict) -> Completion:
        if self.api == "chat":
            reply = self.call("chat.completions.create", lambda: self.client.chat.completions.create(**params))
        else:
            reply = self.call("responses.create", lambda: self.client.responses.create(**params))
        return self.parse(reply.model_dump(), batch=False)

    def classify_reply(self, exc: Exception) -> Failure | None:
        return classify_reply(exc, model=self.model, where=self.where)

    def batch_api(self) -> "OpenAIBatchApi":
        return OpenAIBatchApi(self)

    def preflight(self) -> None:
        """Check credentials and that the server knows the model, spending no tokens."""
        if self.official:
            self.call("models.retrieve", lambda: self.client.models.retrieve(self.model))
            return
        listed = self.call("models.list", lambda: [m.id for m in self.client.models.list()])
        if listed and self.model not in listed:
            raise ModelNotFoundError(f"{self.where} does not serve model {self.model!r}; it serves: {', '.join(listed[:20])}")


class OpenAIBatchApi:
    """The Files + Batches endpoints, as the BatchCollector needs them."""

    provider = PROVIDER

    def __init__(self, backend: OpenAIBackend) -> None:
        self.backend = backend
        self.url = ENDPOINTS[backend.api]
        self.endpoint = backend.base_url + "/batches" + self.url

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
    timeout_s = timeout_from_options(options)
    client = openai.OpenAI(api_key=api_key, base_url=base_url, timeout=timeout_s, max_retries=0)
    backend = OpenAIBackend(
        model,
        client,
        api=str(options.get("api") or "chat"),
        policy=policy_from_options(options),
        timeout_s=timeout_s,
        official=official,
        price=PriceTable.load(options.get("prices_file")).lookup(model),
        self_hosted=is_self_hosted(base_url),
        concurrency=concurrency_from_options(options),
    )
    backend.enable_batch_from_options(options)
    return backend
