"""History without the hooks: for a harvested session (no SessionStart record), the uncommitted
work at start comes from what the transcript records (Claude Code's gitStatus, Codex's ghost
snapshot), a commit that is gone gives an honest reason for every agent and never a silent
start from an older commit, and a session started in a subfolder is replayed and judged from
that subfolder. Real git repositories in temporary folders throughout."""

from __future__ import annotations

import json
import os
from datetime import timedelta
from pathlib import Path

import pytest

from skillopt_sleep.capture.git_context import GitStatusBlock, read_git_status
from skillopt_sleep.capture.ingest import Ingestor
from skillopt_sleep.capture.sessions import SessionRepo
from skillopt_sleep.sandbox import Workspace
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.candidates import CandidateRepo
from skillopt_sleep.tasks.judges.repo import score_episode
from skillopt_sleep.tasks.mining import HeuristicMiner
from skillopt_sleep.tasks.taskstore import TaskRepo
from tests.repo_work import CALC, ClaudeTranscript, CodexTranscript, Work, commit_all, git, git_status_text, make_repo
from tests.test_repo_judge import sandbox_or_skip
from tests.test_repo_tasks import SESSION, START, home  # noqa: F401  (the fixture)

BEFORE = (START - timedelta(hours=1)).timestamp()
AFTER = (START + timedelta(hours=1)).timestamp()
WIP = CALC + "\n\ndef mul(a, b):  # work in progress\n    return a * b\n"


def claude(root: Path, cwd: Path | None = None, status: str | None = None) -> ClaudeTranscript:
    transcript = ClaudeTranscript(SESSION, str(cwd or root), "main", START)
    if status is not None:
        transcript.git_status(status)
    return (transcript.say("add() in calc.py subtracts instead of adding; fix it")
            .tool("Edit", {"file_path": str(root / "calc.py"), "old_string": "a - b", "new_string": "a + b"}, "ok")
            .bash("make check", 0, "OK").answer("Fixed; make check passes."))


def mine(home: Path, path: Path, agent: str = "claude-code") -> tuple[list, list[str], Store]:
    store = Store(home / "store.db")
    Ingestor(store).ingest_file(str(path), agent)
    HeuristicMiner(store, data_dir=home / "data").run()
    tasks = [t for t in TaskRepo(store).list() if t.judge.kind == "repo"]
    return tasks, [n["reason"] for c in CandidateRepo(store).all() for n in c.repo_notes], store


def dirty(root: Path, mtime: float) -> None:
    """Uncommitted work the user left before the session: calc.py changed, notes.md untracked."""
    (root / "calc.py").write_text(WIP)
    (root / "notes.md").write_text("remember the rounding\n")
    for name in ("calc.py", "notes.md"):
        os.utime(root / name, (mtime, mtime))


def test_claude_codes_git_status_gives_the_dirty_tree_and_the_untracked_file(tmp_path, home):
    root = tmp_path / "calc"
    commit = make_repo(root)
    dirty(root, BEFORE)
    status = git_status_text("main", [" M calc.py", "?? notes.md"], commit)
    path = claude(root, status=status).write(tmp_path / "projects")
    [task], _, store = mine(home, path)
    session = SessionRepo(store).get(SESSION)
    assert session.git_status == [" M calc.py", "?? notes.md"] and session.git_commit == commit[:7]
    assert task.repo.commit == commit and task.repo.found_by == "agent-record"
    assert task.meta["start"] == ("recorded by claude-code at session start; "
                                  "the uncommitted files claude-code listed at start, unchanged on disk since")
    with Workspace.create(task.repo) as workspace:  # the copy starts where the session did
        assert (workspace.path / "calc.py").read_text() == WIP
        assert (workspace.path / "notes.md").read_text() == "remember the rounding\n"


def test_a_listed_file_written_after_the_start_is_named_not_guessed(tmp_path, home):
    root = tmp_path / "calc"
    commit = make_repo(root)
    dirty(root, AFTER)
    path = claude(root, status=git_status_text("main", [" M calc.py", "?? notes.md"], commit)).write(tmp_path / "projects")
    tasks, reasons, _ = mine(home, path)
    assert tasks == [] and reasons == ["calc.py changed after the session started; its uncommitted state then is not known"]


