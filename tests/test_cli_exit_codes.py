"""Every exit status `run --help` documents is what the process returns, on the one-skill path
(--skill with a tasks file) and on the per-skill path (one night per skill the recorded sessions
used), driving the real CLI against a loopback OpenAI-compatible server and the scripted teacher.
A bad argument is said before any ingest or store."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest

from skillopt_sleep.cli.main import main
from skillopt_sleep.store import Store
from skillopt_sleep.cli.night import EXIT_HELD, EXIT_REPLAY_ERRORS, EXIT_STATUS, EXIT_UNVERIFIED
from skillopt_sleep.errors import BudgetExceeded, NightLockedError, SkilloptError
from tests.fakes import FakeOpenAI, server_error, text
from tests.test_night_outage import FlakyStudent, write_night_files
from tests.test_skill_nights import RULE, world  # noqa: F401 - world is a fixture

DOCUMENTED = [0, SkilloptError.exit_code, BudgetExceeded.exit_code, NightLockedError.exit_code, EXIT_REPLAY_ERRORS,
              EXIT_UNVERIFIED, EXIT_HELD]


@contextmanager
def held_by_another_process(skill: Path) -> Iterator[None]:
    """Another process holds the night lock of `skill` until the block ends."""
    code = ("import sys; from skillopt_sleep.night.runlock import skill_lock\n"
            "with skill_lock(sys.argv[1]):\n    print('held', flush=True); sys.stdin.read()")
    holder = subprocess.Popen([sys.executable, "-c", code, str(skill)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])})
    try:
        assert holder.stdout.readline().strip() == "held"
        yield
    finally:
        holder.communicate("", timeout=30)


def test_the_help_documents_the_codes_tested_here():
    assert [int(line.split()[0]) for line in EXIT_STATUS.splitlines() if line[:3].strip().isdigit()] == DOCUMENTED


# -- one skill, a tasks file -----------------------------------------------------------------

@pytest.fixture
def one_skill(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.chdir(tmp_path)
    return tmp_path, write_night_files(tmp_path)


def one_skill_night(tmp_path: Path, skill: Path, server: FakeOpenAI, *extra: str) -> int:
    return main(["run", "--json", "--skill", str(skill), "--store", str(tmp_path / "store.db"),
                 "--tasks-file", str(tmp_path / "tasks.jsonl"), "--student", "openai:fake-student", "--teacher", "scripted",
                 "--set", f"student.base_url={server.base_url}", "--set", "calls.max_retries=0",
                 "--set", f"scripted.script={tmp_path / 'teacher.json'}", "--set", f"staging.dir={tmp_path / 'staging'}",
                 "--set", "gate.max_error_share=0.1", "--set", "night.concurrency=2", *extra])


def test_one_skill_exit_codes(one_skill, capsys):
    tmp_path, skill = one_skill
    student = FlakyStudent()
    with FakeOpenAI() as server:
        server.respond_with(student)
        assert one_skill_night(tmp_path, skill, server) == EXIT_REPLAY_ERRORS
        report = json.loads(capsys.readouterr().out)
        assert report["status"] == "unverified"
        assert {o["fate"] for r in report["rounds"] for o in r["outcomes"]} == {"unverified"}

        student.outage = False
        assert one_skill_night(tmp_path, skill, server, "--set", "budget.max_calls=3") == BudgetExceeded.exit_code
        assert json.loads(capsys.readouterr().out)["status"] == "budget-stopped"

        with held_by_another_process(skill):
            assert one_skill_night(tmp_path, skill, server) == NightLockedError.exit_code
        assert "another night is running" in capsys.readouterr().err

        assert one_skill_night(tmp_path, skill, server) == 0
        assert json.loads(capsys.readouterr().out)["status"] == "accepted"

        assert one_skill_night(tmp_path, skill, server, "--set", "night.rounds=0") == SkilloptError.exit_code
        assert "night.rounds" in capsys.readouterr().err


def test_a_partial_outage_below_the_error_threshold_is_unverified_with_its_own_code(one_skill, capsys):
    tmp_path, skill = one_skill
    student = FlakyStudent()
    with FakeOpenAI() as server:
        server.respond_with(student)
        # Some held-out replays fail, fewer than gate.max_error_share: no error exit, yet nothing was judged.
        assert one_skill_night(tmp_path, skill, server, "--set", "gate.max_error_share=0.9") == EXIT_UNVERIFIED
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert report["status"] == "unverified" and report["proposal_id"] is None and 0 < student.failed
    assert report["replay_error_share"] <= 0.9
    [line] = err.splitlines()
    assert line.startswith(f"skillopt-sleep: night {report['night_id']} is unverified: unverified: errors: ")
    assert "held-out replay(s) failed" in line
    with Store(tmp_path / "store.db") as store:
        assert store.query("SELECT * FROM rejected_edits") == []  # the outage blacklisted no edit
    # `status` says why, for whoever reads the scheduled run's result later.
    assert main(["status", "--store", str(tmp_path / "store.db")]) == 0
    shown = capsys.readouterr().out
    assert "Unverified nights" in shown
    assert f"  {report['night_id']}: unverified: errors: " in shown and f"of {report['replays']} replays failed" in shown


# -- arguments are checked before any work -------------------------------------------------------

VERBS = [["run"], ["dry-run"], ["dry-run", "--estimate"], ["ingest"], ["mine"], ["harvest"], ["status"], ["review"],
         ["adopt"], ["revert"], ["rules"], ["skills"], ["tasks", "list"], ["demo"]]


@pytest.mark.parametrize("verb", VERBS, ids=" ".join)
@pytest.mark.parametrize("bad", ["skill", "project", "tasks-file", "memory"])
def test_a_missing_file_is_an_error_before_any_store_exists(tmp_path, monkeypatch, capsys, verb, bad):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    missing = tmp_path / "nowhere" / ("CLAUDE.md" if bad == "memory" else "SKILL.md")
    store = tmp_path / "store.db"
    if verb == ["harvest"] and bad == "project":
        # harvest's --project picks recorded sessions by their folder, which may be gone since.
        assert main([*verb, f"--{bad}", str(missing), "--store", str(store)]) == 0
        return
    assert main([*verb, f"--{bad}", str(missing), "--store", str(store)]) == SkilloptError.exit_code
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(missing) in err and err.startswith("skillopt-sleep: error: ")
    assert not store.exists() and not (tmp_path / "home").exists()


def test_a_configured_skill_that_is_gone_stops_a_night_before_ingest(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".skillopt-sleep.yaml").write_text(f"skill: {tmp_path / 'gone' / 'SKILL.md'}\n")
    assert main(["run", "--store", str(tmp_path / "store.db")]) == SkilloptError.exit_code
    assert "does not exist" in capsys.readouterr().err
    assert not (tmp_path / "store.db").exists()


# -- one night per skill the sessions used --------------------------------------------------------

class RuleStudent:
    """Short answers when its skill asks for them; while `outage` is on, every other request under
    such a skill (the candidate's) gets HTTP 500."""

    def __init__(self) -> None:
        self.outage = False
        self.count = itertools.count()
        self.lock = threading.Lock()

    def __call__(self, request):
        if "at most 5 lines" not in request.system:
            return text("\n".join(f"line {i}: " + "a long sentence that repeats itself " * 2 for i in range(12)))
        with self.lock:
            odd = next(self.count) % 2
        return server_error(500) if self.outage and odd else text("# Notes\n- one\n- two")


def skill_nights(tmp_path: Path, server: FakeOpenAI, *extra: str) -> int:
    teacher = tmp_path / "teacher.json"
    teacher.write_text(json.dumps([{"match": "", "reply": json.dumps(
        {"diagnosis": "answers run long", "edits": [{"op": "add", "text": RULE, "rationale": "the user asks for short"}]})}]))
    return main(["run", "--json", "--student", "openai:fake-student", "--teacher", "scripted",
                 "--set", f"student.base_url={server.base_url}", "--set", "calls.max_retries=0",
                 "--set", f"scripted.script={teacher}", "--set", f"staging.dir={tmp_path / 'staging'}",
                 "--set", "night.rounds=1", "--set", "memory.recall_k=0", "--set", "night.concurrency=2", *extra])


def test_per_skill_exit_codes(world, tmp_path, monkeypatch, capsys):
    home, project, release, docs = world
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    assert main(["harvest", "--json"]) == 0
    capsys.readouterr()
    student = RuleStudent()
    with FakeOpenAI() as server:
        server.respond_with(student)
        student.outage = True
        assert skill_nights(tmp_path, server, "--set", "gate.max_error_share=0.1") == EXIT_REPLAY_ERRORS
        out, err = capsys.readouterr()
        assert {n["status"] for n in json.loads(out)["nights"]} == {"unverified"} and "is unverified" in err

        student.outage = False
        assert skill_nights(tmp_path, server, "--set", "budget.max_calls=2") == BudgetExceeded.exit_code
        assert {n["status"] for n in json.loads(capsys.readouterr().out)["nights"]} == {"budget-stopped"}

        with held_by_another_process(release):
            assert skill_nights(tmp_path, server) == NightLockedError.exit_code
        nights = json.loads(capsys.readouterr().out)
        assert [Path(n["skill_path"]) for n in nights["nights"]] == [docs]  # the other skill still ran

        text_before = release.read_text()
        release.write_text("")  # that skill's night fails on its empty file; the other one runs
        assert skill_nights(tmp_path, server) == SkilloptError.exit_code
        assert "night failed" in capsys.readouterr().err
        release.write_text(text_before)

        assert skill_nights(tmp_path, server) == 0
        assert {n["status"] for n in json.loads(capsys.readouterr().out)["nights"]} == {"accepted"}


def test_per_skill_without_tasks_is_an_error(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    monkeypatch.chdir(tmp_path)
    assert main(["run", "--all-skills", "--student", "scripted", "--teacher", "scripted"]) == SkilloptError.exit_code
    assert "no skill has tasks to replay" in capsys.readouterr().err
