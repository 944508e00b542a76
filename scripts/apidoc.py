"""Write docs/python-api.md from the front door's docstrings, so the page cannot drift from the
functions it describes: `python scripts/apidoc.py > docs/python-api.md`."""

from __future__ import annotations

import inspect
import sys
from enum import Enum
from importlib import import_module

from skillopt_sleep import api

# The door's modules in the order a reader meets them, each with the heading its section gets.
SECTIONS = [
    ("options", "Settings"),
    ("flow", "The night's flow"),
    ("results", "Results"),
    ("sessions", "Sessions in"),
    ("hooks", "Live capture hooks"),
    ("overview", "Status"),
    ("schedule", "On a schedule"),
]
INTRO = """# Python API

Generated from the docstrings of `skillopt_sleep/api/` by `python scripts/apidoc.py > docs/python-api.md`;
a test keeps this page current and runs its example.
"""


def _signature(name: str, value) -> str:
    try:
        return f"{name}{inspect.signature(value)}".replace("'", "")
    except (TypeError, ValueError):
        return name


def _entry(name: str, value) -> list[str]:
    if inspect.isclass(value) and issubclass(value, Enum):
        shown = f"class {name}(str, Enum)"
    else:
        shown = f"{'class' if inspect.isclass(value) else 'def'} {_signature(name, value)}"
    lines = [f"### `{name}`", "", "```python", shown, "```", ""]
    # A class's own docstring only: not the one it inherits, nor the one a dataclass writes itself.
    doc = inspect.cleandoc(value.__dict__.get("__doc__") or "") if inspect.isclass(value) else inspect.getdoc(value)
    if doc and not doc.startswith(f"{name}("):
        lines += [doc, ""]
    if inspect.isclass(value) and issubclass(value, Enum):
        lines += ["Values: " + ", ".join(f"`{member.value}`" for member in value), ""]
    return lines


def reference_markdown() -> str:
    out = [INTRO, inspect.getdoc(api), ""]
    for module_name, heading in SECTIONS:
        module = import_module(f"skillopt_sleep.api.{module_name}")
        out += [f"## {heading}", "", inspect.getdoc(module) or "", ""]
        for name in api.__all__:  # sorted; a record another stage defines is left to that stage's docs
            value = getattr(api, name)
            if getattr(value, "__module__", "") == module.__name__:
                out += _entry(name, value)
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":
    sys.stdout.write(reference_markdown())
