"""The command line: one thin module per verb; `main` wires them together."""

from skillopt_sleep.cli.main import main

__all__ = ["main"]
