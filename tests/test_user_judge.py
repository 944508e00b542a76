"""The judge is what the user asked for: a repo task mined from a session is verified by the check
the user named, and never by a command the user corrected away, even where the session ran it and
it passed."""

from __future__ import annotations

from pathlib import Path

from skillopt_sleep.cli import main
from skillopt_sleep.episode import Verification
from skillopt_sleep.records import Check
from skillopt_sleep.tasks.repo.verification import asked_for
from tests.repo_work import ClaudeTranscript, make_repo
from tests.test_follow_ups import SESSION, mined
from tests.test_repo_tasks import START, home  # noqa: F401  (the fixture)


def session(root: Path) -> ClaudeTranscript:
    return (ClaudeTranscript(SESSION, str(root), "main", START)
            .say("add() in calc.py subtracts instead of adding; fix it")
            .tool("Edit", {"file_path": str(root / "calc.py"), "old_string": "a - b", "new_string": "a + b"}, "ok"))


def test_the_check_the_user_named_judges_and_the_one_the_agent_chose_does_not(tmp_path, home):
    root = tmp_path / "calc"
    make_repo(root)
    transcript = (session(root).bash("python3 -m pytest -q", 0, "1 passed").answer("Fixed; the tests pass.")
                  .say("bei uns muss `make check` durchlaufen, pytest allein reicht nicht")
                  .bash("make check", 0, "OK").answer("make check passes."))
    _, [task] = mined(home, transcript.write(tmp_path / "projects"))
    assert [(v.command, v.last_exit) for v in task.repo.verification] == [("make check", 0)]
    assert Check("ran_before_finish", "make check") in task.judge.checks
    assert task.meta["checks_set_aside"] == [{"command": "python3 -m pytest -q", "why": "the user named `make check` as the check"}]


def test_a_command_the_user_corrected_away_never_judges(tmp_path, home, capsys):
    root = tmp_path / "shop"
    make_repo(root, files={"package.json": '{"name": "shop", "scripts": {"test": "node --test"}}\n', "index.js": "x\n"})
    transcript = (ClaudeTranscript(SESSION, str(root), "main", START)
                  .say("index.js should export the cart total; make it so")
                  .tool("Edit", {"file_path": str(root / "index.js"), "old_string": "x", "new_string": "module.exports = 1"}, "ok")
                  .bash("npm install && npm test", 0, "ok").answer("Done; npm test passes.")
                  .say("on n'utilise pas npm ici")
                  .bash("rm package-lock.json", 0).bash("pnpm install && pnpm test", 0, "ok").answer("Switched to pnpm."))
    _, [task] = mined(home, transcript.write(tmp_path / "projects"))
    assert [v.command for v in task.repo.verification] == ["pnpm test"]
    assert Check("command_avoided", "npm") in task.judge.checks
    assert task.meta["checks_set_aside"] == [{"command": "npm test", "why": "the user corrected `npm` away"}]
    assert main(["tasks", "show", task.task_id, "--store", str(home / "store.db")]) == 0
    assert "Not its judge: `npm test` (the user corrected `npm` away)" in capsys.readouterr().out


def test_what_the_user_asked_for_reads_commands_as_whole_words():
    ran = [Verification("npm test", 0), Verification("pnpm test", 0), Verification("cd api && make check", 0),
           Verification("pytest -q", 0)]
    kept, aside = asked_for(ran, [Check("command_avoided", "npm"), Check("ran_before_finish", "make check")])
    assert [v.command for v in kept] == ["cd api && make check"]
    assert [(a.command, a.why.split()[-1]) for a in aside] == [("npm test", "away"), ("pnpm test", "check"), ("pytest -q", "check")]
    # Without a named check, every check the session ran that nobody corrected away judges.
    kept, _ = asked_for(ran, [Check("command_avoided", "npm")])
    assert [v.command for v in kept] == ["pnpm test", "cd api && make check", "pytest -q"]
