"""Containment under the real bubblewrap sandbox: no network, no home, no keys, no writes outside
the copy, bounded processes, time, memory and output, and the user's repository and home
byte-identical after an episode of hostile commands."""

from __future__ import annotations

import http.server
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest

from skillopt_sleep.sandbox import Limits, SandboxError, Workspace
from skillopt_sleep.sandbox.cgroup import CommandCgroup
from tests.sandbox_kit import FAKE_KEY, LoopbackResolver, fingerprint, make_home, make_repo

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="bubblewrap is the Linux sandbox")

SECRET = "sk-test-parent-key-7f3a"


@pytest.fixture
def user(tmp_path, monkeypatch):
    """The user's HOME (set for this process too) with keys and settings, and a dirty repository in it."""
    home = make_home(tmp_path / "home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    spec = make_repo(home / "code" / "calc")
    return home, spec


@pytest.fixture
def workspace(user, tmp_path):
    with Workspace.create(user[1], parent=tmp_path / "workspaces") as created:
        yield created


def test_the_usual_tools_run_inside(sandbox, workspace):
    result = sandbox.run(workspace, "python3 -c 'import sys; print(sys.version_info[0])' && git status --short"
                                    " && make --version && sh -c 'echo shell-ok'")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("3\n") and "shell-ok" in result.output
    if Path("/usr/bin/node").exists():
        assert sandbox.run(workspace, "node -e 'console.log(6*7)'").output.strip() == "42"


def test_a_folder_can_be_shown_read_only_but_never_one_holding_home(sandbox, workspace, user, tmp_path):
    tool = tmp_path / "tool"
    tool.mkdir()
    (tool / "cli").write_text("#!/bin/sh\necho tool-ran\n")
    (tool / "cli").chmod(0o755)
    assert sandbox.run(workspace, f"{tool}/cli").exit_code != 0
    shown = sandbox.with_read_only([tool])
    assert shown.run(workspace, f"{tool}/cli").output == "tool-ran\n"
    assert shown.run(workspace, f"touch {tool}/written").exit_code != 0 and not (tool / "written").exists()
    for folder in (user[0], user[0].parent, Path("/")):
        with pytest.raises(SandboxError, match="holds the home folder"):
            sandbox.with_read_only([folder])


def test_concurrent_commands_each_get_their_own_output(sandbox, workspace):
    results = {}
    threads = [threading.Thread(target=lambda i=i: results.update({i: sandbox.run(workspace, f"sleep 0.3; echo run-{i}")}))
               for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert {i: r.output for i, r in results.items()} == {i: f"run-{i}\n" for i in range(4)}


def test_the_network_is_unreachable_outside_and_on_the_hosts_loopback(sandbox, workspace):
    # "The outside" is a server this test runs on the host's loopback: were the sandbox ever to
    # fail open, nothing would leave this machine.
    hits = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            hits.append(self.path)
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"reached")

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_port}/from-host"
        from urllib.request import urlopen
        assert urlopen(url, timeout=5).read() == b"reached"  # the server works from the host
        fetch = "python3 -c 'import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1], timeout=3).read())' "
        result = sandbox.run(workspace, fetch + f"http://127.0.0.1:{server.server_port}/from-sandbox",
                             limits=Limits(wall_s=20))
        assert result.exit_code != 0 and "reached" not in result.output, result.output
    finally:
        server.shutdown()
    assert hits == ["/from-host"]


# Inside: stops before sending anything if there is any interface but loopback; then asks the
# test's resolver (on the host's loopback) for its name over UDP, and the system's resolver too.
LOOKUP = """import socket, sys
name, port, query = sys.argv[1], int(sys.argv[2]), bytes.fromhex(sys.argv[3])
interfaces = [line.split(":")[0].strip() for line in open("/proc/net/dev").read().splitlines()[2:]]
print("interfaces", interfaces)
if interfaces != ["lo"]:
    sys.exit(3)
probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
probe.settimeout(2)
try:
    probe.sendto(query, ("127.0.0.1", port))
    print("answered", probe.recv(512).hex())
except OSError as exc:
    print("no answer:", type(exc).__name__)
try:
    print("resolved", socket.getaddrinfo(name, 80))
except OSError as exc:
    print("not resolved:", type(exc).__name__)
"""


def test_only_loopback_is_inside_and_no_name_is_resolved(sandbox, workspace):
    with LoopbackResolver() as resolver:
        assert resolver.ask_from_host() == "127.0.0.1"  # the test's resolver answers its name on the host
        answered_from_host = len(resolver.queries)
        result = sandbox.run(workspace, f"python3 -c {shlex.quote(LOOKUP)} {resolver.name} {resolver.port} "
                                        f"{resolver.query().hex()}", limits=Limits(wall_s=20))
    assert "interfaces ['lo']" in result.output, result.output
    assert "no answer:" in result.output and "not resolved:" in result.output, result.output
    assert len(resolver.queries) == answered_from_host  # nothing from the sandbox reached it


