"""The episode ops and the repo judge, on episodes recorded by doing the work for real in real
git repositories: each op passes on an episode that keeps its rule and fails, saying why, on
one that breaks it."""

from __future__ import annotations

import pytest

from skillopt_sleep.episode import RepoSpec, Verification
from skillopt_sleep.records import Check, Judge, Task
from skillopt_sleep.tasks.checks import check_problem, evaluate, student_rule
from skillopt_sleep.tasks.judges import describe_judge, score_answer, validate_judge
from tests.repo_work import CALC, TEST, Work, make_repo

FIXED = CALC.replace("a - b", "a + b")
NEW_TEST = TEST + "\n    def test_add_negative(self):\n        self.assertEqual(add(-2, -3), -5)\n"


@pytest.fixture
def repo(tmp_path):
    root = tmp_path / "calc"
    make_repo(root)
    return root


def outcome(op, arg, episode):
    return evaluate(Check(op, arg), episode.final_message, [], episode=episode)


def test_ran_before_finish_needs_a_passing_run_after_the_last_edit(repo):
    good = Work(repo).run("make check").edit("calc.py", FIXED).run("make check").finish("fixed add").episode()
    result = outcome("ran_before_finish", "make check", good)
    assert result.passed and "passed after the last edit" in result.detail


def test_ran_before_finish_fails_when_the_check_ran_only_before_the_edit(repo):
    early = Work(repo).run("make check").edit("calc.py", FIXED).finish("fixed add").episode()
    result = outcome("ran_before_finish", "make check", early)
    assert not result.passed and "never after the last edit" in result.detail


def test_ran_before_finish_fails_when_the_last_run_failed(repo):
    broken = Work(repo).edit("calc.py", CALC.replace("a - b", "a * b")).run("make check").finish("done").episode()
    assert broken.steps[1].exit_code != 0
    result = outcome("ran_before_finish", "make check", broken)
    assert not result.passed and f"exited {broken.steps[1].exit_code}" in result.detail
    assert not outcome("ran_before_finish", "make check", Work(repo).edit("calc.py", FIXED).finish("x").episode()).passed


def test_command_avoided_and_used_read_whole_words(repo):
    pnpm = Work(repo).run("echo pnpm install").finish("installed").episode()
    assert outcome("command_avoided", "npm", pnpm).passed  # "npm" inside "pnpm" is not npm
    assert outcome("command_used", "pnpm", pnpm).passed
    npm = Work(repo).run("echo npm install").finish("installed").episode()
    result = outcome("command_avoided", "npm", npm)
    assert not result.passed and "echo npm install" in result.detail
    assert not outcome("command_used", "pnpm", npm).passed


def test_path_untouched_matches_a_folder_anywhere_below_the_root(repo):
    clean = Work(repo).edit("calc.py", FIXED).finish("x").episode()
    assert outcome("path_untouched", "generated/**", clean).passed
    assert clean.changed_files == ["calc.py"]
    nested = Work(repo).edit("pkg/generated/api.py", "X = 1\n").finish("x").episode()
    result = outcome("path_untouched", "generated/**", nested)
    assert not result.passed and "pkg/generated/api.py" in result.detail
    assert outcome("path_untouched", "/generated/**", nested).passed  # anchored at the root


def test_test_added_needs_a_new_test_in_a_test_file(repo):
    without = Work(repo).edit("calc.py", FIXED).finish("x").episode()
    with_test = Work(repo).edit("tests/test_calc.py", NEW_TEST).finish("x").episode()
    result = outcome("test_added", None, with_test)
    assert result.passed and "test_add_negative" in result.detail
    assert "no test file changed" in outcome("test_added", None, without).detail


