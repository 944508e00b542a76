"""Instruction personas: requests generated from a seed, judged by the IFEval checkers of the
if-verifiable package through the `verified_instruction` op, in our own words; a real night with
a scripted student that does what its skill says learns the persona's preferences from the
failing checks and lifts requests on topics no night saw."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

pytest.importorskip("if_verifiable", reason="the if-verifiable package (Python 3.11+) is in the test extra")

from skillopt_sleep.backends.scripted import ScriptedBackend  # noqa: E402
from skillopt_sleep.benchmarks import load_benchmark  # noqa: E402
from skillopt_sleep.benchmarks.instruction_personas import PERSONAS, RECIPIENTS, TOPICS  # noqa: E402
from skillopt_sleep.config import load_config  # noqa: E402
from skillopt_sleep.errors import BenchmarkError, ExperimentError  # noqa: E402
from skillopt_sleep.experiments.ledger import HeldoutLedger  # noqa: E402
from skillopt_sleep.experiments.recipe import expand_grid, recipe_from_dict  # noqa: E402
from skillopt_sleep.experiments.run import run_recipe  # noqa: E402
from skillopt_sleep.experiments.transfer import run_transfer  # noqa: E402
from skillopt_sleep.records import Check  # noqa: E402
from skillopt_sleep.tasks.checks import check_problem, describe, student_rule  # noqa: E402
from skillopt_sleep.tasks.judges.rule import score_rule  # noqa: E402
from tests.test_experiments import env  # noqa: E402,F401  (the fixture: a store under a fresh home)
from if_verifiable.ifeval.instructions_registry import INSTRUCTION_DICT  # noqa: E402

# A reply that meets every preference of its persona, written by hand against our sentences.
COMPLIANT = {
    "team-lead": "* Book the room\n* Send the agenda\n* Collect the notes\nLet me know if anything is unclear.",
    "texter": "sure thing. the move is on friday and we pack on thursday.",
    "newsletter-editor": "<<Office News>>\n\nThe *new kitchen* opens on Monday and the *bike racks* move to the yard.\n\nP.S. Bring a mug.",
    "report-writer": "SECTION 1\n" + "The team reviewed the plan in detail. " * 8 + "\nSECTION 2\n" + "Costs stay inside the agreed limits. " * 8
                     + "\nSECTION 3\n" + "Next we confirm the dates with everyone. " * 6,
    "template-author": "Dear [name], the meeting moves to [date].\n***\nPlease confirm by replying to this note.",
    "integrator": '{"summary": "the launch moves to june", "owner": "ops"}',
}
# And one that misses every preference.
MISSING = "Hello, Here Is A Really Long And Very Chatty Answer, With Commas, And No Structure At All, Just Text."


def test_the_personas_are_found_by_name_and_every_check_can_be_evaluated():
    for persona in PERSONAS:
        bench = load_benchmark("instruction-personas", {"persona": persona, "tasks": 12})
        assert len(bench.tasks) == 12 and len({t.intent for t in bench.tasks}) == 12
        assert all(check_problem(c) is None for t in bench.tasks for c in t.judge.checks)
    with pytest.raises(BenchmarkError, match="unknown persona"):
        load_benchmark("instruction-personas", {"persona": "nobody"})


@pytest.mark.parametrize("persona", sorted(PERSONAS))
def test_the_packages_checkers_decide_and_our_words_say_what_they_check(persona):
    checks = load_benchmark("instruction-personas", {"persona": persona, "tasks": 1}).tasks[0].judge.checks
    assert score_rule(checks, COMPLIANT[persona], []).hard == 1.0
    missed = score_rule(checks, MISSING, [])
    assert missed.hard == 0.0 and missed.soft < 1.0
    for check in checks:
        words = describe(check)
        # Our own sentence, not the benchmark's instruction text, and the student's rule says the same.
        theirs = INSTRUCTION_DICT[check.arg["id"]](check.arg["id"]).build_description(**check.arg["kwargs"])
        assert theirs.lower() not in words.lower() and words.lower() not in theirs.lower()
        assert check.arg["id"] not in words and student_rule(check) == f"- {words}"


def test_the_gate_credits_a_reply_that_meets_one_more_preference():
    from skillopt_sleep.night.replay.samples import selection_value

    bench = load_benchmark("instruction-personas", {"persona": "team-lead", "tasks": 1})
    checks = bench.tasks[0].judge.checks
    closing = MISSING + "\nLet me know if anything is unclear."  # one of the three preferences, not all
    assert score_rule(checks, closing, []).hard == 0.0
    assert selection_value(score_rule(checks, closing, []), bench.metric) > selection_value(score_rule(checks, MISSING, []), bench.metric)


def test_an_instruction_this_op_does_not_phrase_is_a_problem_not_a_silent_pass():
    assert "not one this op phrases" in check_problem(Check("verified_instruction", {"id": "length_constraints:number_sentences",
                                                                                     "kwargs": {"num_sentences": 2}}))
    assert "lacks its parameter" in check_problem(Check("verified_instruction", {"id": "startend:end_checker"}))


def test_held_out_requests_come_from_topics_and_recipients_the_train_part_never_uses():
    train = load_benchmark("instruction-personas", {"persona": "texter", "tasks": 60}).tasks
    heldout = load_benchmark("instruction-personas", {"persona": "texter", "tasks": 24, "part": "heldout",
                                                      "request_seed": 9001}).tasks
    assert not {t.intent for t in train} & {t.intent for t in heldout}
    assert not set(TOPICS["train"]) & set(TOPICS["heldout"]) and not set(RECIPIENTS["train"]) & set(RECIPIENTS["heldout"])
    for task in heldout:
        assert not any(topic in task.intent for topic in TOPICS["train"])
    # The seed draws the requests: the same seed the same ones, another seed others.
    again = load_benchmark("instruction-personas", {"persona": "texter", "tasks": 60}).tasks
    other = load_benchmark("instruction-personas", {"persona": "texter", "tasks": 60, "request_seed": 1}).tasks
    assert [t.intent for t in again] == [t.intent for t in train] != [t.intent for t in other]


def obedient_student(request) -> str:
    """Does what its skill's team-lead sentences say, and nothing it is not told."""
    skill = request.system
    body = ["It is really simple, just a very short reply."]
    if "exactly 3 list items" in skill:
        body = ["* Plan the work", "* Share the plan", "* Check the result"]
    ending = re.search(r'Close every reply with the sentence "([^"]+)"', skill)
    if ending:
        body.append(ending.group(1))
    return "\n".join(body)


