"""Turn ingested sessions into intent candidates and replay tasks, with no model but the teacher
that reads what user turns mean where the agent's actions leave it open (`mining.read_turns`).

A session's requests are read from its turns first (`corrections/requests.py`: a correction stays
on the request it corrects, whatever its words). Each request of a user session becomes a candidate
with its context (project, skill, what was
asked just before), its outcome, and the checks its user made explicit: "no, use pnpm" gives
`contains "pnpm"`, "don't use npm" `not_contains "npm"`, "keep it under 20 lines" a `max_chars`
bound, "include a Key Risks section" `section_present`. A correction's literal check is kept
only where the answers around it bear it out (`evidence.py`); a rule the request itself states
counts once the requests of two sessions state it. Near-identical intents from different sessions
merge into one candidate (same normalised fingerprint, or token Jaccard at least
`MERGE_JACCARD`), keeping every source session; the recurrence count is evidence that the task
matters. A candidate with checks is stored as a task; the others wait for the LLM miner
(`llm_miner.py`).

A coding session's first request that changed files becomes a repo task instead (`repo/`): an
episode in a copy of the repository at the commit the session started from, judged by the
checks the session ran and the user's corrections. Where a session gives none, the reason is
kept on the text candidate of that request, so `tasks` can say why.
"""

from __future__ import annotations

import logging
import os
import re
from pathlib import Path

from skillopt_sleep.capture.stated_rules import extract_rules
from skillopt_sleep.capture.sessions import Intent, Session, SessionRepo
from skillopt_sleep.events import ProgressEvent, ProgressSink
from skillopt_sleep.paths import data_dir as default_data_dir
from skillopt_sleep.records import Judge
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.corrections.classify import ModelClassifier
from skillopt_sleep.tasks.corrections.requests import Request, as_requests, session_requests
from skillopt_sleep.tasks.candidates import (
    MAX_SAMPLE_ANSWERS, MAX_SOURCES, Candidate, CandidateRepo, MiningReport, add_repo_note, candidate_id,
)
from skillopt_sleep.tasks.judges import validate_judge
from skillopt_sleep.tasks.evidence import contradicted
from skillopt_sleep.tasks.repo.git_answers import one_run
from skillopt_sleep.tasks.repo.miner import RepoMined, mine_repo_task
from skillopt_sleep.tasks.request_rules import RequestRuleLedger
from skillopt_sleep.tasks.intent_finder import IntentFinder
from skillopt_sleep.tasks.similarity import WORDS
from skillopt_sleep.tasks.taskstore import TaskRepo

log = logging.getLogger(__name__)
MERGE_JACCARD = 0.8
# Replies that only steer the session; replayed alone they ask for nothing.
_TRIVIAL = re.compile(
    r"^(?:yes|yeah|yep|ok(?:ay)?|sure|go(?: on| ahead)?|continue|proceed|do it|try again|again|retry|next|"
    r"keep going|sounds good|please do|y|n|hi|hello|hey|test|\W*)[.!?]*$"
)
_OUTCOME_RANK = {"corrected": 3, "failure": 2, "success": 1, "unknown": 0}


def is_trivial(text: str) -> bool:
    return bool(_TRIVIAL.match(text.strip().lower())) or len(WORDS.findall(text)) < 2


def _context(session: Session, index: int) -> str:
    intent = session.intents[index]
    lines = []
    if session.cwd:
        lines.append(f"Project: {os.path.basename(session.cwd.rstrip('/')) or session.cwd} ({session.cwd})")
    lines.append(f"Agent: {session.agent}")
    if intent.skills:
        lines.append(f"Skill used: {', '.join(intent.skills)}")
    if index > 0:
        earlier = session.intents[index - 1].text
        lines.append(f"Asked just before, in the same session: {earlier[:300]}")
    return "\n".join(lines)


def _intent_rules(intent: Intent) -> list[dict]:
    """The rules the user's corrections of this intent state, less those its answers contradict."""
    rules = []
    for verdict in intent.feedback:
        for rule in verdict.rules:
            why = contradicted(rule, intent.answer, intent.first_answer, [t.summary for t in intent.tools])
            if why:
                log.debug("rule %s %r not kept: %s", rule.kind, rule.value, why)
            else:
                rules.append(rule.to_dict())
    return rules