def test_test_added_with_a_glob_needs_a_companion_file_it_matches(repo):
    story = "export default { title: 'Calc' };\n"
    without = Work(repo).edit("src/calc.py", FIXED).finish("x").episode()
    beside = Work(repo).edit("src/calc.py", FIXED).edit("src/calc.stories.py", story).finish("x").episode()
    nested = Work(repo).edit("src/ui/calc.stories.py", story).finish("x").episode()
    assert check_problem(Check("test_added", "src/**/*.stories.py")) is None
    assert outcome("test_added", "src/**/*.stories.py", beside).passed  # `src/**/` also matches `src/` itself
    assert outcome("test_added", "src/**/*.stories.py", nested).passed
    result = outcome("test_added", "src/**/*.stories.py", without)
    assert not result.passed and "no file matching" in result.detail
    assert "companion file" in student_rule(Check("test_added", "src/**/*.stories.py"))


def test_editing_a_test_file_without_a_new_test_is_not_adding_one(tmp_path):
    root = tmp_path / "r"
    make_repo(root)
    episode = Work(root).edit("tests/test_calc.py", TEST.replace("(2, 3), 5", "(2, 2), 4")).finish("x").episode()
    result = outcome("test_added", None, episode)
    assert not result.passed and "no line of it defines a new test" in result.detail


def test_added_lines_avoid_and_contain_read_only_the_lines_the_change_adds(repo):
    printing = Work(repo).edit("calc.py", FIXED + "\nprint('added')\n").finish("x").episode()
    result = outcome("added_lines_avoid", r"\bprint\(", printing)
    assert not result.passed and "calc.py adds \"print('added')\"" in result.detail
    logging = Work(repo).edit("calc.py", "import logging\nlogger = logging.getLogger(__name__)\n" + FIXED
                              + "\nlogger.info('added')\n").finish("x").episode()
    assert outcome("added_lines_avoid", r"\bprint\(", logging).passed
    assert outcome("added_lines_contain", r"\blogger\.\w+\(", logging).passed
    assert not outcome("added_lines_contain", r"\blogger\.\w+\(", printing).passed


def test_rules_state_behaviour_never_the_pattern():
    assert student_rule(Check("added_lines_avoid", r"\bprint\(")) == (
        "- In code you add or change, never write `print(`; follow how the project's own code does it.")
    assert "make check" in student_rule(Check("ran_before_finish", "make check"))
    assert "\\" not in student_rule(Check("added_lines_contain", r"\blogger\.\w+\("))


def test_a_text_task_cannot_carry_an_episode_check_and_a_repo_task_needs_an_episode():
    rule = Task(task_id="t", intent="x", judge=Judge(kind="rule", checks=[Check("test_added", None)]))
    assert "a text answer has neither" in validate_judge(rule.judge)[0]
    assert score_answer(rule, "I added a test").error  # an error, never a silent 0
    repo = Task(task_id="r", intent="fix add", judge=Judge(kind="repo", checks=[Check("path_untouched", "generated/**")]),
                repo=RepoSpec(root="/nowhere", commit="0" * 40, verification=[Verification("make check", 0)]))
    assert validate_judge(repo.judge) == []
    score = score_answer(repo, "done")
    assert score.hard == 0 and score.error.startswith("a repo task needs an episode")
    assert describe_judge(repo.judge, repo.repo)[0].startswith("leave `make check` passing")


# -- the judge, in a real sandbox -----------------------------------------------------------------

def sandbox_or_skip():
    from skillopt_sleep.sandbox import SandboxUnavailable, find_sandbox
    try:
        return find_sandbox()
    except SandboxUnavailable as exc:
        pytest.skip(str(exc))


def repo_task(root, *checks: Check, command: str = "make check") -> Task:
    from tests.repo_work import git
    spec = RepoSpec(root=str(root), commit=git(root, "rev-parse", "HEAD"), verification=[Verification(command, 0)])
    return Task(task_id="repo-calc", intent="add() subtracts; fix it", judge=Judge(kind="repo", checks=list(checks)), repo=spec)


@pytest.fixture
def judged(repo):
    """(task, workspace, sandbox): a copy of `repo` for one episode, removed after."""
    from skillopt_sleep.sandbox import Workspace
    sandbox = sandbox_or_skip()
    task = repo_task(repo, Check("ran_before_finish", "make check"), Check("test_added", None),
                     Check("path_untouched", "generated/**"))
    workspace = Workspace.create(task.repo)
    yield task, workspace, sandbox
    workspace.cleanup()


