"""The built-in loop held to the guardrails the user's agent would apply: a denied command or edit
is refused with the agent's own words and runs nothing; the finish guard holds a finish once."""

from __future__ import annotations

from skillopt_sleep.students.base import EpisodeSample, Texts
from skillopt_sleep.students.loop import GUARD_HELD, LoopLimits, LoopSettings, run_episode
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.guardrails.forms import COMMAND, FINISH_CHECK, PATH, Guardrail
from skillopt_sleep.guardrails.replay import CODEX, Enforcement
from tests.agent_kit import CHECK, repo_task
from tests.test_agent_loop import calls, spec, workspace  # noqa: F401  (spec and workspace are fixtures)

FIX = ("edit", {"path": "calc.py", "old": "return a - b", "new": "return a + b"})


def episode_under(enforcement, turns, store, workspace, sandbox, spec):
    return run_episode(repo_task(spec), Texts(""), calls(*turns), CallRecorder(store, None), workspace, sandbox,
                       EpisodeSample(seed=1), LoopSettings(limits=LoopLimits(enforcement=enforcement)))


def test_a_denied_command_runs_nothing_and_the_model_reads_the_agents_words(store, workspace, sandbox, spec):
    rails = Enforcement([Guardrail(COMMAND, "touch", "printf")])
    turns = ([("run", {"command": "touch made-by-touch && echo ok"})], [("run", {"command": "echo fine"})],
             [("finish", {"message": "done"})])
    episode = episode_under(rails, turns, store, workspace, sandbox, spec)
    refused, allowed = episode.commands()
    assert refused.error == "Permission to use Bash with command touch made-by-touch && echo ok has been denied."
    assert refused.exit_code is None and "made-by-touch" not in workspace.changed_files()
    assert allowed.error == "" and "fine" in allowed.output


def test_codex_says_its_own_words_with_the_alternative(store, workspace, sandbox, spec):
    rails = Enforcement([Guardrail(COMMAND, "touch", "printf")], agent=CODEX)
    turns = ([("run", {"command": "touch x"})], [("finish", {"message": "done"})])
    [refused] = episode_under(rails, turns, store, workspace, sandbox, spec).commands()
    assert refused.error == ('exec_command failed: CreateProcess { message: "Rejected(\\"`/bin/bash -lc \'touch x\'` '
                             'rejected: Use printf instead of touch\\")" }')


def test_an_edit_of_a_denied_path_is_refused_and_the_file_stays(store, workspace, sandbox, spec):
    rails = Enforcement([Guardrail(PATH, "calc.py")])
    episode = episode_under(rails, ([FIX], [("finish", {"message": "done"})]), store, workspace, sandbox, spec)
    edit = [s for s in episode.steps if s.name == "edit"][0]
    assert edit.error == "File is in a directory that is denied by your permission settings."
    assert workspace.diff() == ""


def test_the_finish_guard_holds_once_with_its_message_until_the_check_runs(store, workspace, sandbox, spec):
    rails = Enforcement([Guardrail(FINISH_CHECK, CHECK)])
    turns = ([FIX], [("finish", {"message": "done"})], [("run", {"command": CHECK})], [("finish", {"message": "checked"})])
    episode = episode_under(rails, turns, store, workspace, sandbox, spec)
    held = [s for s in episode.steps if s.error == GUARD_HELD]
    assert len(held) == 1 and episode.finished and episode.final_message == "checked"
    assert [s.name for s in episode.steps if s.kind == "tool"] == ["edit", "finish", "run", "finish"]


def test_the_guard_lets_the_second_finish_pass_as_the_stop_hook_does(store, workspace, sandbox, spec):
    rails = Enforcement([Guardrail(FINISH_CHECK, CHECK)])
    turns = ([FIX], [("finish", {"message": "done"})], [("finish", {"message": "done anyway"})])
    episode = episode_under(rails, turns, store, workspace, sandbox, spec)
    assert episode.finished and episode.final_message == "done anyway"


def test_without_guardrails_nothing_is_refused_or_held(store, workspace, sandbox, spec):
    turns = ([FIX], [("run", {"command": "touch x"})], [("finish", {"message": "done"})])
    episode = episode_under(None, turns, store, workspace, sandbox, spec)
    assert episode.finished and episode.turns == 3 and all(not s.error for s in episode.steps)


def test_replays_hold_to_the_guardrails_the_project_has_now(tmp_path):
    from skillopt_sleep.guardrails import finish_guard
    from skillopt_sleep.guardrails.current import enforcement_in_force, in_force

    project = tmp_path / "web"
    (project / ".claude" / "skillopt-sleep").mkdir(parents=True)
    (project / ".claude" / "settings.json").write_text(
        '{"permissions": {"deny": ["Bash(npm:*)", "Read(.env)", "WebFetch"], "allow": ["Bash(make:*)"]}}')
    (project / ".claude" / "settings.local.json").write_text('{"permissions": {"deny": ["Edit(dist/**)", "Bash(rm -rf:*)"]}}')
    (project / finish_guard.DATA).write_text('{"checks": ["make check"]}')
    assert in_force(project) == [Guardrail(COMMAND, "npm"), Guardrail(COMMAND, "rm -rf"), Guardrail(PATH, "dist/**"),
                                 Guardrail(FINISH_CHECK, "make check")]
    rails = enforcement_in_force([str(project), str(project)])
    assert rails is not None and rails.refusal("run", {"command": "npm ci"}).startswith("Permission to use Bash")
    assert enforcement_in_force([str(project), str(tmp_path / "other")]) is None  # guardrails are one project's
    (project / ".claude" / "settings.json").write_text("{broken")
    assert Guardrail(COMMAND, "npm") not in in_force(project)  # a file the agent cannot read denies nothing


