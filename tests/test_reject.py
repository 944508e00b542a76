"""The user's no is remembered: `reject`, `adopt --only` and `revert --reject` keep a rule (and any
rule the gate would take for the same one) from coming back on later nights of the skill, unless
its evidence is of another kind; `review` and `rules` say so."""

from __future__ import annotations

from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.cli.main import main
from skillopt_sleep.night.sequencing.engine import run_night
from skillopt_sleep.proposals import ledger
from skillopt_sleep.proposals.reject import Rejection, held_back, normalised
from skillopt_sleep.records import Check, Edit, Judge, Task
from tests.test_night import SKILL, env, inputs, literal_student, rule_task, silent_teacher  # noqa: F401 - env is a fixture

OWNER = Check("regex", "Owner: [A-Z]")


def two_rule_task(i: int) -> Task:
    check = Check("section_present", "Key Risks") if i % 2 else OWNER
    return Task(task_id=f"t{i:02d}", intent=f"Write a brief on topic {i}.", judge=Judge(kind="rule", checks=[check]))


def two_rule_student(request) -> str:
    """Writes what its skill asks for: the risks section, the owner line, or neither."""
    answer = "Answer."
    if "Key Risks" in request.system:
        answer += "\n\n## Key Risks\n- cost"
    if "Owner:" in request.system:
        answer += "\nOwner: Ann"
    return answer


def night(tmp_path, skill, store, *, two: bool = False):
    student = ScriptedBackend(two_rule_student if two else literal_student)
    tasks = [two_rule_task(i) for i in range(16)] if two else [rule_task(i) for i in range(12)]
    return run_night(inputs(tmp_path, skill, store, student, ScriptedBackend(silent_teacher), tasks))


def cli(tmp_path) -> list[str]:
    return ["--store", str(tmp_path / "store.db"), "--set", f"staging.dir={tmp_path / 'staging'}"]


def status_of(store, proposal_id: str) -> str:
    return store.query_one("SELECT status FROM proposals WHERE id = ?", (proposal_id,))["status"]


def test_a_rejected_proposal_is_not_proposed_again_and_the_ledger_keeps_one_entry_with_its_history(env, capsys):
    tmp_path, skill, store = env
    first = night(tmp_path, skill, store)
    assert first.proposal_id
    assert main(["reject", first.proposal_id, *cli(tmp_path)]) == 0
    assert "Rejected proposal" in capsys.readouterr().out
    assert status_of(store, first.proposal_id) == "rejected"
    assert main(["adopt", first.proposal_id, *cli(tmp_path)]) != 0  # a rejected proposal cannot be adopted
    assert skill.read_text() == SKILL

    second = night(tmp_path, skill, store)
    assert second.proposal_id is None and not second.changed
    assert [e.status for e in ledger.entries(store, night_id=second.night_id)] == [ledger.WITHHELD]
    assert any("held back: you rejected them before" in note for note in second.notes)

    assert main(["rules", *cli(tmp_path)]) == 0
    out = capsys.readouterr().out
    # One entry for the rule, not one per night.
    assert len([line for line in out.splitlines() if line.startswith("[") and "Key Risks" in line]) == 1
    assert "history: proposed 1x, held back 1x, rejected by you" in out


def test_the_gate_s_idea_of_the_same_rule_is_held_back_but_evidence_of_another_kind_is_not():
    rejected = Edit(op="add", text="- Give Key Risks a section.", source="checks", check="section_present 'Key Risks'")
    known = [Rejection(rejected.key(), "/s", normalised(rejected.summary()), rejected.check, rejected.evidence_kind,
                       rejected.summary(), "p-1", "")]
    reworded = Edit(op="add", text="*   give key risks   a SECTION", source="checks")
    same_check = Edit(op="add", text="- Put the risks under a heading.", source="checks", check=rejected.check)
    elsewhere = Edit(op="add", text=rejected.text, anchor="# Brief Writer", source="checks")
    assert held_back(reworded, known) and held_back(same_check, known) and held_back(elsewhere, known)
    assert held_back(Edit(op="add", text="- Name an owner.", source="checks"), known) is None
    from_user = Edit(op="add", text=rejected.text, source="checks", evidence_kind="user", check=rejected.check)
    assert held_back(from_user, known) is None  # new evidence, of another kind


