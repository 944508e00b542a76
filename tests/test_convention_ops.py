"""The ops the measured conventions need, judged by the repo judge on work done for real in a copy
of a real repository: "add no dependency" compares the manifests' sets of dependency names (a
version or the order changed is no new dependency, a name added is), and "regenerate, don't
hand-edit" needs the generated files left to the generator and the generator run after the last
edit."""

from __future__ import annotations

import json

import pytest

from skillopt_sleep.episode import RepoSpec
from skillopt_sleep.records import Check, Judge, Task
from skillopt_sleep.sandbox import Workspace
from skillopt_sleep.tasks.checks import check_problem, evaluate
from skillopt_sleep.tasks.checks.manifests import dependency_names
from skillopt_sleep.tasks.corrections.behaviour import Convention
from skillopt_sleep.tasks.corrections.kinds import convention_check
from skillopt_sleep.tasks.judges.repo import score_episode
from tests.repo_work import Work, make_repo

PACKAGE = {"name": "shop", "version": "1.0.0", "scripts": {"test": "node --test"},
           "dependencies": {"express": "^4.18.0", "zod": "^3.22.0"}, "devDependencies": {"eslint": "^8.0.0"}}
PYPROJECT = """[project]
name = "calc"
dependencies = ["requests>=2.31", "click>=8"]

[project.optional-dependencies]
dev = ["pytest>=7"]
"""


def judged(root, check: Check, work) -> tuple[bool, str]:
    """The repo judge's verdict on `check` after `work(Work in the copy)` ran in a fresh copy."""
    commit = make_repo(root, files={"package.json": json.dumps(PACKAGE, indent=2) + "\n", "pyproject.toml": PYPROJECT,
                                    "Makefile": "gen:\n\tcp schema/api.txt generated/api.txt\n",
                                    "schema/api.txt": "v1\n", "generated/api.txt": "v1\n"})
    task = Task(task_id="t", intent="x", judge=Judge(kind="repo", checks=[check]), repo=RepoSpec(root=str(root), commit=commit))
    with Workspace.create(task.repo) as workspace:
        episode = work(Work(workspace.path)).finish("done").episode()
        score = score_episode(task, episode, workspace, sandbox=None)
    assert not score.error, score.error
    [part] = score.checks
    return part.passed, part.detail


def bumped(package: dict) -> dict:
    changed = json.loads(json.dumps(package))
    changed["dependencies"] = {"zod": "^3.23.1", "express": "^4.19.2"}  # versions and order only
    return changed


def test_versions_and_order_changed_keep_the_dependency_set(tmp_path):
    passed, detail = judged(tmp_path / "r", Check("dependency_set_unchanged", "package.json"),
                            lambda w: w.edit("package.json", json.dumps(bumped(PACKAGE), indent=4)))
    assert passed and "same dependencies" in detail


def test_a_name_added_to_any_section_changes_it(tmp_path):
    grown = bumped(PACKAGE)
    grown["devDependencies"]["left-pad"] = "^1.3.0"
    passed, detail = judged(tmp_path / "r", Check("dependency_set_unchanged", "package.json"),
                            lambda w: w.edit("package.json", json.dumps(grown)))
    assert not passed and detail == "package.json adds left-pad"


def test_a_pyproject_dependency_added_is_seen_through_its_pep508_name(tmp_path):
    reordered = PYPROJECT.replace('["requests>=2.31", "click>=8"]', '["Click>=8.1", "requests>=2.32"]')
    passed, _ = judged(tmp_path / "a", Check("dependency_set_unchanged", "pyproject.toml"),
                       lambda w: w.edit("pyproject.toml", reordered))
    assert passed
    grown = PYPROJECT.replace('dev = ["pytest>=7"]', 'dev = ["pytest>=7", "hypothesis[cli]>=6"]')
    passed, detail = judged(tmp_path / "b", Check("dependency_set_unchanged", "pyproject.toml"),
                            lambda w: w.edit("pyproject.toml", grown))
    assert not passed and detail == "pyproject.toml adds hypothesis"


def test_an_untouched_manifest_and_a_broken_one(tmp_path):
    passed, detail = judged(tmp_path / "a", Check("dependency_set_unchanged", "package.json"),
                            lambda w: w.edit("schema/api.txt", "v2\n"))
    assert passed and "no manifest" in detail
    passed, detail = judged(tmp_path / "b", Check("dependency_set_unchanged", "package.json"),
                            lambda w: w.edit("package.json", "{ not json"))
    assert not passed and "cannot be read" in detail


