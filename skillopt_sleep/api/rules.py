"""The rules the nights proposed (the ledger: each rule's effect and status, and its history over
nights) and the skills the recorded sessions used, each resolved to its SKILL.md."""

from __future__ import annotations

from skillopt_sleep.proposals import ledger
from skillopt_sleep.proposals.history import histories
from skillopt_sleep.proposals.review import one_per_rule
from skillopt_sleep.tasks.skills import describe
from skillopt_sleep.tasks.skilluse import resolutions

__all__ = ["describe", "histories", "ledger", "one_per_rule", "resolutions"]