def test_a_clean_status_is_a_clean_start_and_a_cut_one_is_said(tmp_path, home):
    root = tmp_path / "calc"
    commit = make_repo(root)
    dirty(root, AFTER)  # the user's later work is not the session's start
    [task], _, _ = mine(home, claude(root, status=git_status_text("main", [], commit)).write(tmp_path / "a"))
    assert task.repo.patch == "" and task.meta["start"].endswith("clean at start, as claude-code recorded")
    cut = git_status_text("main", [" M calc.py", "... (truncated because it exceeds 2k characters)"], commit)
    other = tmp_path / "other"
    tasks, reasons, _ = mine(other, claude(root, status=cut).write(tmp_path / "b"))
    assert tasks == [] and reasons == ["the uncommitted changes claude-code listed at session start are cut short or unreadable"]


def test_the_git_status_block_is_read_in_a_system_prompt_or_alone():
    block = git_status_text("feature", [" M calc.py", "R  old.py -> new.py", "?? scratch/"], "abcdef1234")
    prompt = "You are Claude Code, Anthropic's official CLI for Claude.\n\ngitStatus: " + block + "\n\nMore text."
    for text in (prompt, block):
        assert read_git_status(text) == GitStatusBlock("feature", "abcdef1", [" M calc.py", "R  old.py -> new.py", "?? scratch/"],
                                                       True)
    assert read_git_status(git_status_text("main", [], "abc1234")).status == []
    assert not read_git_status(git_status_text("main", ["On branch main"], "abc1234")).complete  # not `--short`
    assert read_git_status("no status in this prompt") is None


def ghost_commit(root: Path) -> str:
    """A commit of the working tree, untracked files included, as Codex's ghost snapshot makes
    it: through a scratch index, parent HEAD, referenced by no branch."""
    env = {**os.environ, "GIT_INDEX_FILE": str(root.parent / "ghost-index"), "GIT_AUTHOR_NAME": "Codex",
           "GIT_AUTHOR_EMAIL": "codex@example.com", "GIT_COMMITTER_NAME": "Codex", "GIT_COMMITTER_EMAIL": "codex@example.com"}
    import subprocess

    def run(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True, text=True).stdout.strip()

    run("read-tree", "HEAD")
    run("add", "--all")
    return run("commit-tree", run("write-tree"), "-p", run("rev-parse", "HEAD"), "-m", "codex snapshot")


def codex(root: Path, commit: str, snapshot: str = "") -> CodexTranscript:
    rollout = CodexTranscript(SESSION, str(root), START, {"commit_hash": commit, "branch": "main"})
    if snapshot:
        rollout.snapshot(snapshot, commit, ["notes.md"])
    return (rollout.say("add() in calc.py subtracts instead of adding; fix it")
            .apply_patch("*** Begin Patch\n*** Update File: calc.py\n@@\n-    return a - b\n+    return a + b\n*** End Patch\n")
            .shell("make check", 0, "OK").answer("Fixed."))


def test_codexs_ghost_snapshot_gives_the_dirty_tree_even_after_the_files_moved_on(tmp_path, home):
    root = tmp_path / "calc"
    commit = make_repo(root)
    dirty(root, BEFORE)
    snapshot = ghost_commit(root)
    (root / "calc.py").write_text("rewritten later\n")  # what the disk holds now is not the start
    [task], _, _ = mine(home, codex(root, commit, snapshot).write(tmp_path / "sessions"), "codex")
    assert task.repo.commit == commit and task.meta["start"].endswith("the working tree as codex's snapshot at start held it")
    with Workspace.create(task.repo) as workspace:
        assert (workspace.path / "calc.py").read_text() == WIP and (workspace.path / "notes.md").is_file()


