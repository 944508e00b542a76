"""The library's front door: everything the command line does, as functions over a `Config`.

Read what the agents recorded, turn it into tasks, plan and run a night, then review, adopt or
revert what it proposed. Each function opens the store the config names and returns a record
(dataclasses); nothing here prints. A whole round trip on a skill and a tasks file:

    from skillopt_sleep import api

    config = api.load_config(flags={"skill": "SKILL.md", "tasks_file": "tasks.jsonl", "source": "file"})
    print(api.plan_night(config).render())      # what the night would call, before calling anything
    report = api.run_night(config)              # replay, reflect, gate; stages a proposal if accepted
    if report.proposal_id:
        print(api.review(config))               # the diff and the report
        api.adopt(config)                       # the live SKILL.md gets the kept rules, with a backup
        api.revert(config)                      # and back

On the recorded sessions instead: `api.refresh(config)` (ingest, then mine), then
`api.run_skill_nights(config)` for one night per skill the sessions used.
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from skillopt_sleep import paths
from skillopt_sleep.backends.recorder import Budget, CallRecorder
from skillopt_sleep.backends.roles import backend_for_role, close_backends, prepare_backends
from skillopt_sleep.capture.ingest import IngestOptions, run_ingest
from skillopt_sleep.capture.report import IngestReport
from skillopt_sleep.config import Config, load_config
from skillopt_sleep.errors import SkilloptError
from skillopt_sleep.events import ProgressSink
from skillopt_sleep.night.engine import NightInputs, NightReport
from skillopt_sleep.night.engine import run_night as _run_night
from skillopt_sleep.night.estimate import NightEstimate, estimate_night
from skillopt_sleep.night.holding import write_screen
from skillopt_sleep.night.partial import subset_texts
from skillopt_sleep.night.skillnights import NightRequest, SkillNightsResult, run_one_night
from skillopt_sleep.night.skillnights import run_skill_nights as _run_skill_nights
from skillopt_sleep.night.sources import memory_path_of, skill_path_of, tasks_for
from skillopt_sleep.places import Places
from skillopt_sleep.proposals.adopt import AdoptResult
from skillopt_sleep.proposals.adopt import adopt as _adopt
from skillopt_sleep.proposals.branch import BranchResult, write_branch
from skillopt_sleep.proposals.layout import pick, split_target
from skillopt_sleep.proposals.reject import RejectResult, reject_reverted
from skillopt_sleep.proposals.reject import reject as _reject
from skillopt_sleep.proposals.review import review_text
from skillopt_sleep.proposals.revert import RevertResult
from skillopt_sleep.proposals.revert import revert as _revert
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.candidates import MiningReport
from skillopt_sleep.tasks.corrections.classify import ModelClassifier
from skillopt_sleep.tasks.llm_miner import LLMMiner
from skillopt_sleep.tasks.mining import HeuristicMiner
from skillopt_sleep.tasks.skills import describe
from skillopt_sleep.tasks.skilluse import plan_nights, used_skills
from skillopt_sleep.tasks.taskstore import TaskRepo

__all__ = [
    "Config", "IngestReport", "MiningReport", "NightEstimate", "NightInputs", "NightReport", "SkillNightsResult",
    "AdoptResult", "RevertResult", "Places", "adopt", "ingest", "ingest_options", "load_config", "mine", "plan_night",
    "refresh", "review", "revert", "run_night", "run_night_with", "run_skill_nights", "wants_skill_nights",
]


Progress = Callable[[str], None]  # one line per step


def ingest_options(config: Config, projects: list[str] | None = None) -> IngestOptions:
    """How transcripts are read, per the config (`projects`: only sessions under these folders;
    None: the configured capture.projects)."""
    return IngestOptions.from_config(config, projects)


def ingest(config: Config, *, on_progress: ProgressSink | None = None) -> IngestReport:
    """Read what was captured since the last ingest into sessions (incremental)."""
    with Places.from_config(config).open_store() as store:
        return run_ingest(store, paths.data_dir(), ingest_options(config), on_progress=on_progress)


def mine_store(store: Store, config: Config, *, llm: bool | None = None, min_recurrence: int | None = None,
               on_progress: ProgressSink | None = None) -> MiningReport:
    """`mine` on an open store."""
    llm = config["mining.llm"] if llm is None else llm
    teacher = recorder = reader = None
    if llm or config["mining.read_turns"]:
        teacher = backend_for_role(config, "teacher").backend
        recorder = CallRecorder(store, None, Budget.from_config(config))
    if config["mining.read_turns"]:
        reader = ModelClassifier(recorder, teacher, max_calls=config["mining.read_turns_max_calls"])
    report = HeuristicMiner(store, reader=reader).run(report=MiningReport(), on_progress=on_progress)
    if llm:
        minimum = min_recurrence if min_recurrence is not None else config["mining.min_recurrence"]
        LLMMiner(store, recorder, teacher, min_recurrence=minimum).run(report, on_progress=on_progress)
    return report


def mine(config: Config, *, llm: bool | None = None, min_recurrence: int | None = None,
         on_progress: ProgressSink | None = None) -> MiningReport:
    """Turn the ingested sessions into replay tasks: the heuristic miner, then, when `llm` (default:
    mining.llm), the teacher on intents that recur in `min_recurrence` sessions without checks."""
    with Places.from_config(config).open_store() as store:
        return mine_store(store, config, llm=llm, min_recurrence=min_recurrence, on_progress=on_progress)


def refresh(config: Config, progress: Progress | None = None) -> tuple[IngestReport, MiningReport]:
    """Ingest, then mine, as a night on the store starts: it works on today's sessions. `progress`
    gets one line for each."""
    ingested, mined = ingest(config), mine(config)
    if progress:
        progress("ingest: " + ingested.render())
        progress("mine: " + mined.render())
    return ingested, mined


def plan_night(config: Config, project: Path | None = None) -> NightEstimate:
    """The calls, tokens, dollars and wall time a night on the configured skill would spend at
    most; no backend is built and no model called."""
    return estimate_night(config, project or Path.cwd())


def run_night_with(inputs: NightInputs) -> NightReport:
    """A night over inputs the caller brings (its own backends, tasks, skill text, scorer): what an
    experiment cell runs. `run_night` builds these from the config."""
    return _run_night(inputs)


def review(config: Config, target: str | None = None, *, skill: str | None = None) -> str:
    """The staged diff and report of a proposal: `target` is its id or a skill name (default: the
    newest pending one, when only one skill has one)."""
    with Places.from_config(config).read_store() as store:
        proposal_id, named = split_target(store, target)
        return review_text(store, proposal_id, skill or named)


def review_branch(config: Config, name: str, target: str | None = None, *, skill: str | None = None) -> BranchResult:
    """Write a proposal (`target` as for review) as the new local git branch `name`, one commit per rule."""
    with Places.from_config(config).read_store() as store:
        proposal_id, named = split_target(store, target)
        if proposal_id is None:
            proposal_id = pick(store, None, "pending", "review", skill or named)[0]["id"]
        return write_branch(store, proposal_id, name, subset_texts)


def adopt(config: Config, target: str | None = None, *, skill: str | None = None, only: list[str] | None = None,
          reject_rest: bool = True) -> AdoptResult:
    """Apply a pending proposal to the live files, each backed up first (`target` as for review);
    `only`: just these rules of it (the others are rejected unless `reject_rest` is False)."""
    places = Places.from_config(config)
    with places.open_store() as store:
        proposal_id, named = split_target(store, target)
        return _adopt(store, proposal_id, backups_root=places.backups, skill=skill or named, screen=write_screen,
                      only=only, reject_rest=reject_rest, rebuild=subset_texts)


def revert(config: Config, target: str | None = None, *, skill: str | None = None, force: bool = False,
           reject: bool = False) -> RevertResult:
    """Restore the files an adopted proposal replaced (`force`: even one edited since, whose text
    is saved first; `reject`: and reject the rules it had adopted, so no night proposes them again)."""
    with Places.from_config(config).open_store() as store:
        proposal_id, named = split_target(store, target)
        result = _revert(store, proposal_id, force=force, skill=skill or named, screen=write_screen)
        if reject:
            reject_reverted(store, result.proposal_id)
        return result


def reject(config: Config, target: str | None = None, *, skill: str | None = None,
           rules: list[str] | None = None) -> RejectResult:
    """Reject a proposal, or some of its rules (`target` as for review): later nights of the skill
    do not propose them again unless evidence of another kind appears."""
    with Places.from_config(config).open_store() as store:
        proposal_id, named = split_target(store, target)
        return _reject(store, proposal_id, skill=skill or named, rules=rules)


@contextmanager
def _night_request(config: Config, store: Store, project: Path, dry_run: bool, progress: Progress | None,
                   on_progress: Callable | None) -> Iterator[NightRequest]:
    """The student and teacher, checked before any token is spent, held for the night and released after."""
    student = backend_for_role(config, "student")
    teacher = backend_for_role(config, "teacher")
    try:
        config = prepare_backends(config, student, teacher, progress)
        yield NightRequest(config, store, student.backend, teacher.backend, project, dry_run, progress, on_progress)
    finally:
        close_backends(student, teacher)


def run_night(config: Config, *, dry_run: bool = False, project: Path | None = None,
              progress: Progress | None = None, on_progress: Callable | None = None) -> NightReport:
    """One night over the configured skill and its tasks (a tasks file, or the store's tasks).

    `progress` gets one line per step; `on_progress` structured events (counts, ETA, cost)."""
    skill_path = skill_path_of(config)
    project = project or Path.cwd()
    with Places.from_config(config).open_store() as store:
        tasks = tasks_for(config, store, skill_path)
        with _night_request(config, store, project, dry_run, progress, on_progress) as request:
            return run_one_night(request, skill_path, tasks, memory_path_of(request.config, project))


def wants_skill_nights(config: Config, *, all_skills: bool = False, skill_flag: bool = False) -> bool:
    """Per-skill nights when asked, or when no --skill names one file and the sessions used skills."""
    if config["source"] != "store":
        return False
    if all_skills:
        return True
    if skill_flag:
        return False
    with Places.from_config(config).open_store() as store:
        return bool(used_skills(store))


def run_skill_nights(config: Config, *, dry_run: bool = False, project: Path | None = None,
                     progress: Progress | None = None, on_progress: Callable | None = None) -> SkillNightsResult:
    """One night per skill the sessions used; tasks tied to no skill go to the configured skill."""
    project = project or Path.cwd()
    managed = skill_path_of(config) if config["skill"] else None
    with Places.from_config(config).open_store() as store:
        plan = plan_nights(store, TaskRepo(store).list(), managed)
        if not plan.nights:
            problems = "; ".join(describe(r) for r in plan.unresolved) or "no tasks yet"
            raise SkilloptError(f"no skill has tasks to replay ({problems}): capture sessions and run "
                                "`skillopt-sleep ingest` and `skillopt-sleep mine`")
        with _night_request(config, store, project, dry_run, progress, on_progress) as request:
            return _run_skill_nights(request, plan, memory_path_of(request.config, project) if managed else None)
