"""The kind of file a turn's words name a file by: a glob they write that matches it
(`lib/firebase_options_*.dart`, `V*.sql`, `*.k8s.yaml`), not its whole name nor its folder.
Where the agent put such a file back, the kind is the grain of the rule: the other files of
that folder stay the agent's to change."""

from __future__ import annotations

import fnmatch
import re
from pathlib import PurePosixPath

from skillopt_sleep.tasks.corrections.commands import norm_path

# A glob as the words write one: a name or path with a `*` and a file type after it.
_GLOB = re.compile(r"(?<![\w./*-])([\w./-]*\*[\w.*/-]*\.\w+)(?![\w/-])", re.ASCII)


def kind_named(path: str, user: str, folder: str, top: str) -> str:
    """The glob of `path`'s kind the words write; "" where they write none. One that picks files
    by how their names start (`firebase_options_*.dart`, `_*.tf`) is the grain wherever the
    words write it: as written with its folder, else under `folder` (the words' own folder, else
    the file's). One of a type alone (`*.k8s.yaml`) is the grain only where the words write no
    folder (`top` is then the file's top folder): "secrets/*.enc.yaml" keeps all of secrets/."""
    path = norm_path(path)
    name = PurePosixPath(path).name
    for glob in _GLOB.findall(user):
        base = glob.rstrip("/").rsplit("/", 1)[-1]
        if not fnmatch.fnmatchcase(name, base):
            continue
        if base.startswith("*"):
            return _under(top, path, base) if top and "/" not in glob.strip("/") else ""
        if "/" in glob.strip("/"):
            return norm_path(glob) if fnmatch.fnmatchcase(path, norm_path(glob)) else ""
        return _under(folder, path, base)
    return ""


def _under(folder: str, path: str, glob: str) -> str:
    """The glob under the folder: right in it where the file lies there, else at any depth."""
    folder = norm_path(folder).rstrip("/")
    if not folder or folder == ".":
        return glob
    return f"{folder}/{glob}" if str(PurePosixPath(path).parent) == folder else f"{folder}/**/{glob}"
