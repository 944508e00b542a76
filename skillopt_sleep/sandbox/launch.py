"""Runs a program under resource limits: joins a cgroup, sets rlimits, then execs.

Started as its own script (`python -I -S launch.py SPEC PROGRAM...`) so that the limits are set in
the child without `preexec_fn`, which is unsafe in a process that runs threads (nights replay
concurrently). SPEC is JSON: {"cgroups": [paths], "rlimits": {"RLIMIT_AS": [soft, hard]}, "id_map": text}.
Limits the operating system refuses (macOS does not enforce RLIMIT_AS) are skipped.

With "id_map", PROGRAM is bubblewrap waiting on --info-fd @INFO_FD@ and --userns-block-fd
@BLOCK_FD@ (those words are replaced by the pipes made here): a helper reads the pid of its child
from the one, writes `id_map` as that child's uid and gid maps, and lets it go on through the other
(identity.py). Where the maps cannot be written the child is killed, never let go."""

import json
import os
import resource
import signal
import sys


def write_maps(info_fd: int, block_fd: int, id_map: str) -> None:
    """In a helper process: the maps of the child bubblewrap reports on `info_fd`, then its go."""
    data = b""
    while chunk := os.read(info_fd, 4096):
        data += chunk
    if not data:
        return  # bubblewrap stopped before it made the namespace
    child = json.loads(data)["child-pid"]
    try:
        for name in ("uid_map", "gid_map"):
            fd = os.open(f"/proc/{child}/{name}", os.O_WRONLY)
            try:
                os.write(fd, id_map.encode())
            finally:
                os.close(fd)
    except OSError as exc:
        os.write(2, f"sandbox: cannot map the sandbox user: {exc}\n".encode())
        os.kill(child, signal.SIGKILL)
        return
    os.write(block_fd, b"1")


def start_mapper(argv: list[str], id_map: str) -> list[str]:
    """`argv` with its fd words filled in, after starting the helper that maps its child."""
    info_read, info_write = os.pipe()
    block_read, block_write = os.pipe()
    helper = os.fork()
    if helper == 0:
        try:
            os.close(info_write)
            os.close(block_read)
            if os.fork() == 0:  # the grandchild works on, adopted once the helper is gone
                write_maps(info_read, block_write, id_map)
        finally:
            os._exit(0)
    os.waitpid(helper, 0)
    os.close(info_read)
    os.close(block_write)
    os.set_inheritable(info_write, True)
    os.set_inheritable(block_read, True)
    words = {"@INFO_FD@": str(info_write), "@BLOCK_FD@": str(block_read)}
    return [words.get(word, word) for word in argv]


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        sys.stderr.write("usage: launch.py SPEC PROGRAM [ARGS...]\n")
        return 126
    spec = json.loads(argv[1])
    for cgroup in spec.get("cgroups", []):
        # Fail closed: a run that was promised a bound must not start without it.
        try:
            with open(os.path.join(cgroup, "cgroup.procs"), "w") as procs:
                procs.write(str(os.getpid()))
        except OSError as exc:
            sys.stderr.write(f"sandbox: cannot join the cgroup {cgroup}: {exc}\n")
            return 126
    for name, (soft, hard) in spec.get("rlimits", {}).items():
        try:
            resource.setrlimit(getattr(resource, name), (soft, hard))
        except (AttributeError, ValueError, OSError):
            pass
    program = argv[2:]
    if spec.get("id_map"):
        program = start_mapper(program, spec["id_map"])
    try:
        os.execvp(program[0], program)
    except OSError as exc:
        sys.stderr.write(f"sandbox: cannot run {program[0]}: {exc.strerror}\n")
        return 127


if __name__ == "__main__":
    sys.exit(main(sys.argv))
