"""Tasks keep their follow-ups: the capture keeps every user turn after agent work on the intent it
follows, with its words and its place among the tool calls, and mining reads what it was. A
correction in words no pattern knows stays on its task with the work the agent did after it;
a session read in pieces is the session read whole; a session stored before follow-ups were
kept still loads and mines; and a session without a task says truly why."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skillopt_sleep.capture.ingest import Ingestor
from skillopt_sleep.capture.sessions import Session, SessionRepo
from skillopt_sleep.records import Check
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.corrections.requests import session_requests
from skillopt_sleep.tasks.mining import HeuristicMiner
from skillopt_sleep.tasks.repo.miner import mine_repo_task
from skillopt_sleep.tasks.taskstore import TaskRepo
from tests.repo_work import TEST, ClaudeTranscript, git_status_text, make_repo
from tests.test_repo_tasks import START, home  # noqa: F401  (the fixture)

SESSION = "0b7f5c1e-6a2d-4f0e-9c3b-2d1e8a4f6b70"


def fix_then(root: Path, turn: str, status: str = "") -> ClaudeTranscript:
    """A fix with no test, then `turn` from the user, then the agent adds a test and checks."""
    transcript = ClaudeTranscript(SESSION, str(root), "main", START)
    if status:
        transcript.git_status(status)
    return (transcript.say("add() in calc.py subtracts instead of adding; fix it")
            .tool("Edit", {"file_path": str(root / "calc.py"), "old_string": "a - b", "new_string": "a + b"}, "ok")
            .answer("Fixed add().")
            .say(turn)
            .tool("Write", {"file_path": str(root / "tests/test_calc.py"), "content": TEST}, "ok")
            .bash("make check", 0, "OK")
            .answer("Added a test; make check passes."))


def mined(home: Path, path: Path) -> tuple[Store, list]:
    store = Store(home / "store.db")
    Ingestor(store).ingest_file(str(path), "claude-code")
    HeuristicMiner(store, data_dir=home / "data").run()
    return store, [t for t in TaskRepo(store).list() if t.judge.kind == "repo"]


@pytest.mark.parametrize("turn", ["テストは？", "et le test, il est où", "Test fehlt."])
def test_a_correction_no_pattern_knows_stays_on_its_task_with_the_work_after_it(tmp_path, home, turn):
    root = tmp_path / "calc"
    make_repo(root)
    store, [task] = mined(home, fix_then(root, turn).write(tmp_path / "projects"))
    session = SessionRepo(store).get(SESSION)
    [intent] = session.intents
    [follow_up] = intent.follow_ups
    assert (follow_up.text, follow_up.at_tool_index, follow_up.answer) == (turn, 1, "Fixed add().")
    assert intent.answer == "Added a test; make check passes."
    # The task is the fix, with the test and the check the agent did after the turn.
    assert task.intent == "add() in calc.py subtracts instead of adding; fix it"
    assert task.repo.changed_files == ["calc.py", "tests/test_calc.py"]
    assert [(v.command, v.last_exit) for v in task.repo.verification] == [("make check", 0)]
    assert Check("test_added", None) in task.judge.checks and task.outcome == "corrected"
    [found] = task.meta["corrections"]
    assert (found["intent"], found["signal"]) == (0, "test_added")


def test_a_new_request_after_a_correction_is_its_own_and_takes_none_of_the_work_before(tmp_path, home):
    root = tmp_path / "calc"
    make_repo(root)
    transcript = (fix_then(root, "Test fehlt.")
                  .say("now add a subtract() function next to add()")
                  .tool("Edit", {"file_path": str(root / "calc.py"), "old_string": "+ b\n", "new_string": "+ b\n\n\ndef sub(a, b):\n    return a - b\n"}, "ok")
                  .answer("Added sub()."))
    store, [task] = mined(home, transcript.write(tmp_path / "projects"))
    first, second = [r.intent for r in session_requests(SessionRepo(store).get(SESSION))]
    assert (len(first.tools), len(first.follow_ups), first.answer) == (3, 1, "Added a test; make check passes.")
    assert (second.text, [t.name for t in second.tools], second.answer) == ("now add a subtract() function next to add()",
                                                                           ["Edit"], "Added sub().")
    assert task.intent == first.text and task.repo.changed_files == ["calc.py", "tests/test_calc.py"]


def test_a_passing_check_after_a_correction_gives_the_task_its_judge(tmp_path, home):
    """Before, the check run after an unread correction left with it, and the session lost its
    task "because it ran no check"."""
    root = tmp_path / "calc"
    make_repo(root)
    transcript = (ClaudeTranscript(SESSION, str(root), "main", START)
                  .say("add() in calc.py subtracts instead of adding; fix it")
                  .tool("Edit", {"file_path": str(root / "calc.py"), "old_string": "a - b", "new_string": "a + b"}, "ok")
                  .answer("Fixed add().")
                  .say("hast du das auch laufen lassen")
                  .bash("make check", 0, "OK")
                  .answer("Yes: make check passes."))
    _, [task] = mined(home, transcript.write(tmp_path / "projects"))
    assert [(v.command, v.last_exit) for v in task.repo.verification] == [("make check", 0)]


@pytest.mark.parametrize("steps,reason", [
    ([], "nothing to judge it by: it ran no check, and the user stated no rule"),
    ([("bash", "make check", 2)], "nothing to judge it by: no check it ran passed at last (`make check` exited 2), "
                                  "and the user stated no rule"),
    ([("say", "use the same style as the rest, please")],
     "nothing to judge it by: it ran no check, and the rules the user stated (use the same style as the rest, please) "
     "give no check of coding work"),
])
def test_a_session_without_a_task_says_truly_why(tmp_path, home, steps, reason):
    root = tmp_path / "calc"
    make_repo(root)
    transcript = (ClaudeTranscript(SESSION, str(root), "main", START)
                  .say("add() in calc.py subtracts instead of adding; fix it")
                  .tool("Edit", {"file_path": str(root / "calc.py"), "old_string": "a - b", "new_string": "a + b"}, "ok"))
    for kind, *args in steps:
        getattr(transcript, kind)(*args)
    transcript.answer("Done.")
    path = transcript.write(tmp_path / "projects")
    store = Store(home / "store.db")
    Ingestor(store).ingest_file(str(path), "claude-code")
    got = mine_repo_task(SessionRepo(store).get(SESSION), home / "data", trivial=lambda text: False)
    assert got.task is None and got.reason == reason


def lines_of(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines(keepends=True)


def test_a_session_read_in_pieces_is_the_session_read_whole(tmp_path):
    root = tmp_path / "calc"
    status = git_status_text("main", [" M calc.py", "?? notes.md"], "1a2b3c4d")
    transcript = (fix_then(root, "Test fehlt.", status)
                  .tool("Skill", {"skill": "release-notes"}, "loaded")
                  .say("[Request interrupted by user]")
                  .say("and the changelog, with the release-notes skill")
                  .tool("Skill", {"skill": "release-notes"}, "loaded")
                  .tool("Edit", {"file_path": str(root / "CHANGELOG.md"), "old_string": "", "new_string": "- fix add\n"}, "ok")
                  .answer("Changelog written."))
    whole = transcript.write(tmp_path / "whole")
    with Store(tmp_path / "fresh.db") as fresh:
        Ingestor(fresh).ingest_file(str(whole), "claude-code")
        expected = SessionRepo(fresh).get(SESSION).to_dict()
    assert (expected["git_status"], expected["git_commit"]) == ([" M calc.py", "?? notes.md"], "1a2b3c4")
    [intent] = expected["intents"]
    assert [(f["text"], f["at_tool_index"], f["interrupted"]) for f in intent["follow_ups"]] == [
        ("Test fehlt.", 1, False), ("and the changelog, with the release-notes skill", 4, True)]
    assert intent["skills"] == ["release-notes", "release-notes"]  # once before the last turn, once after
    lines = lines_of(whole)
    for cut in range(1, len(lines)):
        growing = tmp_path / f"cut{cut}" / whole.name
        growing.parent.mkdir()
        growing.write_bytes(b"".join(lines[:cut]))
        with Store(tmp_path / f"cut{cut}.db") as store:
            ingestor = Ingestor(store)
            ingestor.ingest_file(str(growing), "claude-code")
            growing.write_bytes(b"".join(lines))
            ingestor.ingest_file(str(growing), "claude-code")
            got = SessionRepo(store).get(SESSION).to_dict()
        assert {**got, "transcript_path": ""} == {**expected, "transcript_path": ""}, cut


OLD = {"id": "old", "agent": "claude-code", "cwd": "/w/shop", "intents": [
    {"text": "Install the dependencies", "at": "2026-01-05T10:00:00.000000Z", "answer": "Done: ran pnpm install.",
     "first_answer": "Installed them with npm install.", "tools": [{"name": "Bash", "summary": "npm install", "error": "",
                                                                   "call_id": "t1", "exit_code": 0}],
     "skills": [], "feedback": [{"kind": "correction", "rule": "use pnpm", "rules": [{"kind": "use", "value": "pnpm"}],
                                 "cue": "no"}], "interrupted": False},
    {"text": "Now add a lint script to package.json", "at": "2026-01-05T10:01:00.000000Z", "answer": "Added it.",
     "first_answer": "", "tools": [], "skills": [], "feedback": [], "interrupted": False}]}


def test_a_session_stored_before_follow_ups_loads_saves_the_same_and_mines_as_before():
    session = Session.from_dict(json.loads(json.dumps(OLD)))
    assert [i.follow_ups for i in session.intents] == [[], []]
    saved = session.to_dict()
    assert all("follow_ups" not in i for i in saved["intents"])  # unchanged, so not due for mining again
    first, second = [r.intent for r in session_requests(session)]
    assert first.outcome == "corrected" and [r.value for f in first.feedback for r in f.rules] == ["pnpm"]
    assert first.first_answer == "Installed them with npm install." and second.text == "Now add a lint script to package.json"
