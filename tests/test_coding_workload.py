"""The recorded coding workload (experiments/workloads/coding, written by the real `claude` and
`codex` CLIs through generate.py): its sessions parse with the project's ingest, each one's
repository and starting commit can be found (from the manifest and from the git history and the
transcript's times alone), the corrections planted are in the users' own turns, no held-out
request was ever recorded, and each held-out judge patch fails at its commit and passes with the
reference fix, run by the repository's own check in the sandbox."""

from __future__ import annotations

import json
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from skillopt_sleep.capture.ingest import IngestOptions, Ingestor
from skillopt_sleep.capture.sessions import SessionRepo
from skillopt_sleep.episode import RepoSpec
from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.experiments.workload.codingkey import clone_bundles, load_coding_key
from skillopt_sleep.records import Task
from skillopt_sleep.sandbox import SandboxUnavailable, Workspace, find_sandbox
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.checks.registry import check_problem
from tests.scenario_check import said

REPO = Path(__file__).resolve().parent.parent
WORKLOAD = REPO / "experiments" / "workloads" / "coding"
sys.path.insert(0, str(WORKLOAD))

from plan import load_personas  # noqa: E402
from repos import build_repo  # noqa: E402

KEY_PATH = WORKLOAD / "answer-key.json"
KEY = json.loads(KEY_PATH.read_text(encoding="utf-8"))
PERSONAS = {p.name: p for p in load_personas()}


