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
copy changed after it (Workspace.last_change).

A check may name a script by its path (`./check.sh`): no lookup finds that, so for each command
the sandbox shows, read-only at that path in the copy, a shim that has the executor run the
commit's version of the script (kept in the record's folder) and record it under the check's
words. The agent can neither change what runs there nor run something else as it; where it
deleted the script or made it a link, nothing is shown there and nothing is recorded."""

from __future__ import annotations

import json
import os
import secrets
import shlex
import socket
import stat
import threading
from pathlib import Path

from .identity import hand_over
from .toolchain import own_interpreter

RECORD_LINES = 10_000  # far more runs of a checked program than an episode makes
LINE_BYTES = 65_536
SOCKET_ENV = "SKILLOPT_EXEC_SOCKET"

# argv: the record socket, the shim folder, the scripts' folder, then the command. Runs as the
# sandbox user.
SESSION_SOURCE = r"""
import ctypes, json, os, shutil, signal, socket, struct, subprocess, sys, threading, time
record_path, shims, scripts, command = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
SHELLS = ("sh", "bash", "dash", "zsh", "ksh")
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
    if request.get("script") is not None:
        run_argv, program = script_argv(os.path.join(scripts, str(int(request["script"]))), argv)
    else:
        run_argv = argv
        program = shutil.which(argv[0], path=search) if argv and "/" not in argv[0] else None
    if program is None:
        conn.sendall(struct.pack("!i", 127))
        return
    child = subprocess.Popen(run_argv, executable=program, stdin=fds[0], stdout=fds[1], stderr=fds[2],
                             cwd=request["cwd"], env=request["env"], start_new_session=True)
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

def script_argv(path, argv):
    # The commit's script run as its #! line says. A shell script is given to its shell as text,
    # so that $0 is the path it was run by, as if it had run from its place in the copy.
    with open(path, "rb") as handle:
        text = handle.read()
    line = text.split(b"\n", 1)[0]
    words = line[2:].decode("utf-8", "replace").split() if line.startswith(b"#!") else ["/bin/sh"]
    if words and os.path.basename(words[0]) == "env" and len(words) > 1:
        words = [shutil.which(words[1], path=search) or words[1], *words[2:]]
    if words and os.path.basename(words[0]) in SHELLS and b"\0" not in text and len(text) < 100000:
        return [*words, "-c", text.decode("utf-8", "surrogateescape"), *argv], words[0]
    return argv, path

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

# argv: the shim's own path as run (or, for a script, "@<number>@<the check's path for it>"), then
# its arguments. Without an executor it runs the program itself, unrecorded; a script it cannot run.
SHIM_SOURCE = r"""
import json, os, shutil, signal, socket, struct, sys
shim, args = sys.argv[1], sys.argv[2:]
script = None
if shim.startswith("@"):
    _, script, name = shim.split("@", 2)
    folder = ""
else:
    name, folder = os.path.basename(shim), os.path.dirname(os.path.abspath(shim))
def direct():
    if script is not None:
        sys.stderr.write("%s: cannot run without the sandbox's record\n" % name)
        os._exit(126)
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
request = json.dumps({"argv": [name, *args], "cwd": os.getcwd(), "env": dict(os.environ), "script": script}).encode() + b"\n"
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
        self.workspace = workspace
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
        client = shlex.join([self.python, "-I", "-S", "-c", SHIM_SOURCE])
        placed: dict[str, Path] = {}
        for folder in ("shims", "scripts", "at"):
            (self.folder / folder).mkdir()
        for program in self.programs:
            if "/" not in program:
                _executable(self.folder / "shims" / program, f'#!/bin/sh\nexec {client} "$0" "$@"\n')
                continue
            found = self._commits_script(program)
            if found is not None:  # else nothing stands there, and no run of it is recorded
                number = str(len(placed))
                _executable(self.folder / "scripts" / number, found[1])
                shim = self.folder / "at" / number
                _executable(shim, f'#!/bin/sh\nexec {client} {shlex.quote(f"@{number}@{program}")} "$@"\n')
                placed[found[0]] = shim
        show = getattr(self.sandbox, "with_files_in_copy", None)
        if placed and show is not None:
            self.sandbox = show(placed)
        self.record.__enter__()
        return self

    def _commits_script(self, program: str) -> tuple[str, bytes] | None:
        """(its path in the copy, the commit's bytes) of the script a check names by `program`,
        where the commit has it and a regular file is there now."""
        from .beneath import entry, parts_of
        from .errors import SandboxError

        try:
            relative = "/".join(parts_of(os.path.join(self.workspace.start_folder, program)))
            now = entry(self.workspace.path, relative)
        except (SandboxError, OSError):
            return None
        mode, blob = self.workspace.start_files().get(relative, ("", ""))
        if mode not in ("100644", "100755") or now is None or not stat.S_ISREG(now.st_mode):
            return None
        return relative, self.workspace.start_content(blob)

    def __exit__(self, *exc) -> None:
        self.record.__exit__(*exc)

    def command(self, command: str) -> str:
        """`command` as the sandbox runs it, under the session that records it."""
        return shlex.join([self.python, "-I", "-S", "-c", SESSION_SOURCE, str(self.record.path),
                           str(self.folder / "shims"), str(self.folder / "scripts"), "/bin/sh", "-c", command])


def _executable(path: Path, content: str | bytes) -> None:
    if isinstance(content, str):
        content = content.encode()
    path.write_bytes(content)
    path.chmod(0o755)


def as_executed(entries: list[dict], last_change: float) -> list[dict]:
    """The record as an episode keeps it: each run's argv and exit status, and whether the copy
    was as that run left it when the episode ended (nothing of the change written after)."""
    return [{"argv": e["argv"], "exit": e["exit"], "current": e["ended"] >= last_change} for e in entries]
