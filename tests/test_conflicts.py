"""A rule the night states from a failing check can lose to a line of the user's own text that asks
for the opposite. Where user text may be edited, the night proposes taking that line out beside
the rule, and the gate keeps the delete only if putting the line back costs score."""

from __future__ import annotations


from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.experiments.report_stats import kept_rules_section
from skillopt_sleep.config import load_config
from skillopt_sleep.night.propose import conflicts
from skillopt_sleep.night.propose.edits import EditLimits, apply_edits
from skillopt_sleep.night.sequencing.engine import NightInputs, run_night
from skillopt_sleep.proposals import ledger
from skillopt_sleep.records import Check, Edit, Judge, Task

SKILL = ("---\nname: summariser\ndescription: Summarises notes\n---\n\n# Summariser\n\n"
         "Summarise the notes you are given.\nExplore every angle and write several long paragraphs.\n"
         "Use plain words.\n")
LONG_LINE = "Explore every angle and write several long paragraphs."


def student(request) -> str:
    """Like a small model: the user's own request for length wins over any rule after it."""
    if "several long paragraphs" in request.system:
        return "A long summary. " * 60
    return "A short summary."


def teacher(request) -> str:
    if request.system == conflicts.SYSTEM:
        numbered = request.messages[-1].content
        return next(line.split(".")[0] for line in numbered.splitlines() if "long paragraphs" in line)
    return "{}"


def night(tmp_path, store, **overrides):
    skill = tmp_path / "summariser" / "SKILL.md"
    skill.parent.mkdir(parents=True, exist_ok=True)
    skill.write_text(SKILL)
    tasks = [Task(task_id=f"n{i:02d}", intent=f"Summarise meeting notes {i}.",
                  judge=Judge(kind="rule", checks=[Check("max_chars", 400)])) for i in range(10)]
    flags = {"staging.dir": str(tmp_path / "staging"), "night.seed": "3", "night.rounds": "1",
             "night.val_fraction": "0.5", **{k: str(v) for k, v in overrides.items()}}
    config = load_config(cwd=tmp_path, env={}, flags=flags, user_file=tmp_path / "none.yaml")
    return run_night(NightInputs(config=config, store=store, skill_path=skill, tasks=tasks,
                                 student=ScriptedBackend(student), teacher=ScriptedBackend(teacher), stage=False))


def test_the_sentence_that_asks_for_the_opposite_is_taken_out_and_the_rest_stays(tmp_path, store):
    report = night(tmp_path, store, **{"edits.allow_outside_managed": "true"})
    assert report.status == "accepted"
    final = report.final_skill_text
    assert LONG_LINE not in final
    assert "Summarise the notes you are given." in final and "Use plain words." in final
    kept = {(rule["edit"]["op"], rule["edit"]["anchor"]) for rule in report.kept_rules}
    assert ("delete", LONG_LINE) in kept and all(rule["effect"] > 0 for rule in report.kept_rules)
    # The ledger, and so `skillopt-sleep rules`, names the line the night takes out.
    by_text = {e.text: e for e in ledger.entries(store, skill_path=report.skill_path)}
    assert by_text[f"delete: {LONG_LINE}"].effect > 0


def test_without_leave_to_edit_user_text_no_line_is_asked_about_or_removed(tmp_path, store):
    report = night(tmp_path, store)
    assert LONG_LINE in report.final_skill_text
    assert not any(e["op"] == "delete" for r in report.rounds for e in r.chosen)
    asked = store.query("SELECT request_json FROM model_calls WHERE role = 'teacher'")
    assert not any(conflicts.SYSTEM in row["request_json"] for row in asked)


def test_only_the_users_own_sentences_are_offered_one_at_a_time(store):
    text = SKILL + "\n<!-- skillopt-sleep:begin -->\n- Keep the whole answer under 300 characters.\n<!-- skillopt-sleep:end -->\n"
    assert conflicts.user_sentences(text) == ["Summarise the notes you are given.", LONG_LINE, "Use plain words."]
    # A sentence wrapped over two lines is one; list items are their own; headings and the frontmatter are not offered.
    wrapped = ("---\nname: a\ndescription: b\n---\n# Advisor\n\nDiscuss the options so the\nreader decides. Be kind.\n"
               "- Cite sources.\n- Use tables.\n")
    assert conflicts.user_sentences(wrapped) == ["Discuss the options so the reader decides.", "Be kind.",
                                                 "- Cite sources.", "- Use tables."]
    # A reply naming no sentence, one out of range, or prose names nothing.
    sentences = conflicts.user_sentences(text)
    assert conflicts.named("0", sentences) == [] and conflicts.named("9", sentences) == []
    assert conflicts.named("none of them", sentences) == []
    rule = Edit(op="add", text="- Keep the whole answer under 300 characters.", source="checks", support=4)
    edits = conflicts.conflict_edits(ScriptedBackend(teacher), CallRecorder(store, None), text, [rule], seed=1)
    assert [(e.op, e.anchor, e.source) for e in edits] == [("delete", LONG_LINE, "conflict")]


def test_a_sentence_forbidding_what_the_rule_asks_is_offered_even_when_the_teacher_names_its_neighbour(store):
    text = ("---\nname: quick\ndescription: Answers\n---\n\n# Quick\n\nAnswer at once from what you know.\n"
            "Do NOT look anything up, search, or use any tools.\nBe polite; never be rude.\n")
    rule = Edit(op="add", text="- Before you answer, call the `search` tool.", source="checks", support=5)
    names_the_first = ScriptedBackend(lambda request: "1")
    edits = conflicts.conflict_edits(names_the_first, CallRecorder(store, None), text, [rule], seed=1)
    # The forbidding sentence first, then the teacher's; a negation about something else stays.
    assert [e.anchor for e in edits] == ["Do NOT look anything up, search, or use any tools.",
                                         "Answer at once from what you know."]
    assert conflicts.forbidding("- Put the figures in a table.", ["Don't use tables.", "Use tables.", "Do not be rude."]) \
        == ["Don't use tables."]
    assert conflicts.forbidding("- Keep it under 300 characters.", ["Explore every angle.", "Never be terse."]) == []


def test_a_wrapped_sentence_is_taken_out_whole_and_its_neighbours_stay():
    doc = "# Advisor\n\nDiscuss the options so the\nreader decides. Be kind.\n"
    text, [outcome] = apply_edits(doc, [Edit(op="delete", anchor="Discuss the options so the reader decides.")],
                                  EditLimits(allow_outside_managed=True))
    assert outcome.landed and text == "# Advisor\n\nBe kind.\n"


def test_the_experiment_report_names_a_kept_delete_by_the_sentence_it_takes_out_and_the_night_that_kept_it():
    row = {"benchmark": {"name": "b", "options": {}}, "label": "b gate=paired", "arm": "paired", "seed": 2, "nights": [{"night": 1, "kept_rules": [
        {"edit": {"op": "delete", "anchor": LONG_LINE, "text": "", "source": "conflict"}, "effect": 0.5},
        {"edit": {"op": "add", "text": "- Keep it short.", "source": "checks"}, "effect": 0.25}]}]}
    section = kept_rules_section([row])
    assert f"“delete: {LONG_LINE}”" in section and "“- Keep it short.”" in section
    assert section.count("night seed 2, night 1:") == 2  # cells differ by night seed; each runs night 1, 2, ...
