"""What a plugin-only user reads: hints name the actions of `/skillopt-sleep` when the engine
runs behind it, a first ingest calls new files new, the SessionStart notice reaches the user as
well as the model, an unknown backend is reported with the flag as typed, and the rules ledger
is an action of its own."""

from __future__ import annotations

import json
import subprocess
import sys

from skillopt_sleep.capture.ingest import run_ingest
from skillopt_sleep.cli import main
from skillopt_sleep.cli.surface import slash_wording
from skillopt_sleep.proposals.pending_notice import hook_output
from skillopt_sleep.records import Edit
from skillopt_sleep.proposals import ledger
from skillopt_sleep.store import Store
from tests.capture_kit import capture, claude_assistant, claude_user, jsonl, write
from tests.test_plugin import COMMAND, plugin_env, run


def test_hints_name_slash_actions_only_where_the_slash_command_has_them():
    text = ("run `skillopt-sleep ingest` and `skillopt-sleep mine`; Undo with: skillopt-sleep revert p1; "
            "skillopt-sleep: error: x; skillopt-sleep demo; /skillopt-sleep review; skillopt-sleep tasks import F")
    assert slash_wording(text) == (
        "run `/skillopt-sleep ingest` and `/skillopt-sleep mine`; Undo with: /skillopt-sleep revert p1; "
        "skillopt-sleep: error: x; skillopt-sleep demo; /skillopt-sleep review; /skillopt-sleep tasks import F")


def test_the_slash_runner_words_the_engines_hints_as_slash_actions(tmp_path):
    skill = write(tmp_path / "SKILL.md", b"---\nname: s\ndescription: d\n---\nWrite.\n")
    env = plugin_env(tmp_path, SKILLOPT_SLEEP_PYTHON=sys.executable)
    through_slash = run([str(COMMAND), "run", "--skill", str(skill)], env, cwd=tmp_path)
    assert through_slash.returncode != 0
    assert "`/skillopt-sleep ingest`" in through_slash.stderr and "`/skillopt-sleep mine`" in through_slash.stderr
    direct = subprocess.run([sys.executable, "-m", "skillopt_sleep.cli.main", "run", "--skill", str(skill)], env=env,
                            cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert "`skillopt-sleep ingest`" in direct.stderr and "/skillopt-sleep" not in direct.stderr


def test_a_first_ingest_reports_files_it_never_read_as_new(tmp_path):
    with Store(tmp_path / "store.db") as store:
        for name in ("a", "b"):
            path = write(tmp_path / f"{name}.jsonl", jsonl([claude_user(f"Write notes {name}"), claude_assistant("Done.")]))
            capture(store, "claude-code", path)
            capture(store, "claude-code", path)  # Stop and SessionEnd both record a session
        first = run_ingest(store, tmp_path / "data")
        again = run_ingest(store, tmp_path / "data")
    assert (first.files, first.new, first.unchanged) == (2, 2, 0)
    assert first.render().startswith("transcripts read: 2 (2 new, 0 grown;") and "unchanged: 0" in first.render()
    assert (again.files, again.unchanged) == (0, 2)


def test_the_session_start_notice_is_shown_to_the_user_and_given_to_the_model():
    output = json.loads(hook_output("skillopt-sleep: 1 proposal pending"))
    assert output["systemMessage"] == output["hookSpecificOutput"]["additionalContext"] == "skillopt-sleep: 1 proposal pending"
    assert output["hookSpecificOutput"]["hookEventName"] == "SessionStart"


def test_an_unknown_backend_is_reported_with_the_flag_the_user_typed(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "SKILL.md", b"---\nname: s\ndescription: d\n---\nWrite.\n")
    assert main(["dry-run", "--student", "bogus:tiny", "--skill", "SKILL.md"]) != 0
    error = capsys.readouterr().err
    assert "flag --student bogus:tiny" in error and "--set" not in error


def test_rules_lists_the_ledger_of_the_given_skill(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    skill = write(tmp_path / "SKILL.md", b"---\nname: s\n---\n")
    with Store(tmp_path / "data" / "store.db") as store:
        ledger.record(store, "SKILL.md", "n1", Edit(op="add", text="Always add a Key Risks section."), "proposed",
                      effect=0.25)
        ledger.record(store, str(tmp_path / "OTHER.md"), "n1", Edit(op="add", text="Other skill's rule."), "proposed")
    assert main(["rules", "--skill", str(skill), "--store", str(tmp_path / "data" / "store.db")]) == 0
    out = capsys.readouterr().out
    assert "[proposed] effect +0.250  Always add a Key Risks section." in out and "Other skill" not in out
    assert main(["rules", "--all-skills", "--json", "--store", str(tmp_path / "data" / "store.db")]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 2
