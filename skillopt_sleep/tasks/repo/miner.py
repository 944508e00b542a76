"""One coding session -> one repo task, or the reason it gives none.

The session's requests are read from its turns (`corrections/requests.py`): a correction stays
on the request it corrects, with the work the agent did after it. The task is the session's first
request that changed files (no earlier request changed any, so the repository was still as the
session found it): its words are the intent, the session's start (`locate`) is where an episode
begins, the checks the session ran and its files changed come from that request's tool calls
(those after its corrections included), and the user's corrections of it become checks
(`conventions`). A later turn of the same session that states how the work is done ("every fix
comes with a test", "make check before done, please") holds for the task too, though it came as
a request of its own; a later request that states no such rule adds nothing. A later turn the
agent changed course after holds too, whatever its words (it ran pnpm where it had run npm, or
put back a generated file and ran the generator): the convention the change points at, read from
the actions (`corrections/`), is a check. Of the checks the session ran, the verification keeps
those the user asked for: the check they named where they named one, never a command they
corrected away. Without a check to run or a correction to hold it to, there is nothing to judge
an episode by, and the request stays a text task.

Codex edits through `apply_patch`, as a tool of its own or as a shell command (`apply_patch
<<'EOF'` through `exec_command`); the files the patch names are the ones changed."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from skillopt_sleep.capture.sessions import Intent, Session
from skillopt_sleep.capture.stated_rules import Rule
from skillopt_sleep.capture.work_rules import find_work_rules
from skillopt_sleep.capture.transcripts.common import SHELL_TOOLS
from skillopt_sleep.episode import RepoSpec, Verification
from skillopt_sleep.records import Check, Judge, Task
from skillopt_sleep.store import utc_now
from skillopt_sleep.tasks.corrections.requests import Request, as_requests, session_requests
from skillopt_sleep.tasks.corrections.session_checks import session_checks
from skillopt_sleep.tasks.repo.conventions import repo_checks
from skillopt_sleep.tasks.repo.edits import is_edit
from skillopt_sleep.tasks.repo.locate import NoStart, Start, locate
from skillopt_sleep.tasks.repo.verification import asked_for, check_name, checks_in, last_checks


@dataclass
class RepoMined:
    index: int = -1  # the intent the task (or the reason) is about; -1 when the session has none
    task: Task | None = None
    reason: str = ""  # why there is no task


def _edited(intent: Intent) -> bool:
    return any(is_edit(t) for t in intent.tools)


def changed_files(intent: Intent, start: Start) -> list[str]:
    """The files the request's edits named, relative to the repository root (others dropped)."""
    found: list[str] = []
    for tool in intent.tools:
        if not is_edit(tool):
            continue
        for name in tool.paths or [tool.summary]:
            path = os.path.normpath(os.path.join(start.cwd or start.root, name))
            relative = os.path.relpath(path, start.root)
            if name and not relative.startswith("..") and relative not in found:
                found.append(relative)
    return found


def session_folder(start: Start) -> str:
    """The folder of the repository the session worked in, relative to its root ("" for the root
    itself, or a folder outside it): where its episodes and checks run."""
    if not start.cwd:
        return ""
    relative = os.path.relpath(os.path.realpath(start.cwd), os.path.realpath(start.root))
    return "" if relative == "." or relative.startswith("..") else relative.replace(os.sep, "/")


def shell_lines(intent: Intent) -> list[tuple[str, int | None]]:
    return [(t.summary, t.exit_code) for t in intent.tools if t.name in SHELL_TOOLS and t.summary and not is_edit(t)]


def correction_rules(intent: Intent) -> list[Rule]:
    return [rule for verdict in intent.feedback if verdict.kind == "correction" for rule in verdict.rules]


def _work_rules(text: str) -> list[Rule]:
    return [Rule(kind, value, text=words) for _, kind, value, words in
            sorted(find_work_rules(" ".join(text.split()).lower()), key=lambda hit: hit[0])]


def later_rules(session: Session, index: int) -> list[Rule]:
    """The rules about how the work is done that the user's later requests in the session state,
    and those of the corrections of them, each once. A correction's other rules ("no, use httpx")
    are about the request it corrects, not the session's work."""
    found: list[Rule] = []
    for intent in session.intents[index + 1:]:
        corrections = [r for r in correction_rules(intent)
                       if any((w.kind, w.value) == (r.kind, r.value.lower()) for w in _work_rules(r.text))]
        for rule in _work_rules(intent.text) + corrections:
            if all((r.kind, r.value) != (rule.kind, rule.value) for r in found):
                found.append(rule)
    return found


def session_rules(session: Session, index: int) -> list[Rule]:
    """The corrections of the task's request, then the rules the session's later turns state."""
    own = correction_rules(session.intents[index])
    return own + [r for r in later_rules(session, index) if all((r.kind, r.value) != (o.kind, o.value) for o in own)]


