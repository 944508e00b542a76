"""The anthropic backend: the real `anthropic` SDK over HTTP to the fake Messages and Batches API."""

from __future__ import annotations

import threading

import pytest

from skillopt_sleep.backends import CompletionRequest, Message, ToolSpec, create_backend
from skillopt_sleep.backends.base import Usage
from skillopt_sleep.backends.pricing import default_table
from skillopt_sleep.errors import AuthError, BackendError, ModelNotFoundError, QuotaError
from skillopt_sleep.store import Store
from tests.fakes import FakeAnthropic, FakeUsage, Reply, model_not_found, overloaded, quota_exhausted, rate_limited, server_error, text, tool_use

MODEL = "claude-haiku-4-5"
SKILL = "# Refund skill\n" + "Always cite the policy section and keep replies short. " * 120  # ~1700 tokens
SEARCH = ToolSpec("search", "Search the help centre", {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]})


@pytest.fixture(autouse=True)
def isolated_home(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")


@pytest.fixture
def fake():
    with FakeAnthropic() as server:
        yield server


def backend(fake, **options):
    return create_backend("anthropic", options.pop("model", MODEL), {"base_url": fake.url, "retry_base_s": 0.01, **options})


def ask(prompt: str = "How do refunds work?", **kwargs) -> CompletionRequest:
    return CompletionRequest(system=kwargs.pop("system", SKILL), messages=[Message("user", prompt)], max_tokens=200, **kwargs)


def test_usage_and_cost_come_from_the_reply(fake):
    fake.push(Reply(text="Section 4.2 applies.", usage=FakeUsage(1200, 80, cache_read_tokens=300, cache_write_tokens=50)))
    completion = backend(fake).complete(ask())
    assert completion.text == "Section 4.2 applies."
    assert completion.usage == Usage(input_tokens=1200, output_tokens=80, cache_read_tokens=300, cache_write_tokens=50)
    # haiku-4-5: $1 in, $5 out, $0.10 cache read, $1.25 cache write per million tokens
    assert completion.cost_usd == pytest.approx((1200 * 1.0 + 80 * 5.0 + 300 * 0.1 + 50 * 1.25) / 1e6)
    assert completion.model == MODEL and completion.stop_reason == "end_turn"
    sent = fake.model_requests()[0]
    assert "sk-ant-test" in (sent.headers.get("x-api-key"), sent.headers.get("authorization", "").removeprefix("Bearer "))
    assert sent.json["model"] == MODEL and sent.json["max_tokens"] == 200


def test_prompt_caching_marks_the_skill_and_reads_it_back_cheaper(fake):
    fake.respond_with(lambda request: text("ok"))
    anthropic_backend = backend(fake)
    first = anthropic_backend.complete(ask("first question", cache_system=True))
    second = anthropic_backend.complete(ask("second question", cache_system=True))
    system = fake.model_requests()[0].json["system"]
    assert system == [{"type": "text", "text": SKILL, "cache_control": {"type": "ephemeral"}}]
    assert first.usage.cache_write_tokens > 1000 and first.usage.cache_read_tokens == 0
    assert second.usage.cache_read_tokens == first.usage.cache_write_tokens and second.usage.cache_write_tokens == 0
    assert second.cost_usd < first.cost_usd


def test_without_cache_system_or_with_caching_off_the_system_is_plain(fake):
    fake.respond_with(lambda request: text("ok"))
    backend(fake).complete(ask())
    backend(fake, prompt_cache=False).complete(ask(cache_system=True))
    assert [r.json["system"] for r in fake.model_requests()] == [SKILL, SKILL]


def test_tool_use_round_trip(fake):
    fake.respond_with(lambda r: text(f"Found: {r.tool_results[-1]}") if r.tool_results else tool_use("search", {"q": "refund window"}))
    anthropic_backend = backend(fake)
    messages = [Message("user", "How long is the refund window?")]
    first = anthropic_backend.complete(CompletionRequest(system="s", messages=list(messages), tools=[SEARCH]))
    assert [(c.name, c.arguments) for c in first.tool_calls] == [("search", {"q": "refund window"})]
    assert first.stop_reason == "tool_use" and first.tool_calls[0].call_id.startswith("toolu_")
    messages += [Message("assistant", first.text, tool_calls=first.tool_calls),
                 Message("tool", "30 days", tool_call_id=first.tool_calls[0].call_id)]
    second = anthropic_backend.complete(CompletionRequest(system="s", messages=messages, tools=[SEARCH]))
    assert second.text == "Found: 30 days" and not second.tool_calls
    sent = fake.model_requests()[1].json
    assert sent["tools"][0]["input_schema"] == SEARCH.parameters
    assert sent["messages"][2] == {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": first.tool_calls[0].call_id, "content": "30 days"}]}


def test_rate_limits_and_overload_are_retried_honouring_retry_after(fake):
    fake.push(rate_limited(retry_after=0.3), overloaded(), text("finally"))
    anthropic_backend = backend(fake)
    assert anthropic_backend.complete(ask()).text == "finally"
    events = anthropic_backend.retries.events
    assert anthropic_backend.retries.count == 2
    assert events[0].delay_s == 0.3 and "429" in events[0].reason
    # No retry-after on the overload: exponential backoff with jitter, retry 2 waits base*2 at most.
    assert "529" in events[1].reason and 0.01 <= events[1].delay_s <= 0.02
    arrivals = [r.received_at for r in fake.model_requests()]
    assert len(arrivals) == 3 and arrivals[1] - arrivals[0] >= 0.3


def test_retries_give_up_after_the_configured_number(fake):
    fake.push(server_error(), server_error(), server_error())
    with pytest.raises(BackendError, match="after 1 retries"):
        backend(fake, max_retries=1).complete(ask())
    assert len(fake.model_requests()) == 2


def test_a_slow_reply_times_out_and_the_retry_succeeds(fake):
    fake.push(text("too late", delay_s=1.5), text("in time"))
    anthropic_backend = backend(fake, timeout_s=0.5)
    assert anthropic_backend.complete(ask()).text == "in time"
    assert anthropic_backend.retries.count == 1 and "no reply within" in anthropic_backend.retries.events[0].reason


def test_a_wrong_key_is_an_auth_error_without_retries(monkeypatch):
    with FakeAnthropic(api_key="sk-ant-right") as server:
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-wrong")
        anthropic_backend = backend(server)
        with pytest.raises(AuthError, match="rejected the credentials"):
            anthropic_backend.complete(ask())
        assert len(server.requests) == 1 and anthropic_backend.retries.count == 0


def test_low_credit_balance_is_a_quota_error(fake):
    fake.push(quota_exhausted())
    with pytest.raises(QuotaError, match="credit balance"):
        backend(fake).complete(ask())
    assert len(fake.requests) == 1


def test_unknown_model_is_reported_as_such_by_call_and_by_preflight():
    with FakeAnthropic(models={MODEL}) as server:
        missing = backend(server, model="claude-nonexistent-9")
        with pytest.raises(ModelNotFoundError, match="claude-nonexistent-9"):
            missing.complete(ask())
        with pytest.raises(ModelNotFoundError):
            missing.preflight()
        backend(server).preflight()  # a known model passes
        assert not server.model_requests()[1:]  # preflight spent no model call


def test_a_scripted_model_not_found_reply_is_not_retried(fake):
    fake.push(model_not_found(MODEL))
    with pytest.raises(ModelNotFoundError):
        backend(fake).complete(ask())
    assert len(fake.requests) == 1


def test_no_key_and_no_endpoint_is_a_clear_auth_error(monkeypatch):
    monkeypatch.delenv("ANTHROPIC_API_KEY")
    monkeypatch.delenv("ANTHROPIC_AUTH_TOKEN", raising=False)
    with pytest.raises(AuthError, match="ANTHROPIC_API_KEY"):
        create_backend("anthropic", MODEL, {})


def test_a_model_missing_from_the_price_table_has_unknown_cost(fake):
    fake.push(text("ok"))
    unpriced = backend(fake, model="claude-experimental-1")
    assert unpriced.cost_known is False and "unknown" in unpriced.price_note
    assert unpriced.complete(ask()).cost_usd == 0.0
    assert backend(fake).cost_known is True


def test_an_empty_model_gets_the_cheap_default_for_the_role(fake):
    assert create_backend("anthropic", "", {"base_url": fake.url}).model == "claude-haiku-5-5"
    assert create_backend("anthropic", "", {"base_url": fake.url, "role": "teacher"}).model == "claude-sonnet-5-5"


# -- batches ----------------------------------------------------------------------------------
def batch_backend(fake, store_path, **options):
    return backend(fake, batch=True, batch_poll_s=0.02, batch_window_s=0.2, store_path=str(store_path), **options)


def wait_until(condition, timeout_s: float = 10.0) -> None:
    stop = threading.Event()
    for _ in range(int(timeout_s / 0.02)):
        if condition():
            return
        stop.wait(0.02)
    raise AssertionError("condition not reached")


def complete_all(batcher, prompts: list[str]) -> dict[str, object]:
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


def test_concurrent_calls_go_out_as_one_batch_at_half_price(fake, tmp_path):
    usage = FakeUsage(1000, 100)
    fake.respond_with(lambda r: Reply(text=f"answer to {r.last_user_text}", usage=usage))
    results = complete_all(batch_backend(fake, tmp_path / "s.db"), ["q1", "q2", "q3"])
    assert {p: c.text for p, c in results.items()} == {p: f"answer to {p}" for p in ("q1", "q2", "q3")}
    creates = [r for r in fake.requests if r.method == "POST" and r.path == "/v1/messages/batches"]
    assert len(creates) == 1 and len(creates[0].json["requests"]) == 3
    assert not fake.model_requests()  # nothing went through the per-call endpoint
    standard = default_table().lookup(MODEL).cost(Usage(1000, 100))
    assert all(c.cost_usd == pytest.approx(standard / 2) for c in results.values())


def test_a_failed_batch_item_fails_only_its_caller(fake, tmp_path):
    fake.respond_with(lambda r: quota_exhausted() if "bad" in r.last_user_text else text("fine"))
    results = complete_all(batch_backend(fake, tmp_path / "s.db"), ["good one", "bad one"])
    assert results["good one"].text == "fine"
    assert isinstance(results["bad one"], QuotaError)


def test_a_restarted_night_collects_its_submitted_batch_instead_of_resubmitting(tmp_path):
    store_path = tmp_path / "s.db"
    with FakeAnthropic(batch_polls=10_000) as server:  # the batch stays in progress until finished below
        server.respond_with(lambda r: text(f"answer to {r.last_user_text}"))
        first = batch_backend(server, store_path)
        crashed: dict[str, object] = {}
        worker = threading.Thread(target=lambda: crashed.update(complete_all(first, ["q1", "q2"])))
        worker.start()
        wait_until(lambda: first.batch.submitted)  # submitted and recorded in the store
        first.close()  # the night dies while its batch is still running
        worker.join(timeout=10)
        assert all(isinstance(v, BackendError) for v in crashed.values())
        (batch_id,) = server.batches

        server.finish_batches()
        restarted = batch_backend(server, store_path)  # a new process: new backend, same store file
        results = complete_all(restarted, ["q1", "q2"])
        assert {p: c.text for p, c in results.items()} == {"q1": "answer to q1", "q2": "answer to q2"}
        assert restarted.batch.resumed == [batch_id] and restarted.batch.submitted == []
        creates = [r for r in server.requests if r.method == "POST" and r.path == "/v1/messages/batches"]
        assert len(creates) == 1

        before = len(server.requests)
        again = batch_backend(server, store_path)  # a second restart reads finished results from the store
        assert again.complete(ask("q1")).text == "answer to q1"
        assert len(server.requests) == before
    with Store(store_path) as store:
        rows = store.query("SELECT status FROM batch_requests WHERE batch_id = ?", (batch_id,))
        assert [r["status"] for r in rows] == ["succeeded", "succeeded"]
