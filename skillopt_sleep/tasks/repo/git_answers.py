"""Git's answers about the user's folders, asked once per mining run.

A history holds many sessions from a few folders, and locating each session's start asks git the
same questions again: which repository a folder is in, where its HEAD log lies, whether a commit
or a branch is there. Those answers do not change while one run reads them, so inside `one_run()`
each question is put to git once and its answer reused (a git that timed out is asked again).
Outside a run, `ask` is `git`.
"""

from __future__ import annotations

import subprocess
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

from skillopt_sleep.capture.repo_start import git

_answers: ContextVar[dict[tuple[str, tuple[str, ...]], subprocess.CompletedProcess] | None] = \
    ContextVar("git_answers", default=None)


@contextmanager
def one_run() -> Iterator[None]:
    """Within, each `ask` of the same question in the same folder runs git once."""
    token = _answers.set({})
    try:
        yield
    finally:
        _answers.reset(token)


def ask(cwd: str, *args: str) -> subprocess.CompletedProcess:
    """git's answer to `git ARGS` in `cwd`, once per run."""
    answers = _answers.get()
    if answers is None:
        return git(cwd, *args)
    key = (cwd, args)
    if key not in answers:
        answers[key] = git(cwd, *args)
    return answers[key]