@pytest.mark.parametrize("name,before,after,added", [
    ("requirements-dev.txt", "requests==2.31.0\n# tools\npytest>=7\n-r base.txt\n",
     "pytest>=8  # newer\nrequests==2.32.0\n-r base.txt\n", set()),
    ("requirements.txt", "requests==2.31.0\n", "requests==2.31.0\nrich_click>=1\n", {"rich-click"}),
    ("Cargo.toml", '[package]\nname = "x"\n[dependencies]\nserde = "1"\n',
     '[package]\nname = "x"\n[dependencies]\nserde = { version = "1.0.200", features = ["derive"] }\n', set()),
    ("Cargo.toml", '[dependencies]\nserde = "1"\n', '[dependencies]\nserde = "1"\n[dev-dependencies]\ntokio = "1"\n',
     {"tokio"}),
    ("go.mod", "module x\n\nrequire (\n\tgithub.com/a/b v1.0.0\n)\n",
     "module x\n\nrequire (\n\tgithub.com/a/b v1.2.0 // indirect\n)\n", set()),
    ("go.mod", "module x\n\nrequire github.com/a/b v1.0.0\n",
     "module x\n\nrequire github.com/a/b v1.0.0\nrequire github.com/c/d v0.1.0\n", {"github.com/c/d"}),
    # git's submodules: the branch followed is how it is pinned; the repository cloned from is which one it is.
    (".gitmodules", '[submodule "libs/JUCE"]\n\tpath = libs/JUCE\n\turl = https://github.com/juce-framework/JUCE\n',
     '[submodule "libs/JUCE"]\n\tpath = libs/JUCE\n\turl = https://github.com/juce-framework/JUCE\n\tbranch = develop\n', set()),
    (".gitmodules", '[submodule "libs/JUCE"]\n\turl = https://github.com/juce-framework/JUCE\n',
     '[submodule "libs/JUCE"]\n\turl = https://github.com/acme/JUCE\n', {"libs/JUCE https://github.com/acme/JUCE"}),
])
def test_each_manifest_format_gives_names_not_text(name, before, after, added):
    assert dependency_names(name, after) - dependency_names(name, before) == added


def test_the_dependency_convention_becomes_the_op_where_its_manifest_can_be_read():
    assert convention_check(Convention("dependency_set_unchanged", "package.json")) == Check("dependency_set_unchanged", "package.json")
    # No reader of setup.py's dependencies: the file is kept as it was, as before.
    assert convention_check(Convention("dependency_set_unchanged", "setup.py")) == Check("path_untouched", "setup.py")
    assert check_problem(Check("dependency_set_unchanged", "dependencies")) is not None  # a word, not a manifest


GENERATOR = {"command": "make gen", "path": "generated/**"}


def test_the_generator_run_after_the_last_edit_passes(tmp_path):
    passed, detail = judged(tmp_path / "r", Check("generator_run", GENERATOR),
                            lambda w: w.edit("schema/api.txt", "v2\n").run("make gen"))
    assert passed and "passed after the last edit" in detail


def test_a_hand_edit_of_the_generated_files_fails_even_after_the_generator(tmp_path):
    passed, detail = judged(tmp_path / "r", Check("generator_run", GENERATOR),
                            lambda w: w.edit("generated/api.txt", "v2\n").edit("schema/api.txt", "v2\n").run("make gen"))
    assert not passed and detail == "edited generated/api.txt by hand"


def test_a_generator_run_before_the_last_edit_does_not_count(tmp_path):
    passed, detail = judged(tmp_path / "r", Check("generator_run", GENERATOR),
                            lambda w: w.run("make gen").edit("schema/api.txt", "v2\n"))
    assert not passed and "never after the last edit" in detail


def test_the_generator_convention_becomes_the_op_with_the_files_it_makes():
    convention = Convention("generator_run", "npm run codegen", path="src/schema/**")
    assert convention_check(convention) == Check("generator_run", {"command": "npm run codegen", "path": "src/schema/**"})
    # Where the files it makes are unknown (a model named only the command), its run is checked.
    assert convention_check(Convention("generator_run", "npm run codegen")) == Check("ran_before_finish", "npm run codegen")
    assert check_problem(Check("generator_run", {"command": "make gen", "path": "**"})) is not None
    assert check_problem(Check("generator_run", "make gen")) is not None


def test_a_generated_file_the_user_names_stands_for_its_folder_never_a_folder_of_its_own():
    from skillopt_sleep.tasks.corrections.behaviour import read_behaviour
    from skillopt_sleep.tasks.corrections.turns import Action, UserTurnInContext
    turn = UserTurnInContext(before=[Action("edit", "generated/units.py")],
                             user="Hand-edited generated/units.py again. Run make generate.",
                             after=[Action("run", "git checkout -- generated/units.py"), Action("edit", "schema/units.json"),
                                    Action("run", "make generate")])
    [convention] = read_behaviour(turn).conventions
    assert convention == Convention("generator_run", "make generate", path="generated/**")
    # The check it becomes fails a hand edit of the file the user named: the glob matches it.
    check = convention_check(convention)
    assert check_problem(check) is None and check.arg["path"] == "generated/**"


def test_ops_fail_when_no_episode_is_given():
    outcome = evaluate(Check("dependency_set_unchanged", "package.json"), "answer", [])
    assert not outcome.passed and "episode" in outcome.detail
