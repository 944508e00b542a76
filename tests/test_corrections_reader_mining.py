"""The teacher reads the user's turns during mining (`mining.read_turns`): through the real
OpenAI backend to a loopback fake server, its schema-constrained readings decide what the actions
leave open, a correction it reads stays on its task and its rule becomes the task's check, an
unusable reply leaves the turn to the actions, the calls are recorded so a run cut short and
started again pays only for what it had not read, they stop at their bound, and the night's
estimate counts them before anything is called."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skillopt_sleep.backends import create_backend
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.capture.ingest import Ingestor
from skillopt_sleep.capture.sessions import SessionRepo
from skillopt_sleep.cli import main
from skillopt_sleep.records import Check
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.corrections.behaviour import Convention
from skillopt_sleep.tasks.corrections.classify import ModelClassifier, read_turn
from skillopt_sleep.tasks.corrections.turns import Action, UserTurnInContext
from skillopt_sleep.tasks.taskstore import TaskRepo
from tests.fakes import FakeOpenAI, text
from tests.repo_work import ClaudeTranscript, make_repo
from tests.test_repo_tasks import START

SESSION = "7d3e2a10-5b4c-4f8e-a1d2-93c4b5e6f708"
MODEL = "gpt-4.1-mini"
NPM_BANNED = {"label": "correction", "convention": {"kind": "command_avoided", "value": "npm", "instead": "pnpm"}}


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    return tmp_path / "home"


@pytest.fixture
def fake():
    with FakeOpenAI() as server:
        yield server


def answering(fake, reading: dict | str) -> None:
    fake.respond_with(lambda request: text(reading if isinstance(reading, str) else json.dumps(reading)))


def hinted_session(root: Path, session: str = SESSION) -> ClaudeTranscript:
    """The agent fixes a bug and checks with npm; the user hints in Portuguese that this repository
    uses pnpm; the agent only answers. Nothing in the actions says correction."""
    return (ClaudeTranscript(session, str(root), "main", START)
            .say("add() in calc.py subtracts instead of adding; fix it")
            .tool("Edit", {"file_path": str(root / "calc.py"), "old_string": "a - b", "new_string": "a + b"}, "ok")
            .bash("make check", 0, "OK")
            .bash("npm test", 0, "ok")
            .answer("Fixed add(); make check and npm test pass.")
            .say("Ué, npm de novo… aqui a gente usa pnpm")
            .answer("Both read the same package.json, so the result is the same."))


def mine(home: Path, fake, tmp_path: Path, read_turns: bool = True) -> list[str]:
    """`mine`'s arguments, the session ingested first."""
    root = tmp_path / "calc"
    if not root.exists():
        make_repo(root)
        path = hinted_session(root).write(tmp_path / "projects")
        (home / "data").mkdir(parents=True, exist_ok=True)
        with Store(home / "data" / "store.db") as store:
            Ingestor(store).ingest_file(str(path), "claude-code")
    return ["mine", "--json", "--set", f"mining.read_turns={str(read_turns).lower()}", "--teacher", f"openai:{MODEL}",
            "--set", f"teacher.base_url={fake.base_url}"]


def run_json(args: list[str], capsys) -> dict:
    assert main(args) == 0
    return json.loads(capsys.readouterr().out)


def test_a_correction_the_teacher_reads_stays_on_its_task_and_its_rule_judges_it(home, fake, tmp_path, capsys):
    answering(fake, NPM_BANNED)
    report = run_json(mine(home, fake, tmp_path), capsys)
    assert (report["turns_asked"], report["turn_calls"], report["turns_unread"]) == (1, 1, 0)
    [sent] = fake.model_requests()
    body = sent.json
    assert body["response_format"]["type"] == "json_schema"  # schema-constrained through the real protocol
    assert "aqui a gente usa pnpm" in json.dumps(body["messages"], ensure_ascii=False)
    with Store(home / "data" / "store.db") as store:
        [task] = [t for t in TaskRepo(store).list() if t.judge.kind == "repo"]
        [call] = store.query("SELECT role, backend, model FROM model_calls")
    assert (call["role"], call["backend"], call["model"]) == ("reader", "openai", MODEL)
    assert task.intent == "add() in calc.py subtracts instead of adding; fix it"
    assert Check("command_avoided", "npm") in task.judge.checks
    [found] = task.meta["corrections"]
    assert (found["signal"], found["convention"]["kind"]) == ("model", "command_avoided")
    assert task.outcome == "corrected"


def test_without_the_reader_the_same_turn_is_read_from_the_actions_alone(home, fake, tmp_path, capsys):
    answering(fake, NPM_BANNED)
    report = run_json(mine(home, fake, tmp_path, read_turns=False), capsys)
    assert report["turns_asked"] == 0 and fake.model_requests() == []
    with Store(home / "data" / "store.db") as store:
        [task] = [t for t in TaskRepo(store).list() if t.judge.kind == "repo"]
    assert Check("command_avoided", "npm") not in task.judge.checks


