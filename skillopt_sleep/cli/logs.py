"""Where the package's log records go when it runs as a command: stderr, one plain line each."""

from __future__ import annotations

import logging
import sys


class StderrHandler(logging.StreamHandler):
    """Writes to whatever sys.stderr is when a record comes: a scheduled run redirects it to its log."""

    def __init__(self) -> None:
        super().__init__(sys.stderr)

    @property
    def stream(self):
        return sys.stderr

    @stream.setter
    def stream(self, value) -> None:
        pass


def configure_logging(verbose: int, quiet: bool) -> None:
    """The package's log records go to stderr as one plain line each: warnings and errors by
    default, -v adds progress details, -vv debugging (with the module's name), -q only errors."""
    level = logging.ERROR if quiet else {0: logging.WARNING, 1: logging.INFO}.get(verbose, logging.DEBUG)
    package = logging.getLogger("skillopt_sleep")
    for handler in [h for h in package.handlers if isinstance(h, StderrHandler)]:
        package.removeHandler(handler)  # main() may run more than once in one process
    handler = StderrHandler()
    named = "%(name)s: " if level <= logging.DEBUG else ""
    handler.setFormatter(logging.Formatter(f"skillopt-sleep: %(levelname)s: {named}%(message)s"))
    package.addHandler(handler)
    package.setLevel(level)