class HeuristicMiner:
    """`reader`: a teacher that reads what each user turn after agent work means where the
    actions do not settle it (None: the actions and the pattern fast path alone)."""

    def __init__(self, store: Store, data_dir: Path | None = None, reader: ModelClassifier | None = None):
        self.store = store
        self.reader = reader
        self.data_dir = data_dir or default_data_dir()  # where the hook keeps the sessions' start states
        self.sessions = SessionRepo(store)
        self.candidates = CandidateRepo(store)
        self.tasks = TaskRepo(store)

    def run(self, sessions: list[Session] | None = None, report: MiningReport | None = None,
            on_progress: ProgressSink | None = None) -> MiningReport:
        report = report or MiningReport()
        sessions = self.sessions.unmined() if sessions is None else sessions
        say = on_progress or (lambda event: None)
        say(ProgressEvent("mining", 0, len(sessions)))
        # Each session's requests, read from its turns: a correction stays on the request it corrects.
        read = {s.id: session_requests(s, self.reader) for s in sessions if not s.excluded}
        self._count_reads(report)
        # Candidates are read when a request lands in one, so a run's cost follows its own sessions.
        pool = _Pool(self.candidates)
        finder = IntentFinder(self.store, MERGE_JACCARD)
        finder.prepare(r.intent.text for requests in read.values() for r in requests)
        rules = RequestRuleLedger(self.store)
        touched: dict[str, Candidate] = {}
        repo_tasks = []
        with one_run():  # git is asked about each folder once, however many sessions it holds
            for done, session in enumerate(sessions, 1):
                say(ProgressEvent("mining", done, len(sessions)))
                report.sessions += 1
                if session.excluded:
                    report.excluded[session.excluded] += 1
                    continue
                mined = self._repo_task(session, read[session.id], report)
                session = as_requests(session, read[session.id])
                if mined.task is not None:
                    repo_tasks.append(mined.task)
                for index, intent in enumerate(session.intents):
                    report.intents += 1
                    if mined.task is not None and index == mined.index:
                        continue  # replayed as a repo task
                    if is_trivial(intent.text):
                        report.trivial += 1
                        continue
                    candidate = self._place(intent, pool, finder, report)
                    self._add_source(candidate, session, index, rules)
                    if mined.task is None and index == max(mined.index, 0):
                        add_repo_note(candidate, session.id, mined.reason)
                    touched[candidate.id] = candidate
        # A request rule that now recurs makes checks for every candidate that states it.
        for candidate in rules.settle(list(touched.values()), pool.load):
            touched[candidate.id] = candidate
        for candidate in touched.values():
            self._judge(candidate)
        self._write(list(touched.values()), [s.id for s in sessions], report, repo_tasks, rules, finder)
        return report

    def _count_reads(self, report: MiningReport) -> None:
        if self.reader is not None:
            report.turns_asked += self.reader.asked
            report.turn_calls += self.reader.calls
            report.turns_unread += self.reader.skipped
            report.turn_replies_invalid += self.reader.invalid + self.reader.failed

    def _repo_task(self, session: Session, requests: list[Request], report: MiningReport) -> RepoMined:
        mined = mine_repo_task(session, self.data_dir, trivial=is_trivial, requests=requests)
        if mined.task is not None:
            mined.task.context = _context(as_requests(session, requests), mined.index)
            if mined.task.repo.cwd:
                mined.task.context += f"\nThe session worked in {mined.task.repo.cwd}/ of the repository; commands run there."
        elif session.intents:
            report.no_repo_task[mined.reason] += 1
        return mined

    def _place(self, intent: Intent, pool: "_Pool", finder: IntentFinder, report: MiningReport) -> Candidate:
        found, fingerprint = finder.find(intent.text)
        if found is not None:
            report.merged += 1
            return pool.get(found)
        candidate = Candidate(id=candidate_id(fingerprint), intent=intent.text, fingerprint=fingerprint)
        pool.loaded[candidate.id] = candidate
        finder.add(candidate.id, fingerprint, intent.text)
        report.new_candidates += 1
        return candidate

    def _add_source(self, candidate: Candidate, session: Session, index: int, rules: RequestRuleLedger) -> None:
        intent = session.intents[index]
        source = {"session": session.id, "intent": index, "agent": session.agent, "at": intent.at}
        if any(s["session"] == session.id and s["intent"] == index for s in candidate.sources):
            # The same session mined again after it grew: refresh what it says, count it once.
            candidate.sources = [s for s in candidate.sources if not (s["session"] == session.id and s["intent"] == index)]
        candidate.sources.append(source)
        candidate.sources = candidate.sources[-MAX_SOURCES:]
        if not candidate.context:
            candidate.context = _context(session, index)
        if intent.skills and not candidate.skill:
            candidate.skill = intent.skills[0]
        if _OUTCOME_RANK[intent.outcome] > _OUTCOME_RANK.get(candidate.outcome, 0):
            candidate.outcome = intent.outcome
        for rule in _intent_rules(intent):
            if rule not in candidate.rules:
                candidate.rules.append(rule)
        for rule in extract_rules(intent.text):
            rules.note(candidate, rule, session.id)
        if intent.answer and intent.answer not in candidate.answers:
            candidate.answers = (candidate.answers + [intent.answer])[-MAX_SAMPLE_ANSWERS:]
        for tool in intent.tools:
            if tool.name not in candidate.tools_used:
                candidate.tools_used.append(tool.name)

    def _judge(self, candidate: Candidate) -> None:
        checks = candidate.heuristic_checks()
        if candidate.judge_source == "teacher" and candidate.judge:
            # Keep what the teacher wrote; add checks the user has made explicit since.
            judge = Judge.from_dict(candidate.judge)
            if judge.kind == "rule":
                judge.checks += [c for c in checks if all((c.op, c.arg) != (d.op, d.arg) for d in judge.checks)]
                candidate.judge = judge.to_dict()
            return
        if checks:
            candidate.judge = Judge(kind="rule", checks=checks).to_dict()
            candidate.judge_source = "heuristic"
            candidate.status = "checkable"
        elif candidate.status != "dropped":
            candidate.status = "needs_judge"

    def _write(self, candidates: list[Candidate], session_ids: list[str], report: MiningReport,
               repo_tasks: list, rules: RequestRuleLedger, finder: IntentFinder) -> None:
        tasks = [c.to_task() for c in candidates if c.status == "checkable" and c.judge] + repo_tasks
        problems = {t.task_id: validate_judge(t.judge) for t in tasks}
        for task_id, found in problems.items():
            if found:
                report.errors.append(f"{task_id}: {'; '.join(found)}")
        tasks = [t for t in tasks if not problems[t.task_id]]
        # Tasks first: if this dies before the sessions are marked mined, mining them again
        # re-adds the same sources (deduplicated) and writes the same tasks.
        self.tasks.upsert_many(tasks)
        with self.store.transaction() as conn:
            for candidate in candidates:
                self.candidates.save(candidate, conn)
            rules.write(conn)
            finder.write(conn)
            self.sessions.mark_mined(session_ids, conn)
        report.tasks_written += len(tasks)
        report.repo_tasks += sum(1 for t in tasks if t.judge.kind == "repo")
        report.tasks_with_checks += sum(1 for t in tasks if t.judge.kind == "rule" and t.judge.checks)
        report.needs_judge = self.candidates.count("needs_judge")


class _Pool:
    """The candidates a mining run has read or made, read from the store when first asked for."""

    def __init__(self, repo: CandidateRepo):
        self.repo = repo
        self.loaded: dict[str, Candidate] = {}

    def get(self, candidate_id: str) -> Candidate:
        if candidate_id not in self.loaded:
            self.load([candidate_id])
        return self.loaded[candidate_id]

    def load(self, ids: list[str]) -> list[Candidate]:
        missing = [i for i in ids if i not in self.loaded]
        self.loaded.update((c.id, c) for c in self.repo.get_many(missing))
        return [self.loaded[i] for i in ids]
