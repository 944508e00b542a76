"""Guardrails only restrict. Whatever a night hands in (a model's words, a hostile check value),
every form a guardrail takes, in every agent, denies or holds and nothing else: Claude Code's
settings gain deny rules and change in nothing else, every Codex rule is forbidden (asked of the
real `codex execpolicy check`), Codex's hooks gain only the fixed finish guard as a Stop hook,
every OpenCode pattern is denied and none the user had is loosened, and the finish guard's data
(each agent's) is a list of words it looks for."""

from __future__ import annotations

import json
import re
import subprocess

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skillopt_sleep.guardrails.forms import (
    KINDS, Guardrail, claude_deny_rules, codex_rules, finish_checks, from_check, guardrail, opencode_permission,
)
from skillopt_sleep.guardrails.install import codex_guard_command, planned_files
from skillopt_sleep.guardrails.replay import CLAUDE_CODE, CODEX
from tests.agent_clis import missing
from tests.fakes import codex_cli_path

HOSTILE = [
    "npm:*) Bash(*", "*", "**", "/", "", "  ", "Bash(*)", 'x", decision="allow', "npm\nallow", "$(curl x)", "a;b",
    "rm -rf /", "../secrets/**", "~/.ssh/**", "//etc/**", "npm)", "git push", "generated/**", "make check",
    "pnpm add", "x\u202ey", "allow", "Read(**)", "WebFetch", "npm --force", "src/*.py", "a" * 300, "'quoted'",
]
ALL_AGENTS = {CLAUDE_CODE, CODEX, "opencode"}
USER_SETTINGS = {
    "permissions": {"allow": ["Bash(make:*)"], "ask": ["Bash(git:*)"], "deny": ["Read(.env)"], "defaultMode": "default",
                    "additionalDirectories": ["../shared"]},
    "hooks": {"Stop": []}, "model": "sonnet",
}
USER_CODEX_HOOKS = {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "notify-me", "timeout": 5}]}],
                              "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "audit"}]}]}}
USER_OPENCODE = {"permission": {"bash": {"*": "ask", "npm *": "allow", "rm *": "deny"}, "edit": "ask"}, "theme": "x"}
_CLAUDE_RULE = re.compile(r"(Bash\([^()\n]+:\*\)|Edit\([^()\n]+\))")
_CODEX_LINE = re.compile(r'prefix_rule\(pattern=\[[^\]\n]*\], decision="forbidden", justification="[^"\n]*"\)')


def rails_from(values: list[tuple[str, str, str]]) -> list[Guardrail]:
    return [g for kind, value, instead in values if (g := guardrail(kind, value, instead)) is not None]


def test_hostile_values_become_no_guardrail_or_one_that_stays_inside_its_syntax():
    made = rails_from([(kind, value, instead) for kind in KINDS for value in HOSTILE for instead in ("", "pnpm", 'a"b')])
    assert made, "some of the ordinary values must make guardrails"
    for rule in claude_deny_rules(made):
        assert _CLAUDE_RULE.fullmatch(rule), rule
    for line in codex_rules(made).splitlines():
        assert _CODEX_LINE.fullmatch(line), line
    assert all(d == "deny" for patterns in opencode_permission(made).values() for d in patterns.values())
    assert all("\n" not in check and "$" not in check and ";" not in check for check in finish_checks(made))
    assert not any(g.value in ("*", "**", "/") or ".." in g.value.split("/") for g in made)


def assert_only_restricts(project, made: list[Guardrail]) -> set[str]:
    """The files the guardrails change, each checked to add only denials; their names."""
    files = {f.live_path.relative_to(project).as_posix(): f for f in planned_files(project, made, ALL_AGENTS)}
    files = {name.removeprefix(".claude/"): f for name, f in files.items()}
    if "settings.local.json" in files:
        before, after = USER_SETTINGS, json.loads(files["settings.local.json"].proposed_text)
        added = after["permissions"]["deny"][len(before["permissions"]["deny"]):]
        assert after["permissions"]["deny"][:len(before["permissions"]["deny"])] == before["permissions"]["deny"]
        assert all(_CLAUDE_RULE.fullmatch(rule) for rule in added)
        after["permissions"]["deny"] = before["permissions"]["deny"]
        assert after == before  # allow, ask, mode, folders, hooks and the rest exactly as they were
    if "opencode.json" in files:
        after = json.loads(files["opencode.json"].proposed_text)
        assert after["theme"] == "x"
        for tool, had in USER_OPENCODE["permission"].items():
            now = after["permission"][tool]
            if isinstance(had, str):
                assert now == had or now.get("*") == had
            for pattern, decision in (had.items() if isinstance(had, dict) else []):
                assert now[pattern] in (decision, "deny")  # a user's pattern may only become stricter
        new = [(tool, p, d) for tool, ps in after["permission"].items() if isinstance(ps, dict) for p, d in ps.items()
               if not (isinstance(USER_OPENCODE["permission"].get(tool), dict) and p in USER_OPENCODE["permission"][tool])
               and p != "*"]
        assert all(d == "deny" for _, _, d in new)
    for data_file in ("skillopt-sleep/finish-checks.json", ".codex/skillopt-sleep-finish-checks.json"):
        if data_file in files:
            data = json.loads(files[data_file].proposed_text)
            assert set(data) == {"checks"} and all(isinstance(c, str) for c in data["checks"])
    if ".codex/hooks.json" in files:
        after = json.loads(files[".codex/hooks.json"].proposed_text)
        added = after["hooks"]["Stop"][len(USER_CODEX_HOOKS["hooks"]["Stop"]):]
        assert added == [{"hooks": [{"type": "command", "command": codex_guard_command(), "timeout": 10}]}]
        after["hooks"]["Stop"] = USER_CODEX_HOOKS["hooks"]["Stop"]
        assert after == USER_CODEX_HOOKS  # the user's hooks exactly as they were; the guard only holds a finish
    return set(files)


