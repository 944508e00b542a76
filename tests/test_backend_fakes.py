"""The fake servers speak the real wire formats: the official SDKs parse their JSON, SSE streams,
errors and batch files without complaint."""

from __future__ import annotations

import json
import urllib.request

import anthropic
import openai
import pytest

from tests.fakes import FakeAnthropic, FakeOpenAI, Reply, ToolUse, error, rate_limited, text, tool_use


@pytest.fixture(autouse=True)
def isolated_home(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))


def anthropic_client(fake) -> anthropic.Anthropic:
    return anthropic.Anthropic(api_key="sk-ant-dummy", base_url=fake.url, max_retries=0)


def openai_client(fake) -> openai.OpenAI:
    return openai.OpenAI(api_key="sk-dummy", base_url=fake.base_url, max_retries=0)


def test_anthropic_stream_has_the_real_event_sequence_and_the_sdk_assembles_it():
    with FakeAnthropic(stream_chunk_chars=5) as fake:
        fake.push(Reply(text="Let me search.", tool_calls=[ToolUse("search", {"q": "refund policy", "k": 3})]))
        client = anthropic_client(fake)
        with client.messages.stream(model="claude-haiku-4-5", max_tokens=100, messages=[{"role": "user", "content": "hi"}]) as stream:
            kinds = [event.type for event in stream]
            message = stream.get_final_message()
    assert kinds[0] == "message_start" and kinds[-1] == "message_stop" and "message_delta" in kinds
    assert kinds.count("content_block_start") == kinds.count("content_block_stop") == 2
    assert message.content[0].text == "Let me search."
    assert message.content[1].name == "search" and message.content[1].input == {"q": "refund policy", "k": 3}
    assert message.stop_reason == "tool_use" and message.usage.output_tokens > 1


def test_anthropic_errors_carry_type_status_and_retry_after():
    with FakeAnthropic() as fake:
        fake.push(rate_limited(retry_after=7), error("overloaded"))
        client = anthropic_client(fake)
        with pytest.raises(anthropic.RateLimitError) as limited:
            client.messages.create(model="m", max_tokens=5, messages=[{"role": "user", "content": "x"}])
        assert limited.value.response.headers["retry-after"] == "7"
        with pytest.raises(anthropic.APIStatusError) as overloaded:
            client.messages.create(model="m", max_tokens=5, messages=[{"role": "user", "content": "x"}])
        assert overloaded.value.status_code == 529 and overloaded.value.body["error"]["type"] == "overloaded_error"


def test_unscripted_requests_get_a_clear_error_and_are_kept():
    with FakeAnthropic() as fake:
        with pytest.raises(anthropic.BadRequestError, match="nothing scripted"):
            anthropic_client(fake).messages.create(model="m", max_tokens=5, messages=[{"role": "user", "content": "x"}])
        assert len(fake.script.unscripted) == 1


def test_anthropic_batches_create_retrieve_results_through_the_sdk():
    with FakeAnthropic(batch_polls=1) as fake:
        fake.respond_with(lambda r: text(f"echo {r.last_user_text}") if r.custom_id != "b" else error("bad_request", "too long"))
        client = anthropic_client(fake)
        params = lambda q: {"model": "claude-haiku-4-5", "max_tokens": 10, "messages": [{"role": "user", "content": q}]}  # noqa: E731
        batch = client.messages.batches.create(requests=[{"custom_id": "a", "params": params("one")}, {"custom_id": "b", "params": params("two")}])
        assert client.messages.batches.retrieve(batch.id).processing_status == "in_progress"
        ended = client.messages.batches.retrieve(batch.id)
        assert ended.processing_status == "ended" and ended.request_counts.succeeded == 1 and ended.request_counts.errored == 1
        results = {r.custom_id: r.result for r in client.messages.batches.results(batch.id)}
    assert results["a"].type == "succeeded" and results["a"].message.content[0].text == "echo one"
    assert results["a"].message.usage.service_tier == "batch"
    assert results["b"].type == "errored" and results["b"].error.error.message == "too long"
    assert [r.custom_id for r in fake.batch_items] == ["a", "b"]


