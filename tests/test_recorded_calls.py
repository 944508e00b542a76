"""A scripted night sends the same model calls, in the same order, as the recording made before
the front door took over the flow: a change to how a night is driven must not change what it asks.

The recording (tests/fixtures/recorded/scripted_nights.json) holds each call's role, backend,
model and request as the store keeps them, the test folder written as <tmp>. After a deliberate
change to what a night sends, write it again: `python -m tests.test_recorded_calls`."""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

from skillopt_sleep import api
from skillopt_sleep.tasks.taskstore import TaskRepo, load_tasks_file
from tests.capture_kit import capture
from tests.test_api import FIXTURE_SESSION, scripted_inputs

RECORDING = Path(__file__).parent / "fixtures" / "recorded" / "scripted_nights.json"


def scripted_world(root: Path, source: str) -> api.Config:
    skill = root / "skills" / "brief-writer" / "SKILL.md"
    tasks, script = scripted_inputs(skill, root)
    flags = {"skill": str(skill), "source": source, "store.path": str(root / "store.db"),
             "student.backend": "scripted", "teacher.backend": "scripted", "scripted.script": str(script),
             "night.seed": "7", "night.rounds": "1", "memory.recall_k": "0",
             "night.concurrency": "1"}  # one replay at a time: the calls in one order
    if source == "file":
        flags["tasks_file"] = str(tasks)
    return api.load_config(cwd=root, env={}, user_file=root / "none.yaml", flags=flags)


def night_calls(config: api.Config, root: Path) -> list[dict]:
    with api.Places.from_config(config).read_store() as store:
        rows = store.query("SELECT role, backend, model, request_json, response_json, error FROM model_calls ORDER BY id")
    return [{key: (row[key] or "").replace(str(root), "<tmp>") for key in row.keys()} for row in rows]


def record(root: Path) -> dict[str, list[dict]]:
    """The calls of `sleep` on a tasks file, and on recorded sessions (ingest, mine, one night per skill)."""
    file_root, store_root = root / "file", root / "store"
    file_root.mkdir()
    store_root.mkdir()
    on_file = scripted_world(file_root, "file")
    api.sleep(on_file, project=file_root)
    on_store = scripted_world(store_root, "store")
    transcript = store_root / "sessions" / FIXTURE_SESSION.name
    transcript.parent.mkdir()
    shutil.copy(FIXTURE_SESSION, transcript)
    with api.Places.from_config(on_store).open_store() as store:
        capture(store, "claude-code", transcript)  # a session that used a skill this machine lacks
        TaskRepo(store).upsert_many(load_tasks_file(store_root / "tasks.jsonl"))  # tasks of no skill: the configured one's
    slept = api.sleep(on_store, project=store_root)
    assert slept.per_skill and slept.ingested is not None  # the sessions were read: one night per skill
    return {"tasks file": night_calls(on_file, file_root), "recorded sessions": night_calls(on_store, store_root)}


def test_a_scripted_night_sends_the_recorded_calls(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    recorded = json.loads(RECORDING.read_text())
    now = record(tmp_path)
    assert all(now.values()), "a night sent no call: the comparison would say nothing"
    for kind in recorded:
        assert [c["role"] for c in now[kind]] == [c["role"] for c in recorded[kind]], kind
        assert now[kind] == recorded[kind], kind


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        import os

        os.environ["SKILLOPT_SLEEP_HOME"] = str(Path(folder) / "home")
        RECORDING.parent.mkdir(parents=True, exist_ok=True)
        RECORDING.write_text(json.dumps(record(Path(folder)), indent=1, sort_keys=True) + "\n")
        sys.stdout.write(f"wrote {RECORDING}\n")
