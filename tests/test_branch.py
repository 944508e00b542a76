"""`review --branch NAME`: a proposal for a file tracked in git becomes a local branch with one
commit per rule, based on the file's commit, and the user's work tree, index and HEAD stay as they
were; an untracked or uncommitted file is refused in one line."""

from __future__ import annotations

import subprocess

from skillopt_sleep.cli.main import main
from tests.test_night import SKILL, env  # noqa: F401 - env is a fixture
from tests.test_reject import cli, night

IDENTITY = ["-c", "user.name=Team", "-c", "user.email=team@example.org"]


def git(repo, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, text=True).stdout


def committed(skill) -> None:
    repo = skill.parent.parent
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", ".")
    git(repo, *IDENTITY, "commit", "-q", "-m", "the team's skill")


def state(repo) -> tuple[str, str, str, bytes]:
    index = (repo / ".git" / "index").read_bytes()
    return git(repo, "rev-parse", "HEAD"), git(repo, "symbolic-ref", "HEAD"), git(repo, "status", "--porcelain"), index


def test_a_proposal_becomes_a_branch_with_one_commit_per_rule_and_the_work_tree_is_untouched(env, capsys):
    tmp_path, skill, store = env
    committed(skill)
    repo = skill.parent.parent
    report = night(tmp_path, skill, store, two=True)
    before = state(repo)

    assert main(["review", report.proposal_id, "--branch", "sleep/briefs", *cli(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Wrote branch sleep/briefs" in out and "2 commit(s)" in out and "nothing was pushed" in out
    assert state(repo) == before and skill.read_text() == SKILL  # HEAD, status, index and file as they were
    assert git(repo, "branch", "--list", "sleep/briefs").strip() == "sleep/briefs"

    log = git(repo, "log", "--format=%H %P", "main..sleep/briefs").split("\n")
    commits = [line.split() for line in log if line]
    assert len(commits) == 2 and commits[-1][1] == before[0].strip()  # based on the file's commit
    first, second = (git(repo, "show", "-s", "--format=%B", c[0]) for c in reversed(commits))
    rules = [item["edit"]["text"] for item in report.kept_rules]
    assert rules[0] in first and "Measured effect" in first and "Evidence: checks; tasks" in first
    assert rules[1] in second
    path = skill.relative_to(repo).as_posix()
    assert git(repo, "show", f"sleep/briefs~1:{path}").count("skillopt-sleep:begin") == 1
    assert rules[1] not in git(repo, "show", f"sleep/briefs~1:{path}")
    staged = (tmp_path / "staging" / report.night_id / "proposed" / "skill" / "SKILL.md").read_text()
    assert git(repo, "show", f"sleep/briefs:{path}") == staged

    assert main(["review", report.proposal_id, "--branch", "sleep/briefs", *cli(tmp_path)]) != 0
    assert "already exists" in capsys.readouterr().err


def test_an_untracked_or_uncommitted_file_is_refused_in_one_line(env, capsys):
    tmp_path, skill, store = env
    report = night(tmp_path, skill, store)
    assert main(["review", report.proposal_id, "--branch", "b", *cli(tmp_path)]) != 0
    assert "is not in a git repository" in capsys.readouterr().err

    repo = skill.parent.parent
    git(repo, "init", "-q", "-b", "main")
    (repo / "README.md").write_text("team\n")
    git(repo, "add", "README.md")
    git(repo, *IDENTITY, "commit", "-q", "-m", "readme")
    assert main(["review", report.proposal_id, "--branch", "b", *cli(tmp_path)]) != 0
    err = capsys.readouterr().err
    assert "is not tracked by git" in err and len(err.strip().splitlines()) == 1

    git(repo, "add", ".")
    git(repo, *IDENTITY, "commit", "-q", "-m", "skill")
    skill.write_text(SKILL + "A line of mine.\n")
    assert main(["review", report.proposal_id, "--branch", "b", *cli(tmp_path)]) != 0
    assert "has uncommitted changes" in capsys.readouterr().err
    assert git(repo, "branch", "--list", "b") == ""
