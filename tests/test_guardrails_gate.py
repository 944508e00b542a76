"""A guardrail judged alone, sample by sample against the same replays without it: one that breaks
an outcome that passed is dropped, one that moves no convention check is not proposed, one that
raises the convention with every outcome kept is proposed; each kept rule's check names its
guardrails once."""

from __future__ import annotations

from skillopt_sleep.config import SCHEMA
from skillopt_sleep.guardrails.forms import COMMAND, FINISH_CHECK, PATH, Guardrail
from skillopt_sleep.guardrails.gate import BLOCKS_WORK, NO_EFFECT, NOT_JUDGED, judge, judge_all
from skillopt_sleep.guardrails.replay import Enforcement
from skillopt_sleep.night.gate.guardrailing import agents_written, candidates
from skillopt_sleep.records import CheckResult, Edit, Rollout, Score
from skillopt_sleep.tasks.judges.repo import OUTCOME_OP

CHECK = "command_avoided 'npm'"


def rollout(task: str, sample: int, convention: bool, outcome: bool, error: str = "") -> Rollout:
    checks = [CheckResult("command_avoided", "npm", convention), CheckResult(OUTCOME_OP, "make test", outcome)]
    return Rollout(task, sample, "", Score(hard=float(outcome), soft=float(outcome), checks=checks), error=error)


NPM = Guardrail(COMMAND, "npm", "pnpm")
WITHOUT = [rollout("a", 0, False, True), rollout("a", 1, True, True), rollout("b", 0, False, False)]


def test_raising_the_convention_with_every_outcome_kept_is_proposed():
    verdict = judge(NPM, CHECK, WITHOUT, [rollout("a", 0, True, True), rollout("a", 1, True, True), rollout("b", 0, True, False)])
    assert verdict.kept and verdict.convention == (3, 1, 3) and verdict.outcome == (3, 2, 2)
    assert "convention 1/3 -> 3/3" in verdict.line()


def test_one_outcome_broken_drops_it_whatever_the_convention_gained():
    verdict = judge(NPM, CHECK, WITHOUT, [rollout("a", 0, True, False), rollout("a", 1, True, True), rollout("b", 0, True, False)])
    assert verdict.fate == BLOCKS_WORK and verdict.blocked == ["a"]


def test_no_gain_or_nothing_to_judge_is_not_proposed():
    assert judge(NPM, CHECK, WITHOUT, WITHOUT).fate == NO_EFFECT
    errored = [rollout(r.task_id, r.sample, True, True, error="backend down") for r in WITHOUT]
    assert judge(NPM, CHECK, WITHOUT, errored).fate == NOT_JUDGED  # a failed replay is no evidence


def test_each_candidate_is_replayed_alone_on_top_of_the_guardrails_in_force():
    in_force = Guardrail(PATH, "generated/**")
    seen: list[list[Guardrail]] = []

    def replay(enforcement: Enforcement) -> list[Rollout]:
        seen.append(list(enforcement.guardrails))
        return WITHOUT
    judge_all([(NPM, CHECK), (Guardrail(FINISH_CHECK, "make test"), "ran_before_finish 'make test'")],
              Enforcement([in_force]), replay)
    assert seen == [[in_force], [in_force, NPM], [in_force, Guardrail(FINISH_CHECK, "make test")]]


def test_kept_rules_name_their_guardrails_once_and_prose_only_kinds_none():
    edits = [Edit(op="add", text="- no npm", check=CHECK), Edit(op="add", text="- no npm again", check=CHECK),
             Edit(op="add", text="- tests", check="adds_test None"), Edit(op="add", text="- teacher's own")]
    assert candidates(edits) == [(Guardrail(COMMAND, "npm"), CHECK)]
    deps = candidates([Edit(op="add", text="- no deps", check="dependency_set_unchanged 'package.json'")])
    assert [g.value for g, _ in deps] == ["npm add", "pnpm add", "yarn add", "bun add"]


def test_guardrails_are_written_for_the_agent_the_night_was_held_as_unless_named():
    default = SCHEMA["repo.guardrail_agents"].default
    assert agents_written(default, Enforcement(agent="codex")) == ["codex"]  # a Codex user's night writes Codex's files
    assert agents_written(default, None) == ["claude-code"]
    assert agents_written("claude-code, codex", Enforcement(agent="codex")) == ["claude-code", "codex"]
    assert agents_written("auto,codex", Enforcement(agent="codex")) == ["codex"]