def persona_recipe(**changes) -> dict:
    return {
        "name": "ip-scripted", "benchmark": {"name": "instruction-personas", "options": {"persona": "team-lead", "tasks": 16}},
        "split": {"test": 4, "val": 6, "train": 6, "salt": "ip"}, "nights": 1, "arm": "paired", "test_seeds": [7],
        "heldout": {"options": {"part": "heldout", "request_seed": 9001, "tasks": 6}},
        "student": {"backend": "scripted", "model": "obedient"}, "teacher": {"backend": "scripted", "model": "silent"},
        "config": {"night.rounds": 1, "night.concurrency": 1, "rules.lead": False}, **changes}


def test_a_night_learns_the_personas_preferences_and_lifts_requests_no_night_saw(env):
    tmp_path, store = env
    recipe = recipe_from_dict(persona_recipe())
    result = run_recipe(recipe, store, tmp_path / "work", student=ScriptedBackend(obedient_student, model="obedient"),
                        teacher=ScriptedBackend(lambda request: "{}", model="silent"), base_config=load_config(env={}, cwd=tmp_path))
    assert result.nights[0].decision == "accepted"
    assert "exactly 3 list items" in result.final_skill_text and "Let me know if anything is unclear." in result.final_skill_text
    # Its list replaces the chatty line that held the words the persona never wants to read.
    assert result.heldout["baseline"]["hard"] == 0.0 and result.heldout["after"]["hard"] == 1.0
    assert result.heldout["stats"]["paired"]["unit"] == "task"
    assert result.heldout["file"] == ("instruction-personas generated with part=heldout, persona=team-lead, "
                                      "request_seed=9001, tasks=6")


