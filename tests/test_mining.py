"""Mining sessions into replay tasks: heuristic checks, merging, the teacher's judges."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from skillopt_sleep.backends.base import CompletionRequest
from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.cli import main
from skillopt_sleep.capture.stated_rules import Rule
from skillopt_sleep.capture.harvest import Homes, harvest
from skillopt_sleep.capture.ingest import IngestOptions, Ingestor
from skillopt_sleep.tasks.judges import score_answer
from skillopt_sleep.tasks.candidates import CandidateRepo, checks_from_rules
from skillopt_sleep.tasks.evidence import contradicted
from skillopt_sleep.tasks.llm_miner import LLMMiner, judge_from_reply
from skillopt_sleep.tasks.mining import HeuristicMiner
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.records import Check
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.taskstore import TaskRepo

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def fixture_store(store, tmp_path):
    home = tmp_path / "home"
    shutil.copytree(FIXTURES / "claude", home / ".claude")
    shutil.copytree(FIXTURES / "codex", home / ".codex")
    homes = Homes(claude=home / ".claude", codex=home / ".codex")
    harvest(store, homes, IngestOptions(), agents=("claude-code",))
    # Every Codex fixture is a `codex exec` run, which is headless: mined here as user work.
    harvest(store, homes, IngestOptions(include_headless=True), agents=("codex",))
    return store


def user(text: str, at: str, session: str) -> str:
    return json.dumps({"type": "user", "sessionId": session, "cwd": "/w/app", "timestamp": at, "entrypoint": "cli",
                       "message": {"role": "user", "content": text}}) + "\n"


def answer(text: str, at: str, session: str) -> str:
    return json.dumps({"type": "assistant", "sessionId": session, "timestamp": at,
                       "message": {"role": "assistant", "content": [{"type": "text", "text": text}]}}) + "\n"


def write_session(tmp_path: Path, name: str, turns: list[tuple[str, str]]) -> Path:
    path = tmp_path / "t" / f"{name}.jsonl"
    path.parent.mkdir(exist_ok=True)
    lines = []
    for number, (said, reply) in enumerate(turns):
        lines.append(user(said, f"2026-01-05T10:{number:02d}:00Z", name))
        lines.append(answer(reply, f"2026-01-05T10:{number:02d}:30Z", name))
    path.write_text("".join(lines))
    return path


def test_mining_yield_on_the_real_fixtures(fixture_store):
    report = HeuristicMiner(fixture_store).run()
    assert report.sessions == 11
    assert dict(report.excluded) == {"headless": 1, "replay": 1, "observer": 1}
    assert report.intents == 9 and report.trivial == 0
    assert report.new_candidates == 5 and report.merged == 4
    assert report.tasks_written == 2 and report.tasks_with_checks == 2 and report.needs_judge == 3
    tasks = {t.intent: t for t in TaskRepo(fixture_store).list()}
    install = tasks["Install the dependencies for this project"]
    assert [c.to_dict() for c in install.judge.checks] == [{"op": "contains", "arg": "pnpm"}]
    assert install.outcome == "corrected" and install.origin == "real"
    assert len(install.source_sessions) == 3 and install.meta["recurrence"] == 3  # two claude sessions and a codex one
    assert {s["agent"] for s in install.meta["sources"]} == {"claude-code", "codex"}
    notes = tasks["Write release notes for version 1.4.0"]
    assert notes.skill == "release-notes" and [c.op for c in notes.judge.checks] == ["max_chars"]
    assert "Project: shop-api" in notes.context
    # The answers the users finally accepted pass the checks mined from their corrections.
    repo = CandidateRepo(fixture_store)
    for candidate in repo.all(status="checkable"):
        task = candidate.to_task()
        assert score_answer(task, candidate.answers[-1], []).hard == 1.0
    assert HeuristicMiner(fixture_store).run().sessions == 0  # nothing new: nothing mined twice


def test_a_session_that_grows_is_mined_again_without_counting_it_twice(store, tmp_path):
    path = write_session(tmp_path, "a", [("Bump the version to 2.1", "Bumped to 2.1 in setup.cfg.")])
    ingestor = Ingestor(store)
    ingestor.ingest_file(str(path), "claude-code")
    HeuristicMiner(store).run()
    with open(path, "a") as handle:
        handle.write(user("no, use pyproject.toml", "2026-01-05T11:00:00Z", "a"))
    ingestor.ingest_file(str(path), "claude-code")
    report = HeuristicMiner(store).run()
    assert report.sessions == 1 and report.merged == 1
    [task] = TaskRepo(store).list()
    assert task.source_sessions == ["a"] and task.meta["recurrence"] == 1
    assert [c.to_dict() for c in task.judge.checks] == [{"op": "contains", "arg": "pyproject.toml"}]


def test_near_identical_requests_merge_and_trivial_ones_are_skipped(store, tmp_path):
    ingestor = Ingestor(store)
    for name, text in (("a", "Write the weekly status report for the team"), ("b", "write the weekly status report for the team!"),
                       ("c", "Write the weekly status report for the whole team")):
        path = write_session(tmp_path, name, [(text, "Report: ..."), ("ok", "Done.")])
        ingestor.ingest_file(str(path), "claude-code")
    report = HeuristicMiner(store).run()
    assert report.new_candidates == 1 and report.merged == 2 and report.trivial == 3
    [candidate] = CandidateRepo(store).all()
    assert candidate.recurrence == 3 and candidate.status == "needs_judge" and TaskRepo(store).count() == 0


def test_checks_from_rules():
    rules = [Rule("use", "pnpm"), Rule("avoid", "npm"), Rule("avoid", "yarn"), Rule("max_length", "20", unit="lines"),
             Rule("max_length", "500", unit="chars"), Rule("section", "Key Risks")]
    checks = checks_from_rules(rules)
    assert [c.to_dict() for c in checks] == [
        {"op": "contains", "arg": "pnpm"},  # not_contains "npm" would contradict it: dropped
        {"op": "not_contains", "arg": "yarn"},
        {"op": "section_present", "arg": "Key Risks"},
        {"op": "max_chars", "arg": 500},  # the stricter of 20 lines (1600 chars) and 500 chars
    ]


def test_excluded_sessions_are_never_mined(store, tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_text(user("[skillopt-sleep replay] Write release notes for 1.0", "2026-01-05T10:00:00Z", "r")
                    + answer("Notes", "2026-01-05T10:00:05Z", "r"))
    Ingestor(store).ingest_file(str(path), "claude-code")
    report = HeuristicMiner(store).run()
    assert dict(report.excluded) == {"replay": 1} and report.intents == 0 and CandidateRepo(store).all() == []


def test_codex_exec_runs_are_mined_only_when_headless_runs_are_let_in(tmp_path):
    rollout = next((FIXTURES / "codex" / "sessions").rglob("rollout-*.jsonl"))
    assert '"originator":"codex_exec"' in rollout.read_text().splitlines()[0]
    mined = {}
    for include_headless in (False, True):
        with Store(tmp_path / f"store-{include_headless}.db") as store:
            Ingestor(store, IngestOptions(include_headless=include_headless)).ingest_file(str(rollout), "codex")
            mined[include_headless] = HeuristicMiner(store).run()
    default, let_in = mined[False], mined[True]
    assert dict(default.excluded) == {"headless": 1} and default.intents == 0 and default.new_candidates == 0
    assert dict(let_in.excluded) == {} and let_in.intents == 1 and let_in.new_candidates == 1


# -- the teacher ----------------------------------------------------------------------------------

def teacher(replies: dict[str, str]) -> ScriptedBackend:
    def respond(request: CompletionRequest) -> str:
        prompt = request.messages[0].content
        for needle, reply in replies.items():
            if needle in prompt:
                return reply
        return '{"checkable": false, "reason": "no needle"}'

    return ScriptedBackend(respond, model="teacher-test")


def test_the_teacher_makes_recurring_intents_checkable_or_drops_them(fixture_store):
    HeuristicMiner(fixture_store).run()
    replies = {
        # Fenced, with a regex copied in unescaped (\s is not a JSON escape), and one bad op.
        "Request: Run the test suite": 'Here you go:\n```json\n{"checkable": true, "reason": "a test run reports a count",'
                                       ' "checks": [{"op": "regex", "arg": "\\d+ (passed|failed)"}, {"op": "regex", "arg": "ran\\s+\\d+ tests?"},'
                                       ' {"op": "mentions", "arg": "pytest"}]}\n```',
        "Request: Install the dependencies": '{"checkable": true, "checks": [{"op": "not_contains", "arg": "yarn"}], "rubric": ""}',
        "Request: Write release notes": '{"checkable": false, "reason": "the version is a one-off"}',
    }
    recorder = CallRecorder(fixture_store, None)
    report = LLMMiner(fixture_store, recorder, teacher(replies), min_recurrence=2).run()
    assert report.teacher_asked == 3 and report.teacher_invalid == 0
    tasks = {t.intent: t for t in TaskRepo(fixture_store).list()}
    tests = tasks["Run the test suite"]
    assert [(c.op, c.arg) for c in tests.judge.checks] == [("regex", "\\d+ (passed|failed)"), ("regex", "ran\\s+\\d+ tests?")]
    assert tests.meta["judge_source"] == "teacher" and tests.meta["recurrence"] == 2
    install = tasks["Install the dependencies for this project"]
    assert [(c.op, c.arg) for c in install.judge.checks] == [("contains", "pnpm"), ("not_contains", "yarn")]
    # Dropped by the teacher, but the user's own correction still makes it checkable.
    assert [c.op for c in tasks["Write release notes for version 1.4.0"].judge.checks] == ["max_chars"]
    assert "Find where the config file is loaded" not in tasks  # seen once: not due for the teacher
    calls = fixture_store.query("SELECT role, model FROM model_calls")
    assert [tuple(c) for c in calls] == [("miner", "teacher-test")] * 3
    again = LLMMiner(fixture_store, recorder, teacher(replies), min_recurrence=2).run()
    assert again.teacher_asked == 0  # nothing recurred since


def test_the_teacher_drops_what_it_cannot_check_and_survives_bad_replies(store, tmp_path):
    ingestor = Ingestor(store)
    for name in ("a", "b"):
        ingestor.ingest_file(str(write_session(tmp_path, name, [("Explain why the build is slow", "Mostly the docker layer cache.")])), "claude-code")
        ingestor.ingest_file(str(write_session(tmp_path, name + "2", [("Draft the launch announcement", "Here is a draft ...")])), "claude-code")
    HeuristicMiner(store).run()
    replies = {"Explain why the build": "I think you should look at caching.",  # prose, no JSON
               "Draft the launch": '{"checkable": true, "checks": [], "rubric": "Names the product, the date and one benefit."}'}
    report = LLMMiner(store, CallRecorder(store, None), teacher(replies)).run()
    assert report.teacher_invalid == 2 and report.teacher_rubrics == 1  # a retry, then left for the next run
    [task] = TaskRepo(store).list()
    assert task.intent == "Draft the launch announcement" and task.judge.kind == "rubric"
    replies["Explain why the build"] = '{"checkable": false, "reason": "depends on the machine"}'
    LLMMiner(store, CallRecorder(store, None), teacher(replies)).run()
    statuses = {c.intent: (c.status, c.note) for c in CandidateRepo(store).all()}
    assert statuses["Explain why the build is slow"] == ("dropped", "depends on the machine")


def test_judge_from_reply_tolerates_what_models_write():
    judge, _ = judge_from_reply('[{"op": "max_chars", "arg": "1200"}]')
    assert [(c.op, c.arg) for c in judge.checks] == [("max_chars", 1200)]
    assert judge_from_reply('{"checkable": true, "checks": [{"op": "regex", "arg": "(unclosed"}]}')[0] is None
    with pytest.raises(ValueError):
        judge_from_reply("no json here")
    assert Check("contains", "x").to_dict() == {"op": "contains", "arg": "x"}


def test_mine_command(fixture_store, capsys):
    assert main(["mine", "--store", str(fixture_store.path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["tasks_with_checks"] == 2 and out["store_real_tasks"] == 2 and out["store_sessions"] == 11
    assert main(["mine", "--store", str(fixture_store.path)]) == 0
    assert "sessions mined: 0" in capsys.readouterr().out


def test_a_correction_makes_a_literal_check_only_where_its_answers_bear_it_out(store, tmp_path):
    ingestor = Ingestor(store)
    turns = {
        "growth": [("Report how much sign-ups grew this month", "Sign-ups grew by 0.12 over the month."),
                   ("use percentages, not fractions", "Sign-ups grew by 12% over the month.")],
        "lint": [("Set up a linter for the repo", "Installed flake8 and added a config."),
                 ("no, use ruff", "Installed ruff and added a config.")],
    }
    for name, said in turns.items():
        ingestor.ingest_file(str(write_session(tmp_path, name, said)), "claude-code")
    HeuristicMiner(store).run()
    # Neither "percentages" nor "fractions" is a word either answer wrote: the user named a form.
    [task] = TaskRepo(store).list()
    assert task.intent == "Set up a linter for the repo" and task.judge.checks == [Check("contains", "ruff")]
    assert [c.intent for c in CandidateRepo(store).all(status="needs_judge")] == ["Report how much sign-ups grew this month"]


def test_a_rule_stated_in_a_request_needs_a_second_session(store, tmp_path):
    ingestor = Ingestor(store)
    request = "tidy up the config files, use prettier"
    ingestor.ingest_file(str(write_session(tmp_path, "a", [(request, "Formatted 4 files with prettier.")])), "claude-code")
    ingestor.ingest_file(str(write_session(tmp_path, "b", [("write a one-liner that strips blank lines; use sed",
                                                           "sed '/^$/d' notes.txt")])), "claude-code")
    HeuristicMiner(store).run()
    assert TaskRepo(store).count() == 0  # said once, it is that request's own wish
    # Another session's different request states it again: a habit, checked on both requests.
    later = "reformat the docs folder and use prettier"
    ingestor.ingest_file(str(write_session(tmp_path, "c", [(later, "Formatted 3 files with prettier.")])), "claude-code")
    HeuristicMiner(store).run()
    tasks = {t.intent: t for t in TaskRepo(store).list()}
    assert set(tasks) == {request, later}
    assert all(t.judge.checks == [Check("contains", "prettier")] for t in tasks.values())


def test_a_store_mined_before_rule_counts_were_kept_apart_counts_its_earlier_sessions(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "sleep"))
    ingestor_of = lambda store: Ingestor(store)  # noqa: E731
    request = "tidy up the config files, use prettier"
    with Store(tmp_path / "store.db") as store:
        ingestor_of(store).ingest_file(str(write_session(tmp_path, "a", [(request, "Formatted 4 files with prettier.")])),
                                       "claude-code")
        HeuristicMiner(store).run()
        # As a store of a version before the table: the sessions live only inside the candidates.
        with store.transaction() as conn:
            conn.execute("DROP TABLE request_rule_sessions")
            conn.execute("DELETE FROM schema_migrations WHERE number = 50")
    with Store(tmp_path / "store.db") as store:  # opening it migrates, counting what was mined
        later = "reformat the docs folder and use prettier"
        ingestor_of(store).ingest_file(str(write_session(tmp_path, "c", [(later, "Formatted 3 files with prettier.")])),
                                       "claude-code")
        HeuristicMiner(store).run()
        assert {t.intent for t in TaskRepo(store).list()} == {request, later}


def test_a_rule_already_standing_leaves_the_other_candidates_that_state_it_as_they_were(store, tmp_path):
    ingestor = Ingestor(store)
    for name, request in (("a", "tidy up the config files, use prettier"), ("b", "reformat the docs folder and use prettier")):
        ingestor.ingest_file(str(write_session(tmp_path, name, [(request, "Formatted.")])), "claude-code")
    HeuristicMiner(store).run()
    before = {r["id"]: r["data_json"] for r in store.query("SELECT id, data_json FROM intent_candidates")}
    ingestor.ingest_file(str(write_session(tmp_path, "c", [("lint the changelog, use prettier", "Formatted.")])),
                         "claude-code")
    HeuristicMiner(store).run()
    after = {r["id"]: r["data_json"] for r in store.query("SELECT id, data_json FROM intent_candidates")}
    assert len(after) == 3 and all(after[key] == data for key, data in before.items())
    assert len(TaskRepo(store).list()) == 3


def test_tool_calls_count_as_what_the_answer_did():
    rule = Rule("use", "pnpm")
    # The answer after the correction says little; the command it ran carries the tool.
    assert contradicted(rule, "Done, added it.", "Added zod with npm.", ["pnpm add zod"]) == ""
    assert contradicted(rule, "Done, added it.", "Added zod with npm.", ["ls"]).startswith("the answer after")
    ban = Rule("avoid", "yarn")
    assert contradicted(ban, "Installed.", "Installed it.", ["yarn install", "npm install"]) == ""
    assert contradicted(ban, "Installed.", "Installed it.", ["npm install"]).startswith("the corrected answer")


def scan(sets: dict[str, set[str]], words: set[str], threshold: float) -> str | None:
    """The rule the index must follow: every set compared, in order of adding, the first of the most alike."""
    from skillopt_sleep.tasks.similarity import jaccard

    best, score = None, 0.0
    for key, theirs in sets.items():
        similarity = jaccard(words, theirs)
        if similarity > score:
            best, score = key, similarity
    return best if best is not None and score >= threshold else None


@pytest.mark.parametrize("few, max_ways, big", [(8, 256, 64), (0, 10**9, 10**9), (0, 10**9, 0), (8, 0, 64)],
                         ids=["default", "walk", "walk-bits", "count"])
def test_the_word_index_finds_what_a_scan_of_every_candidate_finds(few, max_ways, big, monkeypatch):
    import random

    from skillopt_sleep.tasks.mining import MERGE_JACCARD
    from skillopt_sleep.tasks.similar_sets import SimilarSets

    # Both searches, alone and together: the walk split to single keys (its lists as key sets, or
    # all as bits), and the counting one.
    monkeypatch.setattr(SimilarSets, "FEW", few)
    monkeypatch.setattr(SimilarSets, "MAX_WAYS", max_ways)
    monkeypatch.setattr(SimilarSets, "BIG", big)
    rng = random.Random(7)
    common = [f"w{i}" for i in range(40)]
    sets: dict[str, set[str]] = {}
    index = SimilarSets(MERGE_JACCARD)
    merged = 0
    for number in range(3000):
        if sets and rng.random() < 0.3:  # an earlier request reworded a little: near or exactly at the threshold
            words = set(rng.choice(list(sets.values())))
            words ^= set(rng.sample(common + [f"r{number}"], rng.randint(0, 2)))
        else:
            words = set(rng.sample(common, rng.randint(1, 9))) | {f"r{rng.randrange(2000)}" for _ in range(rng.randint(0, 3))}
        expected = scan(sets, words, MERGE_JACCARD)
        assert index.most_similar(words) == expected, (number, sorted(words))
        merged += expected is not None
        key = f"k{rng.randrange(2500)}"  # a key may come again, as two fingerprints may share an id
        sets[key] = words
        index.add(key, words)
    assert merged > 300  # the threshold is met often enough for the comparison to say something
