"""How a finished night is told: what became of each edit, why a night is unverified or was held,
a skill's resolution in one line, and lines clipped for a terminal. The command line prints
with these; a caller of the api may too."""

from __future__ import annotations

from skillopt_sleep.night.report.fates import edit_fates, with_fates
from skillopt_sleep.night.report.holding import HELD_NOTE
from skillopt_sleep.night.sequencing.sources import skill_path_of
from skillopt_sleep.proposals.review import unverified_why
from skillopt_sleep.records import Edit
from skillopt_sleep.shorten import clip, first_line
from skillopt_sleep.tasks.skills import describe

__all__ = ["HELD_NOTE", "Edit", "clip", "describe", "edit_fates", "first_line", "skill_path_of", "unverified_why",
           "with_fates"]
