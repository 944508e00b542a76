"""The local llama.cpp backend: the strict tool-call format, message rendering, error messages,
and (marked slow) real replies from the packaged 0.5B model."""

from __future__ import annotations

import json
import sys
import threading
import time
from pathlib import Path

import pytest

from skillopt_sleep.backends import create_backend
from skillopt_sleep.backends.base import CompletionRequest, Message, ToolCall, ToolSpec
from skillopt_sleep.backends.pipextras import install_command
from skillopt_sleep.backends.llamapool import SHARED_POOL
from skillopt_sleep.backends.local import LocalBackend
from skillopt_sleep.backends.localformat import normalise_json as _normalise_json
from skillopt_sleep.backends.localformat import parse_tool_turn, render_messages, tool_turn_schema
from skillopt_sleep.config import load_config
from skillopt_sleep.errors import BackendError, ConfigError, ModelNotFoundError, ModelUnavailableError
from skillopt_sleep.backends.localmodel import ResolvedModel
from skillopt_sleep.backends.roles import backend_for_role

WEATHER = ToolSpec(
    name="get_weather",
    description="Current weather of a city.",
    parameters={"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
)
CLOCK = ToolSpec(name="now", description="The current UTC time.", parameters={})


@pytest.fixture(autouse=True)
def isolated_home(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))


def llama_cpp_installed() -> bool:
    import importlib.util

    return importlib.util.find_spec("llama_cpp") is not None


# --- the strict tool-call format -------------------------------------------------------------

def test_tool_schema_allows_exactly_a_known_tool_or_an_answer():
    schema = tool_turn_schema([WEATHER, CLOCK])
    branches = schema["oneOf"]
    assert [b["properties"].get("tool", {}).get("const") for b in branches] == ["get_weather", "now", None]
    weather_args = branches[0]["properties"]["arguments"]
    assert weather_args["required"] == ["city"] and weather_args["additionalProperties"] is False
    assert branches[1]["properties"]["arguments"] == {"type": "object"}
    assert branches[2] == {"type": "object", "properties": {"answer": {"type": "string"}},
                           "required": ["answer"], "additionalProperties": False}
    assert all(b["additionalProperties"] is False for b in branches)


def test_tool_schema_carries_a_json_answer_schema():
    answer = {"type": "object", "properties": {"verdict": {"enum": ["yes", "no"]}}, "required": ["verdict"]}
    assert tool_turn_schema([WEATHER], answer)["oneOf"][-1]["properties"]["answer"] == answer


@pytest.mark.skipif(not llama_cpp_installed(), reason="llama-cpp-python is not installed")
def test_tool_schema_compiles_to_a_grammar_that_pins_tool_names():
    from llama_cpp import LlamaGrammar

    grammar = LlamaGrammar.from_json_schema(json.dumps(tool_turn_schema([WEATHER, CLOCK])), verbose=False)._grammar
    assert '"\\"get_weather\\""' in grammar and '"\\"now\\""' in grammar
    assert '"\\"answer\\""' in grammar and '"\\"city\\""' in grammar


def test_tool_call_reply_becomes_a_tool_call_numbered_after_the_history():
    turn = parse_tool_turn('{"tool": "get_weather", "arguments": {"city": "Paris"}}', "stop", prior_calls=2)
    assert turn.tool_calls == [ToolCall(name="get_weather", arguments={"city": "Paris"}, call_id="call-3")]
    assert (turn.text, turn.stop_reason) == ("", "tool_use")


def test_answer_reply_becomes_text_even_with_raw_newlines():
    turn = parse_tool_turn('{"answer": "line one\nline two"}', "stop", prior_calls=0)
    assert (turn.text, turn.tool_calls, turn.stop_reason) == ("line one\nline two", [], "stop")


def test_json_answer_is_serialised_back_to_json_text():
    turn = parse_tool_turn('{"answer": {"verdict": "yes"}}', "stop", prior_calls=0)
    assert json.loads(turn.text) == {"verdict": "yes"}


def test_answer_cut_off_by_max_tokens_keeps_what_was_written():
    turn = parse_tool_turn('{"answer": "We should raise a bridge because \\u00e9', "length", prior_calls=0)
    assert turn.text.startswith("We should raise a bridge because")
    assert turn.stop_reason == "length" and turn.tool_calls == []


def test_tool_call_cut_off_is_not_guessed_into_a_call():
    raw = '{"tool": "get_weather", "arguments": {"city": "Par'
    turn = parse_tool_turn(raw, "length", prior_calls=0)
    assert turn.tool_calls == [] and turn.text == raw and turn.stop_reason == "length"


