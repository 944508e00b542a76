"""One list of commands and edits, decided by our emulation and by the real agents: Claude Code
(driven by the loopback model issuing each as a tool call, under the deny rules a guardrail
writes into the project's local settings) and `codex execpolicy check` (under the rules file a
guardrail writes). The decisions, and Claude Code's words, are the same."""

from __future__ import annotations

import json
import re
import shlex
import subprocess

import pytest

from skillopt_sleep.guardrails import claude, codex
from skillopt_sleep.guardrails.forms import COMMAND, PATH, Guardrail, claude_deny_rules, codex_rules
from tests.agent_clis import missing
from tests.fakes import FakeAnthropic, FakeOpenAI, claude_cli_path, claude_env, codex_cli_path, codex_env, text, tool_use

# Commands named here do not exist on this machine or fail harmlessly where the emulation would
# be wrong and the real agent let them run.
GUARDRAILS = [Guardrail(COMMAND, "yarn", "pnpm"), Guardrail(COMMAND, "git push"), Guardrail(COMMAND, "pnpm add"),
              Guardrail(PATH, "generated/**"), Guardrail(PATH, "schema.lock")]
COMMANDS = [
    "yarn", "yarn install", "yarn add left-pad", "FOO=1 yarn test", "(yarn test)", "true; yarn test", "true | yarn test",
    "true || yarn t", "cd . && yarn build", "timeout 5 yarn test", "/usr/local/bin/yarn test", "yarnpkg install",
    "echo yarn", "sh -c 'yarn test'", "git push", "git  push origin main", "git status --short", "git pushx",
    "pnpm add left-pad", "pnpm install", "pnpm  add x", "true && git push",
]
EDITS = ["generated/api.ts", "generated/deep/x.ts", "src/generated/y.ts", "generatedfile.ts", "schema.lock",
         "sub/schema.lock", "schema.lock.bak", "src/app.ts"]
_WRAPPED = re.compile(r"</?tool_use_error>|\n*<system-reminder>.*", re.S)


def _said(result: str) -> str:
    return _WRAPPED.sub("", result).strip()


def test_claude_code_decides_every_command_and_edit_as_the_emulation_does(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "sleep-home"))
    project = tmp_path / "project"
    (project / ".claude").mkdir(parents=True)
    rules = claude_deny_rules(GUARDRAILS)
    (project / ".claude" / "settings.local.json").write_text(json.dumps({"permissions": {"deny": rules}}))
    calls = [("Bash", {"command": c, "description": "run"}) for c in COMMANDS]
    calls += [("Write", {"file_path": str(project / p), "content": "x\n"}) for p in EDITS]
    with FakeAnthropic() as fake:
        fake.push(*[tool_use(name, given) for name, given in calls], text("done"))
        done = subprocess.run(
            [str(claude_cli_path()), "-p", "work", "--output-format", "json", "--allowedTools", "Bash,Write",
             "--model", "claude-haiku-4-5"],
            env=claude_env(fake, tmp_path / "home"), cwd=project, capture_output=True, text=True, timeout=600)
        requests = fake.model_requests()
    assert done.returncode == 0, done.stderr
    results = [_said(r.tool_results[-1]) for r in requests[1:len(calls) + 1]]
    assert len(results) == len(calls)
    for (name, given), said in zip(calls, results):
        if name == "Bash":
            ours = claude.bash_refusal(given["command"], rules)
        else:
            ours = claude.edit_refusal(str(given["file_path"]).removeprefix(str(project) + "/"), rules)
        real = said if said.startswith("Permission to use") or said == claude.EDIT_DENIED else ""
        assert ours == real, (name, given, said)
    assert sum(1 for r in results if r) and any(r == claude.EDIT_DENIED for r in results)


@pytest.fixture
def codex_bin():
    found = codex_cli_path()
    if found is None:
        pytest.skip(missing("codex"))
    return found


