"""The openai backend: the real `openai` SDK over HTTP to the fake Chat Completions, Responses,
Files and Batch API, as OpenAI itself and as an OpenAI-compatible local server."""

from __future__ import annotations

import threading

import pytest

from skillopt_sleep.backends import CompletionRequest, Message, ToolSpec, create_backend
from skillopt_sleep.backends.base import Usage
from skillopt_sleep.backends.pricing import default_table
from skillopt_sleep.errors import AuthError, BackendError, ConfigError, ModelNotFoundError, QuotaError
from tests.fakes import FakeOpenAI, FakeUsage, Reply, error, model_not_found, quota_exhausted, rate_limited, text, tool_use

MODEL = "gpt-4.1-mini"
SEARCH = ToolSpec("search", "Search the help centre", {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]})


@pytest.fixture(autouse=True)
def isolated_home(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)


@pytest.fixture
def fake():
    with FakeOpenAI() as server:
        yield server


def backend(fake, **options):
    return create_backend("openai", options.pop("model", MODEL), {"base_url": fake.base_url, "retry_base_s": 0.01, **options})


def ask(prompt: str = "How do refunds work?", **kwargs) -> CompletionRequest:
    return CompletionRequest(system=kwargs.pop("system", "Cite the policy."), messages=[Message("user", prompt)], max_tokens=150, **kwargs)


@pytest.mark.parametrize("api", ["chat", "responses"])
def test_usage_counts_cached_prompt_tokens_as_cache_reads(fake, api):
    # OpenAI reports cached tokens inside the prompt tokens; they are priced as cache reads.
    fake.push(Reply(text="Section 4.", usage=FakeUsage(input_tokens=900, output_tokens=40, cache_read_tokens=1100)))
    completion = backend(fake, api=api).complete(ask())
    assert completion.text == "Section 4."
    assert completion.usage == Usage(input_tokens=900, output_tokens=40, cache_read_tokens=1100)
    # gpt-4.1-mini: $0.40 in, $1.60 out, $0.10 cached per million tokens
    assert completion.cost_usd == pytest.approx((900 * 0.4 + 40 * 1.6 + 1100 * 0.1) / 1e6)
    sent = fake.model_requests()[0]
    assert sent.path == {"chat": "/v1/chat/completions", "responses": "/v1/responses"}[api]
    assert sent.headers["authorization"] == "Bearer sk-test"


@pytest.mark.parametrize("api", ["chat", "responses"])
def test_tool_call_round_trip(fake, api):
    fake.respond_with(lambda r: text(f"Found: {r.tool_results[-1]}") if r.tool_results else tool_use("search", {"q": "refund window"}))
    openai_backend = backend(fake, api=api)
    messages = [Message("user", "How long is the refund window?")]
    first = openai_backend.complete(CompletionRequest(system="s", messages=list(messages), tools=[SEARCH]))
    assert [(c.name, c.arguments) for c in first.tool_calls] == [("search", {"q": "refund window"})]
    messages += [Message("assistant", first.text, tool_calls=first.tool_calls),
                 Message("tool", "30 days", tool_call_id=first.tool_calls[0].call_id)]
    second = openai_backend.complete(CompletionRequest(system="s", messages=messages, tools=[SEARCH]))
    assert second.text == "Found: 30 days" and not second.tool_calls
    assert fake.model_requests()[1].tool_results == ["30 days"]


def test_official_api_gets_max_completion_tokens_and_compatible_servers_max_tokens(fake, monkeypatch):
    fake.respond_with(lambda r: text("ok"))
    backend(fake).complete(ask(temperature=0.7, seed=11))
    sent = fake.model_requests()[0].json
    assert sent["max_tokens"] == 150 and "max_completion_tokens" not in sent
    assert sent["temperature"] == 0.7 and sent["seed"] == 11
    assert sent["messages"][0] == {"role": "system", "content": "Cite the policy."}


def test_reasoning_models_get_no_temperature(fake):
    fake.respond_with(lambda r: text("ok"))
    backend(fake, model="gpt-5-mini").complete(ask(temperature=0.7))
    backend(fake, model="gpt-5-mini", api="responses").complete(ask(temperature=0.7))
    assert all("temperature" not in r.json for r in fake.model_requests())


def test_json_schema_is_sent_as_a_response_format(fake):
    fake.respond_with(lambda r: text('{"edits": []}'))
    schema = {"type": "object", "properties": {"edits": {"type": "array"}}}
    backend(fake).complete(ask(json_schema=schema))
    backend(fake, api="responses").complete(ask(json_schema=schema))
    chat, responses = (r.json for r in fake.model_requests())
    assert chat["response_format"]["json_schema"]["schema"] == schema
    assert responses["text"]["format"]["schema"] == schema and responses["instructions"] == "Cite the policy."


def test_rate_limit_is_retried_after_retry_after_but_insufficient_quota_is_not(fake):
    fake.push(rate_limited(retry_after=0.2), text("ok"))
    openai_backend = backend(fake)
    assert openai_backend.complete(ask()).text == "ok"
    assert [e.delay_s for e in openai_backend.retries.events] == [0.2]
    fake.push(quota_exhausted())
    with pytest.raises(QuotaError, match="quota"):
        openai_backend.complete(ask())
    assert len(fake.model_requests()) == 3 and openai_backend.retries.count == 1


