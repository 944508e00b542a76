"""The settings a night uses, typed, built once from the config at the edge; the stages read
these and never the config object. Every default is the config schema's own (config.py), so a
default is written in one place."""

from __future__ import annotations

from dataclasses import dataclass, field

from skillopt_sleep.backends.recorder import Budget
from skillopt_sleep.config import Config, default
from skillopt_sleep.night.gate.verdict import tasks_to_judge
from skillopt_sleep.night.propose.edits import EditLimits
from skillopt_sleep.night.propose.rules import RuleSettings
from skillopt_sleep.students.base import RepoLimits


@dataclass(frozen=True)
class GateSettings:
    enabled: bool = default("gate.enabled")
    mode: str = default("gate.mode")  # paired | strict
    confidence: float = default("gate.confidence")
    extra_samples: int = default("gate.extra_samples")  # further looks of the paired gate at an undecided gain
    metric: str = default("gate.metric")
    min_tasks: int = default("gate.min_val_tasks")
    no_regression: bool = default("gate.no_regression")
    attribution: bool = default("gate.attribution")
    probation: bool = default("gate.probation")
    max_error_share: float = default("gate.max_error_share")

    @property
    def fewest_tasks(self) -> int:
        """The fewest held-out tasks on which this gate can judge at all (0: no gate)."""
        if not self.enabled:
            return 0
        return tasks_to_judge(self.min_tasks, self.confidence if self.mode == "paired" else None)


@dataclass(frozen=True)
class ReplaySettings:
    rollouts: int = default("night.rollouts")
    rewordings: int = default("night.rewordings")  # samples after the first ask in the teacher's rewordings
    concurrency: int = default("night.concurrency")
    temperature: float = default("student.temperature")
    max_tokens: int = default("student.max_tokens")


@dataclass(frozen=True)
class SplitSettings:
    """Which tasks a night replays: the deterministic split, then a cap that keeps the held-out share."""

    max_tasks: int = default("night.max_tasks")
    val_fraction: float = default("night.val_fraction")
    test_fraction: float = default("night.test_fraction")
    salt: str = default("night.split_salt")
    seed: int | None = default("night.seed")  # None: varies per night, fixed on resume


@dataclass(frozen=True)
class BudgetSettings:
    """Per-night caps (None: no cap); a night starts its own counting Budget from them."""

    max_tokens: int | None = default("budget.max_tokens")
    max_usd: float | None = default("budget.max_usd")
    max_wall_s: float | None = default("budget.max_wall_s")
    max_calls: int | None = default("budget.max_calls")

    def start(self) -> Budget:
        return Budget(max_tokens=self.max_tokens, max_usd=self.max_usd, max_wall_s=self.max_wall_s,
                      max_calls=self.max_calls)


@dataclass(frozen=True)
class RepoSettings:
    """How repo tasks are replayed: in a sandbox (or, by name, without one), by the student
    `repo.student` names, within these bounds."""

    allow_unsandboxed: bool = default("repo.allow_unsandboxed")
    student: str = default("repo.student")
    limits: RepoLimits = RepoLimits()
    guardrails: bool = default("repo.guardrails")
    guardrail_agents: str = default("repo.guardrail_agents")

    @classmethod
    def from_config(cls, config) -> "RepoSettings":
        return cls(allow_unsandboxed=config["repo.allow_unsandboxed"], student=config["repo.student"],
                   limits=RepoLimits(max_turns=config["repo.max_turns"], verify_wall_s=config["repo.verify_wall_s"],
                                     copy_mb=config["repo.copy_mb"], check_named=config["repo.check_named"]),
                   guardrails=config["repo.guardrails"], guardrail_agents=config["repo.guardrail_agents"])


@dataclass(frozen=True)
class NightSettings:
    rounds: int = default("night.rounds")
    edit_budget: int = default("night.edit_budget")
    reflect_batch: int = default("night.reflect_batch")
    teacher_temperature: float = default("teacher.temperature")
    teacher_max_tokens: int = default("teacher.max_tokens")
    slow_update_every: int = default("memory.slow_update_every")
    recall_k: int = default("memory.recall_k")
    staging_dir: str | None = default("staging.dir")  # None: the platform's data folder
    gate: GateSettings = GateSettings()
    replay: ReplaySettings = ReplaySettings()
    split: SplitSettings = SplitSettings()
    budget: BudgetSettings = BudgetSettings()
    repo: RepoSettings = RepoSettings()
    rules: RuleSettings = RuleSettings()
    limits: EditLimits = field(default_factory=EditLimits)

    @classmethod
    def from_config(cls, config: Config) -> "NightSettings":
        return cls(
            rounds=config["night.rounds"], edit_budget=config["night.edit_budget"], reflect_batch=config["night.reflect_batch"],
            teacher_temperature=config["teacher.temperature"], teacher_max_tokens=config["teacher.max_tokens"],
            slow_update_every=config["memory.slow_update_every"], recall_k=config["memory.recall_k"],
            staging_dir=config["staging.dir"],
            gate=GateSettings(
                enabled=config["gate.enabled"], mode=config["gate.mode"], confidence=config["gate.confidence"],
                extra_samples=config["gate.extra_samples"],
                metric=config["gate.metric"], min_tasks=config["gate.min_val_tasks"], no_regression=config["gate.no_regression"],
                attribution=config["gate.attribution"], probation=config["gate.probation"],
                max_error_share=config["gate.max_error_share"]),
            replay=ReplaySettings(rollouts=config["night.rollouts"], rewordings=config["night.rewordings"],
                                  concurrency=config["night.concurrency"],
                                  temperature=config["student.temperature"], max_tokens=config["student.max_tokens"]),
            split=SplitSettings(max_tasks=config["night.max_tasks"], val_fraction=config["night.val_fraction"],
                                test_fraction=config["night.test_fraction"], salt=config["night.split_salt"],
                                seed=config["night.seed"]),
            budget=BudgetSettings(max_tokens=config["budget.max_tokens"], max_usd=config["budget.max_usd"],
                                  max_wall_s=config["budget.max_wall_s"], max_calls=config["budget.max_calls"]),
            repo=RepoSettings.from_config(config),
            rules=RuleSettings(min_tasks=config["rules.min_tasks"], margin=config["rules.margin"], layout=config["rules.layout"],
                                length_contrast=config["rules.length_contrast"], lead=config["rules.lead"]),
            limits=EditLimits(config["edits.allow_outside_managed"], config["edits.max_edit_chars"], config["edits.max_skill_chars"]),
        )
