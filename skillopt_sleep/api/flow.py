"""The flow a night follows, as functions over settings (`Options`, or a `Config` from
`load_config`): read what the agents recorded, turn it into tasks, plan and run the nights, then
review, adopt, reject or revert what they proposed. Each opens the store the settings name and
returns a record; nothing here prints."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from skillopt_sleep.api.options import Settings, as_config
from skillopt_sleep.api.results import SleepResult
from skillopt_sleep.api.sessions import ingest
from skillopt_sleep.backends.recorder import Budget, CallRecorder
from skillopt_sleep.backends.roles import backend_for_role, close_backends, prepare_backends
from skillopt_sleep.capture.report import IngestReport
from skillopt_sleep.config import Config
from skillopt_sleep.errors import SkilloptError
from skillopt_sleep.events import ProgressSink
from skillopt_sleep.night.sequencing.engine import NightInputs, NightReport
from skillopt_sleep.night.sequencing.engine import run_night as _run_night
from skillopt_sleep.night.plan.estimate import NightEstimate, estimate_night
from skillopt_sleep.night.propose.partial import subset_texts
from skillopt_sleep.night.sequencing.skillnights import NightRequest, SkillNightsResult, run_one_night
from skillopt_sleep.night.sequencing.skillnights import run_skill_nights as _run_skill_nights
from skillopt_sleep.night.sequencing.sources import memory_path_of, skill_path_of, tasks_for
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

Progress = Callable[[str], None]  # one line per step


def mine(settings: Settings, *, llm: bool | None = None, min_recurrence: int | None = None,
         on_progress: ProgressSink | None = None) -> MiningReport:
    """Turn the ingested sessions into replay tasks: the heuristic miner (with mining.read_turns,
    the teacher reading each user turn after agent work), then, when `llm` (default: mining.llm),
    the teacher on intents that recur in `min_recurrence` sessions without checks."""
    config = as_config(settings)
    llm = config["mining.llm"] if llm is None else llm
    with Places.from_config(config).open_store() as store:
        teacher = recorder = reader = None
        if llm or config["mining.read_turns"]:
            teacher = backend_for_role(config, "teacher").backend
            recorder = CallRecorder(store, None, Budget.from_config(config))
        if config["mining.read_turns"]:  # the teacher reads what each user turn after agent work means
            reader = ModelClassifier(recorder, teacher, max_calls=config["mining.read_turns_max_calls"])
        report = HeuristicMiner(store, reader=reader).run(report=MiningReport(), on_progress=on_progress)
        if llm:
            minimum = min_recurrence if min_recurrence is not None else config["mining.min_recurrence"]
            LLMMiner(store, recorder, teacher, min_recurrence=minimum).run(report, on_progress=on_progress)
        return report


def refresh(settings: Settings, progress: Progress | None = None) -> tuple[IngestReport, MiningReport]:
    """Ingest, then mine, as a night on the store starts: it works on today's sessions. `progress`
    gets one line for each."""
    config = as_config(settings)
    ingested, mined = ingest(config), mine(config)
    if progress:
        progress("ingest: " + ingested.render())
        progress("mine: " + mined.render())
    return ingested, mined


def plan_night(settings: Settings, project: Path | None = None) -> NightEstimate:
    """The calls, tokens, dollars and wall time a night on the configured skill would spend at
    most; no backend is built and no model called."""
    config = as_config(settings)
    return estimate_night(config, project or Path.cwd())


def run_night_with(inputs: NightInputs) -> NightReport:
    """A night over inputs the caller brings (its own backends, tasks, skill text, scorer): what an
    experiment cell runs. `run_night` builds these from the config."""
    return _run_night(inputs)


def review(settings: Settings, target: str | None = None, *, skill: str | None = None) -> str:
    """The staged diff and report of a proposal: `target` is its id or a skill name (default: the
    newest pending one, when only one skill has one)."""
    config = as_config(settings)
    with Places.from_config(config).read_store() as store:
        proposal_id, named = split_target(store, target)
        return review_text(store, proposal_id, skill or named)


def review_branch(settings: Settings, name: str, target: str | None = None, *, skill: str | None = None) -> BranchResult:
    """Write a proposal (`target` as for review) as the new local git branch `name`, one commit per rule."""
    config = as_config(settings)
    with Places.from_config(config).read_store() as store:
        proposal_id, named = split_target(store, target)
        if proposal_id is None:
            proposal_id = pick(store, None, "pending", "review", skill or named)[0]["id"]
        return write_branch(store, proposal_id, name, subset_texts)


def adopt(settings: Settings, target: str | None = None, *, skill: str | None = None, only: list[str] | None = None,
          reject_rest: bool = True) -> AdoptResult:
    """Apply a pending proposal to the live files, each backed up first (`target` as for review);
    `only`: just these rules of it (the others are rejected unless `reject_rest` is False)."""
    config = as_config(settings)
    places = Places.from_config(config)
    with places.open_store() as store:
        proposal_id, named = split_target(store, target)
        return _adopt(store, proposal_id, backups_root=places.backups, skill=skill or named, only=only,
                      reject_rest=reject_rest, rebuild=subset_texts)


def revert(settings: Settings, target: str | None = None, *, skill: str | None = None, force: bool = False,
           reject: bool = False) -> RevertResult:
    """Restore the files an adopted proposal replaced (`force`: even one edited since, whose text
    is saved first; `reject`: and reject the rules it had adopted, so no night proposes them again)."""
    config = as_config(settings)
    with Places.from_config(config).open_store() as store:
        proposal_id, named = split_target(store, target)
        result = _revert(store, proposal_id, force=force, skill=skill or named)
        if reject:
            reject_reverted(store, result.proposal_id)
        return result


def reject(settings: Settings, target: str | None = None, *, skill: str | None = None,
           rules: list[str] | None = None) -> RejectResult:
    """Reject a proposal, or some of its rules (`target` as for review): later nights of the skill
    do not propose them again unless evidence of another kind appears."""
    config = as_config(settings)
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


def run_night(settings: Settings, *, dry_run: bool = False, project: Path | None = None,
              progress: Progress | None = None, on_progress: Callable | None = None) -> NightReport:
    """One night over the configured skill and its tasks (a tasks file, or the store's tasks).

    `progress` gets one line per step; `on_progress` structured events (counts, ETA, cost)."""
    config = as_config(settings)
    skill_path = skill_path_of(config)
    project = project or Path.cwd()
    with Places.from_config(config).open_store() as store:
        tasks = tasks_for(config, store, skill_path)
        with _night_request(config, store, project, dry_run, progress, on_progress) as request:
            return run_one_night(request, skill_path, tasks, memory_path_of(request.config, project))


def wants_skill_nights(settings: Settings, *, all_skills: bool = False, one_skill: bool = False) -> bool:
    """Per-skill nights when asked (`all_skills`), or on the store when the caller did not name one
    skill (`one_skill`: a --skill the user gave) and the sessions used skills."""
    config = as_config(settings)
    if config["source"] != "store":
        return False
    if all_skills:
        return True
    if one_skill:
        return False
    with Places.from_config(config).open_store() as store:
        return bool(used_skills(store))


def run_skill_nights(settings: Settings, *, dry_run: bool = False, project: Path | None = None,
                     progress: Progress | None = None, on_progress: Callable | None = None) -> SkillNightsResult:
    """One night per skill the sessions used; tasks tied to no skill go to the configured skill."""
    config = as_config(settings)
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


def sleep(settings: Settings, *, dry_run: bool = False, all_skills: bool = False, one_skill: bool = False,
          project: Path | None = None, progress: Progress | None = None, on_progress: Callable | None = None,
          on_plan: Callable[[NightEstimate], None] | None = None) -> SleepResult:
    """What a night is: on the recorded sessions, first `refresh` (ingest, then mine); then one night
    per skill the sessions used (`all_skills`: even when a skill is configured; `one_skill`: never,
    the configured skill alone), else one night on the configured skill and its tasks.

    `on_plan` gets the single night's estimate before it starts; `progress` one line per step;
    `on_progress` structured events (counts, ETA, cost)."""
    config = as_config(settings)
    ingested = mined = None
    if config["source"] == "store":
        ingested, mined = refresh(config, progress)  # a night on the store starts from the sessions captured so far
    if wants_skill_nights(config, all_skills=all_skills, one_skill=one_skill):
        nights = run_skill_nights(config, dry_run=dry_run, project=project, progress=progress, on_progress=on_progress)
        return SleepResult.of_skill_nights(nights, ingested=ingested, mined=mined)
    if on_plan:
        on_plan(plan_night(config, project))
    report = run_night(config, dry_run=dry_run, project=project, progress=progress, on_progress=on_progress)
    return SleepResult.of_night(report, ingested=ingested, mined=mined)
