"""What `sleep` and `scheduled_run` hand back: frozen records whose status is an enum."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # records of the stages, named in annotations only: this module loads no engine
    from skillopt_sleep.capture.report import IngestReport
    from skillopt_sleep.night.sequencing.engine import NightReport
    from skillopt_sleep.night.sequencing.skillnights import SkillNightsResult
    from skillopt_sleep.tasks.candidates import MiningReport
    from skillopt_sleep.tasks.skilluse import SkillResolution


class Word(str, Enum):
    """An enum whose members are the words the reports and the store use, and print as them."""

    def __str__(self) -> str:
        return self.value


class NightStatus(Word):
    """How one night ended (its report's `status`)."""

    ACCEPTED = "accepted"  # the gate kept an edit: a proposal is staged
    HELD = "held"  # the change failed the safety screen: held for the user, not proposed
    REJECTED = "rejected"
    UNVERIFIED = "unverified"  # the gate could not judge
    NO_NEW_EDIT = "no-new-edit"
    NOTHING_TO_LEARN = "nothing-to-learn"
    BUDGET_STOPPED = "budget-stopped"  # a budget cap stopped it; the next run resumes it


class SleepStatus(Word):
    """How a whole sleep (one night, or one per skill) ended; the first that applies, in this order."""

    REPLAY_ERRORS = "replay-errors"  # more replays failed than gate.max_error_share allows
    BUDGET_STOPPED = "budget-stopped"
    LOCKED = "locked"  # another night held a skill's lock: that skill was skipped
    FAILED = "failed"  # a skill's night stopped on an error (the other skills' nights ran)
    HELD = "held"
    UNVERIFIED = "unverified"
    FINISHED = "finished"  # every night ran and its gate judged


def night_outcome(report: NightReport) -> SleepStatus:
    """What one night's report says of the sleep it belongs to: a budget stop first, then replay
    errors, an unverified night, a held one."""
    if report.status == NightStatus.BUDGET_STOPPED:
        return SleepStatus.BUDGET_STOPPED
    if report.errors_exceeded:
        return SleepStatus.REPLAY_ERRORS
    if report.status == NightStatus.UNVERIFIED:
        return SleepStatus.UNVERIFIED
    if report.status == NightStatus.HELD:
        return SleepStatus.HELD
    return SleepStatus.FINISHED


@dataclass(frozen=True)
class SleepResult:
    """The nights a sleep ran (the configured skill's first), what kept a skill from one, and
    what it read first (`ingested` / `mined`: None when the night worked on a tasks file)."""

    status: SleepStatus
    reports: tuple[NightReport, ...]
    per_skill: bool  # one night per skill the sessions used, rather than one on the configured skill
    unresolved: tuple[SkillResolution, ...] = ()
    notes: tuple[str, ...] = ()
    locked: tuple[str, ...] = ()
    failed: tuple[str, ...] = ()
    ingested: IngestReport | None = None
    mined: MiningReport | None = None

    @classmethod
    def of_night(cls, report: NightReport, **read) -> "SleepResult":
        return cls(night_outcome(report), (report,), per_skill=False, **read)

    @classmethod
    def of_skill_nights(cls, nights: SkillNightsResult, **read) -> "SleepResult":
        found = {night_outcome(report) for report in nights.reports}
        found |= {SleepStatus.LOCKED} if nights.locked else set()
        found |= {SleepStatus.FAILED} if nights.failed else set()
        status = next((s for s in SleepStatus if s in found), SleepStatus.FINISHED)
        return cls(status, tuple(nights.reports), per_skill=True, unresolved=tuple(nights.unresolved),
                   notes=tuple(nights.notes), locked=tuple(nights.locked), failed=tuple(nights.failed), **read)