def test_home_keys_and_agent_settings_are_not_visible(sandbox, workspace, user):
    home = user[0]
    result = sandbox.run(workspace, f"cat {home}/.ssh/id_rsa ~/.ssh/id_rsa {home}/.claude/settings.json "
                                    f"{home}/.codex/auth.json {home}/other-repo/notes.txt /root/.ssh/* ; ls -a ~ {home}")
    assert "fake-key-material" not in result.output and "7f3a" not in result.output
    listing = sandbox.run(workspace, "ls -A ~; echo HOME=$HOME").output
    assert listing.strip() == "HOME=/home/sandbox"
    assert sandbox.run(workspace, "cat /etc/shadow").exit_code != 0


def test_host_processes_are_invisible_and_no_namespace_can_be_made_inside(sandbox, workspace):
    pids = sandbox.run(workspace, "ls /proc | grep -c '^[0-9]'")
    assert 0 < int(pids.output) < 8, pids.output  # the sandbox's own few, not the host's hundreds
    if shutil.which("unshare"):
        nested = sandbox.run(workspace, "unshare --user true && echo nested-ok")
        assert nested.exit_code != 0 and "nested-ok" not in nested.output, nested.output
    assert sandbox.run(workspace, "id -u").output == "1000\n"


def test_parent_environment_keys_do_not_reach_the_command(sandbox, workspace):
    result = sandbox.run(workspace, "env", env={"CHOSEN": "yes"})
    assert SECRET not in result.output and "OPENAI_API_KEY" not in result.output
    assert "CHOSEN=yes" in result.output and "HOME=/home/sandbox" in result.output


def test_writes_outside_the_copy_fail_and_leave_the_host_unchanged(sandbox, workspace, user, tmp_path):
    home, spec = user
    mark = f"skillopt-escape-{uuid.uuid4().hex[:8]}"  # a name nothing else uses, removed if it ever lands
    canary = tmp_path / "host-tmp-canary.txt"
    canary.write_text("canary\n")
    before_home, before_canary = fingerprint(home), canary.read_bytes()
    commands = [
        f"echo evil > {spec.root}/README.md", f"echo evil > {home}/.bashrc", f"echo evil > {canary}",
        f"rm -rf {spec.root}", f"echo evil > /usr/{mark}", f"touch /etc/{mark}", f"touch /{mark}",
        f"echo evil > {workspace.base}/state/escape",
    ]
    escapes = [Path(f"/usr/{mark}"), Path(f"/etc/{mark}"), Path(f"/{mark}")]
    try:
        for command in commands:
            sandbox.run(workspace, command)
        assert sandbox.run(workspace, f"echo evil > /usr/{mark}").exit_code != 0
        assert not any(path.exists() for path in escapes)
    finally:
        for path in escapes:
            path.unlink(missing_ok=True)
    assert sandbox.run(workspace, "echo inside > inside.txt && cat inside.txt").output == "inside\n"
    assert (workspace.path / "inside.txt").read_text() == "inside\n"
    assert fingerprint(home) == before_home and canary.read_bytes() == before_canary
    assert not (workspace.base / "state" / "escape").exists()


def test_a_fork_bomb_is_contained_and_the_host_stays_responsive(sandbox, workspace):
    if not _cgroup_bounds("bounds_processes"):
        pytest.skip("no writable pids cgroup here: processes are bounded by RLIMIT_NPROC, not enforced for root")
    forks = ("python3 -c 'import os, time\nn = 0\nfor i in range(500):\n    try:\n        pid = os.fork()\n"
             "    except OSError:\n        print(\"refused after\", n, flush=True); break\n"
             "    if pid == 0:\n        time.sleep(60); os._exit(0)\n    n += 1\ntime.sleep(60)'")
    limits = Limits(processes=32, wall_s=4)
    results = {}
    runner = threading.Thread(target=lambda: results.update(forks=sandbox.run(workspace, forks, limits=limits)))
    runner.start()
    time.sleep(1.5)
    started = time.monotonic()
    subprocess.run(["true"], check=True)
    assert time.monotonic() - started < 1.0
    runner.join(timeout=30)
    result = results["forks"]
    assert "refused after" in result.output and int(result.output.split("refused after")[1].split()[0]) < 32
    assert result.timed_out and result.wall_s < limits.wall_s + 3
    bomb = sandbox.run(workspace, "bomb() { bomb | bomb & }; bomb; sleep 30", limits=Limits(processes=32, wall_s=3))
    # Contained either way: the wall limit stops it, or the process bound refuses the shell's
    # forks so early that the script gives up (sh exits when it cannot fork) before its sleep.
    assert bomb.wall_s < 6 and (bomb.timed_out or ("Cannot fork" in bomb.output and bomb.exit_code != 0))
    assert sandbox.run(workspace, "echo alive").output == "alive\n"


