"""A dangerous effect the user asked for. A rule with a dangerous effect is refused unless the
user's own words in their sessions (requests, follow-ups, feedback; never a tool's output or a
command the agent chose) asked for that same effect on the same object: "force-push my
feature/login branch after the rebase" lets a rule force-push feature/login, not main. A notice
posing as the system, and a rule that hides what it says, are never the user's request."""

from __future__ import annotations

import re

from skillopt_sleep.screen.commands import commands
from skillopt_sleep.screen.memoryclash import asked
from skillopt_sleep.screen.prohibit import sentences

# Words that name no object: remotes, pronouns, politeness (a command's tool and verb are dropped too).
_NO_OBJECT = {"origin", "upstream", "head", "please", "it", "them", "this", "that", "the", "my", "our", "and", "then",
              "branch", "all", "everything", "now", "again", "first", "after", "before", "with"}


def _objects(text: str, objects: set[str]) -> set[str]:
    # A command's tool and its verb ("git push") name no object; a branch or path in second place does.
    verbs = {w.casefold() for words in commands(text) for w in words[:2] if not re.search(r"[/.~]", w)}
    return {o for o in objects if o not in verbs and o not in _NO_OBJECT and len(o) > 2 and re.search(r"\w", o)}


def _same(objects: set[str], requested: set[str]) -> bool:
    """The same object: both name one they share, or the rule names none."""
    return not objects or bool(objects & requested)


def asked_by_user(rule: str, words: list[str]) -> str:
    """The user's sentence that asked for every dangerous effect `rule` has, or "" (also when the
    rule has none this reading finds)."""
    wanted = [(effect, _objects(rule, objects)) for effect, objects in asked(rule)]
    if not wanted or not words:
        return ""
    requests = [(effect, _objects(sentence, objects), sentence) for text in words for sentence in sentences(text)
                for effect, objects in asked(sentence)]
    found = ""
    for effect, objects in wanted:
        match = next((s for e, o, s in requests if e == effect and _same(objects, o)), "")
        if not match:
            return ""
        found = found or match
    return found.strip()
