"""A throwaway copy of a repository at a commit, with the session's uncommitted work applied.

The copy is a fresh repository that fetched the commit from the user's: it holds the commit and
what its history reaches, nothing else. A clone would copy every object file, and with them what
the user once staged and took back (a .env added and unstaged stays in .git/objects until gc).
Nothing under the user's .git is written. The starting state (commit + patch) is recorded as
a tree in a separate git directory beside the copy, never inside it: whatever a command does to
the copy's own .git (commits, `gc`, deleting it) cannot change what the episode's diff is taken
against. The host's git reads the copy's own .git only while making the copy, before any command
ran; after that it uses that separate directory, whose config is the host's (hostgit.py)."""

from __future__ import annotations

import logging
import os
import shutil
import stat
import sys
import tempfile
from pathlib import Path

from ..episode import CUT_MARK, RepoSpec
from .beneath import entry, read_file
from .errors import SandboxError
from .hostgit import refuse_blocking_rules, run_git, run_git_capped
from .identity import hand_over_tree
from .sized import COPY_MB, mount_sized, unmount, usage_bytes
from .snapshot import keep_rules, listed, neutral_attributes, nul_joined, nul_split

log = logging.getLogger(__name__)

DIFF_BYTES = 8 * 1024 * 1024  # the most of a change the host reads; the rest is cut, and said
NAMES_BYTES = 1024 * 1024  # the same for the list of changed files