def test_wrong_key_and_unknown_model_fail_at_once():
    with FakeOpenAI(api_key="sk-right", models={MODEL}) as server:
        with pytest.raises(AuthError, match="rejected the credentials"):
            backend(server, api_key="sk-wrong").complete(ask())
        with pytest.raises(ModelNotFoundError, match="gpt-nonexistent"):
            backend(server, api_key="sk-right", model="gpt-nonexistent").complete(ask())
        assert len(server.requests) == 2


def test_preflight_on_a_compatible_server_checks_the_listed_models():
    with FakeOpenAI(models={"qwen2.5-coder-0.5b"}) as server:
        backend(server, model="qwen2.5-coder-0.5b").preflight()
        with pytest.raises(ModelNotFoundError, match="serves: qwen2.5-coder-0.5b"):
            backend(server, model="llama-9").preflight()
        assert not server.model_requests()


def test_a_self_hosted_server_is_free_but_a_paid_api_without_a_price_is_unknown(fake):
    fake.push(text("ok"))
    local = backend(fake, model="qwen2.5-coder-0.5b")  # 127.0.0.1: nobody bills per token
    assert local.cost_known is True and local.complete(ask()).cost_usd == 0.0
    remote = create_backend("openai", "some-future-model", {"base_url": "https://llm.example.com/v1"})
    assert remote.cost_known is False and "no entry in the price table" in remote.price_note


def test_a_compatible_server_needs_a_model_name_and_no_key(fake, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY")
    with pytest.raises(ConfigError, match="needs a model name"):
        create_backend("openai", "", {"base_url": fake.base_url})
    fake.push(text("ok"))
    assert backend(fake, model="qwen2.5-coder-0.5b").complete(ask()).text == "ok"
    with pytest.raises(AuthError, match="OPENAI_API_KEY"):
        create_backend("openai", MODEL, {})


def test_a_bad_request_is_not_retried(fake):
    fake.push(error("bad_request", "context length exceeded"))
    openai_backend = backend(fake)
    with pytest.raises(BackendError, match="context length exceeded"):
        openai_backend.complete(ask())
    assert openai_backend.retries.count == 0


def test_model_not_found_reply_from_the_server(fake):
    fake.push(model_not_found(MODEL))
    with pytest.raises(ModelNotFoundError, match="does not exist"):
        backend(fake).complete(ask())


# -- batches ----------------------------------------------------------------------------------
def wait_until(condition, timeout_s: float = 10.0) -> None:
    stop = threading.Event()
    for _ in range(int(timeout_s / 0.02)):
        if condition():
            return
        stop.wait(0.02)
    raise AssertionError("condition not reached")


def run_concurrently(batcher, prompts: list[str]) -> dict[str, object]:
    results: dict[str, object] = {}

    def run(prompt: str) -> None:
        try:
            results[prompt] = batcher.complete(ask(prompt))
        except Exception as exc:  # collected for the assertions
            results[prompt] = exc

    threads = [threading.Thread(target=run, args=(p,)) for p in prompts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results


@pytest.mark.parametrize("api", ["chat", "responses"])
def test_batch_api_upload_submit_poll_collect_at_half_price(fake, tmp_path, api):
    usage = FakeUsage(2000, 100)
    fake.respond_with(lambda r: quota_exhausted() if "bad" in r.last_user_text else Reply(text=f"answer to {r.last_user_text}", usage=usage))
    batcher = backend(fake, api=api, batch=True, batch_poll_s=0.02, batch_window_s=0.2, store_path=str(tmp_path / "s.db"))
    results = run_concurrently(batcher, ["q1", "q2", "bad q3"])
    assert results["q1"].text == "answer to q1" and results["q2"].text == "answer to q2"
    assert isinstance(results["bad q3"], QuotaError)
    uploads = [r for r in fake.requests if r.method == "POST" and r.path == "/v1/files"]
    assert len(uploads) == 1 and uploads[0].json["purpose"] == "batch"
    assert uploads[0].json["file"]["content"].count(b"\n") == 3
    (batch,) = fake.batches.values()
    assert batch.endpoint == {"chat": "/v1/chat/completions", "responses": "/v1/responses"}[api]
    assert not fake.model_requests()
    standard = default_table().lookup(MODEL).cost(Usage(2000, 100))
    assert results["q1"].cost_usd == pytest.approx(standard / 2)


def test_a_restarted_night_collects_the_openai_batch_it_submitted(tmp_path):
    store_path = str(tmp_path / "s.db")
    with FakeOpenAI(batch_polls=10_000) as server:
        server.respond_with(lambda r: text(f"answer to {r.last_user_text}"))
        options = {"batch": True, "batch_poll_s": 0.02, "batch_window_s": 0.2, "store_path": store_path}
        first = backend(server, **options)
        worker = threading.Thread(target=run_concurrently, args=(first, ["q1"]))
        worker.start()
        wait_until(lambda: first.batch.submitted)  # submitted and recorded in the store
        first.close()  # the night dies while its batch is still running
        worker.join(timeout=10)
        server.finish_batches()
        restarted = backend(server, **options)
        assert restarted.complete(ask("q1")).text == "answer to q1"
        assert len(server.batches) == 1 and restarted.batch.resumed == list(server.batches)
        assert len([r for r in server.requests if r.method == "POST" and r.path == "/v1/batches"]) == 1


def test_a_server_without_a_batch_api_says_so(tmp_path):
    with FakeOpenAI() as server:
        server.route("POST", "/v1/files", lambda request, match: server.not_found(request))  # like most local servers
        batcher = backend(server, batch=True, batch_window_s=0.05, store_path=str(tmp_path / "s.db"))
        with pytest.raises(ConfigError, match="openai.batch=false"):
            batcher.complete(ask())