def test_a_rejected_rule_comes_back_on_evidence_of_another_kind(env):
    tmp_path, skill, store = env
    first = night(tmp_path, skill, store)
    assert main(["reject", first.proposal_id, *cli(tmp_path)]) == 0
    # The rejection rested on evidence the nights do not have now (say, the teacher's reading).
    store.execute("UPDATE user_rejections SET evidence_kind = 'teacher'")
    again = night(tmp_path, skill, store)
    assert again.proposal_id and "Key Risks" in again.final_skill_text


def test_review_numbers_the_rules_and_adopt_only_takes_a_subset_and_rejects_the_rest(env, capsys):
    tmp_path, skill, store = env
    report = night(tmp_path, skill, store, two=True)
    assert report.proposal_id and len(report.kept_rules) == 2
    assert main(["review", report.proposal_id, *cli(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "  1. [" in out and "  2. [" in out and f"adopt {report.proposal_id} --only" in out
    owner = next(n for n, item in enumerate(report.kept_rules, 1) if "Owner" in item["edit"]["text"])

    assert main(["adopt", report.proposal_id, "--only", str(owner), *cli(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert f"Adopted 1 rule(s) of proposal {report.proposal_id}" in out and "rejected" in out
    live = skill.read_text()
    assert "Owner: A" in live and "Key Risks" not in live
    statuses = {name: e.status for e in ledger.entries(store, night_id=report.night_id)
                for name in ("Key Risks", "Owner: A") if e.text.startswith("- ") and name in e.text}
    assert statuses == {"Key Risks": ledger.DECLINED, "Owner: A": "adopted"}

    # The part adopted reverts byte for byte; the rule left out does not come back.
    assert main(["revert", report.proposal_id, "--keep-rules", *cli(tmp_path)]) == 0
    assert skill.read_text() == SKILL
    later = night(tmp_path, skill, store, two=True)
    assert later.proposal_id and "Owner: A" in later.final_skill_text and "Key Risks" not in later.final_skill_text
    assert main(["review", later.proposal_id, *cli(tmp_path)]) == 0
    assert "Rules held back because you rejected them before" in capsys.readouterr().out


def test_rejecting_one_rule_keeps_the_proposal_pending_and_adopt_leaves_that_rule_out(env, capsys):
    tmp_path, skill, store = env
    report = night(tmp_path, skill, store, two=True)
    risks = next(Edit.from_dict(item["edit"]) for item in report.kept_rules if "Key Risks" in item["edit"]["text"])
    assert main(["reject", report.proposal_id, "--rule", risks.key()[:6], *cli(tmp_path)]) == 0
    assert "stays pending" in capsys.readouterr().out
    assert status_of(store, report.proposal_id) == "pending"
    assert main(["adopt", *cli(tmp_path)]) == 0
    live = skill.read_text()
    assert "Owner: A" in live and "Key Risks" not in live


def test_adopt_only_names_a_rule_the_proposal_has_or_changes_nothing(env, capsys):
    tmp_path, skill, store = env
    report = night(tmp_path, skill, store, two=True)
    assert main(["adopt", report.proposal_id, "--only", "9", *cli(tmp_path)]) != 0
    assert "no rule of proposal" in capsys.readouterr().err
    assert skill.read_text() == SKILL and status_of(store, report.proposal_id) == "pending"


def test_revert_reject_remembers_the_reverted_rules_and_without_a_terminal_nothing_is_rejected(env, capsys):
    tmp_path, skill, store = env
    first = night(tmp_path, skill, store)
    assert main(["adopt", first.proposal_id, *cli(tmp_path)]) == 0
    assert main(["revert", first.proposal_id, *cli(tmp_path)]) == 0  # no terminal: no question, no rejection
    out = capsys.readouterr().out
    assert "to say no:" in out and f"skillopt-sleep reject {first.proposal_id}" in out
    second = night(tmp_path, skill, store)
    assert second.proposal_id  # not rejected: the rule comes back (the finding)

    assert main(["adopt", second.proposal_id, *cli(tmp_path)]) == 0
    assert main(["revert", second.proposal_id, "--reject", *cli(tmp_path)]) == 0
    assert skill.read_text() == SKILL
    third = night(tmp_path, skill, store)
    assert third.proposal_id is None
    assert main(["rules", *cli(tmp_path)]) == 0
    assert ("history: proposed 2x, adopted 2x, reverted 2x, held back 1x, rejected by you"
            in capsys.readouterr().out)
