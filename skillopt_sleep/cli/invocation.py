"""Commands printed for the user to run next, written so they run where the user is: inside the
agent as the slash command; in a shell by the program's name where PATH finds this installation,
else by the script beside this interpreter, else through the interpreter itself."""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path

from skillopt_sleep.cli.surface import SLASH_COMMAND, SURFACE_ENV
from skillopt_sleep import api

PROGRAM = "skillopt-sleep"  # the console script pyproject.toml installs


def program() -> list[str]:
    """How the user's shell reaches this command: its name where PATH finds this installation
    (an activated virtual environment, a user install), else the script beside this interpreter
    (`scripts/demo.sh` leaves `.venv` unactivated), else the interpreter running the module."""
    beside = Path(sys.executable).parent / PROGRAM
    found = shutil.which(PROGRAM)
    if found and (not beside.is_file() or Path(found).resolve() == beside.resolve()):
        return [PROGRAM]
    if beside.is_file() and os.access(beside, os.X_OK):
        return [str(beside.absolute())]
    return [sys.executable, "-m", "skillopt_sleep"]


def command(*words: str) -> str:
    """A command line to paste, with the data folder this run used when it is not the default."""
    if os.environ.get(SURFACE_ENV) == "slash":
        return shlex.join([SLASH_COMMAND, *words])
    home = api.HOME_ENV
    prefix = f"{home}={shlex.quote(os.environ[home])} " if os.environ.get(home) else ""
    return prefix + shlex.join([*program(), *words])


def command_words(args) -> list[str]:
    """The flags a printed follow-up command needs to find the store and config this one used."""
    words = ["--store", str(Path(args.store).resolve())] if getattr(args, "store", None) else []
    return words + (["--project", str(Path(args.project).resolve())] if getattr(args, "project", None) else [])
