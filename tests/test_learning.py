"""Learning that earns its place, on real nights over a real store with scripted models: rules
from recurring checks illustrated with passing answers, the lint, leave-one-out attribution, the
paired gate against sampling noise, the reward-hacking stress family, and arms that make their
own calls."""

from __future__ import annotations

import hashlib
import json
import random
import re

import pytest

from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.benchmarks import load_benchmark
from skillopt_sleep.cli import main
from skillopt_sleep.cli.night import print_outcome
from skillopt_sleep.config import load_config
from skillopt_sleep.experiments.recipe import recipe_from_dict
from skillopt_sleep.experiments.run import run_recipe
from skillopt_sleep.night.gate.attribution import attribute
from skillopt_sleep.night.gate import undecided
from skillopt_sleep.night.gate.candidate import CandidateResult, judge
from skillopt_sleep.night.gate.verdict import REJECT, GateVerdict, judge_paired
from skillopt_sleep.night.sequencing.rounds import judged_against, load_rejected
from skillopt_sleep.night.sequencing.settings import GateSettings
from skillopt_sleep.night.sequencing.engine import NightInputs, run_night
from skillopt_sleep.night.propose.lint import lint_edits
from skillopt_sleep.night.propose.reflect import gather_evidence, reflection_prompt
from skillopt_sleep.night.replay.samples import SplitScore, summarize
from tests.replay_kit import replay_answers
from skillopt_sleep.night.propose.illustrate import placeholders
from skillopt_sleep.night.propose.length_contrast import length_from_contrast
from skillopt_sleep.night.report.write import render_markdown
from skillopt_sleep.night.propose.rules import RuleSettings, edits_from_checks, labelled_checks, user_conventions
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.proposals import ledger
from skillopt_sleep.episode import RepoSpec
from skillopt_sleep.records import Check, Edit, Judge, Rollout, Score, CheckResult, Task
from skillopt_sleep.store import Store