@pytest.fixture(scope="module")
def unpacked(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("coding")
    with tarfile.open(WORKLOAD / "coding-sessions.tar.xz", "r:xz") as archive:
        archive.extractall(folder, filter="data")
    return folder


@pytest.fixture(scope="module")
def manifest(unpacked) -> dict:
    return json.loads((unpacked / "manifest.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def clones(unpacked, tmp_path_factory) -> dict[str, Path]:
    """Each person's repository, cloned from its bundle."""
    return clone_bundles(unpacked, KEY_PATH, tmp_path_factory.mktemp("clones"))


@pytest.fixture(scope="module")
def sessions(unpacked, manifest, tmp_path_factory) -> dict:
    """Every recorded session as the project's ingest reads it, by session id."""
    store_path = tmp_path_factory.mktemp("store") / "store.db"
    parsed = {}
    with Store(store_path) as store:
        ingestor = Ingestor(store, IngestOptions(include_headless=True))  # `claude -p` and `codex exec` runs
        for entry in manifest["sessions"]:
            path = next(row["transcript_path"] for row in entry["captures"] if row.get("transcript_path"))
            assert ingestor.ingest_file(str(unpacked / entry["persona"] / path), entry["agent"])
            parsed[entry["session_id"]] = SessionRepo(store).get(entry["session_id"])
    return parsed


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, check=True).stdout.strip()


def test_the_archive_holds_each_planned_session_and_no_more(manifest, unpacked):
    planned = [(s.persona, s.id, s.agent) for p in PERSONAS.values() for s in p.sessions]
    assert [(e["persona"], e["id"], e["agent"]) for e in manifest["sessions"]] == planned
    assert {e["agent"] for e in manifest["sessions"]} == {"claude-code", "codex"}
    assert (WORKLOAD / "coding-sessions.tar.xz").stat().st_size < 5 * 1024 * 1024
    for name, persona in manifest["personas"].items():
        assert (unpacked / persona["skill"]).read_text().startswith("---\nname: ")
        assert persona["root"] == f"{manifest['root']}/{name}/{persona['repo']}"


def test_transcripts_parse_into_the_planned_requests_and_commands(manifest, sessions):
    for entry in manifest["sessions"]:
        session = sessions[entry["session_id"]]
        assert session is not None and session.cwd == manifest["personas"][entry["persona"]]["root"], entry["id"]
        assert session.intents[0].text.strip() == entry["turns"][0]["user"].strip()
        ran = [(t.summary, t.exit_code) for i in session.intents for t in i.tools if t.exit_code is not None]
        planned = [(s["cmd"], s["exit"]) for turn in entry["turns"] for s in turn["steps"] if s["kind"] == "run"]
        # Every planned command is in the transcript with the exit status it really gave.
        for cmd, status in planned:
            assert any(cmd in summary and code == status for summary, code in ran), (entry["id"], cmd, status, ran)


def test_each_session_starts_from_a_commit_found_in_its_repository(manifest, sessions, clones, tmp_path):
    for name, persona in PERSONAS.items():  # the fixture repositories are rebuilt commit for commit
        rebuilt = build_repo(persona.repo, tmp_path / name, persona.author)
        assert git(clones[name], "rev-list", "--max-parents=0", "HEAD") == rebuilt
    for entry in manifest["sessions"]:
        clone = clones[entry["persona"]]
        git(clone, "cat-file", "-e", entry["commit"] + "^{commit}")
        # Without the manifest: the last commit made before the session's first record.
        started = sessions[entry["session_id"]].started_at
        derived = git(clone, "rev-list", "-1", f"--before={started}", "main")
        assert derived == entry["commit"], entry["id"]


def test_each_missed_convention_is_corrected_in_the_users_words(manifest, sessions):
    planted = 0
    for entry in manifest["sessions"]:
        session = sessions[entry["session_id"]]
        # Each correction is in the user's own words, kept by the ingest where it came.
        turns = [text.strip() for text in said(session)]
        for turn in entry["turns"][1:]:
            assert turn["user"].strip() in turns, (entry["id"], turn["user"], turns)
        corrected = [c for turn in entry["turns"] for c in turn["corrects"]]
        assert sorted(corrected) == sorted(entry["missed"])
        planted += len(corrected)
    key_sessions = [s for p in KEY["personas"].values() for s in p["sessions"]]
    assert planted == sum(len(s["corrected"]) for s in key_sessions) == 37
    for persona in KEY["personas"].values():  # every convention recurs: corrected in two weeks or more
        for convention in persona["conventions"]:
            weeks = {s["week"] for s in persona["sessions"] if convention["id"] in s["corrected"]}
            assert len(weeks) >= 2, convention["id"]


def test_held_out_requests_are_in_no_recorded_session(manifest, unpacked, sessions):
    transcripts = "".join(p.read_text(encoding="utf-8") for p in unpacked.rglob("*.jsonl"))
    intents = [i.text for s in sessions.values() for i in s.intents]
    heldout = [h for p in KEY["personas"].values() for h in p["heldout"]]
    assert len(heldout) == 11
    for item in heldout:
        assert json.dumps(item["request"])[1:-1] not in transcripts and item["request"] not in intents
    # They come after every recorded session: at the commit each person's last session left.
    for name, persona in KEY["personas"].items():
        last = [e for e in manifest["sessions"] if e["persona"] == name][-1]
        assert {h["commit"] for h in persona["heldout"]} == {last["commit_after"]}


def _judge(sandbox, repo: RepoSpec, patch: str, tmp_path: Path) -> int:
    """The exit status of the repository's own check at the task's commit with `patch`, in a
    throwaway copy: in the sandbox where this machine has one, else as a plain process."""
    spec = RepoSpec(root=repo.root, commit=repo.commit, patch=patch)
    (command,) = [v.command for v in repo.verification]
    with Workspace.create(spec, parent=tmp_path) as workspace:
        if sandbox is not None:
            return sandbox.run(workspace, command).exit_code
        return subprocess.run(command, shell=True, cwd=workspace.path, capture_output=True, timeout=300).returncode


def test_the_key_gives_repo_tasks_at_commits_of_the_clones(clones):
    keys = load_coding_key(KEY_PATH, clones)
    tasks = [t for k in keys.values() for t in k.heldout]
    assert len(tasks) == 11 and all(t.judge.kind == "repo" and t.split == "test" and t.judge.checks for t in tasks)
    for task in tasks:
        git(Path(task.repo.root), "cat-file", "-e", task.repo.commit + "^{commit}")
        assert Task.from_dict(task.to_dict()).repo == task.repo
        assert set(task.meta["conventions"]) <= {c.id for c in keys[task.meta["workload"]].conventions}
        assert [check_problem(c) for c in task.judge.checks] == [None] * len(task.judge.checks)  # ops the registry runs
    assert sum(len(c) for k in keys.values() for c in k.corrected.values()) == 37
    with pytest.raises(ExperimentError, match="no repository given for maya"):
        load_coding_key(KEY_PATH, {})


@pytest.mark.parametrize("task_id", [h["task_id"] for p in KEY["personas"].values() for h in p["heldout"]])
def test_judge_patch_fails_before_the_reference_fix_and_passes_after(task_id, clones, tmp_path):
    name = task_id.split("-", 1)[0]
    task = next(t for t in load_coding_key(KEY_PATH, clones)[name].heldout if t.task_id == task_id)
    reference = next(h["reference_patch"] for h in KEY["personas"][name]["heldout"] if h["task_id"] == task_id)
    try:
        sandbox = find_sandbox()
    except SandboxUnavailable:
        sandbox = None
    judge_patch = task.meta["judge_patch"]
    assert _judge(sandbox, task.repo, "", tmp_path) == 0  # green before the request
    assert _judge(sandbox, task.repo, judge_patch, tmp_path) != 0
    assert _judge(sandbox, task.repo, judge_patch + reference, tmp_path) == 0