def test_openai_chat_stream_with_usage_and_tool_call_deltas():
    with FakeOpenAI(stream_chunk_chars=4) as fake:
        fake.push(tool_use("search", {"q": "refunds"}, text="Checking"))
        stream = openai_client(fake).chat.completions.create(
            model="gpt-4.1-mini", messages=[{"role": "user", "content": "hi"}], stream=True, stream_options={"include_usage": True})
        chunks = list(stream)
    content = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    arguments = "".join(tc.function.arguments or "" for c in chunks if c.choices for tc in c.choices[0].delta.tool_calls or [])
    assert content == "Checking" and json.loads(arguments) == {"q": "refunds"}
    assert [c.choices[0].finish_reason for c in chunks if c.choices][-1] == "tool_calls"
    assert chunks[-1].usage.prompt_tokens > 0 and chunks[-1].choices == []


def test_openai_responses_stream_is_what_the_sdk_expects():
    with FakeOpenAI() as fake:
        fake.push(Reply(text="All done.", tool_calls=[ToolUse("search", {"q": "x"})]))
        with openai_client(fake).responses.stream(model="gpt-4.1-mini", input="hi") as stream:
            kinds = [event.type for event in stream]
            final = stream.get_final_response()
    assert kinds[:2] == ["response.created", "response.in_progress"] and kinds[-1] == "response.completed"
    assert "response.output_text.delta" in kinds and "response.function_call_arguments.delta" in kinds
    assert final.output_text == "All done."
    call = [item for item in final.output if item.type == "function_call"][0]
    assert call.name == "search" and json.loads(call.arguments) == {"q": "x"}
    assert final.usage.input_tokens > 0


def test_openai_files_and_batches_round_trip_through_the_sdk():
    with FakeOpenAI(batch_polls=0) as fake:
        fake.respond_with(lambda r: text(f"echo {r.last_user_text}"))
        client = openai_client(fake)
        line = {"custom_id": "a", "method": "POST", "url": "/v1/chat/completions",
                "body": {"model": "gpt-4.1-mini", "messages": [{"role": "user", "content": "one"}]}}
        uploaded = client.files.create(file=("in.jsonl", (json.dumps(line) + "\n").encode()), purpose="batch")
        batch = client.batches.create(input_file_id=uploaded.id, endpoint="/v1/chat/completions", completion_window="24h")
        done = client.batches.retrieve(batch.id)
        assert done.status == "completed" and done.request_counts.completed == 1
        (record,) = [json.loads(x) for x in client.files.content(done.output_file_id).text.splitlines()]
    assert record["custom_id"] == "a" and record["response"]["body"]["choices"][0]["message"]["content"] == "echo one"


def test_models_lists_and_the_request_log_keeps_headers():
    with FakeOpenAI(models={"a-model", "b-model"}, api_key="sk-k") as fake:
        request = urllib.request.Request(f"{fake.base_url}/models", headers={"Authorization": "Bearer sk-k", "X-Trace": "t1"})
        with urllib.request.urlopen(request) as reply:
            listed = json.loads(reply.read())
        assert [m["id"] for m in listed["data"]] == ["a-model", "b-model"]
        assert fake.requests[0].headers["x-trace"] == "t1" and fake.requests[0].api == "openai.models"
        with pytest.raises(openai.AuthenticationError):
            openai.OpenAI(api_key="sk-wrong", base_url=fake.base_url, max_retries=0).models.list()


def test_anthropic_count_tokens_and_models_endpoints():
    with FakeAnthropic(models={"claude-haiku-4-5"}) as fake:
        client = anthropic_client(fake)
        counted = client.messages.count_tokens(model="claude-haiku-4-5", messages=[{"role": "user", "content": "x" * 400}])
        assert counted.input_tokens >= 100
        assert [m.id for m in client.models.list()] == ["claude-haiku-4-5"]
        with pytest.raises(anthropic.NotFoundError):
            client.models.retrieve("claude-nope")