def test_codex_execpolicy_decides_every_command_as_the_emulation_does(tmp_path, codex_bin):
    rules = tmp_path / "skillopt-sleep.rules"
    rules.write_text(codex_rules(GUARDRAILS))
    for command in COMMANDS:
        for simple in [shlex.split(command)]:
            checked = subprocess.run([str(codex_bin), "execpolicy", "check", "--rules", str(rules), *simple],
                                     capture_output=True, text=True, timeout=60, env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
            assert checked.returncode == 0, checked.stderr
            real = json.loads(checked.stdout)
            ours = codex.forbidding(simple, GUARDRAILS)
            assert real.get("decision") == ("forbidden" if ours else None), (simple, real)
            if ours:
                [match] = real["matchedRules"]
                assert match["prefixRuleMatch"]["justification"] == ours.reason()


# Lines a real `codex exec` runs through its shell tool: those it lets run are harmless here.
SHELL_LINES = ["yarn install", "true && yarn test", "git push origin", "echo ok", "echo a | yarn x", "true; git  push",
               "pnpm add x", "pnpm install --help >/dev/null; echo done", "yarnpkg", "echo yarn"]


def test_codex_exec_refuses_the_same_shell_lines_in_the_same_words(tmp_path, codex_bin):
    project = tmp_path / "project"
    project.mkdir()
    home = tmp_path / "home"
    with FakeOpenAI() as fake:
        env = codex_env(fake, home)
        (home / ".codex" / "rules").mkdir(parents=True)
        (home / ".codex" / "rules" / "skillopt-sleep.rules").write_text(codex_rules(GUARDRAILS))
        fake.push(*[tool_use("exec_command", {"cmd": line}) for line in SHELL_LINES], text("done"))
        done = subprocess.run([str(codex_bin), "exec", "--json", "--skip-git-repo-check", "--sandbox", "danger-full-access",
                               "-C", str(project), "-m", "gpt-5-mini", "-"],
                              input="work", env=env, capture_output=True, text=True, timeout=600)
        requests = fake.model_requests()
    assert done.returncode == 0, done.stderr
    results = [r.tool_results[-1] for r in requests[1:len(SHELL_LINES) + 1]]
    assert len(results) == len(SHELL_LINES)
    for line, said in zip(SHELL_LINES, results):
        ours = codex.shell_refusal(line, GUARDRAILS)
        real = said if "rejected:" in said else ""
        assert ours == real, (line, said)
    assert sum(1 for line in SHELL_LINES if codex.shell_refusal(line, GUARDRAILS)) >= 4


def test_opencode_denies_the_same_shell_lines(tmp_path):
    from skillopt_sleep.guardrails import opencode
    from skillopt_sleep.guardrails.install import OPENCODE, planned_files
    from tests.fixtures.make_agent_fixtures import BIN, MODEL, OpenCodeTurns, opencode_env

    if not (BIN / "opencode").is_file():
        pytest.skip(missing("opencode"))
    project = tmp_path / "project"
    project.mkdir()
    for planned in planned_files(project, GUARDRAILS, {OPENCODE}):
        planned.live_path.write_text(planned.proposed_text)
    with FakeOpenAI() as fake:
        env = opencode_env(fake, project, tmp_path / "home")
        OpenCodeTurns(fake, *[tool_use("bash", {"command": line, "description": "run"}) for line in SHELL_LINES], text("done"))
        done = subprocess.run([str(BIN / "opencode"), "run", "--model", f"fake/{MODEL}", "work"], cwd=project, env=env,
                              capture_output=True, text=True, timeout=600)
        requests = [r for r in fake.model_requests() if (r.json or {}).get("tools")]
    assert done.returncode == 0, done.stderr
    results = [r.tool_results[-1] for r in requests[1:len(SHELL_LINES) + 1]]
    assert len(results) == len(SHELL_LINES)
    for line, said in zip(SHELL_LINES, results):
        real = said.startswith("The user has specified a rule which prevents you from using this specific tool call")
        assert opencode.bash_denied(line, GUARDRAILS) == real, (line, said)


# A Codex user's project: the rules adoption wrote and rules of their own, in Codex's syntax.
USERS_RULES = ('prefix_rule(pattern=["npm", ["ci", "install"]], decision="forbidden")\n'
               'prefix_rule(pattern = ["git", ["push", "fetch"], "origin"], decision = "forbidden",\n'
               '            justification = "Ask before \\"remote\\" work — it is shared")\n'
               'prefix_rule(pattern=["yarn"], decision="allow")\nprefix_rule(pattern=["cp"], decision="prompt")\n')
USERS_COMMANDS = COMMANDS + ["npm ci", "npm install left-pad", "npm test", "git fetch origin main", "git push origin",
                             "git fetch upstream", "cp a b", "true && npm ci"]


def _codex_project(root):
    from skillopt_sleep.guardrails.install import CODEX, planned_files

    project = root / "project"
    for planned in planned_files(project, GUARDRAILS, {CODEX}):
        planned.live_path.parent.mkdir(parents=True, exist_ok=True)
        planned.live_path.write_text(planned.proposed_text)
    (project / ".codex" / "rules" / "mine.rules").write_text(USERS_RULES)
    return project


def test_what_a_codex_project_has_in_force_is_decided_as_codex_execpolicy_decides(tmp_path, codex_bin):
    from skillopt_sleep.guardrails.current import in_force

    project = _codex_project(tmp_path)
    ours_in_force = in_force(project, "codex")
    # What a headless Codex replay is given: the same rules, rewritten by the replay into its own home.
    rewritten = tmp_path / "replay.rules"
    rewritten.write_text(codex_rules(ours_in_force))
    forbidden = 0
    for rules in (sorted((project / ".codex" / "rules").glob("*.rules")), [rewritten]):
        for simple in [shlex.split(command) for command in USERS_COMMANDS]:
            checked = subprocess.run([str(codex_bin), "execpolicy", "check", *[a for r in rules for a in ("--rules", str(r))],
                                      *simple], capture_output=True, text=True, timeout=60,
                                     env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
            assert checked.returncode == 0, checked.stderr
            real = json.loads(checked.stdout)
            ours = codex.forbidding(simple, ours_in_force)
            assert (real.get("decision") == "forbidden") == (ours is not None), (rules, simple, real)
            if ours:
                forbidden += 1
                said = [m["prefixRuleMatch"].get("justification") for m in real["matchedRules"]
                        if m["prefixRuleMatch"]["decision"] == "forbidden"]
                assert ours.reason() in said or (ours.said.startswith("policy forbids") and None in said), (simple, real)
    assert forbidden >= 20


def test_codex_exec_in_a_trusted_project_refuses_as_its_rules_in_force_say(tmp_path, codex_bin):
    from skillopt_sleep.guardrails.current import in_force

    project = _codex_project(tmp_path)
    lines = SHELL_LINES + ["npm ci", "git fetch origin main", "echo ok && npm install x"]
    with FakeOpenAI() as fake:
        env = codex_env(fake, tmp_path / "home", extra_toml=f'[projects."{project}"]\ntrust_level = "trusted"\n')
        fake.push(*[tool_use("exec_command", {"cmd": line}) for line in lines], text("done"))
        done = subprocess.run([str(codex_bin), "exec", "--json", "--skip-git-repo-check", "--sandbox", "danger-full-access",
                               "-C", str(project), "-m", "gpt-5-mini", "-"],
                              input="work", env=env, capture_output=True, text=True, timeout=600)
        requests = fake.model_requests()
    assert done.returncode == 0, done.stderr
    results = [r.tool_results[-1] for r in requests[1:len(lines) + 1]]
    assert len(results) == len(lines)
    rails = in_force(project, "codex")
    for line, said in zip(lines, results):
        real = said if "rejected:" in said else ""
        assert codex.shell_refusal(line, rails) == real, (line, said)
    assert sum(1 for line in lines if codex.shell_refusal(line, rails)) >= 7