def test_the_judge_runs_the_verification_itself_and_every_part_passes(judged):
    from skillopt_sleep.tasks.judges.repo import score_episode
    task, workspace, sandbox = judged
    work = Work(workspace.path).edit("calc.py", FIXED).edit("tests/test_calc.py", NEW_TEST).run("make check")
    score = score_episode(task, work.finish("fixed add, with a test").episode(), workspace, sandbox)
    assert score.error == "" and score.hard == 1.0 and score.soft == 1.0
    assert [c.op for c in score.checks] == ["outcome", "ran_before_finish", "test_added", "path_untouched"]
    assert score.checks[0].arg == "make check" and score.checks[0].detail.startswith("exit 0")


def test_the_judge_names_the_part_that_failed_with_the_exit_code_and_output(judged):
    from skillopt_sleep.tasks.judges.repo import score_episode
    task, workspace, sandbox = judged
    # The student claims success and ran nothing; the repository says otherwise.
    episode = Work(workspace.path).edit("calc.py", CALC.replace("a - b", "a * b")).finish("fixed, all tests pass").episode()
    score = score_episode(task, episode, workspace, sandbox)
    assert score.error == "" and score.hard == 0.0 and score.soft == pytest.approx(1 / 4)
    failed = {c.op: c for c in score.failed}
    assert set(failed) == {"outcome", "ran_before_finish", "test_added"}
    assert failed["outcome"].detail.startswith("exit 2") and "FAILED" in failed["outcome"].detail
    assert score.rationale.splitlines()[0].startswith("outcome `make check`: exit 2")


def test_the_judge_reads_the_change_from_the_workspace_not_from_the_episode(judged):
    from skillopt_sleep.tasks.judges.repo import score_episode
    task, workspace, sandbox = judged
    work = Work(workspace.path).edit("calc.py", FIXED).edit("generated/api.py", "X = 1\n").run("make check").finish("done")
    claimed = work.episode()
    claimed.diff, claimed.changed_files = "", ["calc.py"]  # what the episode says it changed
    score = score_episode(task, claimed, workspace, sandbox)
    [untouched] = [c for c in score.checks if c.op == "path_untouched"]
    assert not untouched.passed and "generated/api.py" in untouched.detail


def test_a_verification_the_machine_cannot_finish_is_an_error_not_a_zero(repo):
    from skillopt_sleep.sandbox import Workspace
    from skillopt_sleep.tasks.judges.repo import score_episode
    sandbox = sandbox_or_skip()
    task = repo_task(repo, command="sleep 30")
    with Workspace.create(task.repo) as workspace:
        score = score_episode(task, Work(workspace.path).finish("done").episode(), workspace, sandbox, wall_s=1)
    assert score.error == "verification `sleep 30` timed out after 1 s" and score.hard == 0.0
    gone = Workspace.create(task.repo)
    gone.cleanup()
    score = score_episode(task, Work(repo).finish("done").episode(), gone, sandbox)
    assert score.error.startswith("the workspace's change could not be read")


# -- the host runs nothing the copy configures ---------------------------------------------------

MORE_TESTS = ("import unittest\nimport sys\nsys.path.insert(0, '.')\nfrom calc import add\n\n\n"
              "class MoreTest(unittest.TestCase):\n    def test_add_zero(self):\n        self.assertEqual(add(0, 4), 4)\n")


def judge_patch_for(repo) -> str:
    """The answer key's tests as a patch against `repo`'s commit: a new test file and a changed one."""
    from tests.repo_work import git
    (repo / "tests" / "test_more.py").write_text(MORE_TESTS)
    (repo / "tests" / "test_calc.py").write_text(NEW_TEST)
    git(repo, "add", "-A")
    patch = git(repo, "diff", "--cached", "--binary") + "\n"
    git(repo, "reset", "-q", "--hard")
    return patch


