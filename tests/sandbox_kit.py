"""A user's repository and home for the sandbox tests: real git, a dirty tree, untracked files,
fake keys and agent settings, a fingerprint of every byte to compare before and after, a bound
on a call that a FIFO could block, and a resolver on the host's loopback for the network tests."""

from __future__ import annotations

import hashlib
import os
import socket
import struct
import subprocess
import threading
import time
import uuid
from pathlib import Path

from skillopt_sleep.episode import RepoSpec

GIT_ID = ["-c", "user.email=user@example.com", "-c", "user.name=User"]
FAKE_KEY = "-----BEGIN OPENSSH PRIVATE KEY-----\nfake-key-material-7f3a\n-----END OPENSSH PRIVATE KEY-----\n"


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *GIT_ID, *args], cwd=repo, check=True, capture_output=True, text=True).stdout


def make_home(home: Path) -> Path:
    """A home folder with what a sandboxed command must never see."""
    (home / ".ssh").mkdir(parents=True)
    (home / ".ssh" / "id_rsa").write_text(FAKE_KEY)
    (home / ".claude").mkdir()
    (home / ".claude" / "settings.json").write_text('{"apiKeyHelper": "echo secret-claude-7f3a"}\n')
    (home / ".codex").mkdir()
    (home / ".codex" / "auth.json").write_text('{"OPENAI_API_KEY": "sk-codex-7f3a"}\n')
    (home / "other-repo").mkdir()
    (home / "other-repo" / "notes.txt").write_text("private notes 7f3a\n")
    return home


def make_repo(root: Path) -> RepoSpec:
    """A repository with two commits, the spec at the first one, and a dirty tree (a modified file,
    a new file in the patch) plus an untracked file and an ignored build folder on disk."""
    root.mkdir(parents=True)
    git(root, "init", "-q", "-b", "main")
    (root / "src").mkdir()
    (root / "src" / "calc.py").write_text("def add(a, b):\n    return a - b\n")
    (root / "README.md").write_text("# calc\n")
    (root / ".gitignore").write_text("build/\n")
    (root / "data.bin").write_bytes(bytes(range(256)))
    git(root, "add", ".")
    git(root, "commit", "-qm", "first")
    first = git(root, "rev-parse", "HEAD").strip()
    (root / "CHANGELOG.md").write_text("later work\n")
    git(root, "add", ".")
    git(root, "commit", "-qm", "second")
    git(root, "checkout", "-q", first)
    (root / "README.md").write_text("# calc\n\nwork in progress\n")
    (root / "src" / "extra.py").write_text("VALUE = 1\n")
    git(root, "add", "-N", "src/extra.py")
    patch = git(root, "diff", "HEAD", "--binary")
    (root / "untracked.txt").write_text("not in the patch\n")
    (root / "build").mkdir()
    (root / "build" / "out.o").write_bytes(b"\x00object")
    return RepoSpec(root=str(root), commit=first, patch=patch, branch="main")


def fingerprint(folder: Path) -> dict[str, str]:
    """Every entry under `folder` (.git included): a file's sha256, a link's target, a folder."""
    prints = {}
    for current, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = Path(current) / name
            key = str(path.relative_to(folder))
            if path.is_symlink():
                prints[key] = "link:" + os.readlink(path)
            elif path.is_dir():
                prints[key] = "dir"
            else:
                prints[key] = hashlib.sha256(path.read_bytes()).hexdigest()
    return prints


def within(seconds: float, call, fifo: Path):
    """`call()`'s result, or a failure if it has not returned after `seconds`; a call blocked on
    `fifo` is let go (its other end is opened and closed) so that the test run goes on."""
    result: list = []
    started = time.monotonic()
    worker = threading.Thread(target=lambda: result.append(call()), daemon=True)
    worker.start()
    worker.join(seconds)
    while worker.is_alive():  # open the other end: a blocked reader or writer goes on
        for end in (os.O_WRONLY, os.O_RDONLY):
            try:
                os.close(os.open(fifo, end | os.O_NONBLOCK))
            except OSError:
                pass
        worker.join(0.1)
    if len(result) == 0 or time.monotonic() - started > seconds:
        raise AssertionError(f"blocked on the FIFO {fifo.name} for more than {seconds} s")
    return result[0]


class LoopbackResolver:
    """A DNS server on the host's loopback that answers one made-up name (under .test, which no
    real resolver answers) with 127.0.0.1, and keeps every query it gets."""

    def __init__(self):
        self.name = f"skillopt-{uuid.uuid4().hex[:12]}.test"
        self.queries: list[bytes] = []
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.socket.bind(("127.0.0.1", 0))
        self.port = self.socket.getsockname()[1]

    def query(self, ident: int = 0x5E11) -> bytes:
        """An A query for the name, as a resolver sends it."""
        labels = b"".join(bytes([len(part)]) + part.encode() for part in self.name.split("."))
        return struct.pack(">HHHHHH", ident, 0x0100, 1, 0, 0, 0) + labels + b"\0" + struct.pack(">HH", 1, 1)

    def _serve(self) -> None:
        while True:
            try:
                packet, sender = self.socket.recvfrom(512)
            except OSError:
                return
            if not packet:
                return  # shut down
            self.queries.append(packet)
            if packet[12:].startswith(self.query()[12:]):
                header = packet[:2] + struct.pack(">HHHHH", 0x8180, 1, 1, 0, 0)
                answer = struct.pack(">HHHIH", 0xC00C, 1, 1, 60, 4) + bytes([127, 0, 0, 1])
                self.socket.sendto(header + packet[12:] + answer, sender)

    def ask_from_host(self) -> str:
        """The address the server gives for its name, asked from the host."""
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as client:
            client.settimeout(5)
            client.sendto(self.query(), ("127.0.0.1", self.port))
            reply = client.recv(512)
        return ".".join(str(b) for b in reply[-4:])

    def __enter__(self) -> "LoopbackResolver":
        threading.Thread(target=self._serve, daemon=True).start()
        return self

    def __exit__(self, *_exc) -> None:
        try:
            self.socket.shutdown(socket.SHUT_RDWR)  # wakes the serving thread
        except OSError:
            pass
        self.socket.close()
