"""The user's own word for a write action inside an agent (proposals/asked.py): whether an
`adopt`, `reject`, `revert`, `schedule` or `unschedule` started there may run."""

from __future__ import annotations

from skillopt_sleep.proposals.asked import WRITE_ACTIONS, refusal

__all__ = ["WRITE_ACTIONS", "refusal"]
