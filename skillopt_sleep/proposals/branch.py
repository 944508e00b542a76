"""A proposal as a local git branch, for a skill or memory file tracked in a repository (a team's
`.claude/skills`, a CLAUDE.md or AGENTS.md): one commit per rule, on the commit the live files are
at, each message holding the rule, its evidence and its measured effect; nothing is pushed.

The user's work tree, index and HEAD are never touched: blobs are written with `hash-object`, each
tree is built in a temporary index (GIT_INDEX_FILE) read from the base commit, committed with
`commit-tree`, and the branch is created with `update-ref` only if it does not exist yet. The
files must be committed as they are (no uncommitted change), so the branch says what the proposal
changes and nothing else."""

from __future__ import annotations

import os
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from skillopt_sleep.errors import StagingError
from skillopt_sleep.proposals import ledger
from skillopt_sleep.proposals.layout import (
    ManifestEntry, find_proposal, proposal_manifest, read_current, sha256_bytes, written_path,
)
from skillopt_sleep.proposals.rulesof import ProposalRule, Rebuild, proposal_rules
from skillopt_sleep.shorten import listed
from skillopt_sleep.store import Store

SUBJECT_CHARS = 72
# Never a lock git may take on the user's index while we only read it.
_GIT_ENV = {"GIT_OPTIONAL_LOCKS": "0", "GIT_TERMINAL_PROMPT": "0"}
# An author when the repository names none, so commit-tree does not stop on an unset identity.
_FALLBACK_AUTHOR = {"GIT_AUTHOR_NAME": "skillopt-sleep", "GIT_AUTHOR_EMAIL": "skillopt-sleep@localhost",
                    "GIT_COMMITTER_NAME": "skillopt-sleep", "GIT_COMMITTER_EMAIL": "skillopt-sleep@localhost"}


@dataclass
class BranchResult:
    branch: str
    repo: Path
    base: str
    commits: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)  # paths in the repository


@dataclass
class _Repo:
    top: Path
    env: dict[str, str]

    def git(self, *args: str, stdin: bytes | None = None, check: bool = True, env: dict[str, str] | None = None) -> str:
        try:
            done = subprocess.run(["git", *args], cwd=self.top, env={**self.env, **(env or {})}, input=stdin,
                                  stdin=None if stdin is not None else subprocess.DEVNULL, capture_output=True)
        except FileNotFoundError:
            raise StagingError("git is not installed; a proposal can be written as a branch only with git") from None
        if check and done.returncode != 0:
            error = done.stderr.decode(errors="replace").strip().splitlines()
            raise StagingError(f"git {args[0]} failed in {self.top}: {error[0] if error else 'no output'}")
        return done.stdout.decode(errors="replace").strip() if done.returncode == 0 else ""


def _repo_of(path: Path) -> _Repo:
    env = {**os.environ, **_GIT_ENV}
    try:
        done = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=path.parent, env=env,
                              stdin=subprocess.DEVNULL, capture_output=True)
    except FileNotFoundError:
        raise StagingError("git is not installed; a proposal can be written as a branch only with git") from None
    if done.returncode != 0:
        raise StagingError(f"{path} is not in a git repository; --branch needs a tracked file")
    repo = _Repo(Path(done.stdout.decode().strip()), env)
    if not repo.git("config", "user.name", check=False):
        repo.env.update(_FALLBACK_AUTHOR)
    return repo


def _checked(repo: _Repo, entry: ManifestEntry) -> str:
    """The file's path in the repository, once it is tracked and committed as it is."""
    path = written_path(entry.live_path)
    relative = path.relative_to(repo.top.resolve()).as_posix()
    if not repo.git("ls-files", "--", relative):
        raise StagingError(f"{entry.live_path} is not tracked by git in {repo.top}; commit it first, or review without --branch")
    if repo.git("status", "--porcelain", "--", relative):
        raise StagingError(f"{entry.live_path} has uncommitted changes; commit or stash them first, so the branch "
                           "holds the proposal alone")
    current, _, _ = read_current(path)
    if sha256_bytes(current or b"") != entry.original_sha256:
        raise StagingError(f"{entry.live_path} changed since the proposal was staged; rerun the night to build on it")
    return relative