def test_a_git_filter_the_episode_configured_never_runs_on_the_host_when_the_judge_adds_its_tests(repo, tmp_path):
    # The attack: with only its `run` tool, inside the sandbox, the agent defines a filter (and an
    # fsmonitor and a textconv) in the copy's .git/config and turns it on for every file in
    # .gitattributes. Each would leave a marker in a host folder the sandbox cannot see.
    from skillopt_sleep.students.actions import Action
    from skillopt_sleep.students.tools import WorkspaceTools
    from skillopt_sleep.sandbox import Workspace
    from skillopt_sleep.tasks.judges.repo import score_episode

    sandbox = sandbox_or_skip()
    marker = tmp_path / "host-marker"
    task = repo_task(repo)
    task.meta["judge_patch"] = judge_patch_for(repo)
    plant = (f"git config filter.x.clean 'touch {marker}; cat' && git config filter.x.smudge 'touch {marker}; cat'"
             f" && git config filter.x.required true && git config core.fsmonitor 'touch {marker}; false'"
             f" && git config diff.x.textconv 'touch {marker}; cat' && git config core.hooksPath /nonexistent"
             " && printf '* filter=x diff=x\\n' > .gitattributes")
    with Workspace.create(task.repo) as workspace:
        episode = Work(workspace.path).edit("calc.py", FIXED).finish("fixed add").episode()
        planted = WorkspaceTools(workspace, sandbox).call(Action("run", {"command": plant}))
        assert planted.exit_code == 0, planted.output
        score = score_episode(task, episode, workspace, sandbox)
        added = (workspace.path / "tests" / "test_more.py").read_text()
    assert not marker.exists(), "a command the copy configured ran on the host"
    assert added == MORE_TESTS  # the judge's tests went in as written
    assert score.error == "" and score.hard == 1.0, score.rationale


def test_a_recorded_change_is_applied_in_the_sandbox_and_judged_or_is_an_error_when_it_does_not_fit(repo, tmp_path):
    from skillopt_sleep.sandbox import Workspace
    from skillopt_sleep.tasks.judges.repo import judge_recorded

    sandbox = sandbox_or_skip()
    task = repo_task(repo)
    with Workspace.create(task.repo, parent=tmp_path / "ws") as workspace:
        recorded = Work(workspace.path).edit("calc.py", FIXED).run("make check").finish("fixed add").episode()
    score = judge_recorded(task, recorded, sandbox)
    assert score.error == "" and score.hard == 1.0
    recorded.diff = recorded.diff.replace("-    return a - b", "-    return a * b")
    score = judge_recorded(task, recorded, sandbox)
    assert score.error.startswith("the episode's change does not apply to the task's start: error: patch failed")


def test_where_the_sandbox_kept_a_record_ran_x_is_read_from_it_and_never_from_the_steps(repo):
    claimed = Work(repo).edit("calc.py", FIXED).run("make check").finish("fixed").episode()  # the steps say it ran
    claimed.executed = []
    assert not outcome("ran_before_finish", "make check", claimed).passed  # the sandbox saw nothing run
    claimed.executed = [{"argv": ["make", "check"], "exit": 0, "current": False},
                        {"argv": ["/usr/bin/python3", "-m", "pytest", "-q"], "exit": 0, "current": True}]
    stale = outcome("ran_before_finish", "make check", claimed)
    assert not stale.passed and "never after the last change" in stale.detail
    assert outcome("ran_before_finish", "pytest", claimed).passed  # `python3 -m pytest` runs pytest
    assert outcome("command_used", "python3 -m pytest", claimed).passed
    claimed.executed.append({"argv": ["make", "check"], "exit": 2, "current": True})
    failed = outcome("ran_before_finish", "make check", claimed)
    assert not failed.passed and "exited 2" in failed.detail
    # A script named by its path is in the record too (the sandbox runs the commit's at its place).
    assert outcome("ran_before_finish", "./check.sh", claimed).detail.startswith("`./check.sh` never ran in the sandbox")
