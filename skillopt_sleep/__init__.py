"""skillopt-sleep: an offline, validation-gated sleep for a coding agent's SKILL.md and memory.

The front door is `skillopt_sleep.api`; its names are exported here too (`skillopt_sleep.sleep`,
`skillopt_sleep.Options`, ...), each loaded when first used."""

__version__ = "0.1.0"

from skillopt_sleep import api  # noqa: E402 - light: the door's names load when first used

__all__ = ["__version__", "api", *api.__all__]


def __getattr__(name: str):
    if name in api.__all__:
        return getattr(api, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
