"""Which sessions the chosen projects cover: a session belongs to a project when its cwd is the
project folder or lies under it (symlinks resolved)."""

from __future__ import annotations

import os


def in_scope(cwd: str, projects: list[str]) -> bool:
    if not projects:
        return True
    if not cwd:
        return False
    real = os.path.realpath(cwd)
    for project in projects:
        root = os.path.realpath(project)
        if real == root or real.startswith(root.rstrip(os.sep) + os.sep):
            return True
    return False