def _contradicts(check: Check, checks: list[Check]) -> bool:
    """A command to avoid that another check requires, or the other way round."""
    other = {"command_avoided": "command_used", "command_used": "command_avoided"}.get(check.op)
    return other is not None and any(c.op == other and c.arg == check.arg for c in checks)


def _generated_left_to_generator(checks: list[Check]) -> list[Check]:
    """A ban on files a generator's check covers is dropped: the generator writes them, so the
    ban would fail the right work, and the generator's check already fails a hand edit."""
    generated = {c.arg["path"] for c in checks if c.op == "generator_run"}
    return [c for c in checks if not (c.op == "path_untouched" and c.arg in generated)]


def task_id_for(session_id: str, index: int) -> str:
    return "repo-" + hashlib.sha256(f"{session_id}:{index}".encode()).hexdigest()[:16]


def _nothing_to_judge(dropped: list[Verification], rules: list[Rule], corrections: int) -> str:
    """Why a request with work has no judge, saying what the session did hold."""
    if dropped:
        ran = "no check it ran passed at last (" + ", ".join(f"`{v.command}` exited {v.last_exit}" for v in dropped[:2]) + ")"
    else:
        ran = "it ran no check"
    if rules:
        said = "the rules the user stated (" + "; ".join(r.text or r.value for r in rules[:2]) + ") give no check of coding work"
    elif corrections:
        said = f"the user's {corrections} correction(s) of it state no rule a check can test"
    else:
        said = "the user stated no rule"
    return f"nothing to judge it by: {ran}, and {said}"


def _checks_run(intent: Intent, start: Start, base: str, named: tuple[str, ...] = ()) -> tuple[list[Verification], list[Verification]]:
    """(kept, dropped): the checks the request's shell lines ran, as `last_checks` keeps them."""
    runs = [run for line, code in shell_lines(intent) for run in checks_in(line, code, start.cwd or start.root, start.root, base, named)]
    return last_checks(runs, start.root)


def mine_repo_task(session: Session, data_dir: Path, *, trivial: Callable[[str], bool],
                   requests: list[Request] | None = None) -> RepoMined:
    """The session's repo task; `requests` are its requests as read (read here when not given)."""
    requests = session_requests(session) if requests is None else requests
    session = as_requests(session, requests)
    index = next((i for i, intent in enumerate(session.intents) if _edited(intent)), -1)
    if index < 0:
        return RepoMined(reason="the session changed no files")
    intent = session.intents[index]
    if trivial(intent.text):
        return RepoMined(index, reason="the request that changed files is too short to replay alone")
    try:
        start = locate(session, data_dir)
    except NoStart as exc:
        return RepoMined(index, reason=str(exc))
    folder = session_folder(start)
    base = os.path.join(start.root, folder) if folder else start.root
    verification, dropped = _checks_run(intent, start, base)
    rules = session_rules(session, index)
    checks = repo_checks(rules, verification, [line for line, _ in shell_lines(intent)])
    # The later turns the agent changed course after: their rules, read from what it did.
    turn_checks = [t for t in session_checks(requests, index) if not _contradicts(t.check, checks)]
    checks = _generated_left_to_generator(checks + [t.check for t in turn_checks if t.check not in checks])
    # A check the user named that no list knows (`mix test`) judges the task like a known one.
    named = tuple(c.arg for c in checks if c.op == "ran_before_finish" and isinstance(c.arg, str) and not check_name(c.arg))
    if named:
        verification, dropped = _checks_run(intent, start, base, named)
    # The judge is what the user asked for: their named check, never a command they corrected away.
    verification, set_aside = asked_for(verification, checks)
    if not verification and not checks:
        corrections = sum(1 for r in requests[index:] for t in r.turns if t.reading.label == "correction")
        return RepoMined(index, reason=_nothing_to_judge(dropped, rules, corrections))
    spec = RepoSpec(root=start.root, commit=start.commit, patch=start.patch, branch=start.branch, verification=verification,
                    changed_files=changed_files(intent, start), found_by=start.found_by, cwd=folder)
    task = Task(
        task_id=task_id_for(session.id, index), intent=intent.text, judge=Judge(kind="repo", checks=checks),
        skill=intent.skills[0] if intent.skills else "", outcome=intent.outcome, origin="real",
        source_sessions=[session.id], repo=spec,
        meta={"sources": [{"session": session.id, "intent": index, "agent": session.agent, "at": intent.at}],
              "start": start.detail, "rules": [r.to_dict() for r in rules],
              "corrections": [t.to_dict() for t in turn_checks],
              "checks_dropped": [{"command": v.command, "last_exit": v.last_exit} for v in dropped],
              "checks_set_aside": [a.to_dict() for a in set_aside],
              "judge_source": "heuristic", "mined_at": utc_now()},
    )
    return RepoMined(index, task=task)
