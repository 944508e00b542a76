"""skillopt-sleep: an offline, validation-gated sleep for a coding agent's SKILL.md and memory."""

__version__ = "0.1.0"
