"""The documents a newcomer reads: the README's first screen, the commands it and the usage page
print (each parsed by the real CLI, the read-only ones run on an empty store), and the
configuration reference, which must be the one the schema writes today."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from skillopt_sleep.cli import main
from skillopt_sleep.cli.main import build_parser
from tests.script_kit import load_script

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
USAGE = ROOT / "docs" / "usage.md"
READ_ONLY = {"status", "rules", "skills", "config", "tasks"}  # review needs a proposal: it says so and exits 2


def shell_lines(path: Path) -> list[str]:
    text = path.read_text()
    lines = []
    for block in re.findall(r"```bash\n(.*?)```", text, flags=re.S):
        for line in block.splitlines():
            command = line.split("  #", 1)[0].strip()
            if command:
                lines.append(command)
    return lines


def invocations(line: str) -> list[list[str]]:
    """Each `skillopt-sleep ...` a documented line runs: `a && b` is two, `x | y | z` are
    alternatives of one verb, `[X]` is optional (dropped) and `...` stands for the options above."""
    found = []
    for part in line.split("&&"):
        words = shlex.split(part.replace("[", "").replace("]", ""))
        if not words or words[0] != "skillopt-sleep":
            continue
        verb, rest = words[1], " ".join(words[2:])
        for alternative in rest.split(" | ") if " | " in rest else [rest]:
            args = [w for w in shlex.split(alternative) if w != "..."]
            args = ["t1" if a == "ID" else "tasks.jsonl" if a == "FILE" else a for a in args]
            args = [a for a in args if a not in ("SKILL",)]
            found.append([verb, *args])
    return found


def test_readme_opens_with_the_two_commands_and_fits_a_screen():
    lines = README.read_text().splitlines()
    assert lines[3].startswith("bash scripts/demo.sh") and lines[4].startswith("bash scripts/test.sh")
    assert len(lines) <= 65, "the README's first screen grew: move detail to docs/"
    for link in re.findall(r"\]\(([^)#]+)\)", README.read_text()):
        assert (ROOT / link).exists(), f"README links to {link}, which does not exist"


def test_configuration_reference_is_current():
    documented = (ROOT / "docs" / "configuration.md").read_text()
    assert documented == load_script("configdoc").reference_markdown(), (
        "docs/configuration.md is stale: python scripts/configdoc.py > docs/configuration.md")


def documented_invocations() -> list[list[str]]:
    found = [argv for path in (README, USAGE) for line in shell_lines(path) for argv in invocations(line)]
    assert len(found) >= 15  # the parser below must see the documents' commands, not nothing
    return found


@pytest.mark.parametrize("argv", documented_invocations(), ids=lambda argv: " ".join(argv))
def test_every_documented_command_parses(argv):
    build_parser().parse_args(argv)  # an unknown verb or option exits 2 here


def test_read_only_documented_commands_run_on_an_empty_store(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    ran = 0
    for argv in documented_invocations():
        if argv[0] in READ_ONLY and not (argv[0] == "tasks" and argv[1:2] != ["list"]):
            assert main(argv) == 0, f"`skillopt-sleep {' '.join(argv)}` failed: {capsys.readouterr().err}"
            ran += 1
    assert ran >= 5