def _message(rule: ProposalRule, entry: ledger.LedgerEntry | None, proposal_id: str, night_id: str) -> str:
    text = rule.edit.summary()
    subject = " ".join(text.split()).lstrip("-* ")
    subject = subject if len(subject) <= SUBJECT_CHARS else subject[:SUBJECT_CHARS - 1] + "…"
    lines = [subject, "", f"Rule {rule.number} of skillopt-sleep proposal {proposal_id} (night {night_id}):", "", text, ""]
    effect = "not measured alone" if rule.effect is None else f"{rule.effect:+.3f} on the held-out score"
    lines.append(f"Measured effect: {effect}")
    lines.append(f"Evidence: {rule.edit.evidence_kind}; tasks {listed(rule.edit.evidence, 8) or '-'}")
    if entry is not None and entry.sessions:
        lines.append(f"Sessions: {listed(entry.sessions, 5)}")
    if rule.edit.rationale:
        lines.append(f"Why: {rule.edit.rationale}")
    return "\n".join(lines) + "\n"


def write_branch(store: Store, proposal_id: str, name: str, rebuild: Rebuild) -> BranchResult:
    """Write proposal `proposal_id` as the new local branch `name` (see the module's docstring);
    `rebuild` makes the files of its first rules alone (`api` passes the night's)."""
    row = find_proposal(store, proposal_id)
    manifest = proposal_manifest(row)
    repos = {_repo_of(written_path(entry.live_path)).top for entry in manifest.files}
    if len(repos) != 1:
        raise StagingError(f"proposal {proposal_id} changes files in {len(repos)} repositories; a branch holds one")
    repo = _repo_of(written_path(manifest.files[0].live_path))
    if repo.git("check-ref-format", "--branch", name, check=False) != name:
        raise StagingError(f"{name!r} is not a valid branch name")
    if repo.git("rev-parse", "--verify", "--quiet", f"refs/heads/{name}", check=False):
        raise StagingError(f"branch {name} already exists in {repo.top}; name another")
    paths = {str(entry.live_path): _checked(repo, entry) for entry in manifest.files}
    base = repo.git("rev-parse", "--verify", "HEAD^{commit}")

    rules = proposal_rules(row)
    by_key = {e.rule_key: e for e in ledger.entries(store, night_id=row["night_id"])}
    # Each rule's commit holds the rules before it too; the last holds the staged text itself.
    steps: list[tuple[dict[str, bytes], str]] = []
    for rule in rules[:-1]:
        steps.append((rebuild(manifest.files, rules[:rule.number], proposal_id),
                      _message(rule, by_key.get(rule.key), proposal_id, row["night_id"])))
    staged = {str(e.live_path): (Path(row["stage_dir"]) / e.proposed).read_bytes() for e in manifest.files}
    last = _message(rules[-1], by_key.get(rules[-1].key), proposal_id, row["night_id"]) if rules else \
        f"skillopt-sleep proposal {proposal_id} (night {row['night_id']})\n"
    steps.append((staged, last))

    result = BranchResult(name, repo.top, base, files=sorted(paths.values()))
    parent = base
    with tempfile.TemporaryDirectory(prefix="skillopt-sleep-branch-") as tmp:
        index = {"GIT_INDEX_FILE": str(Path(tmp) / "index")}
        repo.git("read-tree", base, env=index)
        for texts, message in steps:
            for live, data in texts.items():
                blob = repo.git("hash-object", "-w", "--stdin", stdin=data)
                mode = repo.git("ls-files", "-s", "--", paths[live], env=index).split(" ", 1)[0] or "100644"
                repo.git("update-index", "--cacheinfo", f"{mode},{blob},{paths[live]}", env=index)
            tree = repo.git("write-tree", env=index)
            parent = repo.git("commit-tree", tree, "-p", parent, stdin=message.encode("utf-8"))
            result.commits.append(parent)
    # The empty old value: created only if no branch of that name appeared meanwhile.
    repo.git("update-ref", "-m", f"skillopt-sleep: proposal {proposal_id}", f"refs/heads/{name}", parent, "")
    return result
