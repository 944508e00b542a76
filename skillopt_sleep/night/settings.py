"""The settings a night uses, typed, built once from the config at the edge; the stages read
these and never the config object."""

from __future__ import annotations

from dataclasses import dataclass, field

from skillopt_sleep.config import Config
from skillopt_sleep.night.edits import EditLimits
from skillopt_sleep.night.rules import RuleSettings


@dataclass(frozen=True)
class GateSettings:
    enabled: bool = True
    mode: str = "paired"  # paired | strict
    confidence: float = 0.8
    extra_samples: int = 2  # further looks of the paired gate at an undecided gain, one sample each
    metric: str = "mixed"
    min_tasks: int = 2
    no_regression: bool = False
    attribution: bool = True
    probation: bool = False
    max_error_share: float = 0.2


@dataclass(frozen=True)
class ReplaySettings:
    rollouts: int = 2
    rewordings: int = 0  # samples after the first ask in the teacher's rewordings (night/reword.py)
    concurrency: int = 4
    temperature: float = 0.7
    max_tokens: int = 700


@dataclass(frozen=True)
class NightSettings:
    rounds: int = 2
    edit_budget: int = 3
    reflect_batch: int = 4
    teacher_temperature: float = 0.3
    teacher_max_tokens: int = 900
    gate: GateSettings = GateSettings()
    replay: ReplaySettings = ReplaySettings()
    rules: RuleSettings = RuleSettings()
    limits: EditLimits = field(default_factory=EditLimits)

    @classmethod
    def from_config(cls, config: Config) -> "NightSettings":
        return cls(
            rounds=config["night.rounds"], edit_budget=config["night.edit_budget"], reflect_batch=config["night.reflect_batch"],
            teacher_temperature=config["teacher.temperature"], teacher_max_tokens=config["teacher.max_tokens"],
            gate=GateSettings(
                enabled=config["gate.enabled"], mode=config["gate.mode"], confidence=config["gate.confidence"],
                extra_samples=config["gate.extra_samples"],
                metric=config["gate.metric"], min_tasks=config["gate.min_val_tasks"], no_regression=config["gate.no_regression"],
                attribution=config["gate.attribution"], probation=config["gate.probation"],
                max_error_share=config["gate.max_error_share"]),
            replay=ReplaySettings(rollouts=config["night.rollouts"], rewordings=config["night.rewordings"],
                                  concurrency=config["night.concurrency"],
                                  temperature=config["student.temperature"], max_tokens=config["student.max_tokens"]),
            rules=RuleSettings(min_tasks=config["rules.min_tasks"], margin=config["rules.margin"], layout=config["rules.layout"],
                                length_contrast=config["rules.length_contrast"], lead=config["rules.lead"]),
            limits=EditLimits(config["edits.allow_outside_managed"], config["edits.max_edit_chars"], config["edits.max_skill_chars"]),
        )