def rewrite_history(root: Path) -> None:
    """The commit the session started from amended after it, and git's memory of it dropped."""
    (root / "calc.py").write_text(CALC + "# amended\n")
    git(root, "add", "-A")
    git(root, "commit", "-q", "--amend", "-m", "start, amended", when="2026-12-04T10:00:00Z")
    git(root, "reflog", "expire", "--expire=now", "--expire-unreachable=now", "--all")
    git(root, "gc", "-q", "--prune=now")


@pytest.mark.parametrize("agent", ["claude-code", "codex"])
def test_a_recorded_commit_rebased_away_is_an_honest_reason_for_every_agent(tmp_path, home, agent):
    root = tmp_path / "calc"
    commit = make_repo(root)
    rewrite_history(root)
    transcript = (claude(root, status=git_status_text("main", [], commit)) if agent == "claude-code"
                  else codex(root, commit))
    tasks, reasons, _ = mine(home, transcript.write(tmp_path / "t"), agent)
    assert tasks == [] and reasons == [f"commit {commit[:7] if agent == 'claude-code' else commit[:12]} is no longer in the repository"]


def test_without_a_recorded_commit_a_rewritten_branch_never_gives_an_older_start(tmp_path, home):
    root = tmp_path / "calc"
    first = make_repo(root, when="2026-11-28T10:00:00Z")
    (root / "README.md").write_text("the session started here\n")
    commit_all(root, "the session's start", when="2026-11-30T10:00:00Z")
    rewrite_history(root)  # that commit amended on 12-04, after the session of 12-02
    tasks, reasons, _ = mine(home, claude(root).write(tmp_path / "projects"))
    assert git(root, "rev-list", "-1", "--before=2026-12-02T18:00:00Z", "main") == first  # what a silent start would take
    assert tasks == [] and reasons == ["main holds commits made before the session but committed after it (a rebase, "
                                       "an amend or a cherry-pick), so the commit it started from cannot be told from the branch"]


def test_the_reflog_finds_the_start_a_rebase_took_off_the_branch(tmp_path, home):
    root = tmp_path / "calc"
    commit = make_repo(root)
    (root / "calc.py").write_text(CALC + "# amended\n")
    git(root, "commit", "-q", "-a", "--amend", "-m", "amended", when="2026-12-04T10:00:00Z")
    [task], _, _ = mine(home, claude(root).write(tmp_path / "projects"))
    assert task.repo.commit == commit and task.repo.found_by == "reflog"


def test_a_session_in_a_subfolder_is_replayed_and_judged_from_it(tmp_path, home):
    root = tmp_path / "mono"
    make_repo(root, files={"README.md": "two projects\n", "calc/Makefile": "check:\n\ttest -f calc.py && python3 -c 'import calc'\n",
                           "calc/calc.py": CALC})
    sub = root / "calc"
    transcript = (ClaudeTranscript(SESSION, str(sub), "main", START)
                  .say("add() in calc.py subtracts instead of adding; fix it")
                  .tool("Edit", {"file_path": str(sub / "calc.py"), "old_string": "a - b", "new_string": "a + b"}, "ok")
                  .bash("make check", 0, "OK").bash("cd .. && ls", 0, "calc README.md").answer("Fixed."))
    [task], _, _ = mine(home, transcript.write(tmp_path / "projects"))
    assert task.repo.cwd == "calc" and task.repo.changed_files == ["calc/calc.py"]
    assert [v.command for v in task.repo.verification] == ["make check"]  # run from the subfolder, as the session did
    assert "The session worked in calc/ of the repository" in task.context
    sandbox = sandbox_or_skip()
    with Workspace.create(task.repo) as workspace:
        episode = Work(workspace.path).edit("calc/calc.py", CALC.replace("a - b", "a + b")).finish("fixed").episode()
        score = score_episode(task, episode, workspace, sandbox)
        assert sandbox.run(workspace, "pwd").output.strip().endswith("/calc")
    assert not score.error and score.hard == 1.0, score.checks
    assert json.loads(json.dumps(task.repo.to_dict()))["cwd"] == "calc"