def test_schema_reply_is_normalised_to_strict_json():
    text = _normalise_json('{"note": "a\nb"}')
    assert json.loads(text) == {"note": "a\nb"}  # strict json.loads: the newline was re-escaped
    assert _normalise_json('{"note": "cut') == '{"note": "cut'


# --- rendering the conversation --------------------------------------------------------------

def conversation() -> list[Message]:
    return [
        Message("user", "Weather in Paris and Rome?"),
        Message("assistant", "", tool_calls=[
            ToolCall("get_weather", {"city": "Paris"}, "call-1"),
            ToolCall("get_weather", {"city": "Rome"}, "call-2"),
        ]),
        Message("tool", "18 C, sunny", tool_call_id="call-1"),
        Message("tool", "25 C, clear", tool_call_id="call-2"),
    ]


def test_tools_are_described_in_the_system_prompt():
    messages = render_messages(CompletionRequest(system="Be brief.", messages=[Message("user", "hi")], tools=[WEATHER]))
    system = messages[0]
    assert system["role"] == "system" and system["content"].startswith("Be brief.")
    assert "get_weather: Current weather of a city." in system["content"]
    assert '"city": string' in system["content"] and '{"answer":' in system["content"]


def test_tool_calls_and_results_render_as_alternating_plain_turns():
    messages = render_messages(CompletionRequest(system="s", messages=conversation(), tools=[WEATHER]))
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "user"]
    calls = [json.loads(line) for line in messages[2]["content"].splitlines()]
    assert calls == [{"tool": "get_weather", "arguments": {"city": "Paris"}},
                     {"tool": "get_weather", "arguments": {"city": "Rome"}}]
    results = messages[3]["content"]
    assert "Result of the get_weather call:\n18 C, sunny" in results and "25 C, clear" in results
    assert '{"answer"' in results  # the next turn is told its options


def test_last_turn_without_tools_asks_for_the_final_answer():
    messages = render_messages(CompletionRequest(system="s", messages=conversation(), tools=[]))
    assert "Tools you can call" not in messages[0]["content"]
    assert "final answer" in messages[-1]["content"]


def test_plain_request_renders_unchanged():
    messages = render_messages(CompletionRequest(system="", messages=[Message("user", "a"), Message("assistant", "b"), Message("user", "c")]))
    assert messages == [{"role": "user", "content": "a"}, {"role": "assistant", "content": "b"}, {"role": "user", "content": "c"}]


# --- creation errors -------------------------------------------------------------------------

def test_missing_llama_cpp_names_the_pip_command(monkeypatch):
    monkeypatch.setitem(sys.modules, "llama_cpp", None)  # makes the package unimportable
    with pytest.raises(ModelUnavailableError) as info:
        create_backend("local", "", {})
    hint = install_command("local", only=["llama-cpp-python"])
    assert hint in str(info.value) and hint.startswith(f"{sys.executable} -m pip install") and "llama-cpp-python" in hint


@pytest.mark.skipif(not llama_cpp_installed(), reason="llama-cpp-python is not installed")
def test_unknown_local_model_is_an_error():
    with pytest.raises(ModelNotFoundError, match="unknown local model"):
        create_backend("local", "llama-70b", {})


@pytest.mark.skipif(not llama_cpp_installed(), reason="llama-cpp-python is not installed")
def test_model_path_to_a_non_gguf_file_is_a_config_error(tmp_path):
    bogus = tmp_path / "model.gguf"
    bogus.write_text("not weights")
    with pytest.raises(ConfigError, match="not a GGUF file"):
        create_backend("local", "", {"model_path": str(bogus)})


@pytest.mark.skipif(not llama_cpp_installed(), reason="llama-cpp-python is not installed")
def test_options_reach_the_backend(tmp_path):
    gguf = tmp_path / "tiny.gguf"
    gguf.write_bytes(b"GGUF" + bytes(32))
    backend = create_backend("local", "", {"model_path": str(gguf), "n_ctx": 2048, "threads": 3, "instances": 3})
    assert isinstance(backend, LocalBackend)
    assert (backend.path, backend.n_ctx, backend.n_threads, backend.instances) == (gguf.resolve(), 2048, 3, 3)
    assert backend.max_concurrency == 3  # a night replays three at a time on it
    assert backend.model.startswith("tiny#") and backend.supports_tools


