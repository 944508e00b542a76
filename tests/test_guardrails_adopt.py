"""A guardrail is gated like any edit once staged: review shows it in the agent's own syntax,
`adopt` writes it into the project's files with a backup (after the safety screen reads the rules
it states), and `revert` puts every file back byte for byte, a file it made removed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skillopt_sleep.errors import StagingError
from skillopt_sleep.guardrails import finish_guard
from skillopt_sleep.guardrails.forms import COMMAND, FINISH_CHECK, PATH, Guardrail
from skillopt_sleep.guardrails.gate import BLOCKS_WORK, KEPT
from skillopt_sleep.guardrails.install import codex_guard_command
from skillopt_sleep.night.report.write import guardrail_files, render_guardrails
from skillopt_sleep.proposals.adopt import adopt
from skillopt_sleep.proposals.layout import DIFF
from skillopt_sleep.proposals.revert import revert
from skillopt_sleep.proposals.stage import StagedFile, stage_night
from skillopt_sleep.store import Store

SKILL = "---\nname: web\ndescription: Works on the web app\n---\n\n# Web\n\nKeep changes small.\n"
USER_SETTINGS = b'{\n\t"permissions": {"allow": ["Bash(make:*)"]},\n\t"model": "sonnet"\n}'  # the user's own bytes


def verdict(rail: Guardrail, check: str, project: Path, fate: str = KEPT) -> dict:
    from skillopt_sleep.guardrails.gate import GuardrailVerdict

    found = GuardrailVerdict(rail, check, fate, (4, 1, 4), (4, 4, 4))
    return {**found.to_dict(), "project": str(project), "agents": ["claude-code", "codex"]}


@pytest.fixture
def world(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    project = tmp_path / "web"
    skill = project / ".claude" / "skills" / "web" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(SKILL)
    (project / ".claude" / "settings.local.json").write_bytes(USER_SETTINGS)
    with Store(tmp_path / "store.db") as store:
        store.insert("nights", {"id": "n1", "skill_path": str(skill), "status": "finished", "seed": 1,
                                "config_json": "{}", "started_at": "2025-01-01T03:30:00.000000Z"})
        yield tmp_path, project, skill, store


def stage(world, verdicts: list[dict]) -> Path:
    tmp_path, _, skill, store = world
    rule = SKILL + "\n- Do not run `npm` in this repository; use pnpm.\n"
    files = [StagedFile("skill", skill, SKILL, rule)] + guardrail_files(verdicts)
    return stage_night(store, tmp_path / "staging", "n1", files, {"guardrails": verdicts}, "# Night\n", accepted=True).stage_dir


def test_adopt_writes_the_kept_guardrails_and_revert_restores_every_byte(world):
    tmp_path, project, skill, store = world
    kept = [verdict(Guardrail(COMMAND, "npm", "pnpm"), "command_avoided 'npm'", project),
            verdict(Guardrail(FINISH_CHECK, "pnpm test"), "ran_before_finish 'pnpm test'", project)]
    dropped = verdict(Guardrail(PATH, "src/**"), "path_untouched 'src/**'", project, BLOCKS_WORK)
    stage_dir = stage(world, kept + [dropped])
    diff = (stage_dir / DIFF).read_text()
    assert '"Bash(npm:*)"' in diff and 'prefix_rule(pattern=["npm"], decision="forbidden", justification="Use pnpm instead of npm")' in diff
    assert "src/**" not in diff  # the guardrail that blocked needed work is not proposed
    shown = "\n".join(render_guardrails(kept + [dropped]))
    assert "`Bash(npm:*)`" in shown and "convention 1/4 -> 4/4" in shown and BLOCKS_WORK in shown

    adopt(store, "p-n1", backups_root=tmp_path / "backups")
    settings = json.loads((project / ".claude" / "settings.local.json").read_text())
    assert settings["permissions"] == {"allow": ["Bash(make:*)"], "deny": ["Bash(npm:*)"]} and settings["model"] == "sonnet"
    assert json.loads((project / finish_guard.DATA).read_text()) == {"checks": ["pnpm test"]}
    assert "forbidden" in (project / ".codex" / "rules" / "skillopt-sleep.rules").read_text()
    assert json.loads((project / finish_guard.CODEX_DATA).read_text()) == {"checks": ["pnpm test"]}
    [stop] = json.loads((project / ".codex" / "hooks.json").read_text())["hooks"]["Stop"]
    assert stop["hooks"][0]["command"] == codex_guard_command()

    revert(store, "p-n1")
    assert (project / ".claude" / "settings.local.json").read_bytes() == USER_SETTINGS
    assert not (project / finish_guard.DATA).exists() and not (project / ".codex" / "rules" / "skillopt-sleep.rules").exists()
    assert not (project / finish_guard.CODEX_DATA).exists() and not (project / ".codex" / "hooks.json").exists()
    assert skill.read_text() == SKILL


def test_the_safety_screen_reads_the_rule_a_guardrail_states_and_stops_an_unsafe_one(world):
    tmp_path, project, skill, store = world
    fetching = verdict(Guardrail(COMMAND, "npm", "chmod 777 ."), "command_avoided 'npm'", project)
    stage(world, [fetching])
    with pytest.raises(StagingError, match="safety screen stops"):
        adopt(store, "p-n1", backups_root=tmp_path / "backups")
    assert (project / ".claude" / "settings.local.json").read_bytes() == USER_SETTINGS and skill.read_text() == SKILL


def test_a_settings_file_guardrails_cannot_read_is_a_clear_error_and_stays(world):
    _, project, _, _ = world
    (project / ".claude" / "settings.local.json").write_text("{broken")
    with pytest.raises(StagingError, match="not valid JSON"):
        guardrail_files([verdict(Guardrail(COMMAND, "npm"), "command_avoided 'npm'", project)])
    assert (project / ".claude" / "settings.local.json").read_text() == "{broken"


def test_review_of_a_staged_night_shows_each_guardrail_in_each_agents_syntax_with_its_evidence(world, capsys):
    """Through the commands a user runs: `review` shows the diff of every file in the agent's own
    syntax and the report's evidence, `adopt` writes them, `revert` restores the user's bytes."""
    from skillopt_sleep.cli import main

    tmp_path, project, skill, store = world
    rules_file = project / ".codex" / "rules" / "skillopt-sleep.rules"
    rules_file.parent.mkdir(parents=True)
    user_rules = b'prefix_rule(pattern=["rm", "-rf"], decision="forbidden")\r\n# mine, no newline at the end'
    rules_file.write_bytes(user_rules)
    hooks_file = project / ".codex" / "hooks.json"
    user_hooks = b'{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "notify-me"}]}]}}'
    hooks_file.write_bytes(user_hooks)
    kept = [verdict(Guardrail(COMMAND, "npm", "pnpm"), "command_avoided 'npm'", project),
            verdict(Guardrail(FINISH_CHECK, "pnpm test"), "ran_before_finish 'pnpm test'", project)]
    files = [StagedFile("skill", skill, SKILL, SKILL + "\n- Use pnpm, never npm.\n")] + guardrail_files(kept)
    report_md = "\n".join(render_guardrails(kept))  # the night's report section, as the night writes it
    stage_night(store, tmp_path / "staging", "n1", files, {"guardrails": kept}, report_md, accepted=True)
    capsys.readouterr()

    assert main(["review", "p-n1", "--store", str(tmp_path / "store.db")]) == 0
    shown = capsys.readouterr().out
    for path in (project / ".claude" / "settings.local.json", project / finish_guard.DATA, rules_file, hooks_file,
                 project / finish_guard.CODEX_DATA):
        assert f"guardrail  {path}" in shown
    assert '+      "Bash(npm:*)"' in shown and '+    "pnpm test"' in shown
    assert '+prefix_rule(pattern=["npm"], decision="forbidden", justification="Use pnpm instead of npm")' in shown
    assert "Use pnpm instead of npm (command_avoided 'npm'): convention 1/4 -> 4/4, outcome 4/4 -> 4/4; kept" in shown
    assert "Claude Code `permissions.deny`: `Bash(npm:*)`" in shown and "finish guard checks: `pnpm test`" in shown
    assert f'+            "command": {json.dumps(codex_guard_command())},' in shown  # Codex's own hooks.json syntax
    assert ("Codex finish guard (a Stop hook in `.codex/hooks.json`, run once you trust it in Codex's `/hooks`) "
            "checks: `pnpm test`") in shown

    assert main(["adopt", "p-n1", "--store", str(tmp_path / "store.db")]) == 0
    assert rules_file.read_bytes().startswith(user_rules) and b'"npm"' in rules_file.read_bytes()
    assert main(["revert", "p-n1", "--store", str(tmp_path / "store.db")]) == 0
    assert rules_file.read_bytes() == user_rules and hooks_file.read_bytes() == user_hooks
    assert (project / ".claude" / "settings.local.json").read_bytes() == USER_SETTINGS
    assert not (project / finish_guard.DATA).exists() and skill.read_text() == SKILL
