"""A check whose program is a jar's, named as the session started it. Kept apart from `runners.py`,
which `behaviour.py` reads runs through: this reading takes behaviour's conventions."""

from __future__ import annotations

from dataclasses import replace

from skillopt_sleep.tasks.corrections.behaviour import Convention
from skillopt_sleep.tasks.corrections.runners import JAR
from skillopt_sleep.tasks.corrections.turns import UserTurnInContext


def as_launched(convention: Convention, turn: UserTurnInContext) -> Convention:
    """A check whose program is a jar's, named as the session started it (`java -jar
    tools/quill-check.jar` of `quill-check`, from `java -Xmx1g -jar tools/quill-check.jar out/a.epub`):
    a jar is a file, no command on the path, so a check naming the jar's tool alone is one nothing
    runs by that name, and no run of it is found by it. The JVM's own options (memory, encoding)
    are how this run was sized, not the check. The run after the turn first, then the work before
    it. A generator keeps the tool's name, as the words give it (`avro-tools compile`)."""
    if convention.kind != "check_run_after_last_edit":
        return convention
    words = convention.value.split()
    for action in turn.after + turn.before + turn.earlier:
        for match in JAR.finditer(action.value) if action.kind == "run" else ():
            if match.group("program") == words[0]:
                return replace(convention, value=" ".join(["java", "-jar", match.group("jar"), *words[1:]]))
    return convention