class InstancePool:
    """Stands in for the loaded models: one distinct object per instance number."""

    def __init__(self):
        self.asked: list[int] = []

    def get(self, path, n_ctx, n_threads, instance=0):
        self.asked.append(instance)
        return f"instance {instance}"


def test_calls_at_once_are_answered_by_different_instances_and_one_more_waits(tmp_path, monkeypatch):
    pool = InstancePool()
    backend = LocalBackend(ResolvedModel("tiny", tmp_path / "tiny.gguf"), n_threads=1, instances=2, pool=pool)
    inside, release, lock = [], threading.Event(), threading.Lock()

    def answer(request, loaded):
        with lock:
            inside.append(loaded)
        release.wait(5)
        return loaded

    monkeypatch.setattr(backend, "_complete", answer)
    request = CompletionRequest(system="", messages=[Message("user", "hi")])
    replies: list[str] = []
    calls = [threading.Thread(target=lambda: replies.append(backend.complete(request))) for _ in range(3)]
    for call in calls:
        call.start()
    give_up = time.monotonic() + 5
    while len(inside) < 2 and time.monotonic() < give_up:
        time.sleep(0.01)
    time.sleep(0.2)  # room for a third call to enter, were it not made to wait
    assert sorted(inside) == ["instance 0", "instance 1"]  # the third call waits for a free instance
    release.set()
    for call in calls:
        call.join(5)
    assert len(replies) == 3 and set(replies) == {"instance 0", "instance 1"}


def test_an_instance_whose_call_failed_serves_the_next_call(tmp_path, monkeypatch):
    backend = LocalBackend(ResolvedModel("tiny", tmp_path / "tiny.gguf"), n_threads=1, instances=1, pool=InstancePool())

    def broken(request, loaded):
        raise BackendError("the model broke")

    monkeypatch.setattr(backend, "_complete", broken)
    request = CompletionRequest(system="", messages=[Message("user", "hi")])
    with pytest.raises(BackendError):
        backend.complete(request)
    monkeypatch.setattr(backend, "_complete", lambda request, loaded: loaded)
    assert backend.complete(request) == "instance 0"  # not held by the call that failed


@pytest.mark.parametrize(("cores", "instances", "threads", "layout"), [
    (1, None, None, (1, 1)),  # one core: one instance, one thread
    (2, None, None, (2, 1)),  # two single-thread instances use both cores
    (8, None, None, (2, 3)),  # seven threads of eight cores, shared
    (2, None, 2, (1, 2)),  # two threads fill two cores: one instance, not four spinning threads
    (8, None, 3, (2, 3)),  # local.threads is per instance
    (8, 1, None, (1, 7)),  # one instance: every core but one, as before
])
def test_local_layout(monkeypatch, cores, instances, threads, layout):
    from skillopt_sleep.backends import llamapool

    monkeypatch.setattr(llamapool.os, "sched_getaffinity", lambda pid: set(range(cores)), raising=False)
    assert llamapool.local_layout(instances, threads) == layout


# --- the real 0.5B model (slow) --------------------------------------------------------------

@pytest.fixture(scope="session")
def model_home(tmp_path_factory):
    return tmp_path_factory.mktemp("local-model-home")


@pytest.fixture
def real_backend(model_home, monkeypatch):
    if not llama_cpp_installed():
        pytest.skip("llama-cpp-python is not installed")
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(model_home))
    try:
        return configured_backend(model_home)
    except ModelUnavailableError as exc:
        pytest.skip(str(exc))


def configured_backend(project: Path) -> LocalBackend:
    """The student backend as a night builds it from `--student local`, through the role wiring
    (SKILLOPT_SLEEP_* such as SKILLOPT_SLEEP_LOCAL__THREADS=1 apply)."""
    config = load_config(cwd=project, flags={"student.backend": "local", "student.model": ""})
    backend = backend_for_role(config, "student").backend
    assert isinstance(backend, LocalBackend)
    return backend


@pytest.mark.slow
def test_real_model_plain_reply(real_backend):
    reply = real_backend.complete(CompletionRequest(
        system="You answer with a single number and nothing else.",
        messages=[Message("user", "What is 2 + 2?")], max_tokens=16, temperature=0.0, seed=7,
    ))
    assert "4" in reply.text
    assert reply.usage.input_tokens > 10 and reply.usage.output_tokens >= 1
    assert reply.cost_usd == 0.0 and reply.model == "qwen2.5-coder-0.5b"
    assert real_backend.verified_sha256 == "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"