def test_transfer_scores_the_frozen_skill_on_the_targets_held_out_too(env):
    tmp_path, store = env
    recipe = recipe_from_dict(persona_recipe(transfer={"source": {"backend": "scripted", "model": "obedient"},
                                                       "target": {"backend": "scripted", "model": "listless"}}))

    def listless_student(request):  # follows the list rule, never the closing sentence
        return "* One\n* Two\n* Three" if "exactly 3 list items" in request.system else "It is really simple."

    result = run_transfer(recipe, store, tmp_path / "work", source=ScriptedBackend(obedient_student, model="obedient"),
                          target=ScriptedBackend(listless_student, model="listless"),
                          teacher=ScriptedBackend(lambda request: "{}", model="silent"),
                          base_config=load_config(env={}, cwd=tmp_path))
    held = result.heldout
    assert held["baseline"]["hard"] == 0.0 and held["transferred"]["hard"] == 0.0 and held["direct"]["hard"] == 0.0
    # Two of the three preferences carry over: the target follows the list and so drops the words.
    assert held["transferred"]["soft"] > held["baseline"]["soft"]
    assert held["transferred_vs_baseline"]["unit"] == "task" and result.provenance["calls_sent"] > 0


def test_a_transfer_row_says_its_held_out_was_claimed_in_the_ledger_and_a_second_claim_is_refused(env):
    tmp_path, store = env
    recipe = recipe_from_dict(persona_recipe(transfer={"source": {"backend": "scripted", "model": "obedient"},
                                                       "target": {"backend": "scripted", "model": "obedient"}}))
    ledger = HeldoutLedger(tmp_path / "heldout-ledger.jsonl")

    def transfer(cell):
        return run_transfer(cell, store, tmp_path / "work", source=ScriptedBackend(obedient_student, model="obedient"),
                            target=ScriptedBackend(obedient_student, model="obedient"),
                            teacher=ScriptedBackend(lambda request: "{}", model="silent"),
                            base_config=load_config(env={}, cwd=tmp_path), ledger=ledger)

    assert transfer(recipe).heldout["ledger"] is True and len(ledger.entries()) == 1
    # Another cell on the same held-out is a second look, refused unless told.
    with pytest.raises(ExperimentError):
        transfer(replace(recipe, seed=recipe.seed + 1))


def test_transfer_under_independent_nights_scores_each_nights_own_fresh_held_out_on_the_target(env):
    tmp_path, store = env
    recipe = recipe_from_dict(persona_recipe(
        independent_nights=True, test_seeds=[7], grid={"seed": [0, 1]},
        student={"backend": "scripted", "model": "obedient", "temperature": 0.7},
        transfer={"source": {"backend": "scripted", "model": "obedient", "temperature": 0.7},
                  "target": {"backend": "scripted", "model": "obedient", "temperature": 0.7}}))
    results = [run_transfer(cell, store, tmp_path / f"work-{cell.seed}", source=ScriptedBackend(obedient_student, model="obedient"),
                            target=ScriptedBackend(obedient_student, model="obedient"),
                            teacher=ScriptedBackend(lambda request: "{}", model="silent"),
                            base_config=load_config(env={}, cwd=tmp_path))
               for cell in expand_grid(recipe)]
    assert [r.heldout["file"].split("request_seed=")[1].split(",")[0] for r in results] == ["9001", "9002"]
    tasks = [{t for s in r.heldout["baseline"]["per_seed"] for t in s["per_task_hard"]} for r in results]
    assert not tasks[0] & tasks[1]
    assert results[0].source_run["test_seeds"] != results[1].source_run["test_seeds"]