@pytest.fixture
def project(tmp_path):
    (tmp_path / ".claude").mkdir()
    (tmp_path / ".claude" / "settings.local.json").write_text(json.dumps(USER_SETTINGS))
    (tmp_path / "opencode.json").write_text(json.dumps(USER_OPENCODE))
    (tmp_path / ".codex").mkdir()
    (tmp_path / ".codex" / "hooks.json").write_text(json.dumps(USER_CODEX_HOOKS))
    return tmp_path


def test_every_form_written_into_a_users_files_only_adds_denials(project):
    made = rails_from([(kind, value, "pnpm") for kind in KINDS for value in HOSTILE])
    made += [g for op, arg in [("command_avoided", "npm"), ("generator_run", {"command": "make gen", "path": "gen/**"}),
                               ("dependency_set_unchanged", "package.json"), ("ran_before_finish", "make check")]
             for g in from_check(op, arg)]
    assert assert_only_restricts(project, made) == {  # every form, in every agent, walked
        "settings.local.json", "skillopt-sleep/finish-checks.json", ".codex/rules/skillopt-sleep.rules",
        ".codex/skillopt-sleep-finish-checks.json", ".codex/hooks.json", "opencode.json"}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(KINDS), st.text(max_size=40), st.text(max_size=20)), max_size=6))
def test_any_text_a_night_hands_in_only_adds_denials(project, values):
    made = rails_from(values)
    for rule in claude_deny_rules(made):
        assert _CLAUDE_RULE.fullmatch(rule), rule
    for line in codex_rules(made).splitlines():
        assert _CODEX_LINE.fullmatch(line), line
    assert_only_restricts(project, made)


def test_every_codex_rule_a_guardrail_writes_forbids_and_allows_nothing(tmp_path):
    codex = codex_cli_path()
    if codex is None:
        pytest.skip(missing("codex"))
    made = rails_from([("command", value, "pnpm") for value in HOSTILE])
    rules = tmp_path / "g.rules"
    rules.write_text(codex_rules(made))
    probes = [g.words() for g in made] + [["ls"], ["make", "check"], ["git", "status"]]
    for words in probes:
        checked = subprocess.run([str(codex), "execpolicy", "check", "--rules", str(rules), *words],
                                 capture_output=True, text=True, timeout=60, env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
        assert checked.returncode == 0, checked.stderr
        decisions = {m["prefixRuleMatch"]["decision"] for m in json.loads(checked.stdout)["matchedRules"]}
        assert decisions <= {"forbidden"}, (words, checked.stdout)
        assert bool(decisions) == any(words[:len(g.words())] == g.words() for g in made)


def test_a_rules_own_words_stay_its_justification_in_codex_and_forbid_only(tmp_path):
    """A rule read from a Codex user's own file keeps its justification (`said`); a headless replay
    writes it again: whatever the words, the rule loads, forbids its command only, and says them."""
    codex = codex_cli_path()
    if codex is None:
        pytest.skip(missing("codex"))
    words = HOSTILE + ['Say "no" \\ ask — first', "policy forbids commands starting with `npm`", "tab\there"]
    made = [g for i, said in enumerate(words) if said and (g := guardrail("command", f"tool{i}", "", said)) is not None]
    assert len(made) >= 20 and all(g.said for g in made)
    assert guardrail("command", "npm", "", "two\nlines") is None and guardrail("command", "npm", "", " padded") is None
    rules = tmp_path / "g.rules"
    rules.write_text(codex_rules(made))
    for g in made:
        for probe in (g.words(), ["other", *g.words()]):
            checked = subprocess.run([str(codex), "execpolicy", "check", "--rules", str(rules), *probe],
                                     capture_output=True, text=True, timeout=60, env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
            assert checked.returncode == 0, checked.stderr
            matched = [m["prefixRuleMatch"] for m in json.loads(checked.stdout)["matchedRules"]]
            assert [(m["decision"], m.get("justification")) for m in matched] == ([("forbidden", g.said)] if probe == g.words() else [])
