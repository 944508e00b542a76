"""Workspace: a throwaway copy at a commit plus the session's patch; its diff against that start;
paths that cannot leave it; and the user's repository untouched throughout."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from skillopt_sleep.episode import RepoSpec
from skillopt_sleep.sandbox import SandboxError, Workspace
from tests.sandbox_kit import GIT_ID, fingerprint, make_repo, within

# What a command in the copy runs, run here on the host: a root night hands the copy to another
# id (sandbox/identity.py), which git would otherwise refuse as someone else's repository.
IN_COPY = ["git", "-c", "safe.directory=*", *GIT_ID]


@pytest.fixture
def spec(tmp_path):
    return make_repo(tmp_path / "user" / "calc")


@pytest.fixture
def workspace(spec, tmp_path):
    with Workspace.create(spec, parent=tmp_path / "workspaces") as created:
        yield created


def test_copy_is_at_the_commit_with_the_patch_applied(workspace, spec):
    assert workspace.path.name == "calc"
    assert (workspace.path / "README.md").read_text() == "# calc\n\nwork in progress\n"
    assert (workspace.path / "src" / "extra.py").read_text() == "VALUE = 1\n"
    assert (workspace.path / "data.bin").read_bytes() == bytes(range(256))
    assert not (workspace.path / "CHANGELOG.md").exists()  # the later commit is not there
    assert not (workspace.path / "untracked.txt").exists()  # only what the patch carries
    head = subprocess.run([*IN_COPY, "rev-parse", "HEAD"], cwd=workspace.path, capture_output=True, text=True).stdout
    assert head.strip() == spec.commit
    branch = subprocess.run([*IN_COPY, "branch", "--show-current"], cwd=workspace.path, capture_output=True, text=True)
    assert branch.stdout.strip() == "main"
    assert workspace.diff() == "" and workspace.changed_files() == []  # the patch is the start, not a change


def test_diff_reports_the_change_new_and_deleted_files_but_not_ignored_ones(workspace):
    (workspace.path / "src" / "calc.py").write_text("def add(a, b):\n    return a + b\n")
    (workspace.path / "tests").mkdir()
    (workspace.path / "tests" / "test_calc.py").write_text("from src.calc import add\n")
    (workspace.path / "README.md").unlink()
    (workspace.path / "build").mkdir()
    (workspace.path / "build" / "cache.o").write_text("ignored")
    assert workspace.changed_files() == ["README.md", "src/calc.py", "tests/test_calc.py"]
    diff = workspace.diff()
    assert "-    return a - b\n+    return a + b" in diff
    assert "new file mode" in diff and "+from src.calc import add" in diff
    assert "deleted file mode" in diff and "build/" not in diff


def test_diff_holds_when_the_command_rewrites_or_deletes_the_copys_git(workspace):
    (workspace.path / "src" / "calc.py").write_text("fixed\n")
    subprocess.run([*IN_COPY, "commit", "-qam", "student commit"], cwd=workspace.path, check=True)
    subprocess.run([*IN_COPY, "gc", "-q", "--prune=now"], cwd=workspace.path, check=True)
    assert workspace.changed_files() == ["src/calc.py"]
    shutil.rmtree(workspace.path / ".git")
    assert workspace.changed_files() == ["src/calc.py"]
    assert "+fixed" in workspace.diff()


def test_the_copy_cannot_push_back_to_the_users_repository(workspace, spec):
    before = fingerprint(Path(spec.root))
    subprocess.run([*IN_COPY, "commit", "-qam", "x", "--allow-empty"], cwd=workspace.path, check=True)
    pushed = subprocess.run([*IN_COPY, "push", "origin", "HEAD:refs/heads/evil"], cwd=workspace.path,
                            capture_output=True, text=True)
    assert pushed.returncode != 0
    assert fingerprint(Path(spec.root)) == before


def test_creating_diffing_and_cleaning_up_leave_the_users_repository_byte_identical(spec, tmp_path):
    before = fingerprint(Path(spec.root))
    workspace = Workspace.create(spec, parent=tmp_path / "ws")
    (workspace.path / "README.md").write_text("changed\n")
    workspace.diff()
    workspace.cleanup()
    assert fingerprint(Path(spec.root)) == before
    assert not workspace.base.exists()


def test_cleanup_removes_folders_a_command_locked(workspace):
    locked = workspace.path / "locked"
    (locked / "inner").mkdir(parents=True)
    (locked / "inner" / "f").write_text("x")
    os.chmod(locked / "inner", 0)
    os.chmod(locked, 0o500)
    workspace.cleanup()
    assert not workspace.base.exists()


@pytest.mark.parametrize("relative", ["../outside.txt", "src/../../outside.txt", "/etc/passwd", "~/.ssh/id_rsa",
                                      "a\0b"])
def test_resolve_refuses_paths_that_leave_the_copy(workspace, relative):
    with pytest.raises(SandboxError) as caught:
        workspace.resolve(relative)
    assert "\n" not in str(caught.value)


def test_resolve_refuses_symlinks_that_point_out(workspace, tmp_path):
    (tmp_path / "secret").write_text("s")
    os.symlink(tmp_path / "secret", workspace.path / "link")
    os.symlink("../../..", workspace.path / "src" / "up")
    for relative in ("link", "src/up/secret", "src/up"):
        with pytest.raises(SandboxError, match="escapes"):
            workspace.resolve(relative)


def test_resolve_accepts_paths_inside(workspace):
    os.symlink("calc.py", workspace.path / "src" / "alias.py")
    root = workspace.path.resolve()
    assert workspace.resolve("src/calc.py") == root / "src" / "calc.py"
    assert workspace.resolve("src/../README.md") == root / "README.md"
    assert workspace.resolve("src/alias.py") == root / "src" / "calc.py"
    assert workspace.resolve("new/file.txt") == root / "new" / "file.txt"
    assert workspace.resolve(".") == root


def test_a_missing_repository_is_a_one_line_error(tmp_path):
    with pytest.raises(SandboxError, match="repository not found"):
        Workspace.create(RepoSpec(root=str(tmp_path / "nope"), commit="abc"))
    (tmp_path / "plain").mkdir()
    with pytest.raises(SandboxError, match="not a git repository"):
        Workspace.create(RepoSpec(root=str(tmp_path / "plain"), commit="abc"))


def test_a_missing_commit_is_a_one_line_error_and_leaves_nothing_behind(spec, tmp_path):
    parent = tmp_path / "ws"
    with pytest.raises(SandboxError) as caught:
        Workspace.create(RepoSpec(root=spec.root, commit="0123456789abcdef0123456789abcdef01234567"), parent=parent)
    assert "commit 0123456789abcdef0123456789abcdef01234567 is not in repository" in str(caught.value)
    assert "\n" not in str(caught.value)
    assert list(parent.iterdir()) == []


def test_a_patch_that_does_not_apply_is_a_one_line_error(spec, tmp_path):
    bad = spec.patch.replace("+work in progress", "+work in progress").replace(" # calc", " # not calc")
    with pytest.raises(SandboxError) as caught:
        Workspace.create(RepoSpec(root=spec.root, commit=spec.commit, patch=bad), parent=tmp_path / "ws")
    assert "do not apply" in str(caught.value) and "\n" not in str(caught.value)
    assert list((tmp_path / "ws").iterdir()) == []


def test_the_copy_is_never_made_inside_the_users_repository(spec):
    with pytest.raises(SandboxError, match="inside the repository"):
        Workspace.create(spec, parent=Path(spec.root) / "tmp")
    assert not (Path(spec.root) / "tmp").exists()


@pytest.mark.parametrize("name", [".gitignore", "src/.gitattributes"])
def test_a_fifo_where_git_reads_its_rules_stops_the_diff_at_once_with_the_reason(workspace, sandbox, name):
    # git opens each folder's .gitignore and .gitattributes to take the diff; a FIFO there would
    # hold the host's git until a writer came.
    assert sandbox.run(workspace, f"rm -f {name} && mkfifo {name}").exit_code == 0

    def changed():
        try:
            return workspace.changed_files()
        except SandboxError as exc:
            return exc

    outcome = within(10, changed, workspace.path / name)
    assert isinstance(outcome, SandboxError) and name in str(outcome) and "FIFO" in str(outcome), outcome


def test_the_diff_runs_nothing_the_copy_configured(workspace, sandbox, tmp_path):
    marker = tmp_path / "host-marker"
    plant = (f"git config filter.x.clean 'touch {marker}; cat' && git config filter.x.required true"
             f" && git config core.fsmonitor 'touch {marker}; false' && git config diff.x.textconv 'touch {marker}; cat'"
             f" && git config diff.external 'touch {marker}; true' && printf '* filter=x diff=x\\n' > .gitattributes"
             " && echo changed > README.md")
    assert sandbox.run(workspace, plant).exit_code == 0
    assert workspace.changed_files() == [".gitattributes", "README.md"] and "+changed" in workspace.diff()
    assert not marker.exists()


def test_the_change_is_read_with_the_commits_ignore_rules_and_none_of_the_copys_attributes(workspace):
    # A command writes an ignore file that hides a package, and marks code binary so no line shows.
    (workspace.path / "unittest").mkdir()
    (workspace.path / "unittest" / "__init__.py").write_text("raise SystemExit(0)\n")
    (workspace.path / "unittest" / ".gitignore").write_text("*\n")
    (workspace.path / ".gitattributes").write_text("*.py -diff\n*.md binary\n")
    (workspace.path / "src" / "calc.py").write_text("def add(a, b):\n    return a + b\nprint('debug')\n")
    (workspace.path / "README.md").write_text("# calc\n\nwork in progress\nmore\n")
    (workspace.path / ".gitignore").write_text("build/\nsrc/\n")  # and the root's rules, rewritten
    (workspace.path / "build" / "cache.o").parent.mkdir()
    (workspace.path / "build" / "cache.o").write_text("ignored by the commit's own rules")
    diff = workspace.diff()
    assert "+print('debug')" in diff and "+more" in diff and "Binary files" not in diff
    assert {"unittest/__init__.py", "unittest/.gitignore", "src/calc.py"} <= set(workspace.changed_files())
    assert "build/cache.o" not in workspace.changed_files()