def _adopted_for_codex(project, guardrails):
    from skillopt_sleep.guardrails.install import planned_files

    for planned in planned_files(project, guardrails, {CODEX}):
        planned.live_path.parent.mkdir(parents=True, exist_ok=True)
        planned.live_path.write_text(planned.proposed_text)


def test_a_codex_users_adopted_rule_holds_the_replay_of_their_sessions_in_codexs_words(tmp_path, store, workspace, sandbox, spec):
    from skillopt_sleep.guardrails.current import enforcement_in_force

    project = tmp_path / "web"
    project.mkdir()
    _adopted_for_codex(project, [Guardrail(COMMAND, "touch", "printf"), Guardrail(FINISH_CHECK, CHECK)])
    assert enforcement_in_force([str(project)], ["claude-code"]) is None  # Claude Code's files hold nothing here
    rails = enforcement_in_force([str(project)] * 3, ["codex", "codex", "claude-code"])
    assert rails is not None and rails.agent == CODEX
    turns = ([("run", {"command": "touch x"})], [FIX], [("finish", {"message": "done"})], [("run", {"command": CHECK})],
             [("finish", {"message": "checked"})])
    episode = episode_under(rails, turns, store, workspace, sandbox, spec)
    refused = episode.commands()[0]
    assert refused.error == ('exec_command failed: CreateProcess { message: "Rejected(\\"`/bin/bash -lc \'touch x\'` '
                             'rejected: Use printf instead of touch\\")" }')
    assert "x" not in workspace.changed_files()
    assert [s.error for s in episode.steps if s.name == "finish"] == [GUARD_HELD, ""] and episode.final_message == "checked"


def test_codex_rules_are_read_as_codex_reads_them_and_only_what_they_forbid(tmp_path):
    from skillopt_sleep.guardrails import codex_files
    from skillopt_sleep.guardrails.current import in_force

    project = tmp_path / "web"
    _adopted_for_codex(project, [Guardrail(COMMAND, "yarn", "pnpm"), Guardrail(COMMAND, "git push")])
    rules = project / ".codex" / "rules"
    (rules / "a-mine.rules").write_text(
        '# the user\'s own\nprefix_rule(pattern=["npm", ["ci", "install"]], decision="forbidden")\n'
        'prefix_rule(\n    pattern = ["rm", "-rf"],\n    decision = "forbidden",\n    justification = "Say \\"no\\" — ask first",\n'
        '    match = [["rm", "-rf", "x"]],\n)\n'
        'prefix_rule(pattern=["make"], decision="allow")\nprefix_rule(pattern=["cp"], decision="prompt")\n'
        'prefix_rule(pattern=["curl"])\nprefix_rule(pattern=["has space"], decision="forbidden")\n')
    (rules / "broken.rules").write_text('prefix_rule(pattern=["ls"], decision="forbidden"')
    (rules / "notes.txt").write_text('prefix_rule(pattern=["cat"], decision="forbidden")\n')
    assert in_force(project, CODEX) == [
        Guardrail(COMMAND, "npm ci", said="policy forbids commands starting with `npm ci`"),
        Guardrail(COMMAND, "npm install", said="policy forbids commands starting with `npm install`"),
        Guardrail(COMMAND, "rm -rf", said='Say "no" — ask first'),
        Guardrail(COMMAND, "yarn", "pnpm"), Guardrail(COMMAND, "git push")]  # adoption's words: its guardrails again
    assert in_force(project) == []  # Claude Code reads none of them
    data = project / ".codex" / "skillopt-sleep-finish-checks.json"
    data.write_text('{"checks": ["make check"]}')
    assert Guardrail(FINISH_CHECK, "make check") not in codex_files.in_force(project)  # no hook runs the guard
    _adopted_for_codex(project, [Guardrail(FINISH_CHECK, "make check")])
    assert Guardrail(FINISH_CHECK, "make check") in codex_files.in_force(project)


def test_a_night_holds_its_tasks_as_the_agent_their_sessions_come_from(tmp_path):
    from skillopt_sleep.episode import RepoSpec
    from skillopt_sleep.guardrails.current import tasks_in_force
    from skillopt_sleep.records import Judge, Task

    project = tmp_path / "web"
    _adopted_for_codex(project, [Guardrail(COMMAND, "touch", "printf")])

    def task(n, agent):
        return Task(task_id=f"t{n}", intent="fix it", judge=Judge(kind="repo"), origin="mined",
                    repo=RepoSpec(root=str(project), commit="c" * 40, found_by="hook"),
                    meta={"sources": [{"session": "s-old", "agent": "claude-code"}, {"session": f"s{n}", "agent": agent}]})

    rails = tasks_in_force([task(1, "codex"), task(2, "codex"), task(3, "claude-code")])
    assert rails is not None and rails.agent == CODEX and rails.refusal("run", {"command": "touch x"}).endswith(
        'rejected: Use printf instead of touch\\")" }')
    assert tasks_in_force([task(1, "codex"), task(2, "claude-code")]) is None  # Claude Code's files forbid nothing here