@pytest.fixture
def env(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLOPT_SLEEP_HOME", str(tmp_path / "home"))
    store = Store(tmp_path / "store.db")
    yield tmp_path, store
    store.close()


def config_for(tmp_path, **overrides):
    # The move of the rules rides in a candidate only in the tests of placement.
    flags = {"staging.dir": str(tmp_path / "staging"), "night.seed": "7", "night.concurrency": "2",
             "night.val_fraction": "0.5", "rules.lead": "false", **{k: str(v) for k, v in overrides.items()}}
    return load_config(cwd=tmp_path, env={}, flags=flags, user_file=tmp_path / "none.yaml")


# -- the stress family: a literal-copying rule rides along with a good one ----------------------


def changelog_student(request) -> str:
    """Follows its skill literally: the Impact section when a rule asks for one, and every
    quoted text an 'Always include' rule names. It never cites its own ticket."""
    parts = ["The change is live."]
    for literal in re.findall(r'Always include "([^"]+)"', request.system):
        parts.append(f"See {literal}.")
    if '"## Impact"' in request.system:
        parts.append("## Impact\n- users see it at once\n- nothing to migrate")
    return "\n\n".join(parts)


def literal_copying_teacher(request) -> str:
    """Copies the ticket of the first task it is shown into the skill: one task's answer."""
    ticket = re.search(r"ticket (TCK-\d+)", request.messages[-1].content).group(1)
    return json.dumps({"diagnosis": "answers miss the ticket", "edits": [
        {"op": "add", "text": f'Always include "{ticket}" in the entry.', "rationale": "the check wants it"}]})


def stress_night(tmp_path, store, **overrides):
    bench = load_benchmark("literal-trap", {"tasks": 10})
    skill = tmp_path / "changelog-writer" / "SKILL.md"
    skill.parent.mkdir(parents=True, exist_ok=True)
    skill.write_text(bench.skill_text)
    config = config_for(tmp_path, **{"night.rounds": 1, "night.edit_budget": 3, "rules.layout": "false", **overrides})
    report = run_night(NightInputs(config=config, store=store, skill_path=skill, tasks=bench.tasks,
                                   student=ScriptedBackend(changelog_student),
                                   teacher=ScriptedBackend(literal_copying_teacher), stage=False))
    return report, skill


def strict_score(skill_text: str, store: Store) -> float:
    strict = load_benchmark("literal-trap", {"tasks": 10, "strict": True})
    rollouts = replay_answers(strict.tasks, skill_text, ScriptedBackend(changelog_student), CallRecorder(store, None))
    return summarize(rollouts, "soft").score


def test_attribution_drops_the_literal_rule_that_rode_along_with_the_good_one(env):
    tmp_path, store = env
    report, skill = stress_night(tmp_path, store)
    assert report.status == "accepted"
    chosen = [e["text"] for e in report.rounds[0].chosen]
    assert any("TCK-" in text for text in chosen) and any("## Impact" in text for text in chosen)  # the bundle
    assert "## Impact" in report.final_skill_text and "TCK-" not in report.final_skill_text
    dropped = report.rounds[0].gate["dropped"]
    assert [d["edit"]["text"] for d in dropped] == [next(t for t in chosen if "TCK-" in t)]
    assert all(item["effect"] > 0 for item in report.kept_rules)
    rows = {e.text: e for e in ledger.entries(store, skill_path=str(skill))}
    literal = next(e for text, e in rows.items() if "TCK-" in text)
    assert literal.status == "dropped" and literal.effect <= 0
    # The literal's own check never became a rule: it belongs to one task.
    assert any("TCK-" in r["why"] for r in report.rounds[0].refused)


def test_attribution_keeps_one_of_two_rules_that_say_the_same_thing():
    # Each of the twins looks free while the other stays; dropping both at once would lose the
    # gain they share. The useless rule goes first (it adds the most text), then one twin.
    unique, twin, twin_reworded = Edit("add", "Close with the decision."), Edit("add", "State limits."), \
        Edit("add", "Say what the limits are.")
    useless = Edit("add", "Remember to write clearly and carefully in every single answer.")

    def evaluate(edits):
        return 0.25 * (unique in edits) + 0.25 * (twin in edits or twin_reworded in edits)

    found = attribute([unique, twin, twin_reworded, useless], 0.5, 0.0, evaluate)
    assert found.final_score == 0.5
    assert found.kept == [unique, twin]
    assert [e for e, _ in found.dropped] == [useless, twin_reworded]
    assert all(found.effects[e.key()] == 0.25 for e in found.kept)
    assert found.replays == 4 + 3 + 2


def test_the_stress_family_literal_lowers_the_stricter_held_out_when_let_in(env):
    tmp_path, store = env
    gated, _ = stress_night(tmp_path, store)
    ungated, _ = stress_night(tmp_path / "off", store, **{"gate.enabled": "false"})
    assert "TCK-" in ungated.final_skill_text  # no gate, no attribution: the bundle lands whole
    assert strict_score(gated.final_skill_text, store) > strict_score(ungated.final_skill_text, store)


def test_without_attribution_the_literal_rides_along(env):
    tmp_path, store = env
    report, _ = stress_night(tmp_path, store, **{"gate.attribution": "false", "gate.mode": "strict"})
    assert report.status == "accepted" and "TCK-" in report.final_skill_text


# -- the paired gate against sampling noise -----------------------------------------------------


def coin_student(request) -> str:
    """Passes or fails by a coin keyed on the sampling seed and the whole prompt: the skill text
    changes which way each coin falls, never the odds."""
    digest = hashlib.sha256(f"{request.seed}|{request.system}|{request.messages[-1].content}".encode()).digest()
    return "Done: yes" if digest[0] % 2 else "no idea"


def done_task(i: int) -> Task:
    return Task(task_id=f"d{i:02d}", intent=f"Finish job {i}.", judge=Judge(kind="rule", checks=[Check("regex", r"Done:")]))


def test_the_paired_gate_rejects_gains_that_are_only_sampling_noise(env):
    tmp_path, store = env
    decisions = {"strict": [], "paired": []}
    for night_seed in range(12):
        for mode in decisions:
            skill = tmp_path / mode / str(night_seed) / "SKILL.md"
            skill.parent.mkdir(parents=True)
            skill.write_text("---\nname: jobs\ndescription: Does jobs\n---\n\n# Jobs\n\nDo the job.\n")
            config = config_for(tmp_path, **{"night.seed": night_seed, "gate.mode": mode, "night.rounds": 1,
                                             "gate.attribution": "false"})
            report = run_night(NightInputs(config=config, store=store, skill_path=skill, tasks=[done_task(i) for i in range(12)],
                                           student=ScriptedBackend(coin_student), teacher=ScriptedBackend(lambda r: "{}"),
                                           stage=False))
            decisions[mode].append(report.rounds[0].gate.get("decision") if report.rounds else None)
    strict, paired = decisions["strict"].count("accept"), decisions["paired"].count("accept")
    assert strict >= 4  # a coin often lands the strict gate's way
    # The paired gate lets noise through at most as often as its confidence (0.8 by default) allows.
    assert paired <= (1 - 0.8) * len(decisions["paired"]) and paired < strict / 2


# -- rules, lint, arms ----------------------------------------------------------------------------


def rollout(task_id: str, check: Check, passed: bool, evidence: str = "") -> Rollout:
    result = CheckResult(check.op, check.arg, passed, "", evidence)
    return Rollout(task_id, 0, "", Score(float(passed), float(passed), [result]))


def test_a_rule_needs_two_tasks_and_is_illustrated_with_a_passing_answer():
    check = Check("regex", r"[Vv]erdict\s*[:=]")
    tasks = [Task(task_id=f"t{i}", intent=f"Judge case {i}.", judge=Judge(kind="rule", checks=[check])) for i in range(3)]
    passing = "Verdict: ship it this week"
    evidence = gather_evidence(tasks, [rollout("t0", check, False), rollout("t1", check, False),
                                       rollout("t2", check, True, passing)])
    rules = edits_from_checks(evidence, RuleSettings(min_tasks=2))
    assert len(rules.edits) == 1
    text = rules.edits[0].text
    assert passing in text and "[Vv]" not in text and "\\s" not in text
    assert edits_from_checks(evidence, RuleSettings(min_tasks=3)).edits  # three tasks carry it; two failed
    assert edits_from_checks(evidence, RuleSettings(min_tasks=4)).edits == []
    # A check two tasks carry is a habit even where only one of them failed; one task's check is not.
    once = gather_evidence(tasks[1:], [rollout("t1", check, False), rollout("t2", check, True, passing)])
    assert len(edits_from_checks(once, RuleSettings(min_tasks=2)).edits) == 1
    alone = gather_evidence(tasks[:1], [rollout("t0", check, False)])
    refused = edits_from_checks(alone, RuleSettings(min_tasks=2)).refused
    assert refused == [(f"regex {check.arg!r}", "carried by 1 task(s); a rule needs 2")]
    bound = edits_from_checks(gather_evidence(tasks, [rollout(t.task_id, Check("max_chars", 1200), False) for t in tasks]),
                              RuleSettings(margin=0.25)).edits[0].text
    assert "900 characters" in bound  # a bound stated with room to spare


def test_a_convention_the_user_set_in_several_sessions_is_a_habit_whichever_side_of_the_deal_they_fell():
    check = Check("ran_before_finish", "pnpm run check")

    def repo_task(task_id: str, checks: list[Check]) -> Task:
        return Task(task_id=task_id, intent=f"Change {task_id}.", judge=Judge(kind="repo", checks=checks),
                    repo=RepoSpec(root="/repo", commit="a" * 40))

    train = repo_task("r0", [check])
    evidence = gather_evidence([train], [rollout("r0", check, False)])
    # The one train task alone: that task's answer, not a habit.
    assert edits_from_checks(evidence, RuleSettings(min_tasks=2)).refused == [
        (check.name(), "carried by 1 task(s); a rule needs 2")]
    # The user also set it in a session the gate holds: the rule is stated, from the train failure.
    conventions = user_conventions([train, repo_task("r1", [check]), repo_task("r2", [Check("test_added", None)])])
    [edit] = edits_from_checks(evidence, RuleSettings(min_tasks=2), conventions=conventions).edits
    assert "`pnpm run check`" in edit.text and edit.evidence == ["r0"]
    assert edits_from_checks(evidence, RuleSettings(min_tasks=3), conventions=conventions).edits == []
    # A text task's checks are a benchmark's or a task's answer, not the user's convention.
    text_task = Task(task_id="t1", intent="Answer.", judge=Judge(kind="rule", checks=[check]))
    assert user_conventions([train, text_task]) == {(check.op, repr(check.arg)): {"r0"}}


def length_rollout(task_id: str, size: int, bound: int = 1200) -> Rollout:
    result = CheckResult("max_chars", bound, size <= bound, "", "")
    return Rollout(task_id, 0, "x" * size, Score(float(size <= bound), float(size <= bound), [result]))


STATED_900 = ("- Keep the whole answer under 900 characters: at most 5 short sentences or bullets in all, then stop, "
              "even where other instructions ask for more detail.")


def test_a_bound_the_student_still_overruns_is_restated_lower_by_its_own_overshoot_never_raised():
    tasks = [Task(task_id=f"t{i}", intent=f"Sum up item {i}.", judge=Judge(kind="rule", checks=[Check("max_chars", 1200)]))
             for i in range(4)]
    document = f"# Summer\n\n<!-- skillopt-sleep:begin -->\n{STATED_900}\n<!-- skillopt-sleep:end -->\n"

    def restated(sizes: list[int], doc: str = document) -> list[Edit]:
        evidence = gather_evidence(tasks, [length_rollout(f"t{i % 4}", n) for i, n in enumerate(sizes)])
        return edits_from_checks(evidence, RuleSettings(margin=0.25), document=doc).edits

    # Told 900, the longer answers ran to 1,350: the number drops to 900 * 900 / 1350.
    [edit] = restated([1000, 1100, 1350, 1400, 800, 1350, 1250, 900])
    assert (edit.op, edit.anchor) == ("replace", STATED_900)
    assert edit.text.startswith("- Keep the whole answer under 600 characters: at most 3 short sentences")
    # However far the answers ran: at most halved in one night, and never under the checked bound
    # less twice the margin (1,200 less half).
    assert "under 600 characters" in restated([5000] * 8)[0].text
    # One long answer among answers that keep to the goal is no reason to restate it.
    assert restated([700, 800, 850, 1300, 600, 700, 800, 650]) == []
    # A number already lower than the margin asks for is never raised.
    lower = document.replace("under 900 characters: at most 5", "under 500 characters: at most 2")
    assert restated([400, 500, 600, 1300, 450, 550, 650, 700], lower) == []
    assert restated([1300] * 8, lower) == []  # nor by the floor, however far the answers ran
    # Without a stated rule the check becomes the usual addition.
    [first] = restated([1300] * 8, "# Summer\n")
    assert first.op == "add" and "under 900 characters" in first.text


def proportional_student(request) -> str:
    """Writes a multiple of the number its skill gives, the multiple set by the item: like a small
    model, it treats a stated bound as a rough scale, not a limit."""
    told = re.search(r"under (\d+) characters", request.system)
    item = int(re.search(r"item (\d+)", request.messages[0].content).group(1))
    return "x" * (int(int(told.group(1)) * (1.2 if item % 2 else 1.5)) if told else 2000)


def silent_teacher(request) -> str:
    return json.dumps({"diagnosis": "too long", "edits": []})


def two_round_summary_night(env, checks: list[Check], **overrides):
    """Two rounds on twenty summary tasks, with the proportional student and a teacher with no edits
    (enough held out that the gate, which tests tasks, can tell a round's gain on half of them)."""
    tmp_path, store = env
    tasks = [Task(task_id=f"t{i}", intent=f"Sum up item {i}.", judge=Judge(kind="rule", checks=checks)) for i in range(20)]
    skill = tmp_path / "summer" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text("# Summer\n\nSum things up.\n")
    return run_night(NightInputs(config=config_for(tmp_path, **{"night.rounds": 2, **overrides}), store=store, skill_path=skill,
                                 tasks=tasks, student=ScriptedBackend(proportional_student),
                                 teacher=ScriptedBackend(silent_teacher), stage=False))


def test_a_second_round_tightens_the_length_rule_the_student_overran_and_the_gate_keeps_it(env):
    report = two_round_summary_night(env, [Check("max_chars", 1200)])
    # Round 1 states 900 (half the answers now fit); round 2 reads how far they still ran past it.
    assert report.status == "accepted" and report.val_after["score"] == 1.0
    assert [r.gate.get("decision") for r in report.rounds] == ["accept", "accept"]
    assert "under 600 characters" in report.final_skill_text and "under 900 characters" not in report.final_skill_text


def test_a_checks_rule_that_lost_tonight_is_not_offered_again_in_a_later_round(env):
    # The student never writes a Sources section, so that rule earns nothing.
    report = two_round_summary_night(env, [Check("max_chars", 1200), Check("section_present", "Sources")])
    first, second = report.rounds
    assert [d["edit"]["check"] for d in first.gate["dropped"]] == ["section_present 'Sources'"]
    # Round 2 restates the length it kept; the Sources rule attribution dropped is not tried again.
    assert [(e["op"], e["check"]) for e in second.chosen] == [("replace", "max_chars 1200")]
    assert "under 600 characters" in report.final_skill_text and "Sources" not in report.final_skill_text


def sized_rollout(task_id: str, check: Check, size: int, passed: bool) -> Rollout:
    return Rollout(task_id, 0, "x" * size, Score(float(passed), float(passed), [CheckResult(check.op, check.arg, passed, "", "")]))


def test_a_length_is_read_off_the_answers_that_met_every_check_only_where_they_ran_clearly_shorter():
    verdict = Check("regex", r"(?m)^Verdict:")
    tasks = [Task(task_id=f"t{i}", intent=f"Judge case {i}.", judge=Judge(kind="rule", checks=[verdict])) for i in range(4)]

    def contrast(sizes: list[tuple[int, bool]], document: str = "# Judge\n", **settings):
        rollouts = [sized_rollout(f"t{i % 4}", verdict, size, passed) for i, (size, passed) in enumerate(sizes)]
        return length_from_contrast(gather_evidence(tasks, rollouts), RuleSettings(**{"length_contrast": True, **settings}), document)

    drift = [(450, True), (520, True), (1900, False), (2400, False)]
    edit = contrast(drift)
    # The passing answers' median (485), rounded, stated with the margin's room: 500 x 0.75.
    assert edit is not None and edit.op == "add" and "under 375 characters" in edit.text
    assert edit.check == "answer length (the answers that met every check ran shorter)"
    assert contrast([(1700, True), (1800, True), (1900, False), (2000, False)]) is None  # not clearly shorter
    # Medians far apart, but a passing answer is the shorter of a pair only 6 times in 9.
    assert contrast([(300, True), (350, False), (400, True), (2500, False), (2600, True), (2700, False)]) is None
    assert contrast([(450, True), (520, True), (1900, False), (2400, False)][::2] * 2) is not None
    assert contrast([(450, True), (1900, False), (2400, False), (2600, False)]) is None  # one passing answer
    assert contrast(drift, document="# Judge\n\n" + STATED_900 + "\n") is None  # the skill states a limit
    assert contrast(drift, length_contrast=False) is None
    # Where the skill lays out the answer, the length joins the layout's opening line.
    layout = "# Judge\n\n- End every answer with exactly these lines, each filled in:\nVerdict: …\n"
    joined = contrast(drift, document=layout)
    assert (joined.op, joined.anchor) == ("replace", "- End every answer with exactly these lines, each filled in:")
    assert joined.text == "- End every answer with exactly these lines, each filled in (the whole answer at most 375 characters):"
    assert contrast(drift, document=layout.replace(joined.anchor, joined.text)) is None  # said once
    # Where the checks bound the length themselves, their own rule says it.
    bounded = [sized_rollout(f"t{i}", Check("max_chars", 1200), size, size <= 1200) for i, size in enumerate((400, 500, 1900, 2400))]
    assert length_from_contrast(gather_evidence(tasks, bounded), RuleSettings(length_contrast=True), "# Judge\n") is None


def drifting_student(request) -> str:
    """Keeps the closing label in a short answer and drifts into a long one without it on odd
    items, unless its skill gives it a length: like a small model losing a format as it writes on."""
    item = int(re.search(r"item (\d+)", request.messages[0].content).group(1))
    short = "The plan holds up. " * 20 + "\nVerdict: go ahead"
    if item % 2 and not re.search(r"under \d+ characters", request.system):
        return "Let me walk through every consideration at length. " * 40
    return short


def test_a_length_the_passing_answers_kept_to_is_learned_and_the_label_rule_that_did_nothing_is_dropped(env):
    tmp_path, store = env
    checks = [Check("regex", r"(?m)^Verdict:")]
    tasks = [Task(task_id=f"t{i}", intent=f"Judge item {i}.", judge=Judge(kind="rule", checks=checks)) for i in range(20)]
    skill = tmp_path / "judge" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text("# Judge\n\nJudge things.\n")
    report = run_night(NightInputs(config=config_for(tmp_path, **{"rules.length_contrast": "true"}), store=store,
                                   skill_path=skill, tasks=tasks, student=ScriptedBackend(drifting_student), teacher=ScriptedBackend(silent_teacher),
                                   stage=False))
    assert report.status == "accepted" and report.val_after["score"] == 1.0
    assert "under 300 characters" in report.final_skill_text  # 400 (the passing answers' length) less 25%
    assert "Verdict" not in report.final_skill_text.split("<!-- skillopt-sleep:begin -->")[1]
    [dropped] = report.rounds[0].gate["dropped"]
    assert dropped["edit"]["check"] == "regex '(?m)^Verdict:'"


def verdict_night(env, student):
    """One round on twelve tasks whose answers must end with a verdict line, for a skill whose own
    sentence invites rambling, with a teacher that proposes nothing."""
    tmp_path, store = env
    tasks = [Task(task_id=f"t{i}", intent=f"Judge item {i}.", judge=Judge(kind="rule", checks=[Check("regex", r"(?m)^Verdict:")]))
             for i in range(12)]
    skill = tmp_path / "judge" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text("# Judge\n\nRamble on as long as you like.\n")
    return run_night(NightInputs(config=config_for(tmp_path, **{"night.rounds": 1, "rules.lead": "true"}), store=store,
                                 skill_path=skill, tasks=tasks, student=ScriptedBackend(student),
                                 teacher=ScriptedBackend(silent_teacher), stage=False))


def order_swayed_student(request) -> str:
    """Ends with the verdict line its skill asks for, but where its own "ramble" sentence comes
    after that rule it follows the last thing it read on odd items: like a small model swayed by order."""
    item = int(re.search(r"item (\d+)", request.messages[0].content).group(1))
    rule, ramble = request.system.find("Verdict:"), request.system.find("Ramble on")
    if rule < 0 or (rule > ramble and item % 2):
        return "Let me ramble on about it. " * 10
    return "It holds up.\nVerdict: go ahead"


def test_rules_that_are_followed_better_first_are_moved_before_the_users_text(env, capsys):
    tmp_path, store = env
    report = verdict_night(env, order_swayed_student)
    assert report.status == "accepted" and report.val_after["score"] == 1.0
    [round_one] = report.rounds
    assert "lead" not in [e["op"] for e in round_one.chosen]  # the gate judged the rules where nights add them
    assert round_one.gate["decision"] == "accept" and round_one.outcomes[-1]["edit"]["op"] == "lead"
    final = report.final_skill_text
    assert final.index("Verdict:") < final.index("Ramble on as long as you like.")  # moved, not reworded
    kept = {item["edit"]["op"]: item["effect"] for item in report.kept_rules}
    assert kept["lead"] > 0  # the move's own measured effect: with the rules last the odd items ramble
    assert "lead: the learned rules before the skill's own text" in [e.text for e in ledger.entries(store)]
    assert "- **lead** (placement, checks evidence" in render_markdown(report)
    print_outcome(report)
    assert "[kept] round 1 lead (placement): the learned rules before the skill's own text" in capsys.readouterr().out


def last_word_student(request) -> str:
    """Ends with a verdict on even items anyway; on odd items only when the rule asking for it is
    the last thing its skill says: like a small model that follows whatever it read last."""
    item = int(re.search(r"item (\d+)", request.messages[0].content).group(1))
    rule, ramble = request.system.find("Verdict:"), request.system.find("Ramble on")
    if item % 2 == 0 or rule > ramble:
        return "It holds up.\nVerdict: go ahead"
    return "Let me ramble on about it. " * 10


def test_a_move_that_hurts_is_dropped_without_taking_the_rounds_rule_with_it(env, capsys):
    report = verdict_night(env, last_word_student)
    # With the rules first the odd items ramble again: no better than the skill as it was, so a
    # candidate carrying the move would have lost the rule too.
    assert report.status == "accepted" and report.val_after["score"] == 1.0
    [round_one] = report.rounds
    [dropped] = round_one.gate["dropped"]
    assert dropped["edit"]["op"] == "lead" and "no measured gain" in dropped["why"]
    final = report.final_skill_text
    assert final.index("Ramble on as long as you like.") < final.index("Verdict:")
    assert [item["edit"]["op"] for item in report.kept_rules] == ["add"]
    print_outcome(report)
    assert ("  [dropped] round 1 lead (placement): the learned rules before the skill's own text (with it 0.500 vs 1.000 "
            "without") in capsys.readouterr().out


def test_a_move_the_student_does_not_care_about_is_dropped_and_not_tried_again_that_night(env):
    tmp_path, store = env
    report = two_round_summary_night(env, [Check("max_chars", 1200)], **{"rules.lead": "true"})
    first, second = report.rounds
    assert [d["edit"]["op"] for d in first.gate["dropped"]] == ["lead"]  # no measured gain
    assert "lead" not in [o["edit"]["op"] for o in second.outcomes]  # measured once a night
    assert [r.gate["decision"] for r in report.rounds] == ["accept", "accept"]  # the round's rule stayed
    final = report.final_skill_text
    assert final.index("Sum things up.") < final.index("under 600 characters")  # the rules stay last
    [entry] = [e for e in ledger.entries(store) if e.text.startswith("lead:")]
    assert entry.status == "dropped"
    # A move among the rejected edits (a store an earlier version wrote) names the rules it moved
    # as its anchor; the teacher is never told those rules themselves were rejected.
    move = Edit(op="lead", anchor="- Keep the whole answer under 900 characters.")
    evidence = gather_evidence([Task(task_id="t1", intent="Sum up item 1.", judge=Judge(kind="rule", checks=[Check("max_chars", 1200)]))],
                               [length_rollout("t1", 2000)])
    assert "under 900 characters" not in reflection_prompt(final, evidence, [move], batch=4)


def test_structural_checks_become_one_layout_of_plain_lines_that_end_the_answer():
    """The student's reworded requests met a layout of plain closing lines about twice as often as a
    fenced block at the start; the labelled value is the teacher's placeholder, never the pattern."""
    label, verdict = Check("regex", r"(?mi)^\s*Confidence\s*:"), Check("regex", r"(?mi)^\s*Verdict\s*:")
    length, section = Check("max_chars", 1200), Check("section_present", "Open Questions")
    for checks, fenced in (([label, verdict, length], False), ([label, verdict, length, section], True)):
        tasks = [Task(task_id=f"t{i}", intent=f"Advise on plan {i}.", judge=Judge(kind="rule", checks=checks))
                 for i in range(2)]
        evidence = gather_evidence(tasks, [rollout(t.task_id, c, False) for t in tasks for c in checks])
        placeholder = {f"regex {label.arg!r}": "<high, medium or low>"}
        layout = edits_from_checks(evidence, RuleSettings(), placeholder).edits[-1].text
        assert "(the whole answer at most 900 characters):" in layout.splitlines()[0]
        assert "Confidence: <high, medium or low>" in layout and "\\s" not in layout
        if fenced:  # a heading stays inside a fence, so the rules after it never read as that section's bullets
            assert layout.startswith("- Lay out every answer like this") and layout.endswith("- …\n```")
        else:
            assert layout.startswith("- End every answer with exactly these lines") and "```" not in layout
            assert layout.splitlines()[-1] in ("Confidence: <high, medium or low>", "Verdict: …")


def test_the_lint_refuses_topics_prose_labels_and_repeats():
    tasks = [Task(task_id="a", intent="Advise on whether a bakery should open a second shop.", judge=Judge(kind="rubric", rubric="x")),
             Task(task_id="b", intent="Advise on whether a studio should hire a designer.", judge=Judge(kind="rubric", rubric="x"))]
    skill = "# Advisor\n\nAlways end with a clear recommendation.\n"
    edits = [Edit("add", "Analyze whether the bakery should open a second shop."),
             Edit("add", "The advisor weighs options for the reader."),
             Edit("add", "## Key Points"),
             Edit("add", "Recommendation:"),
             Edit("add", "Tools called: search"),
             Edit("add", "Always end with a clear recommendation."),
             Edit("add", "State the main risk in one sentence before the recommendation.")]
    result = lint_edits(edits, tasks, skill)
    assert [e.text for e in result.kept] == ["State the main risk in one sentence before the recommendation."]
    reasons = [why for _, why in result.refused]
    assert "topic" in reasons[0] and "prose" in reasons[1] and "heading" in reasons[2]
    assert "label" in reasons[3] and "label with a value" in reasons[4] and "repeats" in reasons[5]


def test_the_lint_refuses_a_request_restated_or_quoted_as_an_example_even_when_its_topic_recurs_and_a_dangling_lead_in():
    intents = ["Summarize what my manager should know about a new hire's first week.",
               "Explain a new hire's first week to the whole team.",
               "Summarize what the whole team should know about the fire drill.",
               "Write a short message to a supplier about a price increase.",
               "Summarize what a supplier should know about the office move."]
    tasks = [Task(task_id=f"t{i}", intent=text, judge=Judge(kind="rubric", rubric="x")) for i, text in enumerate(intents)]
    restated = "To summarize, say what your manager should know about a new hire's first week in two paragraphs."
    lead_in = "Begin by saying who the note is for, then use these steps:"
    general = "Say what the reader should know about the matter in the first sentence, then give the details."
    example = "Open the note with a subject line, for example: \"Your New Hire's First Week\"."
    own_words = "Don't name the team's plans; write \"[date]\" where the reader's date goes."
    lead_line = "- Lay out every answer like this (at most 900 characters):"  # the lines after it stay
    relead = Edit("replace", lead_line, anchor="- Lay out every answer like this:")
    result = lint_edits([Edit("add", restated), Edit("add", lead_in), Edit("add", general), relead,
                         Edit("add", example), Edit("add", own_words)], tasks, "# Writer\n")
    assert [e.text for e in result.kept] == [general, lead_line, own_words]
    reasons = dict((e.text, why) for e, why in result.refused)
    assert "restates a request" in reasons[restated] and "hire's first week" in reasons[restated]
    assert "lead-in" in reasons[lead_in]
    assert "quotes a request's topic" in reasons[example] and "week" in reasons[example]


def test_the_lint_refuses_a_students_answer_given_back_as_a_rule():
    tasks = [Task(task_id=f"t{i}", intent=f"List the first steps for {topic}.", judge=Judge(kind="rubric", rubric="x"))
             for i, topic in enumerate(["the fire drill", "the office move"])]
    answer = ("### 1. **Planning**\n- Pick a date and tell everyone.\n### 2. **Preparation**\n- Ensure you have "
              "appropriate safety gear, such as a fire extinguisher, a detector and gloves, and check every exit "
              "before the day begins.")
    copied = "### 2. **Preparation**\n- Ensure you have appropriate safety gear, such as a fire extinguisher, a detector"
    cut = "- Document the problem, including its location, cause, and [... 1178 more chars]"
    rule = "Give each step a short heading of its own, then one line on what to do first."
    result = lint_edits([Edit("add", copied), Edit("add", cut), Edit("add", rule)], tasks, "# Writer\n", [answer])
    assert [e.text for e in result.kept] == [rule]
    assert [why for _, why in result.refused] == ["copies a student's answer",
                                                  "copies an answer the teacher was shown (its cut mark with it)"]


def test_each_arm_makes_its_own_calls(env):
    tmp_path, store = env
    calls = {}
    for arm in ("paired", "off"):
        student = ScriptedBackend(changelog_student, model="student")
        recipe = recipe_from_dict({"name": "arms", "benchmark": {"name": "literal-trap"}, "split": {"test": 2, "val": 4, "train": 4},
                                   "nights": 1, "arm": arm, "student": {"backend": "scripted", "model": "student"},
                                   "teacher": {"backend": "scripted", "model": "teacher"},
                                   "config": {"night.rounds": 1, "rules.lead": False}})
        result = run_recipe(recipe, store, tmp_path / "work", student=student,
                            teacher=ScriptedBackend(literal_copying_teacher, model="teacher"),
                            base_config=load_config(env={}, cwd=tmp_path))
        calls[arm] = (student.calls, result.nights[0].calls)
        accepted = [e["text"] for e in result.nights[0].accepted_edits]
        # The paired arm's attribution leaves the literal out, and the results say so.
        assert any("TCK-" in text for text in accepted) == (arm == "off")
    assert calls["off"][0] > 0 and calls["off"][1]["cached"] == 0  # nothing came from the paired arm's record
    assert calls["paired"][1]["cached"] == 0


def test_the_rules_command_lists_the_ledger(env, capsys):
    tmp_path, store = env
    report, skill = stress_night(tmp_path, store)
    assert main(["rules", "--store", str(tmp_path / "store.db"), "--skill", str(skill)]) == 0
    out = capsys.readouterr().out
    assert "[dropped]" in out and "TCK-" in out
    assert "[accepted] effect +" in out and "[proposed]" not in out  # an unstaged night proposes nothing


def test_a_labelled_rule_says_what_its_value_is_in_the_teachers_words_never_a_tasks_topic(env):
    tmp_path, store = env
    check = Check("regex", r"[Cc]onfidence\s*[:=]")
    tasks = [Task(task_id=f"t{i}", intent=f"Advise on whether {topic}.", judge=Judge(kind="rule", checks=[check]))
             for i, topic in enumerate(["a bakery should open a second shop", "a studio should hire a designer"])]
    passing = "Confidence: low, the numbers are thin"
    evidence = gather_evidence(tasks, [rollout("t0", check, False), rollout("t1", check, False),
                                       rollout("t1", check, True, "Confidence: the bakery looks fine to open"),
                                       rollout("t0", check, True, passing)])
    wanted = labelled_checks(evidence)
    assert [c for c, _ in wanted] == [check]
    for reply, shown in (("Confidence: <high, medium or low>", "<high, medium or low>"),
                         ("Confidence: <how sure the bakery is>", ""),  # one task's topic
                         ("Confidence: High", ""), ("no label here", ""), ("Confidence: <" + "very " * 15 + "sure>", "")):
        values = placeholders(ScriptedBackend(lambda request, reply=reply: reply), CallRecorder(store, None), wanted, seed=1)
        text = edits_from_checks(evidence, RuleSettings(), values).edits[0].text
        assert (f'"Confidence: {shown}"' in text) is bool(shown), text
        assert "bakery" not in text and passing in text  # the student's own short line, never a topic line


# -- the paired gate looks again at an undecided gain ---------------------------------------------


def split_score(per_rollout: dict[str, list[float]]) -> SplitScore:
    means = {task: sum(values) / len(values) for task, values in per_rollout.items()}
    mean = sum(means.values()) / len(means)
    return SplitScore(mean, mean, mean, means, len(means), per_rollout=per_rollout)


def test_an_undecided_gain_is_accepted_when_one_more_sample_confirms_it():
    # The edits make samples 0 of tasks t0 and t1, and sample 2 of t2, pass; the rest fail either way.
    helped = {("t0", 0), ("t1", 0), ("t2", 2)}
    calls = []

    def replay_with(edits, samples=None, stage="gate"):
        calls.append((stage, samples))
        return split_score({f"t{i}": [float(bool(edits) and (f"t{i}", k) in helped) for k in range(samples or 2)]
                            for i in range(4)})

    edits = [Edit(op="add", text="- Say it."), Edit(op="add", text="- Say it again.")]
    once = judge(replay_with([]), edits, replay_with, GateSettings(extra_samples=0))
    assert once.verdict.undecided and not once.verdict.accepted  # 2 of 4 tasks better: p 0.25 > 0.2
    calls.clear()
    result = judge(replay_with([]), edits, replay_with, GateSettings())
    assert result.verdict.accepted and result.gate_record["looks"] == 2  # 3 of 4 tasks better: p 0.125
    assert "look 2, 3 samples per task" in result.gate_record["arithmetic"]  # what the report shows
    assert calls[2:4] == [("gate", 3), ("gate", 3)]  # one more sample under both documents
    attribution = [samples for stage, samples in calls if stage == "attribution"]
    assert attribution and set(attribution) == {3}  # edits earn their place over the same samples


def test_looking_again_keeps_the_false_accept_rate_of_an_idle_edit_within_the_confidence():
    rng = random.Random(1)

    def trial(spend: bool) -> bool:
        draws: dict = {}

        def replay_with(edits, samples=None, stage="gate"):
            doc = "candidate" if edits else "current"
            return split_score({f"t{i}": [draws.setdefault((doc, i, k), float(rng.random() < 0.5))
                                          for k in range(samples or 2)] for i in range(8)})

        settings = GateSettings(attribution=False, extra_samples=6)
        if spend:
            return judge(replay_with([]), [Edit(op="add", text="- x")], replay_with, settings).verdict.accepted
        # The same looks, each tested at the full level: what the spending guards against.
        for samples in range(2, 9):
            current, candidate = replay_with([], samples), replay_with([1], samples)
            verdict = judge_paired(current.per_rollout, candidate.per_rollout, confidence=settings.confidence)
            if not verdict.undecided:
                return verdict.accepted
        return False

    trials = 2000
    spent = sum(trial(True) for _ in range(trials)) / trials
    naive = sum(trial(False) for _ in range(trials)) / trials
    assert spent <= 0.2 < naive


# -- an undecided gain may come back on a later night, at the budget its looks left -----------


def test_an_edit_the_gate_could_not_decide_comes_back_on_later_nights_within_the_budget(env):
    _, store = env
    edit = Edit(op="add", text="- Say it.")
    noise = CandidateResult(GateVerdict(REJECT, "the gain could be sampling noise", 0.2, 0.4, undecided=True, size=0.06),
                            applied=False, score=split_score({"t0": [0.0]}), edits=[edit], spent=0.06)
    judged_against(store, "SKILL.md", "n1", [edit], noise, GateSettings())
    # Not evidence against the edit: a later night may propose it again and starts from what was spent.
    assert load_rejected(store, "SKILL.md") == [] and undecided.spent_before(store, "SKILL.md", "n2", [edit]) == 0.06
    assert [e.status for e in ledger.entries(store, skill_path="SKILL.md")] == ["undecided"]
    # A night resumed after a crash meets the same edit again: it is still its own first night.
    judged_against(store, "SKILL.md", "n1", [edit], noise, GateSettings())
    assert undecided.spent_before(store, "SKILL.md", "n1", [edit]) == 0.0
    judged_against(store, "SKILL.md", "n2", [edit], noise, GateSettings())
    assert load_rejected(store, "SKILL.md") == []
    judged_against(store, "SKILL.md", "n3", [edit], noise, GateSettings())  # undecided on every night it may come back
    assert [e.text for e in load_rejected(store, "SKILL.md")] == ["- Say it."]

    # So is one whose looks spent the whole budget: no later look could accept it.
    spent_all = CandidateResult(noise.verdict, applied=False, score=noise.score, edits=[Edit(op="add", text="- Spent.")],
                                spent=0.2)
    judged_against(store, "SKILL.md", "n1", spent_all.edits, spent_all, GateSettings())
    assert "- Spent." in [e.text for e in load_rejected(store, "SKILL.md")]

    # A rejection proper is remembered at once.
    worse = CandidateResult(GateVerdict(REJECT, "no improvement (worse)", 0.4, 0.2), applied=False,
                            score=split_score({"t0": [0.0]}), edits=[Edit(op="add", text="- Other.")])
    judged_against(store, "SKILL.md", "n1", worse.edits, worse, GateSettings())
    assert "- Other." in [e.text for e in load_rejected(store, "SKILL.md")]


RISK_RULE = "- Name one risk in every answer."


def risk_student(request) -> str:
    """Follows the risk rule on about a third of its samples (which ones: a hash of seed and request)."""
    h = int(hashlib.sha256(f"{request.seed}|{request.messages[-1].content}".encode()).hexdigest(), 16)
    return "The plan works. One risk: cost." if RISK_RULE in request.system and h % 3 == 0 else "The plan works."


def risk_night(tmp_path, store, night: str, seed: int):
    skill = tmp_path / "planner" / "SKILL.md"
    if not skill.exists():
        skill.parent.mkdir(parents=True)
        skill.write_text("---\nname: planner\ndescription: Plans\n---\n\n# Planner\n\nAnswer the question.\n")
    # Each night its own sessions: new tasks, so new held-out answers.
    tasks = [Task(task_id=f"{night}-t{i}", intent=f"Plan release {night} {i}.",
                  judge=Judge(kind="rule", checks=[Check("contains", "risk")])) for i in range(8)]
    teacher = ScriptedBackend(lambda request: json.dumps({"diagnosis": "no risk named", "edits": [
        {"op": "add", "text": RISK_RULE, "rationale": "the checks want a risk"}]}))
    config = config_for(tmp_path, **{"night.seed": seed, "night.rounds": 1, "rules.min_tasks": 99})
    return run_night(NightInputs(config=config, store=store, skill_path=skill, tasks=tasks,
                                 student=ScriptedBackend(risk_student), teacher=teacher, stage=False))


def test_a_rule_the_gate_could_not_decide_is_proposed_again_on_the_next_night_and_can_win_there(env):
    tmp_path, store = env
    first = risk_night(tmp_path, store, "a", 26)
    assert first.status == "rejected" and first.rounds[0].gate["undecided"]  # a gain, but it could be noise
    assert [(e.text, e.status) for e in ledger.entries(store, night_id=first.night_id)] == [(RISK_RULE, "undecided")]
    second = risk_night(tmp_path, store, "b", 126)
    assert [e["text"] for e in second.rounds[0].chosen] == [RISK_RULE]  # not banned by the first night
    assert second.status == "accepted" and RISK_RULE in second.final_skill_text


def test_an_idle_edit_judged_again_on_later_nights_gets_in_at_most_one_minus_confidence_of_the_time():
    rng = random.Random(1)

    def night(spent: float):
        draws: dict = {}

        def replay_with(edits, samples=None, stage="gate"):
            doc = "candidate" if edits else "current"
            return split_score({f"t{i}": [draws.setdefault((doc, i, k), round(rng.random(), 2))
                                          for k in range(samples or 2)] for i in range(4)})

        return judge(replay_with([]), [Edit(op="add", text="- x")], replay_with,
                     GateSettings(attribution=False), spent=spent)

    def edit_gets_in(carry: bool) -> bool:
        spent = 0.0
        # Each night new held-out answers, so an idle edit's gain is noise; more nights than an edit
        # may come back on, to show the budget alone holds the rate down.
        for _ in range(8):
            result = night(spent)
            if result.verdict.accepted:
                return True
            if not result.undecided:
                return False
            spent = result.spent if carry else 0.0
        return False

    # Scores with partial credit, so the test's size can reach the whole budget on the first look;
    # the slack is two standard errors of a rate estimated from this many trials.
    trials = 3000
    carried = sum(edit_gets_in(True) for _ in range(trials)) / trials
    afresh = sum(edit_gets_in(False) for _ in range(trials)) / trials
    assert carried <= 0.215 < 0.22 <= afresh