@pytest.mark.slow
def test_real_model_schema_reply_parses_and_conforms(real_backend):
    schema = {
        "type": "object",
        "properties": {
            "edits": {"type": "array", "minItems": 1, "items": {
                "type": "object",
                "properties": {"op": {"enum": ["add", "replace", "delete"]}, "text": {"type": "string"}},
                "required": ["op", "text"],
            }},
        },
        "required": ["edits"],
    }
    reply = real_backend.complete(CompletionRequest(
        system="You improve skill documents. Reply in JSON.",
        messages=[Message("user", "Propose one edit that makes answers end with 'Confidence: high|medium|low'.")],
        max_tokens=200, temperature=0.0, seed=7, json_schema=schema,
    ))
    value = json.loads(reply.text)  # strict: must be valid JSON as returned
    assert value["edits"] and all(e["op"] in ("add", "replace", "delete") for e in value["edits"])
    assert all(isinstance(e["text"], str) for e in value["edits"])


@pytest.mark.slow
def test_real_model_tool_round_trip(real_backend):
    system = "Use the get_weather tool to look up the weather before you answer questions about weather."
    messages = [Message("user", "What is the weather in Paris right now?")]
    first = real_backend.complete(CompletionRequest(system=system, messages=messages, tools=[WEATHER],
                                                    max_tokens=120, temperature=0.0, seed=7))
    assert len(first.tool_calls) == 1
    call = first.tool_calls[0]
    assert call.name == "get_weather" and "paris" in call.arguments["city"].lower()
    messages += [Message("assistant", first.text, tool_calls=first.tool_calls),
                 Message("tool", "Paris: 18 C, sunny", tool_call_id=call.call_id)]
    final = real_backend.complete(CompletionRequest(system=system, messages=messages, tools=[],
                                                    max_tokens=120, temperature=0.0, seed=7))
    assert final.tool_calls == [] and "18" in final.text


@pytest.mark.slow
def test_real_model_is_loaded_once_and_serves_threads(real_backend, model_home, monkeypatch):
    second = configured_backend(model_home)
    request = CompletionRequest(system="Reply with one word.", messages=[Message("user", "Say hello.")],
                                max_tokens=8, temperature=0.0, seed=3)
    replies, errors = [], []

    def ask(backend):
        try:
            replies.append(backend.complete(request).text)
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=ask, args=(b,)) for b in (real_backend, second, real_backend, second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and len(replies) == 4 and len(set(replies)) == 1  # the same reply from every instance
    loaded = [key for key in SHARED_POOL.loaded() if key[:3] == (str(real_backend.path), real_backend.n_ctx, real_backend.n_threads)]
    assert len(loaded) == len(set(loaded)) <= real_backend.instances  # each instance loaded once, when needed


@pytest.mark.slow
def test_real_model_same_seed_same_sample_whatever_ran_before(real_backend):
    skill = "You write slogans.\n<skill>\n" + "Keep every slogan short and friendly. " * 20 + "\n</skill>"

    def ask(system: str, prompt: str) -> str:
        request = CompletionRequest(system=system, messages=[Message("user", prompt)], max_tokens=16, temperature=1.0, seed=1234)
        return real_backend.complete(request).text

    first = ask(skill, "A four-word slogan for tea.")
    ask(skill, "A four-word slogan for coffee.")  # same skill prefix, reused from the cache
    assert ask(skill, "A four-word slogan for tea.") == first
    ask("Another system prompt.", "Anything.")  # evicts the prefix
    assert ask(skill, "A four-word slogan for tea.") == first


@pytest.mark.slow
def test_real_model_call_past_its_timeout_is_an_error(real_backend):
    hurried = LocalBackend(ResolvedModel(real_backend.model, real_backend.path), n_ctx=real_backend.n_ctx,
                           n_threads=real_backend.n_threads, timeout_s=0.001)
    request = CompletionRequest(system="", messages=[Message("user", "Count from 1 to 50.")], max_tokens=200)
    with pytest.raises(BackendError, match="calls.timeout_s"):
        hurried.complete(request)


@pytest.mark.parametrize(("cores", "threads"), [(1, 1), (2, 1), (8, 7)])
def test_default_threads_leave_one_core_free(monkeypatch, cores, threads):
    from skillopt_sleep.backends import llamapool as local

    monkeypatch.setattr(local.os, "sched_getaffinity", lambda pid: set(range(cores)), raising=False)
    assert local.available_threads() == threads
