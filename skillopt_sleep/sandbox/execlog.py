"""The sandbox's own record of the programs a command ran, kept where the agent cannot write.

"Ran `make check`" must mean that make ran with `check`, not that the agent's text says so: not
`echo make check`, not `make check || true` reported as a pass, not events a tool process wrote
into an agent CLI's output. So each command the agent has run starts under a session (SESSION_SOURCE,
the night's own python, -I -S) that first connects to the host's record socket, then forks an
executor that makes itself non-dumpable (no process of the agent's uid may trace it or open its
files through /proc), and only then runs the command, with a folder of shims first on PATH: one
for each program a check names. A shim asks the executor to run the real program (found on the
sandbox's own PATH, never one the agent put first) with the shim's arguments, folder, environment
and standard files; the executor runs it, waits, and writes the argv and exit status to the
record, whose only connection is its own. The agent can bypass a shim (`/usr/bin/make check`):
that run is then not in the record, which only ever makes a check fail. It cannot put a run in
the record that did not happen. When each run ended is kept, so the judge can tell whether the
copy changed after it (Workspace.last_change)."""

from __future__ import annotations

import json
import os
import secrets
import shlex
import socket
import threading
from pathlib import Path

from .identity import hand_over
from .toolchain import own_interpreter

RECORD_LINES = 10_000  # far more runs of a checked program than an episode makes
LINE_BYTES = 65_536
SOCKET_ENV = "SKILLOPT_EXEC_SOCKET"

# argv: the record socket, the shim folder, then the command. Runs as the sandbox user.
SESSION_SOURCE = r"""
import ctypes, json, os, shutil, signal, socket, struct, subprocess, sys, threading, time
record_path, shims, command = sys.argv[1], sys.argv[2], sys.argv[3:]
search = os.pathsep.join(p for p in os.environ.get("PATH", "").split(os.pathsep) if p and p != shims)
listen_path = os.path.join(os.environ.get("TMPDIR") or "/tmp", ".skillopt-exec-%d.sock" % os.getpid())
try:
    record = socket.socket(socket.AF_UNIX)
    record.connect(record_path)
    server = socket.socket(socket.AF_UNIX)
    server.bind(listen_path)
    server.listen(64)
except OSError as exc:
    sys.stderr.write("sandbox: no record of what runs: %s\n" % exc)
    sys.exit(126)
lock = threading.Lock()
written = [0]

def run(conn):
    data, fds, _, _ = socket.recv_fds(conn, 1 << 20, 3)
    while not data.endswith(b"\n"):
        more = conn.recv(1 << 20)
        if not more:
            return
        data += more
    request = json.loads(data)
    argv = [str(word) for word in request["argv"]]
    program = shutil.which(argv[0], path=search) if argv and "/" not in argv[0] else None
    if program is None:
        conn.sendall(struct.pack("!i", 127))
        return
    child = subprocess.Popen(argv, executable=program, stdin=fds[0], stdout=fds[1], stderr=fds[2], cwd=request["cwd"],
                             env=request["env"], start_new_session=True)
    for fd in fds:
        os.close(fd)
    def relay_signals():
        while True:
            got = conn.recv(1)
            if not got:  # the shim is gone: so is what it ran, unless that ended (and left a daemon)
                if child.returncode is None:
                    try:
                        os.killpg(child.pid, signal.SIGKILL)
                    except OSError:
                        pass
                return
            try:
                os.killpg(child.pid, got[0])
            except OSError:
                pass
    threading.Thread(target=relay_signals, daemon=True).start()
    status = child.wait()
    line = json.dumps({"argv": argv, "exit": status, "ended": time.time()}) + "\n"
    with lock:
        if written[0] < RECORD_LINES:
            written[0] += 1
            record.sendall(line.encode())
    conn.sendall(struct.pack("!i", status))

ready_read, ready_write = os.pipe()
if os.fork() == 0:
    os.close(ready_read)
    try:
        ctypes.CDLL(None).prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE 0: no same-uid tracing, no /proc/<pid>/fd
    except (OSError, AttributeError):
        pass
    os.write(ready_write, b"1")
    os.close(ready_write)
    def serve(conn):
        try:
            run(conn)
        except Exception:
            pass  # a malformed request: that shim gets no answer, and nothing is recorded
        finally:
            conn.close()
    while True:
        conn, _ = server.accept()
        threading.Thread(target=serve, args=(conn,), daemon=True).start()
record.close()
server.close()
os.close(ready_write)
os.read(ready_read, 1)
env = dict(os.environ, PATH=shims + os.pathsep + os.environ.get("PATH", ""))
env[SOCKET_ENV] = listen_path
os.execvpe(command[0], command, env)
""".replace("RECORD_LINES", str(RECORD_LINES)).replace("SOCKET_ENV", repr(SOCKET_ENV))

