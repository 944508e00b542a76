"""Records of coding work: where a repo task runs (a repository at a commit) and what an agent
did in one episode there. Plain data, no I/O: the sandbox, the students and the repo judge
produce and read them."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field


# The last line of a diff, and the last name of a list of changed files, that the host stopped
# reading at its cap (sandbox/workspace.py). A check that a change adds no such line, or touches
# no such file, cannot pass on what it was not shown.
CUT_MARK = "[skillopt-sleep: the change is larger than the host reads; the rest of it was not read]"


def is_cut(diff_or_names: str | list[str]) -> bool:
    if isinstance(diff_or_names, list):
        return bool(diff_or_names) and diff_or_names[-1] == CUT_MARK
    return diff_or_names.endswith(CUT_MARK + "\n")


@dataclass
class Verification:
    """A command the session ran to check its work ("make check", "pnpm test"), with the exit
    status it saw the last time (None when the transcript does not say)."""

    command: str
    last_exit: int | None = None

    @classmethod
    def from_dict(cls, data: dict) -> "Verification":
        exit_code = data.get("last_exit")
        return cls(command=str(data.get("command", "")), last_exit=None if exit_code is None else int(exit_code))


@dataclass
class RepoSpec:
    """A repository at the commit a session started from. `root` is only ever read (an episode
    runs in a throwaway copy); `patch` is the uncommitted work at session start, as a git diff
    against `commit` (binary-safe), applied to the copy before the episode."""

    root: str
    commit: str
    patch: str = ""
    branch: str = ""
    verification: list[Verification] = field(default_factory=list)
    changed_files: list[str] = field(default_factory=list)
    found_by: str = ""  # how the commit was found: "hook" (recorded at session start) or how it was derived
    cwd: str = ""  # the folder, relative to `root`, the session worked in: episodes and checks run there

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "RepoSpec":
        if not isinstance(data, dict):
            raise ValueError(f"repo must be an object, got {type(data).__name__}")
        if not data.get("root") or not data.get("commit"):
            raise ValueError("repo needs 'root' and 'commit'")
        return cls(
            root=str(data["root"]),
            commit=str(data["commit"]),
            patch=str(data.get("patch", "") or ""),
            branch=str(data.get("branch", "") or ""),
            verification=[Verification.from_dict(v) for v in data.get("verification", []) or []],
            changed_files=[str(f) for f in data.get("changed_files", []) or []],
            found_by=str(data.get("found_by", "") or ""),
            cwd=str(data.get("cwd", "") or ""),
        )


@dataclass
class EpisodeStep:
    """One step of an episode. kind "model": what the model said (`output`); kind "tool": a tool
    call (`name` one of list, read, search, edit, run, finish; `arguments` as the model gave
    them) and what the tool returned, cut to the loop's budget (`output`, `exit_code` for run)."""

    kind: str
    name: str = ""
    arguments: dict = field(default_factory=dict)
    output: str = ""
    exit_code: int | None = None
    error: str = ""

    @classmethod
    def from_dict(cls, data: dict) -> "EpisodeStep":
        exit_code = data.get("exit_code")
        return cls(kind=str(data.get("kind", "")), name=str(data.get("name", "") or ""),
                   arguments=dict(data.get("arguments", {}) or {}), output=str(data.get("output", "") or ""),
                   exit_code=None if exit_code is None else int(exit_code), error=str(data.get("error", "") or ""))


@dataclass
class Episode:
    """What a student did on a repo task: its steps in order, whether it called `finish`, and the
    change it left in its copy of the repository (`diff` against the start, `changed_files`)."""

    steps: list[EpisodeStep] = field(default_factory=list)
    final_message: str = ""
    finished: bool = False
    diff: str = ""
    changed_files: list[str] = field(default_factory=list)
    turns: int = 0
    error: str = ""  # why the loop stopped early (turn limit, a backend failure), "" when it finished
    # The changed manifests' texts before and after (None where the file was absent), read by the
    # judge from the copy: what a dependency check compares.
    manifests: dict[str, dict] = field(default_factory=dict)
    # The sandbox's own record of each run of a program a check names ({"argv", "exit", "current":
    # the copy was as that run left it at the end}), in the order the runs ended; None where no
    # record was kept (no check named a program, or an episode recorded before there was one).
    executed: list[dict] | None = None

    def commands(self) -> list[EpisodeStep]:
        """The `run` steps, in order."""
        return [s for s in self.steps if s.kind == "tool" and s.name == "run"]

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "Episode":
        return cls(
            steps=[EpisodeStep.from_dict(s) for s in data.get("steps", []) or []],
            final_message=str(data.get("final_message", "") or ""),
            finished=bool(data.get("finished", False)),
            diff=str(data.get("diff", "") or ""),
            changed_files=[str(f) for f in data.get("changed_files", []) or []],
            turns=int(data.get("turns", 0) or 0),
            error=str(data.get("error", "") or ""),
            manifests={str(path): dict(texts) for path, texts in (data.get("manifests") or {}).items()
                       if isinstance(texts, dict)},
            executed=[dict(e) for e in data["executed"]] if isinstance(data.get("executed"), list) else None,
        )
