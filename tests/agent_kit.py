"""A real two-file Python repository with a bug and its test, for episodes of the agent students."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from skillopt_sleep.episode import RepoSpec, Verification
from skillopt_sleep.records import Judge, Task

BUGGY = "def add(a, b):\n    return a - b\n"
FIXED = "def add(a, b):\n    return a + b\n"
TEST = ("import unittest\n\nfrom calc import add\n\n\nclass AddTest(unittest.TestCase):\n"
        "    def test_add(self):\n        self.assertEqual(add(2, 3), 5)\n\n\n"
        "if __name__ == '__main__':\n    unittest.main()\n")
CHECK = "python3 -m unittest -q"
REQUEST = "add() in calc.py returns the wrong sum. Fix it and run the tests."


def git(root: Path, *args: str) -> str:
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "t",
           "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"}
    return subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True, text=True).stdout.strip()


def make_repo(root: Path) -> RepoSpec:
    root.mkdir(parents=True)
    (root / "calc.py").write_text(BUGGY)
    (root / "test_calc.py").write_text(TEST)
    (root / ".gitignore").write_text("__pycache__/\n")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "calc with a bug")
    return RepoSpec(root=str(root), commit=git(root, "rev-parse", "HEAD"), verification=[Verification(CHECK, 0)])


def repo_task(spec: RepoSpec, request: str = REQUEST) -> Task:
    return Task(task_id="fix-add", intent=request, judge=Judge(kind="repo"), repo=spec)


# Run by an agent inside the sandbox: every process's environment there, into a file of the copy.
ENV_DUMP = "for f in /proc/[0-9]*/environ; do tr '\\0' '\\n' < \"$f\"; done > envs.txt 2>/dev/null; echo dumped"


def relay_probe(other_port: int) -> str:
    """A command that asks the relay inside (127.0.0.1:18080) for what the model API's route does not
    allow, a tunnel to another loopback server among them, and writes each answer's status line."""
    script = f"""import socket
def ask(raw):
    s = socket.create_connection(("127.0.0.1", 18080), timeout=10)
    s.sendall(raw)
    data = b""
    while True:
        chunk = s.recv(4096)
        if not chunk:
            return data.split(b"\\r\\n")[0].decode()
        data += chunk
with open("probe.txt", "w") as out:
    for raw in (b"GET /v1/models HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n", b"DELETE /v1/messages HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n",
                b"POST /v1/files HTTP/1.1\\r\\nHost: x\\r\\nContent-Length: 0\\r\\n\\r\\n",
                b"CONNECT 127.0.0.1:{other_port} HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n",
                b"GET http://127.0.0.1:{other_port}/ HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n"):
        out.write(ask(raw) + "\\n")
"""
    return f"cat > probe.py <<'PROBE'\n{script}PROBE\npython3 probe.py && echo probed"


REFUSED = ["HTTP/1.1 403 Forbidden", "HTTP/1.1 403 Forbidden", "HTTP/1.1 403 Forbidden",
           "HTTP/1.1 405 Method Not Allowed", "HTTP/1.1 405 Method Not Allowed"]