# argv: the shim's own path as run, then its arguments. Without an executor it runs the program
# itself, unrecorded.
SHIM_SOURCE = r"""
import json, os, shutil, signal, socket, struct, sys
shim, args = sys.argv[1], sys.argv[2:]
name, folder = os.path.basename(shim), os.path.dirname(os.path.abspath(shim))
def direct():
    search = os.pathsep.join(p for p in os.environ.get("PATH", "").split(os.pathsep) if p and os.path.abspath(p) != folder)
    found = shutil.which(name, path=search)
    if found is None:
        sys.stderr.write("%s: command not found\n" % name)
        os._exit(127)
    os.execv(found, [name, *args])
try:
    conn = socket.socket(socket.AF_UNIX)
    conn.connect(os.environ[""" + repr(SOCKET_ENV) + r"""])
except (OSError, KeyError):
    direct()
request = json.dumps({"argv": [name, *args], "cwd": os.getcwd(), "env": dict(os.environ)}).encode() + b"\n"
socket.send_fds(conn, [request], [0, 1, 2])
for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT):
    signal.signal(number, lambda got, frame: conn.send(bytes([got])))
answer = b""
while len(answer) < 4:
    chunk = conn.recv(4 - len(answer))
    if not chunk:
        os._exit(125)
    answer += chunk
status = struct.unpack("!i", answer)[0]
if status < 0:
    signal.signal(-status, signal.SIG_DFL)
    os.kill(os.getpid(), -status)
os._exit(status)
"""


class ExecRecord:
    """The host's end of the record: a unix socket in `folder` that takes its first connection,
    the session's, and no other; what the executor wrote on it, line by line."""

    def __init__(self, folder: Path):
        self.path = folder / "record.sock"
        self.entries: list[dict] = []
        self._server = socket.socket(socket.AF_UNIX)
        self._thread: threading.Thread | None = None

    def __enter__(self) -> "ExecRecord":
        self._server.bind(str(self.path))
        os.chmod(self.path, 0o600)
        hand_over(self.path)
        self._server.listen(1)
        self._thread = threading.Thread(target=self._read, name="skillopt-exec-record", daemon=True)
        self._thread.start()
        return self

    def _read(self) -> None:
        try:
            conn, _ = self._server.accept()
        except OSError:
            return  # closed before any session connected
        self._server.close()  # the session's connection is the record's only one
        with conn, conn.makefile("rb") as lines:
            for line in lines:
                if len(self.entries) >= RECORD_LINES or len(line) > LINE_BYTES:
                    return
                try:
                    entry = json.loads(line)
                    self.entries.append({"argv": [str(w) for w in entry["argv"]], "exit": int(entry["exit"]),
                                         "ended": float(entry["ended"])})
                except (ValueError, KeyError, TypeError):
                    return

    def __exit__(self, *_exc) -> None:
        try:
            self._server.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._server.close()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self.path.unlink(missing_ok=True)


class Watch:
    """Commands run so that the sandbox records each run of `programs` they make. Use as a context
    manager around the runs; `sandbox` is the sandbox that shows the session what it needs, and
    `entries` the runs recorded, in the order they ended."""

    def __init__(self, workspace, sandbox, programs: tuple[str, ...]):
        self.folder = workspace.state_dir(f"exec-{secrets.token_hex(4)}")
        self.programs = programs
        self.record = ExecRecord(self.folder)
        python, mounts = own_interpreter()
        self.python = python
        self.sandbox = sandbox.with_read_only([self.folder, *mounts])

    @property
    def entries(self) -> list[dict]:
        return list(self.record.entries)

    def __enter__(self) -> "Watch":
        shims = self.folder / "shims"
        shims.mkdir()
        client = shlex.join([self.python, "-I", "-S", "-c", SHIM_SOURCE])
        for program in self.programs:
            shim = shims / program
            shim.write_text(f'#!/bin/sh\nexec {client} "$0" "$@"\n')
            shim.chmod(0o755)
        self.record.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        self.record.__exit__(*exc)

    def command(self, command: str) -> str:
        """`command` as the sandbox runs it, under the session that records it."""
        return shlex.join([self.python, "-I", "-S", "-c", SESSION_SOURCE, str(self.record.path),
                           str(self.folder / "shims"), "/bin/sh", "-c", command])


def as_executed(entries: list[dict], last_change: float) -> list[dict]:
    """The record as an episode keeps it: each run's argv and exit status, and whether the copy
    was as that run left it when the episode ended (nothing of the change written after)."""
    return [{"argv": e["argv"], "exit": e["exit"], "current": e["ended"] >= last_change} for e in entries]
