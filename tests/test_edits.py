from skillopt_sleep.night.propose.edits import EditLimits, apply_edits
from skillopt_sleep.records import Edit
from skillopt_sleep.night.propose.skilldoc import MANAGED_BEGIN, MANAGED_END, managed_text

DOC = "---\nname: x\ndescription: y\n---\n\n# Skill\n\nBe exhaustive and detailed.\nWrite multiple paragraphs.\n"


def test_add_creates_the_managed_region_and_keeps_user_text():
    text, [outcome] = apply_edits(DOC, [Edit(op="add", text="- Keep answers under 1200 characters.")])
    assert outcome.landed
    assert text.startswith(DOC)  # every byte of the user's text is still there, in place
    assert MANAGED_BEGIN in text and text.rstrip().endswith(MANAGED_END)
    assert managed_text(text) == "- Keep answers under 1200 characters.\n"


def test_a_region_written_with_the_older_longer_marker_is_still_the_managed_region():
    old = DOC + "\n<!-- skillopt-sleep:begin (rules learned offline; edit freely, nights keep them inside these markers) -->\n- one\n" \
        + MANAGED_END + "\n"
    text, [outcome] = apply_edits(old, [Edit(op="add", text="- two")])
    assert outcome.landed and managed_text(text) == "- one\n- two\n"
    assert "skillopt-sleep:begin" in text and text.count("skillopt-sleep:begin") == 1


def test_second_add_goes_into_the_same_region_in_order():
    text, _ = apply_edits(DOC, [Edit(op="add", text="- one"), Edit(op="add", text="- two")])
    assert managed_text(text) == "- one\n- two\n"
    assert text.count(MANAGED_BEGIN) == 1


def test_replace_and_delete_outside_the_region_are_refused_by_default():
    text, outcomes = apply_edits(DOC, [
        Edit(op="replace", anchor="Be exhaustive and detailed.", text="Be brief."),
        Edit(op="delete", anchor="Write multiple paragraphs."),
    ])
    assert text == DOC
    assert all(not o.landed and "outside the managed region" in o.reason for o in outcomes)


def test_replace_and_delete_outside_allowed_by_rule():
    limits = EditLimits(allow_outside_managed=True)
    text, outcomes = apply_edits(DOC, [
        Edit(op="replace", anchor="be exhaustive  and detailed.", text="Be brief."),  # loose quoting
        Edit(op="delete", anchor="Write multiple paragraphs."),
    ], limits)
    assert all(o.landed for o in outcomes)
    assert "Be brief." in text and "multiple paragraphs" not in text and "\n\n\n" not in text


def test_frontmatter_is_protected_even_when_outside_edits_are_allowed():
    text, [outcome] = apply_edits(DOC, [Edit(op="replace", anchor="name: x", text="name: hacked")], EditLimits(allow_outside_managed=True))
    assert not outcome.landed and "frontmatter" in outcome.reason and text == DOC


def test_replace_inside_the_region():
    text, _ = apply_edits(DOC, [Edit(op="add", text="- Answer in 3 bullets.")])
    text, [outcome] = apply_edits(text, [Edit(op="replace", anchor="- Answer in 3 bullets.", text="- Answer in 5 bullets.")])
    assert outcome.landed and managed_text(text) == "- Answer in 5 bullets.\n"


def test_bad_edits_are_skipped_with_reasons():
    long_text = "x" * 700
    edits = [
        Edit(op="rewrite", text="- a"),
        Edit(op="add", text="  "),
        Edit(op="add|replace", text="- a"),
        Edit(op="add", text="<rule text>"),
        Edit(op="add", text=long_text),
        Edit(op="replace", anchor="not in the doc", text="b"),
        Edit(op="delete", anchor=""),
        Edit(op="add", text="Write multiple paragraphs."),
    ]
    text, outcomes = apply_edits(DOC, edits)
    assert text == DOC
    reasons = [o.reason for o in outcomes]
    assert not any(o.landed for o in outcomes)
    assert "unknown op" in reasons[0] and "empty" in reasons[1] and "unknown op" in reasons[2]
    assert "placeholder" in reasons[3] and "cap" in reasons[4] and "not found" in reasons[5]
    assert "anchor" in reasons[6] and "already present" in reasons[7]


def test_ambiguous_anchor_is_skipped():
    doc = DOC + "Write multiple paragraphs.\n"
    _, [outcome] = apply_edits(doc, [Edit(op="delete", anchor="Write multiple paragraphs.")], EditLimits(allow_outside_managed=True))
    assert not outcome.landed and "ambiguous" in outcome.reason


def test_document_cap_is_enforced():
    _, [outcome] = apply_edits(DOC, [Edit(op="add", text="- " + "y" * 300)], EditLimits(max_doc_chars=len(DOC) + 100))
    assert not outcome.landed and "over the cap" in outcome.reason


def test_add_after_anchor_inside_region():
    text, _ = apply_edits(DOC, [Edit(op="add", text="- first"), Edit(op="add", text="- last")])
    text, [outcome] = apply_edits(text, [Edit(op="add", anchor="- first", text="- second")])
    assert outcome.landed and managed_text(text) == "- first\n- second\n- last\n"


def test_lead_moves_the_rules_before_the_users_text_without_changing_a_word_of_it():
    learned, _ = apply_edits(DOC, [Edit(op="add", text="- Keep answers under 900 characters.")])
    moved, [outcome] = apply_edits(learned, [Edit(op="lead", anchor=managed_text(learned))])
    assert outcome.landed
    assert moved == ("---\nname: x\ndescription: y\n---\n\n# Skill\n\n" + MANAGED_BEGIN + "\n- Keep answers under 900 characters.\n"
                     + MANAGED_END + "\n\nBe exhaustive and detailed.\nWrite multiple paragraphs.\n")
    # Moved once; a second move and a document without rules are refused with the reason.
    again, [twice] = apply_edits(moved, [Edit(op="lead")])
    assert again == moved and not twice.landed and "already come first" in twice.reason
    _, [none] = apply_edits(DOC, [Edit(op="lead")])
    assert not none.landed and "no learned rules" in none.reason
    # New rules join the region where it now stands.
    grown, _ = apply_edits(moved, [Edit(op="add", text="- End with a verdict.")])
    assert managed_text(grown) == "- Keep answers under 900 characters.\n- End with a verdict.\n"
    assert grown.rstrip().endswith("Write multiple paragraphs.")


def test_lead_without_a_title_or_frontmatter_puts_the_rules_on_top():
    doc = "Answer briefly.\n\n" + MANAGED_BEGIN + "\n- Name the file.\n" + MANAGED_END + "\n"
    moved, [outcome] = apply_edits(doc, [Edit(op="lead")])
    assert outcome.landed and moved == MANAGED_BEGIN + "\n- Name the file.\n" + MANAGED_END + "\n\nAnswer briefly.\n"
