"""skillopt-sleep: an offline, validation-gated sleep for a coding agent's SKILL.md and memory.

The front door is `skillopt_sleep.api`; its names are exported here too (`skillopt_sleep.sleep`,
`skillopt_sleep.Options`, ...). Nothing is loaded until a name is first used: every module of
the package runs this file first."""

from importlib import import_module

__version__ = "0.1.0"


def __getattr__(name: str):
    api = import_module("skillopt_sleep.api")
    if name == "api":
        return api
    if name in api.__all__:
        return getattr(api, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
