"""The demo with scripted models: it says how long it will take, shows progress, adopts nothing
unless asked, and every command it prints at the end runs as printed."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from skillopt_sleep.cli import main
from skillopt_sleep.paths import HOME_ENV

INSTALLED = Path(sys.executable).parent / "skillopt-sleep"  # the console script of this environment

STRUCTURED = "A brief.\n\n## Key Risks\n- cost\n\nConfidence: high"
RULES = [
    # The student follows its skill literally: the structure only when the skill asks for it.
    {"match": r"(?s)You are a capable assistant.*<skill>.*Key Risks.*</skill>", "reply": STRUCTURED},
    {"match": r"You are a capable assistant", "reply": "A brief without structure."},
    {"match": "", "reply": json.dumps({"diagnosis": "n/a", "edits": []})},  # the teacher: the checks' own rules suffice
]


def printed_commands(out: str) -> list[str]:
    """Every command the output names (each starts with the data folder the run used), after
    checking that no line names the program any other way."""
    marker = f"{HOME_ENV}="
    for line in out.splitlines():
        if "skillopt-sleep " in line or "-m skillopt_sleep" in line:
            assert marker in line, f"a command that may not run where the user is: {line!r}"
    return [line[line.index(marker):].strip() for line in out.splitlines() if marker in line]


def run_printed(line: str) -> int:
    """The printed command, run in this process (its program checked to be this installation's)."""
    words = shlex.split(line)
    assignment = f"{HOME_ENV}={os.environ[HOME_ENV]}"
    assert words[0] == assignment  # the same data folder as the demo used
    assert Path(shutil.which(words[1]) or "").resolve() == INSTALLED.resolve()
    return main(words[2:])


def run_demo(tmp_path, monkeypatch, *extra: str) -> tuple[int, Path]:
    """The demo with scripted models; (exit code, its work folder)."""
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps(RULES))
    workdir = tmp_path / "demo"
    code = main(["demo", *extra, "--workdir", str(workdir), "--student", "scripted", "--teacher", "scripted",
                 "--set", f"scripted.script={rules}"])
    return code, workdir


def test_the_demo_says_how_long_adopts_nothing_and_prints_commands_that_run(tmp_path, monkeypatch, capsys):
    code, workdir = run_demo(tmp_path, monkeypatch)
    captured = capsys.readouterr()
    assert code == 0, captured.err
    out = captured.out
    assert "night(s), each at most 0:00:" in out  # up front, before the night
    assert out.index("each at most") < out.index("=== night 1 of 1 ===")
    # progress, as plain lines off a terminal: the stage as it starts, then as it ends
    assert "replay starts (0/" in captured.err and "replay 12/12, elapsed" in captured.err
    skill = workdir / "brief-writer" / "SKILL.md"
    assert "Key Risks" not in skill.read_text()  # nothing adopted on the user's behalf
    assert "unchanged: nothing is adopted without --adopt" in out

    commands = printed_commands(out)
    kinds = [shlex.split(c)[2] for c in commands]
    assert kinds == ["review", "adopt", "revert", "run", "mine"]
    review, adopt, revert, own_night, mine_help = commands
    assert run_printed(review) == 0 and "Key Risks" in capsys.readouterr().out
    assert run_printed(adopt) == 0
    assert "Key Risks" in skill.read_text()
    assert run_printed(revert) == 0
    assert "Key Risks" not in skill.read_text()
    capsys.readouterr()
    assert run_printed(own_night) == 0
    assert "night " in capsys.readouterr().out
    try:
        run_printed(mine_help)
    except SystemExit as done:  # argparse's --help
        assert done.code == 0
    assert "usage:" in capsys.readouterr().out


def test_with_adopt_the_demo_adopts_and_offers_the_undo(tmp_path, monkeypatch, capsys):
    code, workdir = run_demo(tmp_path, monkeypatch, "--adopt")
    assert code == 0
    out = capsys.readouterr().out
    skill = workdir / "brief-writer" / "SKILL.md"
    assert "Key Risks" in skill.read_text()
    kinds = [shlex.split(c)[2] for c in printed_commands(out)]
    assert kinds[:2] == ["review", "revert"]
    assert run_printed(printed_commands(out)[1]) == 0
    assert "Key Risks" not in skill.read_text()


def test_the_printed_commands_run_in_a_shell_where_the_environment_is_not_activated(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PATH", "/usr/bin:/bin")  # as after scripts/demo.sh: .venv/bin is not on PATH
    code, workdir = run_demo(tmp_path, monkeypatch)
    assert code == 0
    review = printed_commands(capsys.readouterr().out)[0]
    assert shlex.split(review)[1] == str(INSTALLED.absolute())
    shell = subprocess.run(["bash", "-c", review], capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"})
    assert shell.returncode == 0, shell.stderr
    assert "Key Risks" in shell.stdout


def test_where_the_shell_finds_the_command_it_is_printed_by_name(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PATH", f"{INSTALLED.parent}{os.pathsep}/usr/bin:/bin")  # an activated environment
    code, _ = run_demo(tmp_path, monkeypatch)
    assert code == 0
    assert all(shlex.split(line)[1] == "skillopt-sleep" for line in printed_commands(capsys.readouterr().out))
