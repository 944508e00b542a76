"""A command set apart by its letters: in words of another script ("앞으로는 마지막 수정 다음에
항상 mix test 돌려 주세요", "Elm 코드를 고치면 마지막에 elm-review 돌리는 걸로"), a run of Latin
letters in small case is a name typed as it is run, since no word of the sentence's own language
is spelled so. A capitalised one is as often the name of a language or a file (`Elm`, `BUILD`),
and one the session's files are named by is a file (`.bzl`, `main.rs`)."""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from skillopt_sleep.tasks.corrections.commands import norm_path
from skillopt_sleep.tasks.corrections.turns import UserTurnInContext

# Words of Latin letters in a row, one space between: a program and what it is told to do.
_LATIN_RUN = re.compile(r"(?<![\w./@:-])([A-Za-z][\w./@:-]*(?: [A-Za-z@.-][\w./@:=-]*)*)(?![\w./@:-])", re.ASCII)
# A letter of a script written without Latin letters (Hangul, kana, Han, Cyrillic, Greek, Arabic, Devanagari...).
_OTHER_SCRIPT = re.compile(r"[\u0370-\u03ff\u0400-\u04ff\u0590-\u06ff\u0900-\u0dff\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def command_set_apart(turn: UserTurnInContext) -> str:
    """The one command the words write in small Latin letters amid another script, no file or
    file type of the session; "" where they write none, or more than one (which one is the rule
    only the words' grammar would tell; a path among them counts), or the words are written in
    Latin letters themselves."""
    if len(_OTHER_SCRIPT.findall(turn.user)) < 4:
        return ""
    paths = [PurePosixPath(norm_path(a.value)) for a in turn.earlier + turn.before + turn.after if a.kind in ("edit", "write")]
    files = {p.name.lower() for p in paths} | {p.stem.lower() for p in paths} | {p.suffix.lower() for p in paths}
    found = [run for run in _LATIN_RUN.findall(turn.user) if run[0].islower() and run.split()[0].lower() not in files]
    # A path beside it ("tests/lifecycles 아래에 jest 테스트") is what the rule is about as often.
    return found[0] if len(found) == 1 and "/" not in found[0].split()[0][1:] else ""