@pytest.mark.parametrize("reply", [
    "I think the user is unhappy.",  # no JSON
    json.dumps({"label": "complaint", "convention": None}),  # a label outside the schema
])
def test_an_unusable_reply_is_counted_and_leaves_the_turn_to_the_actions(home, fake, tmp_path, capsys, reply):
    answering(fake, reply)
    report = run_json(mine(home, fake, tmp_path), capsys)
    assert (report["turns_asked"], report["turn_replies_invalid"]) == (1, 1)
    with Store(home / "data" / "store.db") as store:
        [task] = [t for t in TaskRepo(store).list() if t.judge.kind == "repo"]
    assert Check("command_avoided", "npm") not in task.judge.checks


def test_an_invalid_rule_is_dropped_and_the_correction_kept(home, fake, tmp_path, capsys):
    answering(fake, {"label": "correction", "convention": {"kind": "path_untouched", "value": "**"}})
    run_json(mine(home, fake, tmp_path), capsys)
    with Store(home / "data" / "store.db") as store:
        session = SessionRepo(store).get(SESSION)
        [task] = [t for t in TaskRepo(store).list() if t.judge.kind == "repo"]
    assert len(session.intents) == 1  # the turn stayed on its request
    assert not any(c.op == "path_untouched" for c in task.judge.checks)


def turns(n: int) -> list[UserTurnInContext]:
    return [UserTurnInContext(before=[Action("run", "npm ci")], user=f"hmm ({i})", after=[Action("say", "Okay.")]) for i in range(n)]


def test_a_run_started_again_pays_only_for_what_it_had_not_read_and_stops_at_its_bound(fake, tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    answering(fake, {"label": "question", "convention": None})
    backend = create_backend("openai", MODEL, {"base_url": fake.base_url, "retry_base_s": 0.01})
    with Store(tmp_path / "store.db") as store:
        first = ModelClassifier(CallRecorder(store, None), backend, max_calls=2)
        read = [read_turn(turn, first) for turn in turns(3)]
        assert (first.asked, first.calls, first.skipped) == (2, 2, 1)
        assert [r.source for r in read][:2] == ["model", "model"] and read[2].source != "model"
        # Started again with a higher bound: the two recorded turns are answered from the record.
        again = ModelClassifier(CallRecorder(store, None), backend, max_calls=2)
        assert [read_turn(turn, again).source for turn in turns(4)] == ["model"] * 4
        assert (again.asked, again.calls, again.skipped) == (4, 2, 0)
    assert len(fake.model_requests()) == 4


def test_the_pattern_never_decides_against_a_change_of_course(fake, tmp_path, monkeypatch):
    """Praise in the words, the edit reverted in the actions: a correction, whatever the words or
    the model say."""
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    answering(fake, {"label": "approval", "convention": None})
    backend = create_backend("openai", MODEL, {"base_url": fake.base_url, "retry_base_s": 0.01})
    praised = UserTurnInContext(before=[Action("edit", "src/generated/api.py")], user="Thanks, great work!",
                                after=[Action("run", "git checkout -- src/generated/api.py"), Action("run", "make gen")])
    with Store(tmp_path / "store.db") as store:
        reading = read_turn(praised, ModelClassifier(CallRecorder(store, None), backend))
    assert reading.label == "correction" and reading.source == "behaviour"
    assert reading.convention is not None and reading.convention.kind in ("generator_run", "path_untouched")
    assert reading.convention != Convention("other", "")


def test_the_estimate_counts_the_reading_of_unmined_sessions(home, fake, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run_json(mine(home, fake, tmp_path, read_turns=False), capsys)  # one session mined: the store has a task
    later = hinted_session(tmp_path / "calc", "8e4f3b21-6c5d-4a9f-b2e3-a4d5c6f7e809").write(tmp_path / "later")
    with Store(home / "data" / "store.db") as store:
        Ingestor(store).ingest_file(str(later), "claude-code")  # captured, not mined yet
    skill = tmp_path / "calc-fixer" / "SKILL.md"
    skill.parent.mkdir()
    skill.write_text("# Calc fixer\n\nFix calc bugs.\n")
    common = ["dry-run", "--estimate", "--skill", str(skill), "--teacher", f"openai:{MODEL}", "--student", f"openai:{MODEL}",
              "--set", f"teacher.base_url={fake.base_url}", "--set", f"student.base_url={fake.base_url}"]

    def reader_calls(*more: str) -> int:
        assert main([*common, *more]) == 0
        rows = [line.split() for line in capsys.readouterr().out.splitlines()]
        return next((int(row[1]) for row in rows if row and row[0] == "reader"), 0)

    assert reader_calls("--set", "mining.read_turns=true") == 1
    assert reader_calls("--set", "mining.read_turns=true", "--set", "mining.read_turns_max_calls=0") == 0
    assert reader_calls("--set", "mining.read_turns=false") == 0
    assert fake.model_requests() == []
