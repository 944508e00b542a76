"""Runs one command line to completion under Limits: rlimits and a pids cgroup set by the
launcher, output read as it comes and cut to its budget, the whole process tree killed at the
wall limit or when the output runs far past its budget."""

from __future__ import annotations

import json
import logging
import os
import selectors
import signal
import subprocess
import sys
import time
from functools import lru_cache
from pathlib import Path
from typing import Callable

from .cgroup import CommandCgroup
from .errors import SandboxError
from .output import OutputBuffer
from .records import SIGNAL_EXIT_BASE, TIMEOUT_EXIT, CommandResult, Limits

log = logging.getLogger(__name__)

LAUNCHER = Path(__file__).with_name("launch.py")
MIB = 1024 * 1024
EXIT_GRACE_S = 2.0  # after the command exits, how long a leftover child may hold its output open
CPU_HARD_GRACE_S = 5  # SIGXCPU at the soft limit, SIGKILL this much later
# How often a run's stop condition is asked: at least this many seconds apart, and never more
# than a tenth of the time (a check that walks the copy may take a while on a large one).
STOP_CHECK_S = 1.0
STOP_CHECK_SHARE = 0.1


def count_user_processes(uid: int) -> int:
    """Processes of `uid` on this machine now: RLIMIT_NPROC counts them all, so a bound of N new
    processes is N plus these."""
    proc = Path("/proc")
    if proc.is_dir():
        count = 0
        for entry in proc.iterdir():
            if entry.name.isdigit():
                try:
                    count += entry.stat().st_uid == uid
                except OSError:
                    pass
        return count
    try:
        listing = subprocess.run(["ps", "-axo", "uid="], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return 0
    return sum(1 for line in listing.split() if line.strip() == str(uid))


def rlimits(limits: Limits, *, bound_processes: bool) -> dict[str, list[int]]:
    memory = limits.memory_mb * MIB
    files = limits.file_mb * MIB
    spec = {
        "RLIMIT_AS": [memory, memory],
        "RLIMIT_CPU": [limits.cpu_s, limits.cpu_s + CPU_HARD_GRACE_S],
        "RLIMIT_FSIZE": [files, files],
        "RLIMIT_CORE": [0, 0],
    }
    if bound_processes:
        nproc = limits.processes + count_user_processes(os.getuid())
        spec["RLIMIT_NPROC"] = [nproc, nproc]
    return spec


@lru_cache(maxsize=1)
def _warn_unbounded() -> None:
    log.warning("no writable pids cgroup here and running as root, where RLIMIT_NPROC is not enforced: "
                "sandboxed processes are bounded only by the wall limit")


def _kill_tree(process: subprocess.Popen, cgroup: CommandCgroup | None) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    if cgroup is not None:
        cgroup.kill_all()


def run_bounded(argv: list[str], *, command: str, cwd: Path, env: dict[str, str], limits: Limits,
                use_cgroup: bool = True, id_map: str = "", pass_fds: tuple[int, ...] = (),
                stop_when: Callable[[], str] | None = None) -> CommandResult:
    """Runs `argv` (whose last part is the user's `command`) and returns what came of it. With
    `id_map`, argv is bubblewrap waiting for the launcher to map its user namespace (identity.py).
    `pass_fds` stay open for it; `stop_when`, asked now and then while it runs, kills it when it
    gives a reason (the copy past its cap, say)."""
    cgroup = None
    if use_cgroup and sys.platform.startswith("linux"):
        cgroup = CommandCgroup.create(processes=limits.processes, memory_bytes=limits.memory_mb * MIB)
    bounded_by_cgroup = cgroup is not None and cgroup.bounds_processes
    if not bounded_by_cgroup and use_cgroup and os.geteuid() == 0:
        _warn_unbounded()
    spec = {"cgroups": [str(path) for path in cgroup.paths] if cgroup else [],
            "rlimits": rlimits(limits, bound_processes=not bounded_by_cgroup), "id_map": id_map}
    buffer = OutputBuffer(limits.output_bytes)
    started = time.monotonic()
    timed_out, stopped = False, ""
    try:
        process = subprocess.Popen(
            [sys.executable, "-I", "-S", str(LAUNCHER), json.dumps(spec), *argv],
            cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            start_new_session=True, pass_fds=pass_fds)
    except OSError as exc:
        if cgroup is not None:
            cgroup.remove()
        raise SandboxError(f"cannot start the command: {exc}") from exc
    try:
        timed_out, stopped = _pump(process, buffer, cgroup, started + limits.wall_s, limits.output_kill_bytes, stop_when)
        returncode = process.wait()
    finally:
        _kill_tree(process, None)
        process.stdout.close()
        if cgroup is not None:
            cgroup.remove()
    wall = time.monotonic() - started
    output = buffer.text()
    if timed_out:
        exit_code = TIMEOUT_EXIT
        output += f"\n[killed: the wall limit of {limits.wall_s:g} s was reached]"
    else:
        exit_code = SIGNAL_EXIT_BASE - returncode if returncode < 0 else returncode
        if stopped:
            exit_code = exit_code or 1
            output += f"\n[killed: {stopped}]"
    return CommandResult(command=command, exit_code=exit_code, output=output, timed_out=timed_out,
                         truncated=buffer.truncated or buffer.total > limits.output_kill_bytes, wall_s=round(wall, 3))


def _pump(process: subprocess.Popen, buffer: OutputBuffer, cgroup: CommandCgroup | None, deadline: float,
          kill_bytes: int, stop_when: Callable[[], str] | None) -> tuple[bool, str]:
    """Reads the command's output until it closes; (timed_out, why it was stopped or "")."""
    fd = process.stdout.fileno()
    os.set_blocking(fd, False)
    next_check = time.monotonic() + STOP_CHECK_S
    with selectors.DefaultSelector() as selector:
        selector.register(fd, selectors.EVENT_READ)
        exited_at = None
        while True:
            now = time.monotonic()
            if now >= deadline:
                _kill_tree(process, cgroup)
                return True, ""
            if stop_when is not None and now >= next_check:
                why = stop_when()
                took = time.monotonic() - now
                if why:
                    _kill_tree(process, cgroup)
                    return False, why
                next_check = now + max(STOP_CHECK_S, took / STOP_CHECK_SHARE)
            if exited_at is None and process.poll() is not None:
                exited_at = now
            if exited_at is not None and now - exited_at > EXIT_GRACE_S:
                _kill_tree(process, cgroup)  # a background child kept the output open
                return False, ""
            wait = min(deadline - now, 0.2)
            if not selector.select(wait):
                continue
            try:
                chunk = os.read(fd, 65536)
            except BlockingIOError:
                continue
            if not chunk:
                return False, ""
            buffer.add(chunk)
            if buffer.total > kill_bytes:
                _kill_tree(process, cgroup)
                return False, f"the command wrote more than {kill_bytes} bytes"
