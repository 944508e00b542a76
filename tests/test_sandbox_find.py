"""Finding a sandbox (and refusing without one), the opted-in unsandboxed runner, the bubblewrap
command line, the macOS profile text (untestable here without a Mac), and the output budget."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from skillopt_sleep.sandbox import Limits, SandboxUnavailable, Workspace, find_sandbox
from skillopt_sleep.sandbox.bubblewrap import BubblewrapSandbox
from skillopt_sleep.sandbox.identity import DROP_SOURCE, maps_to_nobody
from skillopt_sleep.sandbox.output import OutputBuffer
from skillopt_sleep.sandbox.sandbox_exec import SandboxExecSandbox, profile, sbpl_string
from skillopt_sleep.sandbox.toolchain import Toolchain
from tests.sandbox_kit import make_repo


@pytest.fixture
def workspace(tmp_path):
    with Workspace.create(make_repo(tmp_path / "calc"), parent=tmp_path / "ws") as created:
        yield created


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="looks for bubblewrap")
def test_without_bwrap_on_path_repo_commands_are_refused_with_a_one_line_reason(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    with pytest.raises(SandboxUnavailable) as caught:
        find_sandbox()
    message = str(caught.value)
    assert "\n" not in message and "bubblewrap" in message and "apt-get install bubblewrap" in message
    assert "unsandboxed" in message


def test_other_platforms_are_refused_with_their_reason():
    with pytest.raises(SandboxUnavailable, match="no sandbox is supported on win32"):
        find_sandbox(platform="win32")
    if not Path("/usr/bin/sandbox-exec").exists():
        with pytest.raises(SandboxUnavailable, match="sandbox-exec is missing"):
            find_sandbox(platform="darwin")


def test_the_opted_in_runner_is_labelled_and_still_bounded(workspace, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-parent-7f3a")
    runner = find_sandbox(allow_unsandboxed=True, platform="win32")
    assert runner.name == "none (opted in)" and runner.is_sandbox is False
    assert "win32" in runner.reason
    result = runner.run(workspace, "pwd; echo HOME=$HOME; env", env={"CHOSEN": "1"})
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == str(workspace.path)
    assert f"HOME={workspace.base / 'state' / 'home'}" in result.output
    assert "sk-parent-7f3a" not in result.output and "CHOSEN=1" in result.output
    slow = runner.run(workspace, "sleep 1000", limits=Limits(wall_s=1))
    assert slow.timed_out and slow.exit_code == 124 and slow.wall_s < 3


def test_a_background_child_holding_the_output_does_not_hold_the_run(workspace):
    runner = find_sandbox(allow_unsandboxed=True, platform="win32")
    result = runner.run(workspace, "sleep 1000 & echo started", limits=Limits(wall_s=30))
    assert result.output == "started\n" and not result.timed_out and result.wall_s < 6


def test_the_bubblewrap_command_line_shares_nothing_it_should_not(workspace, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-7f3a")
    sandbox = BubblewrapSandbox(bwrap="bwrap", toolchain=Toolchain(bin_dirs=(Path("/opt/py/bin"),),
                                                                   mounts=(Path("/opt/py/bin"), Path("/opt/py/lib"))))
    argv = sandbox.command_line(workspace, "make check", Limits(), {"CI": "1"}, (7, 8))
    line = " ".join(argv)
    for option in ("--unshare-all", "--unshare-user", "--die-with-parent", "--new-session", "--clearenv"):
        assert option in argv
    assert "--share-net" not in argv and "sk-ant-7f3a" not in line
    assert argv[-3:] == ["/bin/sh", "-c", "make check"]
    # A root night starts the command through the drop of root (sandbox/identity.py).
    assert (DROP_SOURCE in argv) == maps_to_nobody()
    assert ["--bind", str(workspace.path), "/workspace/calc"] == argv[argv.index("--bind"):argv.index("--bind") + 3]
    writable = [argv[i + 1] for i, arg in enumerate(argv) if arg == "--bind"]
    assert writable == [str(workspace.path)]  # the copy is the only writable host folder
    assert ["--ro-bind", "/opt/py/lib", "/opt/py/lib"] == argv[argv.index("/opt/py/lib") - 1:argv.index("/opt/py/lib") + 2]
    assert str(Path.home()) not in [argv[i + 1] for i, arg in enumerate(argv) if arg.endswith("bind")]
    env = {argv[i + 1]: argv[i + 2] for i, arg in enumerate(argv) if arg == "--setenv"}
    assert env["PATH"].startswith("/opt/py/bin:") and env["HOME"] == "/home/sandbox" and env["CI"] == "1"
    assert "/etc/shadow" not in argv


def test_sandbox_profile_strings_are_escaped():
    assert sbpl_string('a"b\\c') == '"a\\"b\\\\c"'


def test_the_macos_profile_denies_by_default_and_allows_only_what_a_command_needs():
    text = profile(writable=["/private/var/ws/repo/calc", '/tmp/odd "name"'], readable=["/private/var/ws/repo/calc",
                   "/Users/me/.pyenv/versions/3.11.7/bin"], sockets=["/private/var/ws/state"])
    lines = text.splitlines()
    assert lines[:2] == ["(version 1)", "(deny default)"] and "(allow default)" not in text
    allows = [line for line in lines if line.startswith("(allow")]
    assert all(line.startswith("(allow ") for line in lines[2:] if line)  # after the default, only allows
    write_rule = next(l for l in allows if l.startswith("(allow file-write*"))
    assert '(subpath "/private/var/ws/repo/calc")' in write_rule and '(subpath "/tmp/odd \\"name\\"")' in write_rule
    assert "/Users" not in write_rule and "/usr" not in write_rule
    # The home folder: only the tool prefix shown, and its parents' metadata, never the rest.
    home_rules = [l for l in allows if "/Users" in l]
    assert all('(subpath "/Users/me/.pyenv/versions/3.11.7/bin")' in l or l.startswith("(allow file-read-metadata")
               for l in home_rules), home_rules
    assert '(literal "/Users/me/.pyenv")' in text and '(subpath "/Users/me")' not in text
    # No network but unix sockets in the copy's own state folder; no keychain service.
    network = [l for l in allows if "network" in l]
    assert network == ['(allow network-bind network-inbound (local unix-socket (subpath "/private/var/ws/state")))',
                       '(allow network-outbound (remote unix-socket (subpath "/private/var/ws/state")))']
    assert "SecurityServer" not in text and "securityd" not in text
    assert '(allow mach-lookup (global-name "com.apple.system.opendirectoryd.libinfo")' in text


def test_the_macos_sandbox_profile_for_a_workspace_shows_no_home_and_no_shared_temp(workspace):
    text = SandboxExecSandbox(toolchain=Toolchain()).profile_for(workspace)
    home, temp = os.path.realpath(Path.home()), os.path.realpath(workspace.base.parent)
    assert f'(subpath "{os.path.realpath(workspace.path)}")' in text
    assert f'(subpath "{home}")' not in text and f'(subpath "{temp}")' not in text


def test_output_within_the_budget_is_kept_whole_and_beyond_it_head_and_tail_are_kept():
    whole = OutputBuffer(100)
    for part in (b"a" * 40, b"b" * 60):
        whole.add(part)
    assert whole.text() == "a" * 40 + "b" * 60 and not whole.truncated
    cut = OutputBuffer(24)
    for i in range(1000):
        cut.add(f"{i}\n".encode())
    assert cut.truncated
    assert cut.text() == f"0\n1\n2\n3\n4\n5\n\n[... {cut.total - 24} bytes of output cut ...]\n997\n998\n999\n"


@pytest.mark.parametrize("field", ["wall_s", "cpu_s", "memory_mb", "processes", "output_bytes", "file_mb"])
def test_limits_must_be_positive(field):
    with pytest.raises(ValueError, match=field):
        Limits(**{field: 0})
