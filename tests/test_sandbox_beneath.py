"""beneath.py on real files: a path under a copy's root is opened without following any link, a
FIFO is refused at once, reads are capped, and a link the agent left is replaced, never written
through. Each test runs with openat2 (where this kernel has it) and with the component walk the
host uses elsewhere."""

from __future__ import annotations

import os
import stat

import pytest

from skillopt_sleep.sandbox import SandboxError, beneath
from tests.sandbox_kit import within


@pytest.fixture(params=["openat2", "walk"])
def copy(request, tmp_path, monkeypatch):
    """A copy's root with a file, a folder, and beside it a host folder the agent must not reach."""
    if request.param == "openat2":
        if beneath._syscall() is None:
            pytest.skip("no openat2 on this machine")
    else:
        monkeypatch.setattr(beneath, "_syscall", lambda: None)
    root = tmp_path / "copy"
    (root / "src").mkdir(parents=True)
    (root / "src" / "calc.py").write_text("def add(a, b):\n    return a + b\n")
    host = tmp_path / "host"
    host.mkdir()
    (host / ".bashrc").write_text("export PS1='mine'\n")
    (host / "SKILL.md").write_text("the user's own\n")
    return root, host


@pytest.mark.parametrize("relative", ["../outside.txt", "src/../../outside.txt", "/etc/passwd", "~/.ssh/id_rsa", "a\0b"])
def test_paths_that_leave_the_copy_are_refused_in_one_line(copy, relative):
    with pytest.raises(SandboxError) as caught:
        beneath.read_file(copy[0], relative, 1000)
    assert "\n" not in str(caught.value)


def test_a_path_inside_is_read_and_dot_dot_stays_inside(copy):
    root, _ = copy
    assert beneath.read_file(root, "src/calc.py", 1000).startswith(b"def add")
    assert beneath.read_file(root, "src/../src/calc.py", 1000).startswith(b"def add")
    assert beneath.parts_of(".") == [] and beneath.parts_of("src/../README.md") == ["README.md"]


def test_no_link_is_followed_in_or_out_of_the_copy(copy):
    root, host = copy
    os.symlink(host / ".bashrc", root / "rc")  # out, absolute
    os.symlink("calc.py", root / "src" / "alias.py")  # in, relative
    os.symlink(host, root / "up")  # a folder on the way
    for relative in ("rc", "src/alias.py", "up/.bashrc"):
        with pytest.raises(SandboxError, match="link"):
            beneath.read_file(root, relative, 1000)
        with pytest.raises(SandboxError, match="link"):
            beneath.open_beneath(root, relative, os.O_RDONLY)
    assert beneath.entry(root, "rc") is not None and stat.S_ISLNK(beneath.entry(root, "rc").st_mode)


def test_a_fifo_a_folder_and_a_large_file_are_refused_at_once(copy):
    root, _ = copy
    os.mkfifo(root / "pipe")
    (root / "big.txt").write_bytes(b"x" * 5000)
    refused = within(10, lambda: _error_of(lambda: beneath.read_file(root, "pipe", 1000)), root / "pipe")
    assert "pipe is not a regular file (a FIFO)" in refused
    assert "is not a regular file (a folder)" in _error_of(lambda: beneath.read_file(root, "src", 1000))
    assert "too large to read (5000 bytes)" in _error_of(lambda: beneath.read_file(root, "big.txt", 1000))


def test_a_write_replaces_a_link_or_fifo_and_never_writes_through_it(copy):
    root, host = copy
    os.symlink(host / ".bashrc", root / "rc")
    os.mkfifo(root / "pipe")
    beneath.write_file(root, "rc", b"written\n")
    within(10, lambda: beneath.write_file(root, "pipe", b"written\n"), root / "pipe")
    assert (host / ".bashrc").read_text() == "export PS1='mine'\n"
    assert not (root / "rc").is_symlink() and (root / "rc").read_bytes() == b"written\n"
    assert (root / "pipe").is_file() and (root / "pipe").read_bytes() == b"written\n"


def test_a_write_through_a_linked_folder_is_refused_and_lands_nowhere(copy):
    root, host = copy
    os.symlink(host, root / "skills")
    with pytest.raises(SandboxError, match="link"):
        beneath.write_file(root, "skills/SKILL.md", b"written\n")
    with pytest.raises(SandboxError, match="link"):
        beneath.make_folders(root, "skills/new")
    assert (host / "SKILL.md").read_text() == "the user's own\n" and not (host / "new").exists()


def test_a_write_keeps_an_existing_files_mode_and_leaves_no_temporary_file(copy):
    root, _ = copy
    (root / "run.sh").write_text("#!/bin/sh\n")
    os.chmod(root / "run.sh", 0o751)
    beneath.write_file(root, "run.sh", b"#!/bin/sh\necho hi\n")
    assert stat.S_IMODE(os.stat(root / "run.sh").st_mode) == 0o751
    assert sorted(os.listdir(root)) == ["run.sh", "src"]


def test_removal_takes_the_link_itself_and_never_reaches_through_one(copy):
    root, host = copy
    os.symlink(host / "SKILL.md", root / "SKILL.md")
    os.symlink(host, root / "skills")
    assert beneath.remove_file(root, "SKILL.md") and not os.path.lexists(root / "SKILL.md")
    with pytest.raises(SandboxError, match="link"):
        beneath.remove_file(root, "skills/SKILL.md")
    assert not beneath.remove_empty_folder(root, "skills")  # a link is no folder to remove
    assert (host / "SKILL.md").read_text() == "the user's own\n" and (root / "skills").is_symlink()
    assert beneath.make_folders(root, "a/b") == ["a", "a/b"] and beneath.remove_empty_folder(root, "a/b")


def test_listing_and_walking_show_links_as_links_and_never_enter_them(copy):
    root, host = copy
    os.symlink(host, root / "up")
    os.symlink("calc.py", root / "src" / "alias.py")
    os.mkfifo(root / "src" / "pipe")
    kinds = {name: mode for name, mode in beneath.list_folder(root, "src")}
    assert stat.S_ISLNK(kinds["alias.py"]) and stat.S_ISFIFO(kinds["pipe"]) and stat.S_ISREG(kinds["calc.py"])
    assert list(beneath.regular_files(root, ".")) == [("src/calc.py", 32)]
    assert list(beneath.regular_files(root, "src/calc.py")) == [("src/calc.py", 32)]


def _error_of(call) -> str:
    try:
        call()
    except SandboxError as exc:
        return str(exc)
    return ""
