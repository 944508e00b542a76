"""Failures are not evidence: an OpenAI-compatible server (a real loopback HTTP server) that
answers HTTP 500 to a share of the candidate's replays mid-night makes the night "unverified:
errors" and exit non-zero; the next night, with the server healthy, accepts the same edit."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from skillopt_sleep.cli.main import main
from skillopt_sleep.cli.night import EXIT_REPLAY_ERRORS
from skillopt_sleep.night.gate.candidate import UNVERIFIED_ERRORS
from skillopt_sleep.records import Check, Judge, Task
from skillopt_sleep.store import Store
from tests.fakes import FakeOpenAI, server_error, text

SKILL = "---\nname: brief-writer\ndescription: Writes briefs\n---\n\n# Brief Writer\n\nWrite a short brief.\n"
SILENT_TEACHER = [{"match": "", "reply": json.dumps({"diagnosis": "n/a", "edits": []})}]


class FlakyStudent:
    """Writes the Key Risks section when its skill asks for it; while `outage` is on, every
    request under such a skill (the candidate's) for an odd-numbered topic gets HTTP 500."""

    def __init__(self) -> None:
        self.outage = True
        self.failed = 0

    def __call__(self, request):
        system = request.json["messages"][0]["content"]
        topic = int(re.search(r"topic (\d+)", request.text).group(1))
        if "Key Risks" not in system:
            return text("Answer without structure.")
        if self.outage and topic % 2:
            self.failed += 1
            return server_error(500)
        return text("Answer.\n\n## Key Risks\n- cost")


def write_night_files(root: Path, count: int = 12) -> Path:
    """A skill, `count` tasks in tasks.jsonl and a silent teacher's script (teacher.json) under
    `root`; returns the skill's path."""
    skill = root / "skills" / "brief-writer" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(SKILL)
    tasks = [Task(task_id=f"t{i:02d}", intent=f"Write a brief on topic {i}.",
                  judge=Judge(kind="rule", checks=[Check("section_present", "Key Risks")])) for i in range(count)]
    (root / "tasks.jsonl").write_text("".join(json.dumps(t.to_dict()) + "\n" for t in tasks))
    (root / "teacher.json").write_text(json.dumps(SILENT_TEACHER))
    return skill


@pytest.fixture
def night_files(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    return tmp_path, write_night_files(tmp_path)


def run_night(tmp_path, skill, base_url: str) -> int:
    return main(["run", "--json", "--skill", str(skill), "--store", str(tmp_path / "store.db"),
                 "--tasks-file", str(tmp_path / "tasks.jsonl"), "--student", "openai:fake-student", "--teacher", "scripted",
                 "--set", f"student.base_url={base_url}", "--set", "calls.max_retries=0",
                 "--set", f"scripted.script={tmp_path / 'teacher.json'}", "--set", f"staging.dir={tmp_path / 'staging'}",
                 "--set", "gate.max_error_share=0.1", "--set", "night.concurrency=2"])


def test_an_outage_mid_night_is_unverified_exits_non_zero_and_blacklists_nothing(night_files, capsys):
    tmp_path, skill = night_files
    student = FlakyStudent()
    with FakeOpenAI() as server:
        server.respond_with(student)
        code = run_night(tmp_path, skill, server.base_url)
        out, err = capsys.readouterr()
        report = json.loads(out)
        assert student.failed > 0
        assert code == EXIT_REPLAY_ERRORS
        assert report["status"] == "unverified" and report["proposal_id"] is None
        assert report["replay_errors"] == student.failed and report["replay_error_share"] > 0.1
        assert all(r["gate"]["reason"].startswith(UNVERIFIED_ERRORS) for r in report["rounds"] if r["gate"])
        [line] = [line for line in err.splitlines() if "unverified" in line]
        assert f"{student.failed} of {report['replays']} replays failed" in line and "gate.max_error_share 10%" in line
        with Store(tmp_path / "store.db") as store:
            assert store.query("SELECT * FROM rejected_edits") == []

        student.outage = False  # the server is healthy again
        code = run_night(tmp_path, skill, server.base_url)
        again = json.loads(capsys.readouterr().out)
    assert code == 0
    assert again["status"] == "accepted" and again["proposal_id"] and again["replay_errors"] == 0
    assert again["night_id"] != report["night_id"]
    # The very rule the outage left unjudged.
    assert {c["edit"]["text"] for c in again["kept_rules"]} <= {c["text"] for c in report["rounds"][0]["chosen"]}
