"""Nothing secret in a copy or its sandbox: only the objects the commit reaches, an /etc with what
programs need and no keys, and a sandbox user that is never the host's root."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from skillopt_sleep.sandbox import Workspace
from tests.sandbox_kit import git, make_repo

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="bubblewrap is the Linux sandbox")

STAGED_SECRET = "AWS_SECRET_ACCESS_KEY=staged-once-7f3a\n"


def test_a_file_staged_then_unstaged_in_the_users_repository_is_not_in_the_copy(sandbox, tmp_path):
    spec = make_repo(tmp_path / "calc")
    root = Path(spec.root)
    (root / ".env").write_text(STAGED_SECRET)
    git(root, "add", ".env")  # the blob is written to .git/objects ...
    git(root, "reset", "-q", ".env")  # ... and stays there, unreachable, until gc
    blob = git(root, "hash-object", ".env").strip()
    git(root, "cat-file", "-e", blob)
    (root / ".env").unlink()
    with Workspace.create(spec, parent=tmp_path / "ws") as workspace:
        listed = sandbox.run(workspace, "git cat-file --batch-all-objects --batch-check")
        dumped = sandbox.run(workspace, "git cat-file --batch-all-objects --batch | grep -ac staged-once || true")
        history = sandbox.run(workspace, "git log --format=%s")
    assert listed.exit_code == 0 and " commit " in listed.output, listed.output
    assert blob not in listed.output
    assert dumped.output.strip() == "0"
    # What the commit reaches is there, so the agent still has its history; later commits are not.
    assert history.output.split() == ["first"]


@pytest.fixture
def workspace(tmp_path):
    with Workspace.create(make_repo(tmp_path / "calc"), parent=tmp_path / "ws") as created:
        yield created


NEEDED = ("/etc/passwd", "/etc/group", "/etc/hosts", "/etc/resolv.conf", "/etc/nsswitch.conf", "/etc/ld.so.cache",
          "/etc/ssl/certs", "/etc/ssl/openssl.cnf", "/etc/localtime")
SECRET = ("/etc/shadow", "/etc/gshadow", "/etc/sudoers", "/etc/sudoers.d", "/etc/ssh", "/etc/ssl/private",
          "/etc/pki/tls/private", "/etc/gitconfig", "/etc/npmrc", "/etc/pip.conf", "/etc/machine-id")
CA_COUNT = "import ssl; print('ca', ssl.create_default_context().cert_store_stats()['x509_ca'])"


def test_etc_shows_what_programs_need_and_nothing_that_holds_a_secret(sandbox, workspace):
    probe = "; ".join(f"test -e {path} && echo present {path}" for path in NEEDED + SECRET)
    shown = sandbox.run(workspace, probe + "; true").output.split("\n")
    present = {line.split(" ", 1)[1] for line in shown if line.startswith("present ")}
    assert present == {path for path in NEEDED if Path(path).exists()}, shown
    # Programs still start, resolve the loopback by name and find the certificate authorities.
    ran = sandbox.run(workspace, f"getent hosts localhost && python3 -c \"{CA_COUNT}\" && id -un")
    assert ran.exit_code == 0, ran.output
    if list(Path("/etc/ssl/certs").glob("*.pem")):
        assert int(ran.output.split("ca ")[1].split()[0]) > 0, ran.output
    assert ran.output.strip().endswith("sandbox")


def test_the_sandbox_user_is_never_the_hosts_root(sandbox, workspace, tmp_path):
    shown = tmp_path / "shown"
    shown.mkdir()
    (shown / "root-only.txt").write_text("root's own 7f3a\n")
    os.chmod(shown / "root-only.txt", 0o600)
    result = sandbox.with_read_only([shown]).run(workspace, f"id -u; id -g; grep Cap /proc/self/status; "
                                                            f"cat {shown}/root-only.txt; echo made > made.txt")
    assert result.output.split()[:2] == ["1000", "1000"], result.output
    assert all(line.split()[1].strip("0") == "" for line in result.output.splitlines() if line.startswith("Cap"))
    made = (workspace.path / "made.txt").stat()
    if os.geteuid() == 0:
        # A root night: the file is root's alone, and what the sandbox writes is not root's.
        assert "7f3a" not in result.output and "Permission denied" in result.output
        assert made.st_uid != 0 and made.st_gid != 0
    else:
        assert made.st_uid == os.geteuid()


def test_what_the_host_writes_into_a_copy_stays_writable_by_the_sandbox_user(sandbox, workspace):
    from skillopt_sleep.sandbox import beneath

    beneath.make_folders(workspace.path, "docs/notes")
    beneath.write_file(workspace.path, "docs/notes/todo.md", b"first\n")
    result = sandbox.run(workspace, "echo second >> docs/notes/todo.md && touch docs/notes/more.md && "
                                    "git status --short")
    assert result.exit_code == 0, result.output
    assert (workspace.path / "docs" / "notes" / "todo.md").read_text() == "first\nsecond\n"


def test_no_host_path_of_the_night_shows_in_what_a_command_is_given_or_where_it_looks(sandbox, tmp_path):
    from skillopt_sleep.sandbox.execlog import Watch

    with Workspace.create(make_repo(tmp_path / "calc")) as workspace, Watch(workspace, sandbox, ("make",)) as watch:
        # The record's folder is shown to the command, which prints its mounts, settings and argv.
        seen = watch.sandbox.run(workspace, watch.command(
            "cat /proc/self/mountinfo; env; tr '\\0' ' ' </proc/$$/cmdline; make --version >/dev/null"))
    assert seen.exit_code == 0 and [entry["argv"] for entry in watch.entries] == [["make", "--version"]], seen.output
    mounts = [line.split() for line in seen.output.splitlines() if " - " in line]
    points = {fields[4]: fields[3] for fields in mounts}
    # Where a mount comes from is the kernel's to say: a host folder bound in is named by its path
    # in its filesystem; everything else a command sees names none.
    rest = "\n".join(line for line in seen.output.splitlines() if " - " not in line)
    assert str(workspace.base) not in rest and "skillopt-ws-" not in rest, rest
    assert not any(point.startswith(str(workspace.base)) for point in points)
    assert any(point.startswith("/run/skillopt/exec-") for point in points)
    assert "skillopt-ws-" not in points["/etc/passwd"] + points["/etc/group"]  # copied in from memory
    if workspace.sized:  # the copy on a filesystem of its own: named by its path in that filesystem
        assert points[sandbox.inside_path(workspace)] == "/calc"
