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