def _cgroup_bounds(what: str) -> bool:
    probe = CommandCgroup.create(processes=8, memory_bytes=64 * 1024 * 1024)
    if probe is None:
        return False
    probe.remove()
    return getattr(probe, what)


def test_many_processes_together_cannot_pass_the_memory_limit(sandbox, workspace):
    if not _cgroup_bounds("bounds_memory"):
        pytest.skip("no writable memory cgroup here: memory is bounded per process only (RLIMIT_AS)")
    # Each child stays under RLIMIT_AS (200 MiB of 256); six of them together would not fit.
    hogs = ("python3 -c 'import os, time\nfor i in range(6):\n    if os.fork() == 0:\n"
            "        b = bytearray(200 * 1024 * 1024); time.sleep(2); os._exit(0)\n"
            "print(\"all\", [os.wait()[1] for i in range(6)])'")
    result = sandbox.run(workspace, hogs, limits=Limits(memory_mb=256, wall_s=20))
    assert "all [" in result.output, result.output
    statuses = [int(s) for s in result.output.split("all [")[1].split("]")[0].split(",")]
    assert signal.SIGKILL in statuses, result.output  # the kernel's OOM killer ended some children


def test_a_command_that_never_stops_is_killed_at_the_wall_limit(sandbox, workspace):
    result = sandbox.run(workspace, "sleep 1000", limits=Limits(wall_s=1))
    assert result.timed_out and result.exit_code == 124 and result.wall_s < 3
    assert "wall limit" in result.output
    # A child left running in the background dies with the command.
    background = sandbox.run(workspace, "sleep 1000 & echo started", limits=Limits(wall_s=30))
    assert background.exit_code == 0 and not background.timed_out and background.wall_s < 5


def test_cpu_and_memory_are_bounded(sandbox, workspace):
    spin = sandbox.run(workspace, "python3 -c 'while True: pass'", limits=Limits(cpu_s=1, wall_s=20))
    assert not spin.timed_out and spin.exit_code == 128 + 24 and spin.wall_s < 10  # SIGXCPU
    hog = sandbox.run(workspace, "python3 -c 'b = bytearray(1024 * 1024 * 1024)'", limits=Limits(memory_mb=256))
    assert hog.exit_code != 0 and "MemoryError" in hog.output


def test_huge_output_is_cut_to_the_budget_and_a_flood_is_killed(sandbox, workspace):
    result = sandbox.run(workspace, "seq 1 200000", limits=Limits(output_bytes=10_000))
    assert result.exit_code == 0 and result.truncated
    assert result.output.startswith("1\n2\n") and result.output.endswith("199999\n200000\n")
    assert "bytes of output cut" in result.output and len(result.output) < 10_200
    flood = sandbox.run(workspace, "yes", limits=Limits(output_bytes=1000, output_kill_bytes=2_000_000, wall_s=30))
    assert flood.truncated and not flood.timed_out and flood.wall_s < 10
    assert "wrote more than 2000000 bytes" in flood.output
    small = sandbox.run(workspace, "echo out; echo err >&2")
    assert small.output == "out\nerr\n" and not small.truncated


def test_an_episode_of_hostile_commands_leaves_the_users_repository_and_home_byte_identical(sandbox, user, tmp_path):
    home, spec = user
    before = fingerprint(home)
    assert FAKE_KEY in (home / ".ssh" / "id_rsa").read_text()
    with Workspace.create(spec, parent=tmp_path / "ws") as workspace:
        for command in [
            "git -c user.email=s@x -c user.name=s commit -qam wip; git push origin HEAD:refs/heads/evil",
            "git config core.hooksPath /tmp; git remote -v; git fetch origin",
            "echo 'def add(a, b):\n    return a + b' > src/calc.py && echo t > new_test.py",
            "rm -rf .git; git init -q; echo x > ~/.gitconfig",
            f"ln -s {home}/.ssh/id_rsa key; cat key",
            f"echo evil >> {spec.root}/README.md; rm -rf {spec.root}/.git; touch {home}/pwned",
        ]:
            sandbox.run(workspace, command)
        assert workspace.changed_files() == ["key", "new_test.py", "src/calc.py"]
        assert "fake-key-material" not in workspace.diff()
    assert fingerprint(home) == before
