"""Property: whatever records of either agent's shape a transcript holds (any field of any JSON
type, deep nesting, raw bytes), ingest never raises, and the good sessions captured in the same
batch are all ingested."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skillopt_sleep.capture.ingest import IngestOptions, run_ingest
from skillopt_sleep.store import Store
from tests.capture_kit import assert_ingested, capture, codex_rollout_name, valid_sessions, write

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(10**20), max_value=10**20),
                    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30))
ANY_JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                        max_leaves=12)


def either(plausible):
    """A field that is usually of the right shape and sometimes of any JSON type."""
    return st.one_of(plausible, plausible, ANY_JSON)


def record(types: list[str], fields: dict) -> st.SearchStrategy:
    return st.fixed_dictionaries({"type": either(st.sampled_from(types))},
                                 optional={name: either(value) for name, value in fields.items()})


TEXT = st.text(max_size=60)
CLAUDE_BLOCK = st.fixed_dictionaries({"type": either(st.sampled_from(["text", "tool_use", "tool_result"]))}, optional={
    "text": either(TEXT), "id": either(TEXT), "name": either(st.sampled_from(["Bash", "Skill", "Task", "Read"])),
    "input": either(st.dictionaries(st.sampled_from(["command", "skill", "file_path", "description"]), TEXT)),
    "tool_use_id": either(TEXT), "is_error": ANY_JSON, "content": either(TEXT),
})
CLAUDE_RECORD = record(["user", "assistant", "attachment", "api-request-shape", "summary", "system"], {
    "message": st.fixed_dictionaries({"role": either(TEXT)}, optional={
        "content": either(st.one_of(TEXT, st.lists(CLAUDE_BLOCK, max_size=3))), "model": either(TEXT)}),
    "attachment": st.fixed_dictionaries({"type": either(st.just("prompt_snapshot"))}, optional={"systemPrompt": either(st.lists(TEXT))}),
    "shape": st.fixed_dictionaries({"system": either(st.lists(st.fixed_dictionaries({"text": either(TEXT)})))}),
    "timestamp": st.one_of(st.just("2026-01-05T10:00:00Z"), TEXT, st.integers(), st.floats()),
    "cwd": TEXT, "version": TEXT, "entrypoint": TEXT, "gitBranch": TEXT, "isSidechain": st.booleans(),
    "agentId": TEXT, "isMeta": st.booleans(), "origin": st.fixed_dictionaries({"kind": either(TEXT)}),
})
CODEX_PAYLOAD = st.fixed_dictionaries({"type": either(st.sampled_from(
    ["user_message", "agent_message", "item_completed", "turn_aborted", "message", "function_call",
     "function_call_output", "local_shell_call", "custom_tool_call"]))}, optional={
    "message": either(TEXT), "role": either(st.sampled_from(["user", "assistant", "developer"])),
    "content": either(st.lists(st.fixed_dictionaries({"text": either(TEXT)}), max_size=3)),
    "item": either(st.fixed_dictionaries({"type": either(st.sampled_from(["UserMessage", "AgentMessage"]))})),
    "name": either(TEXT), "call_id": either(TEXT), "arguments": either(st.one_of(TEXT, st.builds(json.dumps, ANY_JSON))),
    "action": either(st.fixed_dictionaries({"command": either(st.lists(TEXT))})),
    "output": either(st.one_of(TEXT, st.fixed_dictionaries({"output": either(TEXT), "metadata": either(
        st.fixed_dictionaries({"exit_code": either(st.integers())}))}))),
    "cwd": either(TEXT), "git": either(st.fixed_dictionaries({"branch": either(TEXT)})), "source": ANY_JSON,
    "base_instructions": either(st.fixed_dictionaries({"text": either(TEXT)})),
})
CODEX_RECORD = record(["session_meta", "turn_context", "event_msg", "response_item", "compacted"],
                      {"payload": CODEX_PAYLOAD, "timestamp": st.one_of(TEXT, st.integers())})

DEPTHS = st.integers(min_value=60, max_value=3000)
RAW_LINES = st.one_of(
    st.binary(max_size=200),
    DEPTHS.map(lambda n: b"[" * n + b"]" * n),
    DEPTHS.map(lambda n: b'{"type":"user","message":{"content":' + b"[" * n + b"]" * n + b"}}"),
)


def lines(records: st.SearchStrategy) -> st.SearchStrategy:
    as_bytes = records.map(lambda r: json.dumps(r).encode())
    return st.lists(st.one_of(as_bytes, as_bytes, as_bytes, RAW_LINES), max_size=12).map(lambda items: b"\n".join(items) + b"\n")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(claude=st.lists(lines(CLAUDE_RECORD), min_size=1, max_size=3), codex=st.lists(lines(CODEX_RECORD), min_size=1, max_size=3))
def test_ingest_never_raises_and_keeps_every_valid_session(claude, codex):
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        with Store(root / "store.db") as store:
            good = valid_sessions(root / "good")
            for n, data in enumerate(claude):
                capture(store, "claude-code", write(root / "claude" / f"fuzz-{n}.jsonl", data))
            for n, data in enumerate(codex):
                capture(store, "codex", write(root / "codex" / codex_rollout_name(f"0199aaaa-bbbb-7ccc-8ddd-{n:012d}"), data))
            for agent, path in good:
                capture(store, agent, path)
            report = run_ingest(store, root / "data", IngestOptions())
            assert report.skipped.get("ingest_error", 0) == 0, report.render()
            assert_ingested(store, good)
            assert store.query_one("SELECT COUNT(*) FROM captures WHERE ingested_at IS NULL")[0] == 0