class Workspace:
    """A throwaway copy of a repository at a commit, with the RepoSpec's patch applied. Never the
    user's tree."""

    def __init__(self, base: Path, path: Path, repo: RepoSpec, start_tree: str, cap_mb: int = COPY_MB):
        self.base = base  # private folder holding the copy and its state; removed by cleanup()
        self.path = path  # the copy's root, writable
        self.repo = repo
        self.start_tree = start_tree  # git tree of commit + patch, in the baseline git dir
        self.cap_mb = cap_mb  # the copy's total size, its history included (sized.py)
        self.sized = False  # on a tmpfs of the cap's size, which bounds it by itself

    # -- creation -------------------------------------------------------------------------------

    @classmethod
    def create(cls, repo: RepoSpec, parent: Path | None = None, *, cap_mb: int = COPY_MB) -> "Workspace":
        source = Path(repo.root).expanduser()
        if not source.is_dir():
            raise SandboxError(f"repository not found: {source}")
        if not (source / ".git").exists():
            raise SandboxError(f"not a git repository (no .git): {source}")
        if parent is not None:
            real_parent, real_source = Path(parent).resolve(), source.resolve()
            if real_parent == real_source or real_source in real_parent.parents:
                raise SandboxError(f"the workspace folder {parent} is inside the repository {source}; use one outside it")
            Path(parent).mkdir(parents=True, exist_ok=True)
        base = Path(tempfile.mkdtemp(prefix="skillopt-ws-", dir=parent)).resolve()
        try:
            path = base / "repo" / (source.resolve().name or "repo")
            path.parent.mkdir()
            (base / "state").mkdir()
            workspace = cls(base, path, repo, start_tree="", cap_mb=cap_mb)
            workspace.sized = mount_sized(path.parent, cap_mb)
            workspace._checkout(repo, workspace._clone(source, repo.commit))
            if repo.patch.strip():
                workspace._apply(repo.patch)
            keep_rules(path, workspace.rules_dir)  # the commit's own, before any command could write one
            if workspace.start_folder:  # it may hold nothing git tracks (yet): it is there all the same
                workspace.resolve(workspace.start_folder).mkdir(parents=True, exist_ok=True)
            workspace.start_tree = workspace._snapshot(workspace.baseline_dir / "index")
            hand_over_tree(path)  # the sandbox user's to write, never root's (identity.py)
            return workspace
        except BaseException:
            unmount(base / "repo")
            shutil.rmtree(base, ignore_errors=True)
            raise

    @property
    def start_folder(self) -> str:
        """The folder, relative to the copy's root, the session worked in ("" for the root)."""
        return "/".join(part for part in self.repo.cwd.split("/") if part not in ("", "."))

    @property
    def baseline_dir(self) -> Path:
        return self.base / "state" / "baseline.git"

    @property
    def rules_dir(self) -> Path:
        """The commit's .gitignore files, at their places (snapshot.py)."""
        return self.base / "state" / "ignore-rules"

    def state_dir(self, name: str) -> Path:
        """A private folder beside the copy (a temp HOME for a runner), created on first use."""
        folder = self.base / "state" / name
        folder.mkdir(parents=True, exist_ok=True)
        return folder

    def _git(self, *args: str, cwd: Path | None = None, env: dict[str, str] | None = None, stdin: str | None = None,
             what: str = "git") -> str:
        return run_git(*args, cwd=cwd or self.path, home=self.state_dir("git-home"), env=env,
                       stdin=stdin.encode() if stdin is not None else None, what=what)

    def _clone(self, source: Path, commit: str) -> str:
        """The copy as a new repository holding `commit` and its history; the commit's full id."""
        try:
            found = run_git("rev-parse", "--verify", "--quiet", "--end-of-options", f"{commit}^{{commit}}",
                            cwd=source, home=self.state_dir("git-home"), what="finding the commit").strip()
        except SandboxError:
            raise SandboxError(f"commit {commit} is not in repository {source}") from None
        object_format = run_git("rev-parse", "--show-object-format", cwd=source, home=self.state_dir("git-home"),
                                what="reading the repository's format").strip() or "sha1"
        self._git("init", "--quiet", f"--object-format={object_format}", str(self.path), cwd=self.base,
                  what="making the copy")
        # Over git's own protocol, so only what `found` reaches is sent (v2 serves a commit no ref names).
        self._git("-c", "protocol.version=2", "fetch", "--quiet", "--no-tags", "--no-recurse-submodules",
                  "--no-write-fetch-head", "--", str(source), found, what=f"copying {source}")
        return found

    def _checkout(self, repo: RepoSpec, commit: str) -> None:
        if repo.branch:
            self._git("checkout", "--quiet", "-B", repo.branch, commit, what=f"checking out {commit[:12]}")
        else:
            self._git("-c", "advice.detachedHead=false", "checkout", "--quiet", "--detach", commit,
                      what=f"checking out {commit[:12]}")

    def _apply(self, patch: str) -> None:
        if not patch.endswith("\n"):
            patch += "\n"
        try:
            self._git("apply", "--binary", "--whitespace=nowarn", "-", stdin=patch, what="applying the patch")
        except SandboxError as exc:
            raise SandboxError(f"the recorded uncommitted changes do not apply to {self.repo.commit[:12]}: "
                               f"{str(exc).split(': ', 1)[-1]}") from None

    def _baseline_env(self, index: Path) -> dict[str, str]:
        return {"GIT_DIR": str(self.baseline_dir), "GIT_WORK_TREE": str(self.path), "GIT_INDEX_FILE": str(index)}

    def _snapshot(self, index: Path) -> str:
        """The copy's files as a tree in the baseline git dir, with `index` as the staging area:
        every file and link there but those the commit's ignore rules leave out (snapshot.py)."""
        refuse_blocking_rules(self.path)
        if not self.baseline_dir.exists():
            self._git("init", "--quiet", "--bare", str(self.baseline_dir), cwd=self.base, what="recording the start")
            neutral_attributes(self.baseline_dir)
        env = self._baseline_env(index)
        tracked = set(nul_split(self._git("ls-files", "-z", env=env, what="recording the files")))
        present = listed(self.path)
        ignored = self._ignored([path for path in present if path not in tracked])
        gone = sorted(tracked - set(present))
        kept = [path for path in present if path not in ignored]
        home = self.state_dir("git-home")
        for args, paths in ((("--force-remove",), gone), (("--add", "--remove"), kept)):
            if paths:
                run_git("update-index", *args, "-z", "--stdin", cwd=self.path, home=home, env=env,
                        stdin=nul_joined(paths), what="recording the files")
        return self._git("write-tree", env=env, what="recording the files").strip()

    def _ignored(self, paths: list[str]) -> set[str]:
        """Those of `paths` the commit's ignore rules leave out, read from the rules kept for it."""
        if not paths:
            return set()
        self.rules_dir.mkdir(exist_ok=True)
        env = {"GIT_DIR": str(self.baseline_dir), "GIT_WORK_TREE": str(self.rules_dir)}
        found = run_git("check-ignore", "--no-index", "-z", "--stdin", cwd=self.rules_dir, home=self.state_dir("git-home"),
                        env=env, stdin=nul_joined(paths), what="reading the ignore rules", allowed=(0, 1))
        return set(nul_split(found))

    # -- what changed ---------------------------------------------------------------------------

    def _compare(self, *args: str, limit: int) -> tuple[str, bool]:
        index = self.baseline_dir / "compare-index"
        # copy2 keeps the index's own mtime: entries written in the same second as it stay "racily
        # clean" and are re-read, so a same-size edit made in that second is still seen.
        shutil.copy2(self.baseline_dir / "index", index)  # start from the baseline's stat data
        try:
            self._snapshot(index)
            found, complete = run_git_capped(
                "diff", "--cached", "--no-color", "--no-ext-diff", "--no-textconv", "--no-renames", *args,
                self.start_tree, "--", cwd=self.path, home=self.state_dir("git-home"), env=self._baseline_env(index),
                limit=limit, what="diffing the copy")
            return found.decode("utf-8", "surrogateescape"), complete
        finally:
            index.unlink(missing_ok=True)

    def diff(self) -> str:
        """The change in the copy since the start (commit + patch), new untracked files included
        (ignored ones, per the copy's .gitignore, are not), as a binary-safe git diff. Past
        DIFF_BYTES it is cut at a line's end and ends with CUT_MARK."""
        text, complete = self._compare("--binary", limit=DIFF_BYTES)
        if complete:
            return text
        return text[:text.rfind("\n") + 1] + CUT_MARK + "\n"

    def changed_files(self) -> list[str]:
        """The paths the change touches; past NAMES_BYTES of them, those read and CUT_MARK."""
        text, complete = self._compare("--name-only", "-z", limit=NAMES_BYTES)
        names = text.split("\0")
        return [name for name in (names if complete else names[:-1]) if name] + ([] if complete else [CUT_MARK])

    def last_change(self) -> float:
        """When a file of the change was last written (its ctime, which no command can set back),
        over every file and link the diff reads; 0 for an empty copy."""
        present = listed(self.path)
        tracked = set(self.start_files())
        ignored = self._ignored([path for path in present if path not in tracked])
        latest = 0
        for path in present:
            if path not in ignored:
                try:
                    latest = max(latest, os.lstat(self.path / path).st_ctime_ns)
                except OSError:
                    continue
        return latest / 1e9

    def over_cap(self) -> str:
        """Why the copy may take no more ("" while it may): past its cap, measured where no tmpfs
        of its own bounds it (sized.py)."""
        if self.sized:
            return ""
        cap = self.cap_mb * 1024 * 1024
        if usage_bytes(self.path, cap) <= cap:
            return ""
        return f"the copy holds more than its cap of {self.cap_mb} MiB; no further command runs in it"

    # -- the start, as the host recorded it ---------------------------------------------------------

    def start_files(self) -> dict[str, tuple[str, str]]:
        """path -> (mode, blob id) of every file and link of the start (commit + patch)."""
        listing = self._git("ls-tree", "-r", "-z", "--full-tree", self.start_tree, env={"GIT_DIR": str(self.baseline_dir)},
                            what="reading the start")
        files = {}
        for entry in nul_split(listing):
            info, _, path = entry.partition("\t")
            mode, _kind, blob = info.split()
            files[path] = (mode, blob)
        return files

    def start_content(self, blob: str) -> bytes:
        """The bytes of a file of the start, by its blob id."""
        text = self._git("cat-file", "blob", blob, env={"GIT_DIR": str(self.baseline_dir)}, what="reading the start")
        return text.encode("utf-8", "surrogateescape")

    def text_at_start(self, relative: str, limit: int) -> str | None:
        """A file's text as the episode found it (None where it was absent), from the recorded
        start, never from the copy's own .git."""
        env = {"GIT_DIR": str(self.baseline_dir)}
        spec = f"{self.start_tree}:{relative}"
        try:
            size = int(self._git("cat-file", "-s", spec, cwd=self.base, env=env, what=f"reading {relative}").strip())
        except (SandboxError, ValueError):
            return None
        if size > limit:
            raise SandboxError(f"{relative} was too large to read at the start ({size} bytes)")
        return self._git("cat-file", "blob", spec, cwd=self.base, env=env, what=f"reading {relative}")

    def text_now(self, relative: str, limit: int) -> str | None:
        """A file's text in the copy now (None where it is absent), opened without following a
        link the agent may have left."""
        if entry(self.path, relative) is None:
            return None
        return read_file(self.path, relative, limit).decode("utf-8", "replace")

    # -- paths ----------------------------------------------------------------------------------

    def resolve(self, relative: str) -> Path:
        """The real path of `relative` inside the copy; refuses absolute paths, `~`, and anything
        that lands outside the copy after `..` and symlinks are followed. Only for a copy no
        command has run in yet, whose links are the user's own: after one has, paths are opened
        through beneath.py, which follows no link."""
        if not isinstance(relative, str) or "\0" in relative:
            raise SandboxError(f"not a usable path: {relative!r}")
        if os.path.isabs(relative) or relative.startswith("~"):
            raise SandboxError(f"path must be relative to the repository: {relative}")
        root = Path(os.path.realpath(self.path))
        target = Path(os.path.realpath(root / relative))
        if target != root and root not in target.parents:
            raise SandboxError(f"path escapes the repository: {relative}")
        return target

    # -- lifetime -------------------------------------------------------------------------------

    def cleanup(self) -> None:
        """Removes the copy and its state. A command may have left folders without write or
        search permission; those are opened up so that the removal does not stop half-way."""
        if self.sized:
            unmount(self.path.parent)
            self.sized = False
        if self.base.exists():
            _remove_tree(self.base)

    def __enter__(self) -> "Workspace":
        return self

    def __exit__(self, *_exc) -> None:
        self.cleanup()


def _remove_tree(root: Path | str) -> None:
    """`root` removed, each folder that refuses (no write or search permission) opened up first."""
    def allow_and_retry(function, name, _exc):
        try:
            os.chmod(os.path.dirname(name), stat.S_IRWXU)
            if os.path.isdir(name) and not os.path.islink(name):
                os.chmod(name, stat.S_IRWXU)
            if function is os.open:  # a folder rmtree could not enter: it can now
                _remove_tree(name)
            else:
                function(name)
        except OSError as exc:
            log.warning("could not remove %s: %s", name, exc)

    if sys.version_info >= (3, 12):
        shutil.rmtree(root, onexc=allow_and_retry)
    else:
        shutil.rmtree(root, onerror=allow_and_retry)
