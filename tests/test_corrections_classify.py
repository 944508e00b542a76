"""The meaning of a user's turn: behaviour first, the pattern reader as a fast path, a model
(scripted here) for what the actions leave open, through the recorded and cached call path; and
the scorer that measures a reader on the correction corpus's items."""

from __future__ import annotations

import json

import pytest

from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.records import Check
from skillopt_sleep.tasks.corrections.behaviour import Convention, read_behaviour
from skillopt_sleep.tasks.corrections.classify import (ModelClassifier, Reading, broken_after, pattern_reading, read_turn, reader_request,
                                                       reading_from_reply)
from skillopt_sleep.tasks.corrections.kinds import convention_check, valid_convention
from skillopt_sleep.tasks.corrections.listed import listed_file_named
from skillopt_sleep.tasks.corrections.markers import marker_named
from skillopt_sleep.tasks.corrections.score import loose, same_convention, score
from skillopt_sleep.tasks.corrections.turns import Action, UserTurnInContext

# The agent used npm, the user hinted in Portuguese, the agent kept its course: nothing in the
# actions says correction, so the model is what reads it.
KEPT_COURSE = UserTurnInContext(before=[Action("run", "npm ci"), Action("say", "Installed.")], user="Ué, npm? Aqui é pnpm.",
                                after=[Action("say", "Both read the same package.json.")])
# The agent replaced npm with pnpm after the turn: a correction whatever anyone says of it.
CHANGED_COURSE = UserTurnInContext(before=[Action("edit", "src/a.ts"), Action("run", "npm install")], user="hm",
                                   after=[Action("run", "pnpm install")])


def reply(label: str, convention: dict | None = None) -> str:
    """A reply in the schema's flat fields."""
    rule = convention or {}
    return json.dumps({"label": label, "rule_kind": rule.get("kind", "none") if convention else "none",
                       "value": rule.get("value", ""), "instead": rule.get("instead", ""), "path": rule.get("path", "")})


def model(store, answer: str) -> tuple[ModelClassifier, ScriptedBackend]:
    backend = ScriptedBackend(lambda request: answer, model="teacher")
    return ModelClassifier(CallRecorder(store, None), backend), backend


def test_a_schema_valid_answer_is_used(store):
    classifier, backend = model(store, reply("correction", {"kind": "command_avoided", "value": "npm", "instead": "pnpm"}))
    reading = read_turn(KEPT_COURSE, classifier)
    assert reading == Reading("correction", Convention("command_avoided", "npm", "pnpm"), "model", named_by="model")
    assert backend.calls == 1


def test_the_request_is_schema_constrained_and_shows_the_actions():
    request = reader_request(CHANGED_COURSE, read_behaviour(CHANGED_COURSE))
    schema = request.json_schema
    assert schema["properties"]["label"]["enum"] == ["correction", "new_request", "approval", "question"]
    kinds = schema["properties"]["rule_kind"]["enum"]
    assert "command_avoided" in kinds and "other" in kinds and kinds[-1] == "none"
    # Every field is required: offered a null rule, a small model takes it whatever the turn says.
    assert schema["required"] == ["label", "rule_kind", "value", "instead", "path"]
    text = request.messages[0].content
    assert "- run: npm install" in text and "- run: pnpm install" in text and "command_replaced" in text


@pytest.mark.parametrize("convention", [
    {"kind": "use_tool", "value": "pnpm"},  # no such kind
    {"kind": "command_avoided", "value": "  "},  # empty value
    {"kind": "path_untouched", "value": "**"},  # a glob of every file: the check registry refuses it
    {"kind": "added_lines_avoid"},  # no value at all
])
def test_an_invalid_convention_is_dropped_and_the_label_kept(store, convention):
    classifier, _ = model(store, reply("correction", convention))
    reading = read_turn(KEPT_COURSE, classifier)
    assert reading.label == "correction" and reading.convention is None


def test_a_nested_convention_reads_as_the_flat_fields():
    nested = json.dumps({"label": "correction", "convention": {"kind": "command_used", "value": "uv run"}})
    assert reading_from_reply(nested).convention == Convention("command_used", "uv run")
    assert reading_from_reply(reply("correction", {"kind": "command_used", "value": "uv run"})).convention == Convention(
        "command_used", "uv run")
    assert reading_from_reply(reply("correction")).convention is None  # rule_kind "none": a one-off


@pytest.mark.parametrize(("said", "user", "kept"), [
    ("npm install", "Ué, npm? o lockfile é do pnpm.", "npm"),  # shortened to the user's own spelling
    ("git push --force", "please stop doing that", "git push --force"),  # short, names no file: kept as said
    ("python -c 'import app; print(app.VERSION)'", "run python through uv", "python"),
    ("sed -i 's/v1/v2/' src/gen/routes.py", "don't hand-edit those", None),  # a whole command line: no rule
])
def test_a_models_command_is_held_to_the_users_words(store, said, user, kept):
    turn = UserTurnInContext(before=[Action("run", said)], user=user, after=[])
    classifier, _ = model(store, reply("correction", {"kind": "command_avoided", "value": said}))
    reading = read_turn(turn, classifier)
    assert reading.label == "correction"
    assert (reading.convention.value if reading.convention else None) == kept


def test_a_reply_without_a_label_is_no_reading(store):
    classifier, _ = model(store, '{"label": "maybe"}')
    assert classifier.classify(KEPT_COURSE, read_behaviour(KEPT_COURSE)) is None
    assert classifier.invalid == 1
    with pytest.raises(ValueError):
        reading_from_reply("no json here")


def test_behaviour_overrides_a_model_that_says_new_request(store):
    classifier, backend = model(store, reply("new_request"))
    reading = read_turn(CHANGED_COURSE, classifier)
    assert reading.label == "correction" and reading.source == "behaviour"
    assert reading.convention == Convention("command_avoided", "npm", "pnpm")
    assert backend.calls == 0  # the actions named the rule: nothing to ask


def test_a_change_without_a_rule_is_a_correction_even_when_the_model_disagrees(store):
    restored = UserTurnInContext(before=[Action("edit", "src/x.py")], user="?", after=[Action("run", "git restore src/x.py")])
    classifier, backend = model(store, reply("new_request"))
    reading = read_turn(restored, classifier)
    assert (reading.label, reading.convention, reading.source) == ("correction", None, "behaviour")
    assert backend.calls == 1  # asked for the rule the actions did not name


def test_the_model_may_name_the_rule_of_a_change_without_one(store):
    restored = UserTurnInContext(before=[Action("edit", "vendor/lib.js")], user="…", after=[Action("run", "git restore vendor/lib.js")])
    classifier, _ = model(store, reply("correction", {"kind": "path_untouched", "value": "vendor/**"}))
    assert read_turn(restored, classifier).convention == Convention("path_untouched", "vendor/**")


def test_a_call_is_recorded_and_a_second_run_makes_no_new_call(store):
    classifier, backend = model(store, reply("question"))
    first = read_turn(KEPT_COURSE, classifier)
    again = read_turn(KEPT_COURSE, ModelClassifier(CallRecorder(store, None), backend))
    assert first == again == Reading("question", None, "model")
    assert backend.calls == 1
    rows = store.query("SELECT role, model FROM model_calls")
    assert [(r["role"], r["model"]) for r in rows] == [("reader", "teacher")]


def test_the_pattern_fast_path_asks_no_model(store):
    stated = UserTurnInContext(before=[Action("run", "npm test")], user="Use pnpm, not npm.", after=[Action("say", "Noted.")])
    classifier, backend = model(store, reply("approval"))
    reading = read_turn(stated, classifier)
    assert reading.label == "correction" and reading.source == "pattern" and reading.convention is not None
    assert backend.calls == 0


def test_without_a_model_the_actions_decide_what_the_words_do_not():
    work_after = UserTurnInContext(before=[Action("run", "make")], user="jetzt die Doku", after=[Action("edit", "README.md")])
    answered = UserTurnInContext(before=[Action("run", "make")], user="warum make?", after=[Action("say", "Because.")])
    assert read_turn(work_after).label == "new_request"
    assert read_turn(answered).label == "question"


@pytest.mark.parametrize("words", ["Was passiert, wenn die Datei fehlt?", "ファイルがなかったらどうなりますか？"])
def test_a_question_answered_by_redoing_the_work_is_a_correction(words):
    # Asked as a question, answered by editing again the file just edited: a correction in
    # question form (one-off: the actions name no rule); answered in words, a question.
    redone = UserTurnInContext(before=[Action("edit", "src/store.rs"), Action("say", "Opens the file.")], user=words,
                               after=[Action("edit", "src/store.rs")])
    assert (read_turn(redone).label, read_turn(redone).convention) == ("correction", None)
    other_file = UserTurnInContext(before=redone.before, user=words, after=[Action("edit", "src/other.rs")])
    answered = UserTurnInContext(before=redone.before, user=words, after=[Action("say", "It returns an error.")])
    assert read_turn(other_file).label == read_turn(answered).label == "question"


def test_the_pattern_reader_in_corpus_terms():
    praise_then_more = UserTurnInContext(before=[Action("run", "make")], user="Thanks! Now add a changelog entry.", after=[])
    assert pattern_reading(praise_then_more).label == "new_request"
    banned = UserTurnInContext(before=[Action("edit", "a.py")], user="no print() in the library, use the logger", after=[])
    assert pattern_reading(banned).convention == Convention("added_lines_avoid", "print(")


def test_a_command_ban_is_of_the_command_the_user_wrote_of_a_run():
    # "don't run terraform apply": the session ran `terraform apply`, and that is what is banned,
    # not terraform's every use (`terraform plan` stays allowed).
    ran = [Action("run", "terraform apply -auto-approve"), Action("say", "Applied.")]
    own = UserTurnInContext(before=ran, user="don't run terraform apply, I apply it myself", after=[Action("say", "Ok.")])
    assert pattern_reading(own).convention == Convention("command_avoided", "terraform apply")
    # A ban with a tool to use in its place is of the tool.
    swapped = UserTurnInContext(before=[Action("run", "npm install")], user="use pnpm, not npm install", after=[])
    assert pattern_reading(swapped).convention == Convention("command_used", "pnpm")


def test_a_code_ban_the_work_never_showed_is_no_rule():
    # "no new packages" read as words bans the word `new`; the work added a package, no code.
    added = UserTurnInContext(before=[Action("run", "pnpm add lodash"), Action("say", "Added lodash.")],
                              user="no new packages", after=[Action("say", "It is small.")])
    assert pattern_reading(added).convention is None
    said = UserTurnInContext(before=[Action("edit", "a.py"), Action("say", "Logged it with print.")],
                             user="no print statements", after=[])
    assert pattern_reading(said).convention == Convention("added_lines_avoid", "print(")


def test_each_kind_becomes_a_check_the_registry_takes():
    assert convention_check(Convention("generator_run", "make gen")) == Check("ran_before_finish", "make gen")
    assert convention_check(Convention("generator_run", "make gen", path="gen/**")) == Check("generator_run", {"command": "make gen",
                                                                                                         "path": "gen/**"})
    assert convention_check(Convention("dependency_set_unchanged", "package.json")) == Check("dependency_set_unchanged", "package.json")
    assert convention_check(Convention("test_added", "tests/**")) == Check("test_added", None)
    assert convention_check(Convention("added_lines_avoid", "console.log(")) == Check("added_lines_avoid", r"\bconsole\.log\(")
    assert convention_check(Convention("other", "ask before pushing")) is None
    assert valid_convention("other", "ask before pushing") == Convention("other", "ask before pushing")
    assert valid_convention("command_used", "`uv run`") == Convention("command_used", "uv run")


def test_values_compare_loosely():
    assert loose("`src/generated/**`") == loose("src/generated/") == loose("SRC/Generated")
    assert loose("print()") == loose("print(")
    assert not same_convention(Convention("path_untouched", "src/**"), {"kind": "path_untouched", "value": "src/generated/**"})
    assert same_convention(Convention("test_added", ""), {"kind": "test_added", "value": "tests/**"})
    assert not same_convention(Convention("command_used", "npm"), {"kind": "command_avoided", "value": "npm"})


def test_a_score_counts_labels_corrections_and_conventions():
    items = [
        {**CHANGED_COURSE.to_dict(), "label": "correction", "convention": {"kind": "command_avoided", "value": "npm"}},
        {**KEPT_COURSE.to_dict(), "label": "correction", "convention": {"kind": "command_avoided", "value": "npm"}},
        {"before": [Action("run", "make").to_dict()], "user": "danke", "after": [], "label": "approval", "convention": None},
        # a rule no check can test: counted among all conventions, not among the checkable ones
        {**KEPT_COURSE.to_dict(), "user": "always ask before you push", "label": "correction",
         "convention": {"kind": "other", "value": "ask before pushing"}},
    ]
    result = score(read_turn, items[:3])
    assert (result.items, result.labels_right) == (3, 2)
    assert (result.corrections_found, result.corrections_wanted, result.corrections_right) == (1, 2, 1)
    assert (result.conventions_found, result.conventions_wanted, result.conventions_right) == (1, 2, 1)
    assert result.figures()["convention precision"] == 1.0 and result.figures()["correction recall"] == 0.5
    with_other = score(read_turn, items)
    assert (with_other.conventions_wanted, with_other.checkable_wanted, with_other.checkable_right) == (3, 2, 1)
    assert with_other.figures()["convention recall"] == 1 / 3 and with_other.figures()["checkable convention recall"] == 0.5


@pytest.mark.parametrize("invented", [
    {"kind": "command_avoided", "value": "apologize"},  # no tool the agent ran or the user named
    {"kind": "path_untouched", "value": "Diff/**"},  # no path the agent touched or the user wrote
    {"kind": "added_lines_avoid", "value": "breakpoint("},  # code the user never quoted
    {"kind": "dependency_set_unchanged", "value": "package.json"},  # no manifest of this work
])
def test_a_rule_naming_what_neither_the_actions_nor_the_words_show_is_dropped(store, invented):
    turn = UserTurnInContext(before=[Action("run", "pytest -q"), Action("edit", "src/app.py")], user="not like that",
                             after=[Action("edit", "src/app.py")])
    classifier, _ = model(store, reply("correction", invented))
    reading = read_turn(turn, classifier)
    assert reading.label == "correction" and reading.convention is None


def test_a_rule_the_actions_show_is_kept(store):
    shown = UserTurnInContext(before=[Action("edit", "src/gen/api.py")], user="hands off, that file is generated",
                              after=[Action("say", "Understood.")])
    classifier, _ = model(store, reply("correction", {"kind": "path_untouched", "value": "src/gen/**"}))
    assert read_turn(shown, classifier).convention == Convention("path_untouched", "src/gen/**")


def test_a_models_manifest_is_one_the_work_shows(store):
    added = UserTurnInContext(before=[Action("run", "pip install requests"), Action("edit", "app/fetch.py")],
                              user="Keine neuen Pakete.", after=[Action("say", "It is small; kept it.")])
    classifier, _ = model(store, reply("correction", {"kind": "dependency_set_unchanged", "value": "requirements.txt"}))
    assert read_turn(added, classifier).convention == Convention("dependency_set_unchanged", "requirements.txt")


def test_a_models_test_folder_the_work_never_showed_is_left_out(store):
    fixed = UserTurnInContext(before=[Action("edit", "lib/parse.py")], user="Il faut un test.", after=[Action("say", "Not needed.")])
    classifier, _ = model(store, reply("correction", {"kind": "test_added", "value": "spec/**"}))
    assert read_turn(fixed, classifier).convention == Convention("test_added", "")
    shown = UserTurnInContext(before=[Action("edit", "lib/parse.py"), Action("edit", "tests/test_io.py")], user="Il faut un test.",
                              after=[Action("say", "Not needed.")])
    classifier, _ = model(store, reply("correction", {"kind": "test_added", "value": "tests/**"}))
    assert read_turn(shown, classifier).convention == Convention("test_added", "tests/**")


def test_a_question_answered_in_words_stays_a_question_whatever_the_model_says(store):
    asked = UserTurnInContext(before=[Action("run", "npm view react version")], user="Why did you use npm there?",
                              after=[Action("say", "npm view only reads the registry.")])
    classifier, backend = model(store, reply("correction", {"kind": "command_avoided", "value": "npm"}))
    reading = read_turn(asked, classifier)
    assert (reading.label, reading.convention) == ("question", None) and backend.calls == 1
    # the same words, with the agent changing course after them, are the correction they seem
    changed = UserTurnInContext(before=asked.before, user=asked.user, after=[Action("run", "pnpm view react version")])
    assert read_turn(changed, classifier).label == "correction"


def test_a_models_tool_to_use_is_the_tool_the_work_ran_in_its_place(store):
    # The scripted teacher names only the tool to use; the work before the turn ran one other
    # tool for the job, which is the rule's tool to avoid.
    ran = UserTurnInContext(before=[Action("run", "python scripts/seed.py"), Action("say", "Seeded.")],
                            user="Kör python via uv run här.", after=[Action("say", "Same packages either way.")])
    classifier, _ = model(store, reply("correction", {"kind": "command_used", "value": "uv run"}))
    assert read_turn(ran, classifier).convention == Convention("command_avoided", "python", "uv run")


def test_a_pattern_folder_the_work_never_went_into_and_the_user_wrote_as_no_path_is_dropped():
    said = "Don't touch the generated file... oh wait, you didn't. All good then."
    reading = pattern_reading(UserTurnInContext([Action("edit", "queries/tags.sql")], said, []))
    assert reading.convention is None
    written = pattern_reading(UserTurnInContext([Action("edit", "queries/tags.sql")], "Don't touch generated/ by hand.", []))
    assert written.convention == Convention("path_untouched", "generated/**")


def test_a_manifest_the_pattern_keeps_untouched_is_its_dependency_set_kept():
    turn = UserTurnInContext([Action("edit", "Cargo.toml")], "heads up, we don't touch Cargo.toml's deps",
                             [Action("say", "Kept the patch bump.")])
    assert pattern_reading(turn).convention == Convention("dependency_set_unchanged", "Cargo.toml")


@pytest.mark.parametrize("user", ["Going forward, changelog entries are written in the past tense.",
                                  "Voortaan graag de migraties apart committen.", "今後はコミットを小さく分けてください。",
                                  "앞으로는 PR 제목에 이슈 번호를 붙여 주세요."])
def test_a_rule_for_work_to_come_only_acknowledged_is_a_correction(user):
    t = UserTurnInContext(before=[Action("edit", "src/a.py"), Action("say", "Done.")], user=user,
                          after=[Action("say", "Noted; will do from the next change on.")])
    assert read_turn(t).label == "correction"


@pytest.mark.parametrize("user", ["Zur Info, und das gilt dauerhaft: in Skripten und Makefiles taucht lfuse nie auf.",
                                  "Jen abys věděl a platí to trvale: dist/firmware.uf2 nikdy neupravuj.",
                                  "Bilgin olsun, kalıcı bir kural: Avro sınıfları elle yazılmaz.",
                                  "До відома, раз і назавжди: у коді ми не пишемо enable.auto.commit."])
def test_a_rule_said_to_hold_for_good_only_acknowledged_is_a_correction(user):
    t = UserTurnInContext(before=[Action("edit", "src/a.py"), Action("say", "Done.")], user=user,
                          after=[Action("say", "Understood.")])
    assert read_turn(t).label == "correction"


@pytest.mark.parametrize("user", ["Läuft jetzt dauerhaft stabil, danke!", "Kalıcı bir çözüm olmuş, teşekkürler."])
def test_a_fix_praised_as_lasting_stays_an_approval(user):
    t = UserTurnInContext(before=[Action("edit", "src/a.py"), Action("say", "Done.")], user=user,
                          after=[Action("say", "Glad it works.")])
    assert read_turn(t).label == "approval"


def test_a_file_deleted_for_good_is_no_rule():
    # "Forever" said of a deletion is what the deletion does, not a rule for work to come.
    t = UserTurnInContext(before=[Action("write", "build/tmp.log"), Action("say", "Wrote the log.")],
                          user="удали build/tmp.log навсегда", after=[Action("run", "rm build/tmp.log")])
    assert read_turn(t).convention is None


@pytest.mark.parametrize("user, check", [("앞으로는 마지막 수정 다음에 항상 mix test 돌려 주세요.", "mix test"),
                                         ("今後は Swift を直したら最後に必ず swiftlint を回してください。", "swiftlint")])
def test_a_check_a_rule_for_work_to_come_writes_apart_from_its_script_is_run_last(user, check):
    t = UserTurnInContext(before=[Action("edit", "lib/shop/mailer.ex"), Action("say", "Done.")], user=user,
                          after=[Action("say", "알겠습니다.")])
    assert read_turn(t).convention == Convention("check_run_after_last_edit", check)


@pytest.mark.parametrize("user", ["앞으로는 squash로 머지해 주세요.",  # a way to merge, no check
                                  "앞으로는 훅을 고치면 tests/lifecycles 아래에 jest 테스트를 추가해 주세요.",  # a test to add
                                  "앞으로는 mailer.ex 를 고치면 알려 주세요."])  # the session's file
def test_a_name_written_apart_that_is_no_check_states_no_check(user):
    t = UserTurnInContext(before=[Action("edit", "lib/shop/mailer.ex"), Action("say", "Done.")], user=user,
                          after=[Action("say", "알겠습니다.")])
    reading = read_turn(t)
    assert reading.label == "correction" and (reading.convention is None or reading.convention.kind != "check_run_after_last_edit")


def test_thanks_only_acknowledged_stay_an_approval():
    t = UserTurnInContext(before=[Action("edit", "src/a.py"), Action("say", "Done.")], user="Great, thanks a lot!",
                          after=[Action("say", "You're welcome.")])
    assert read_turn(t).label == "approval"


def test_a_rule_for_work_to_come_is_no_approval_whatever_the_model_says(store):
    classifier, _ = model(store, reply("approval"))
    t = UserTurnInContext(before=[Action("edit", "src/a.py"), Action("say", "Done.")],
                          user="Thanks! From now on, keep the public API docstrings in sync.",
                          after=[Action("say", "Will do.")])
    assert read_turn(t, classifier).label == "correction"


def test_a_companion_glob_is_checked_by_its_files_and_a_test_glob_by_its_tests():
    assert convention_check(Convention("test_added", "src/**/*.stories.tsx")) == Check("test_added", "src/**/*.stories.tsx")
    assert convention_check(Convention("test_added", "src/**/*.test.ts")) == Check("test_added", None)
    assert convention_check(Convention("test_added", "tests/**")) == Check("test_added", None)


def test_the_bench_lists_each_turn_a_reader_reads_wrong():
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[1] / "bench" / "corrections.py"
    spec = importlib.util.spec_from_file_location("bench_corrections_misses", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    item = {"id": "x-1", "language": "en", "before": [{"kind": "run", "command": "npm ci"}], "user": "pnpm here",
            "after": [{"kind": "run", "command": "pnpm install"}], "label": "correction",
            "convention": {"kind": "command_avoided", "value": "npm"}}
    right = Reading("correction", Convention("command_avoided", "npm", "pnpm"))
    assert bench.misses(lambda turn: right, [item]) == []
    wrong = bench.misses(lambda turn: Reading("new_request"), [item])
    assert wrong[0].startswith("x-1 en | want correction") and "got new_request None" in wrong[0]
    assert wrong[1] == "    U: pnpm here"


def test_after_in_a_sentence_is_no_rule_for_work_to_come():
    from skillopt_sleep.tasks.corrections.durable import for_work_to_come
    assert for_work_to_come("改完以后我自己看一下，谢谢。") == ""
    assert for_work_to_come("以后别改 .env。") == "以后别"


def test_a_word_read_as_code_that_names_a_flag_the_work_ran_is_that_command_with_the_flag():
    t = UserTurnInContext(before=[Action("run", "glab mr merge 9 --rebase")], user="Squash, not rebase.",
                          after=[Action("say", "It's in; squash next time.")])
    convention = pattern_reading(t).convention
    assert convention == Convention("command_avoided", "glab mr merge --rebase")


# One file of a folder put back and another of the same folder edited at once: the user pointed
# at the wrong file, the folder is no place to keep out of.
WRONG_FILE = UserTurnInContext(before=[Action("edit", "conf/stages/build.yml")], user="falsche stages Datei, ich meinte deploy.yml",
                               after=[Action("run", "git checkout -- conf/stages/build.yml"),
                                      Action("edit", "conf/stages/deploy.yml")])


def test_a_folder_the_work_after_the_turn_edits_in_is_no_folder_to_keep_out_of():
    reading = read_turn(WRONG_FILE)
    assert reading.label == "correction" and reading.convention is None


def test_the_same_folder_left_alone_after_the_turn_stays_the_rule():
    turn = UserTurnInContext(before=list(WRONG_FILE.before), user=WRONG_FILE.user,
                             after=[WRONG_FILE.after[0], Action("edit", "conf/deploy.yml")])
    assert read_turn(turn).convention == Convention("path_untouched", "conf/stages/**")


def test_a_model_rule_the_work_after_the_turn_breaks_is_dropped(store):
    classifier, _ = model(store, reply("correction", {"kind": "path_untouched", "value": "conf/stages/**"}))
    turn = UserTurnInContext(before=list(WRONG_FILE.before), user="hm",
                             after=[Action("say", "Which one?"), Action("edit", "conf/stages/deploy.yml")])
    assert read_turn(turn, classifier).convention is None


def test_a_file_kept_untouched_is_kept_when_the_undo_edits_it():
    turn = UserTurnInContext(before=[Action("edit", ".env")], user="keine Secrets in .env",
                             after=[Action("edit", ".env"), Action("write", "conf/.env")])
    assert not broken_after(Convention("path_untouched", ".env"), turn)
    assert not broken_after(Convention("path_untouched", "secrets/**"), turn)
    assert broken_after(Convention("path_untouched", "conf/**"), turn)


# A script under bin/ edited, the agent only answering: the words write the folder either as where
# a test or lint is to follow work, or as one to keep out of.
SCRIPT_EDITED = [Action("edit", "bin/deploy.sh"), Action("say", "Deploy now retries twice.")]


@pytest.mark.parametrize("words", ["Rule for this repo going forward: any change to something in bin/ comes with a bats test.",
                                   "Запомни раз и навсегда: после любой правки в bin/ запускаешь shellcheck и только потом пишешь, что готово."])
def test_a_folder_written_beside_a_test_or_lint_for_work_there_is_no_folder_to_keep_out_of(words):
    turn = UserTurnInContext(before=SCRIPT_EDITED, user=words, after=[Action("say", "Understood, from now on.")])
    assert (read_turn(turn).label, read_turn(turn).convention) == ("correction", None)


@pytest.mark.parametrize("words", ["Rule for this repo going forward: nothing in bin/ gets changed by hand, it's vendored.",
                                   "Bara så du vet, och det gäller framåt: allt under bin/ sköter release-teamet, det rör vi inte."])
def test_a_folder_written_with_no_check_beside_it_stays_the_folder_kept(words):
    turn = UserTurnInContext(before=SCRIPT_EDITED, user=words, after=[Action("say", "Understood, from now on.")])
    assert read_turn(turn).convention == Convention("path_untouched", "bin/**")
# A fix with its tests run, then a test added after the turn: what the words say decides.
FIXED_AND_TESTED = [Action("edit", "src/cart.js"), Action("run", "npm test"), Action("say", "212 passing.")]
TEST_AFTER = [Action("edit", "test/cart.spec.js"), Action("run", "npm test")]


def test_praise_then_one_plain_instruction_is_a_new_request_though_a_test_follows():
    turn = UserTurnInContext(before=FIXED_AND_TESTED, user="Nice. Now add a spec for the empty-cart case.", after=TEST_AFTER)
    assert (read_turn(turn).label, read_turn(turn).convention) == ("new_request", None)


@pytest.mark.parametrize("words", ["Thanks! Could you add a spec that reproduces the bug?",
                                   "Nice. Add a spec for it. Every fix here gets one.",
                                   "Add a spec for the empty-cart case."])
def test_praise_with_a_reason_or_a_question_or_no_praise_stays_a_correction_when_a_test_follows(words):
    turn = UserTurnInContext(before=FIXED_AND_TESTED, user=words, after=TEST_AFTER)
    assert read_turn(turn).label == "correction" and read_turn(turn).convention.kind == "test_added"


@pytest.mark.parametrize("words", ["ok, now add a spec for the empty-cart case", "Ok. Maintenant ajoute un spec pour le panier vide.",
                                   "good, now a spec that the total rounds down"])
def test_a_test_asked_for_now_calmly_is_a_new_request_though_a_test_follows(words):
    turn = UserTurnInContext(before=FIXED_AND_TESTED, user=words, after=TEST_AFTER)
    assert (read_turn(turn).label, read_turn(turn).convention) == ("new_request", None)


@pytest.mark.parametrize("words", ["ok, now add a spec for it, as usual for every fix", "now add a spec! you never do",
                                   "Ugh, now add a spec for it. Every fix gets one, always."])
def test_a_test_asked_for_now_with_a_habit_or_an_exclamation_stays_a_correction(words):
    turn = UserTurnInContext(before=FIXED_AND_TESTED, user=words, after=TEST_AFTER)
    assert read_turn(turn).label == "correction" and read_turn(turn).convention.kind == "test_added"


def test_praise_then_one_instruction_is_still_a_correction_where_the_work_is_redone_another_way():
    # A tool replaced after the turn contradicts what came before, whatever the words praise.
    turn = UserTurnInContext(before=[Action("edit", "src/a.ts"), Action("run", "npm install")], user="Nice. Now use pnpm.",
                             after=[Action("run", "pnpm install")])
    assert read_turn(turn).label == "correction"


# The file just edited redone at once after praise: a request given with its reason is how the
# work should have been done; praise and one request alone is as often the next piece of work.
EDITED = [Action("edit", "src/widgets/card.ts"), Action("say", "Cards set their body with innerHTML.")]
REDONE = [Action("edit", "src/widgets/card.ts"), Action("run", "vitest run"), Action("say", "Done.")]


@pytest.mark.parametrize("words", [
    "Thanks! Could you build the body with DOM methods instead? We keep innerHTML out of the codebase.",
    "Danke! Kannst du das ohne innerHTML machen? Die Texte kommen vom Nutzer.",
    # The words write a call to add, not one to take out: the turn is a correction, its rule left open.
    "Thanks! Could you also wrap fetch() in a retry? The API flakes at night.",
])
def test_praise_then_a_request_with_its_reason_and_a_redo_is_a_correction_with_no_rule(words):
    turn = UserTurnInContext(before=EDITED, user=words, after=REDONE)
    assert (read_turn(turn).label, read_turn(turn).convention) == ("correction", None)


@pytest.mark.parametrize("words, after", [
    ("Nice work. Next time you're in here, could you also sort the imports?", REDONE),
    ("Thanks! Could you build the list view too? It should look the same.", [Action("write", "src/widgets/list.ts")]),
])
def test_praise_then_one_request_or_other_work_stays_a_new_request(words, after):
    turn = UserTurnInContext(before=EDITED, user=words, after=after)
    assert read_turn(turn).label == "new_request"


# The file just edited, edited again after a bare word and the next step asked for now: the
# step is new work on the same file, not the last one redone.
BLE_EDITED = [Action("edit", "src/ble.c"), Action("say", "The BLE name is configurable now.")]
BLE_AGAIN = [Action("edit", "src/ble.c"), Action("say", "Battery characteristic added.")]


@pytest.mark.parametrize("words", ["Parfait. Maintenant, ajoute une caractéristique pour la batterie.",
                                   "Gut. Mach jetzt bitte dasselbe für den zweiten Kanal.", "ok, now a battery characteristic too",
                                   "좋아요. 이제 수신 패킷 RSSI도 출력해 주세요.", "Хорошо. Теперь ещё панель с вытеснениями рядом.",
                                   "Perfetto. Adesso aggiungi il campo note al form.", "好，接下来加图例"])
def test_a_bare_word_then_the_next_step_asked_for_now_is_a_new_request_though_the_file_is_edited_again(words):
    turn = UserTurnInContext(before=BLE_EDITED, user=words, after=BLE_AGAIN)
    assert (read_turn(turn).label, read_turn(turn).convention) == ("new_request", None)


@pytest.mark.parametrize("words", [
    "Danke, aber diesmal bitte als Boolean isDeleted.",  # this time otherwise: the work redone
    "Gracias, pero en este botón pon «Comprar ahora».",  # "ahora" is the text to write
    "No. Now put the old name back.", "Wrong. Now do it with the HAL.",  # the work taken back first
    "ok, now do it properly. never hardcode the name",  # held for good
    "the name is still hardcoded, now fix it",  # more than a word before the step
])
def test_the_same_file_edited_again_after_words_that_take_the_work_back_stays_a_correction(words):
    turn = UserTurnInContext(before=BLE_EDITED, user=words, after=BLE_AGAIN)
    assert read_turn(turn).label == "correction"


@pytest.mark.parametrize("after", ['git commit --amend -m "fix(auth): redirect to the page the user came from"',
                                   "git reset --soft HEAD~1", "git checkout main && git reset --hard HEAD~1"])
def test_a_commit_just_made_taken_back_first_thing_is_a_correction(after):
    # The agent rewrote or took back its own commit right after the turn: that commit was
    # corrected, once (the actions name no rule), whether the words asked or pointed.
    committed = [Action("run", 'git commit -m "Fixed the login redirect"'), Action("say", "Committed.")]
    words = "Conventional commit title, please: fix(auth): ..."
    redone = UserTurnInContext(before=committed, user=words, after=[Action("run", after), Action("say", "Reworded.")])
    assert (read_turn(redone).label, read_turn(redone).convention) == ("correction", None)
    # The same words, the commit then pushed: the next piece of work. An amend with no commit
    # just before it rewrites nothing the agent had just done.
    pushed = UserTurnInContext(before=committed, user="Push it to origin, please: the release branch.",
                               after=[Action("run", "git push origin release")])
    uncommitted = UserTurnInContext(before=[Action("edit", "src/auth.ts")], user=words, after=redone.after)
    assert read_turn(pushed).label == read_turn(uncommitted).label == "new_request"


def _asked_about_pyenv(user: str, reply: str) -> UserTurnInContext:
    return UserTurnInContext(before=[Action("run", "pyenv install 3.12.4"), Action("say", "Installed 3.12.4.")], user=user,
                             after=[Action("say", reply)])


def test_a_run_only_asked_about_and_answered_is_no_ban():
    asked = _asked_about_pyenv("where does pyenv put the installed interpreters? my disk is nearly full.",
                               "In ~/.pyenv/versions; `pyenv uninstall 3.11.9` frees the old one.")
    assert read_turn(asked).convention is None


@pytest.mark.parametrize("user, reply", [
    # The reply concedes and does not take the run up: the question objected.
    ("why pyenv? I thought we used uv for interpreters.", "Sorry, I'll go through uv python install next time."),
    # "?!" objects; a question that negates asks for the negation.
    ("pyenv again?! that's what uv is for.", "Sorry, pyenv was still first on PATH."),
    ("could you not run pyenv install in this repo? uv handles the interpreters.", "Right, I'll leave pyenv alone."),
])
def test_a_question_that_objects_to_the_run_still_bans_it(user, reply):
    convention = read_turn(_asked_about_pyenv(user, reply)).convention
    assert convention is not None and convention.kind == "command_avoided" and convention.value.startswith("pyenv")


def _linted_late(user: str, reply: str) -> UserTurnInContext:
    return UserTurnInContext(before=[Action("edit", "app/src/main/kotlin/Cart.kt"), Action("say", "Cart total fixed.")],
                             user=user, after=[Action("say", reply)])


@pytest.mark.parametrize("user, reply", [
    ("Done? Without running the linter? How many times: after the last change, always ktlint.",
     "Sorry, you're right. Next time I'll do that."),
    ("finished without ktlint again, after every kotlin change it runs", "Understood, I'll run it after my last edit from now on."),
])
def test_a_reply_promising_it_for_work_to_come_reads_the_linter_the_words_name(user, reply):
    reading = read_turn(_linted_late(user, reply))
    assert (reading.label, reading.convention) == ("correction", Convention("check_run_after_last_edit", "ktlint"))


@pytest.mark.parametrize("user, reply", [
    # The same words, a reply that makes no promise: a linter named bare is as often a remark.
    ("finished without ktlint again, after every kotlin change it runs", "Sorry, you're right."),
    # A promise whose tool only the reply names: the reply is no source of the rule.
    ("Done? Without running the linter?", "Sorry, from now on I'll run ktlint after my last edit."),
])
def test_a_reply_alone_names_no_rule(user, reply):
    assert read_turn(_linted_late(user, reply)).convention is None


def _done_without_lint(user: str, reply: str) -> UserTurnInContext:
    return UserTurnInContext(before=[Action("edit", "src/cart.ts"), Action("say", "Done, the total rounds now.")],
                             user=user, after=[Action("say", reply)])


def test_a_reply_promising_work_to_come_makes_the_turn_a_correction():
    reading = read_turn(_done_without_lint("Done without looking at the linter output. Again.",
                                           "Sorry, you're right. I'll check it after every change from now on."))
    assert reading.label == "correction"


@pytest.mark.parametrize("user, reply", [
    # Praise alone, answered with more of the same for work to come.
    ("Looks great, thanks!", "Glad it works; I'll keep that style going forward."),
    # The same objection, answered with no promise.
    ("Done without looking at the linter output. Again.", "It printed two warnings, both in files I did not touch."),
])
def test_a_reply_without_a_promise_or_after_praise_alone_makes_no_correction(user, reply):
    assert read_turn(_done_without_lint(user, reply)).label != "correction"


def _edited_then(path: str, user: str, after: list[Action]) -> UserTurnInContext:
    return UserTurnInContext(before=[Action("edit", path), Action("say", "Added espressif/led_strip for the status LED.")],
                             user=user, after=after)


def test_a_data_file_named_with_what_it_lists_keeps_its_dependency_set():
    put_back = [Action("run", "git checkout -- main/idf_component.yml"), Action("say", "Removed.")]
    turn = _edited_then("main/idf_component.yml", "don't add components to idf_component.yml without asking. take it out.",
                        put_back)
    assert read_turn(turn).convention == Convention("dependency_set_unchanged", "idf_component.yml")
    # "the import map": the words of the file's name; the agent only answered.
    mapped = UserTurnInContext(before=[Action("edit", "supabase/functions/import_map.json")],
                               user="hands off the dependencies in the import map unless I ok it.",
                               after=[Action("say", "Understood, I'll ask first.")])
    reading = read_turn(mapped)
    assert (reading.label, reading.convention) == ("correction", Convention("dependency_set_unchanged", "import_map.json"))
    # A manifest named only for what it is is known by its folder.
    unity = _edited_then("Packages/manifest.json", "no more packages in the manifest without asking, please take it out",
                         [Action("edit", "Packages/manifest.json")])
    assert read_turn(unity).convention == Convention("dependency_set_unchanged", "Packages/manifest.json")


@pytest.mark.parametrize(("path", "said", "words"), [
    ("env/modules.txt", "Added cuda/12.4 to the module list.", "env/modules.txt stays as is unless I say so. take cuda out"),
    ("images/base/packages.txt", "Added curl to the base image.", "take curl back out of packages.txt. that list doesn't grow without asking"),
])
def test_a_plain_list_named_for_what_it_holds_keeps_its_dependency_set_by_its_path(path, said, words):
    turn = UserTurnInContext(before=[Action("edit", path), Action("say", said)], user=words,
                             after=[Action("run", f"git checkout -- {path}")])
    assert read_turn(turn).convention == Convention("dependency_set_unchanged", path)


@pytest.mark.parametrize(("path", "words"), [
    ("docs/notes.txt", "docs/notes.txt stays as is unless I say so. take that out"),  # named for no entries it lists
    ("env/modules.txt", "take cuda out of env/modules.txt, the jobs don't need it"),  # one entry fewer, asked for
])
def test_a_text_file_of_prose_or_an_entry_taken_out_on_request_is_no_dependency_rule(path, words):
    turn = UserTurnInContext(before=[Action("edit", path), Action("say", "Added a line.")], user=words,
                             after=[Action("run", f"git checkout -- {path}")])
    convention = read_turn(turn).convention
    assert convention is None or convention.kind != "dependency_set_unchanged"


def test_a_data_file_put_back_without_what_it_lists_is_no_dependency_rule():
    # The same file and the same put-back, but the words name a setting of it, not what it lists.
    turn = _edited_then("main/idf_component.yml", "the target in idf_component.yml was right before, put it back.",
                        [Action("run", "git checkout -- main/idf_component.yml")])
    assert read_turn(turn).convention is None or read_turn(turn).convention.kind != "dependency_set_unchanged"
    # Prose put back after an install names no dependency, whatever the words say of versions.
    notes = UserTurnInContext(before=[Action("run", "brew install jq"), Action("edit", "README.md")],
                              user="put the README back, the version notes were fine",
                              after=[Action("run", "git checkout README.md")])
    assert read_turn(notes).convention is None or read_turn(notes).convention.kind != "dependency_set_unchanged"


@pytest.mark.parametrize("path,said,user", [
    # One dependency fewer, asked for: "don't need" negates the need, it forbids nothing.
    ("supabase/functions/import_map.json", "Added zod to the import map.",
     "remove zod from import_map.json, we don't need that dependency after all"),
    # One dependency more, asked for: the next step, which a rule would forbid.
    ("main/idf_component.yml", "Added the led_strip component.", "ok, add the esp_lcd component too"),
])
def test_a_dependency_added_or_removed_on_request_is_the_work_not_a_rule(path, said, user):
    turn = UserTurnInContext(before=[Action("edit", path), Action("say", said)], user=user, after=[Action("edit", path)])
    assert listed_file_named(turn) is None
    convention = read_turn(turn).convention
    assert convention is None or convention.kind != "dependency_set_unchanged"


def _swapped(old: str, user: str, new: str) -> UserTurnInContext:
    return UserTurnInContext(before=[Action("run", old), Action("say", "Done.")], user=user,
                             after=[Action("run", new), Action("say", "Done.")])


@pytest.mark.parametrize("old,user,new,banned", [
    ("bitbake -c cleanall busybox", "kein cleanall. cleansstate.", "bitbake -c cleansstate busybox",
     Convention("command_avoided", "bitbake -c cleanall", "bitbake -c cleansstate")),
    ("bitbake -c cleanall glibc", "别用 bitbake -c cleanall，用 cleansstate。", "bitbake -c cleansstate glibc",
     Convention("command_avoided", "bitbake -c cleanall", "bitbake -c cleansstate")),
    ("npx prisma db push", "not db push. migrate dev. always", "npx prisma migrate dev --name add_coupon",
     Convention("command_avoided", "prisma db push", "prisma migrate dev")),
    # The job's word as a verb inflects it; the rule is spelled from the program the words write.
    ("redocly push openapi.yaml --destination api@v2", "no pushing to the registry. bundle it locally",
     "redocly bundle openapi.yaml -o dist/api.yaml", Convention("command_avoided", "redocly push", "redocly bundle")),
    ("sudo datadog-agent flare 1234567", "no flares. that uploads our config. read `datadog-agent status` here",
     "sudo datadog-agent status", Convention("command_avoided", "datadog-agent flare", "datadog-agent status")),
])
def test_a_job_swapped_on_the_same_program_that_the_words_negate_is_banned(old, user, new, banned):
    reading = read_turn(_swapped(old, user, new))
    assert (reading.label, reading.convention) == ("correction", banned)


@pytest.mark.parametrize("old,user,new", [
    # The plan's next step, however the words place it: no clause negates the old job.
    ("npx prisma db push", "db push is done; next run migrate dev so we get a migration file",
     "npx prisma migrate dev --name add_coupon"),
    ("npx prisma db push", "ok, after the db push also do a migrate dev", "npx prisma migrate dev --name add_coupon"),
    ("atlas schema inspect -u $DB_URL", "schema inspect looks right, now migrate diff", "atlas migrate diff add_users"),
    ("npx prisma db push", "db push is fine for prototyping but for this one do a migrate dev",
     "npx prisma migrate dev --name add_coupon"),
    # The negation governs the worry, not the job; or it holds for this one occasion only.
    ("npx prisma db push", "don't worry about db push now, run migrate dev", "npx prisma migrate dev --name add_coupon"),
    ("npx prisma db push", "no more db push for this one, do a migrate dev", "npx prisma migrate dev --name add_coupon"),
    ("redocly push openapi.yaml --destination api@v2", "don't worry about pushing now, bundle it locally",
     "redocly bundle openapi.yaml -o dist/api.yaml"),
    # The inflected word is another word: "pushover" is no push.
    ("redocly push openapi.yaml --destination api@v2", "no pushover reviews please. bundle it locally",
     "redocly bundle openapi.yaml -o dist/api.yaml"),
    # A setting of the job swapped, the old value negated: this run went to the wrong place.
    ("kubectl -n staging rollout restart deploy/orders", "Falscher Namespace! Ich wollte orders in qa neu starten, nicht staging.",
     "kubectl -n qa rollout restart deploy/orders"),
])
def test_a_job_swapped_without_its_own_negation_states_no_ban(old, user, new):
    convention = read_turn(_swapped(old, user, new)).convention
    assert convention is None or convention.kind != "command_avoided"


@pytest.mark.parametrize("old,user,new", [
    ("git-cliff --tag v0.9.0 -o CHANGELOG.md", "Merci ! Petite chose : le tag c'est v0.9.1, pas v0.9.0.",
     "git-cliff --tag v0.9.1 -o CHANGELOG.md"),
    ("cargo doc --no-deps -p codec-core", "I asked for codec-stream, not codec-core. Redo the right one.",
     "cargo doc --no-deps -p codec-stream"),
])
def test_a_value_the_words_swap_for_the_one_they_negate_is_this_runs_correction(old, user, new):
    # A version or a part the run was pointed at, picked wrong and run again: a correction, no ban.
    reading = read_turn(_swapped(old, user, new))
    assert (reading.label, reading.convention) == ("correction", None)
    # A plain word in the same place is a job the program does (`-c cleanall`): that one is banned.
    job = read_turn(_swapped("bitbake -c cleanall busybox", "kein cleanall. cleansstate.", "bitbake -c cleansstate busybox"))
    assert job.convention == Convention("command_avoided", "bitbake -c cleanall", "bitbake -c cleansstate")
    # Held for good, the value swapped is a target to keep out of every build.
    held = read_turn(_swapped("cargo build --target x86_64-unknown-linux-gnu", "never x86_64-unknown-linux-gnu here, "
                              "always x86_64-unknown-linux-musl", "cargo build --target x86_64-unknown-linux-musl"))
    assert held.convention == Convention("command_avoided", "cargo build --target x86_64-unknown-linux-gnu",
                                         "cargo build --target x86_64-unknown-linux-musl")


def test_a_manifest_in_its_tools_own_language_named_whole_with_its_dependencies_keeps_them():
    turn = UserTurnInContext(before=[Action("edit", "info.rkt"), Action("edit", "server/routes.rkt")],
                             user="no new deps in info.rkt. drop it",
                             after=[Action("run", "git checkout -- info.rkt"), Action("edit", "server/routes.rkt")])
    assert read_turn(turn).convention == Convention("dependency_set_unchanged", "info.rkt")


@pytest.mark.parametrize("path,user", [
    # A file among the code, named beside a word for packages: the package is the code's own.
    ("R/clean_data.R", "clean_data.R is package code, so please take the helper out of it again."),
    # A version in a file of code is the code's own.
    ("minio.nomad.hcl", "the minio version in minio.nomad.hcl is wrong, put it back."),
])
def test_a_file_of_code_named_with_a_version_or_among_the_code_keeps_no_dependency_set(path, user):
    turn = UserTurnInContext(before=[Action("edit", path)], user=user, after=[Action("run", f"git checkout -- {path}")])
    assert listed_file_named(turn) is None


def test_a_manifest_suffixed_with_the_tool_the_session_ran_is_every_file_of_that_suffix():
    def turn(runs: list[str]) -> UserTurnInContext:
        return UserTurnInContext(before=[Action("edit", "logslice.nimble"), *[Action("run", r) for r in runs]],
                                 user="Tira esse pacote do logslice.nimble. Sem dependências novas, sempre.",
                                 after=[Action("run", "git checkout -- logslice.nimble")])
    assert listed_file_named(turn(["nimble lock"])) == Convention("dependency_set_unchanged", "*.nimble")
    # No run of its tool: the suffix is not known as the tool's, so the file is the one named.
    assert listed_file_named(turn([])) == Convention("dependency_set_unchanged", "logslice.nimble")


@pytest.mark.parametrize("path,user,kept", [
    ("DESCRIPTION", "Obrigado, mas por favor não mexa nas dependências do pacote sem me perguntar antes. Pode tirar?",
     "DESCRIPTION"),
    ("lakefile.lean", "who said you could add a require? take aesop back out, deps go through me", "lakefile.lean"),
    # A file among the code lists no dependencies, whatever the words hold back.
    ("src/Export.php", "We don't add dependencies without asking first; take league/csv out.", None),
    # "The package" alone is any project's name for itself, no list of dependencies.
    ("org-roster.el", "General rule for this package: a bug fix isn't done until there's a test for it under test/.", None),
])
def test_the_dependencies_held_back_are_those_of_the_one_root_file_the_work_edited(path, user, kept):
    turn = UserTurnInContext(before=[Action("edit", path), Action("say", "Added it to the dependencies.")], user=user,
                             after=[Action("run", f"git checkout -- {path}")])
    assert listed_file_named(turn) == (Convention("dependency_set_unchanged", kept) if kept else None)


@pytest.mark.parametrize("path,user,kept", [
    ("requirements-release.txt", "revert that. requirements-release.txt doesn't change without asking me",
     "requirements-release.txt"),
    ("DESCRIPTION", "Nein! Am DESCRIPTION wird nichts ergänzt, ohne vorher zu fragen. Immer. Raus damit.", "DESCRIPTION"),
    # Out of bounds for good, with no asking it waits on: the file itself, not what it lists.
    ("requirements-release.txt", "revert that. requirements-release.txt is generated, never edit it by hand", None),
    # Asking about another file the words write: the rule is that file's, not the one edited.
    ("buttons.ino", "Bene. Vale per sempre: in sketch.yaml non si aggiunge niente senza chiedere.", None),
])
def test_the_one_manifest_edited_that_may_change_once_asked_keeps_its_dependency_set(path, user, kept):
    turn = UserTurnInContext(before=[Action("edit", path), Action("say", "Done.")], user=user,
                             after=[Action("run", f"git checkout -- {path}")])
    assert listed_file_named(turn) == (Convention("dependency_set_unchanged", kept) if kept else None)


def test_the_one_root_file_edited_keeps_no_dependency_set_where_the_words_ask_for_one_or_praise():
    before = [Action("edit", "DESCRIPTION"), Action("say", "Added httr2 to Imports.")]
    for user in ("ok, now add the dependencies for the vignette too", "great, the dependency looks fine, thanks!"):
        assert read_turn(UserTurnInContext(before=before, user=user, after=[Action("say", "Done.")])).convention is None


@pytest.mark.parametrize("user", ["kill it. --all re-runs every notebook. we never build with --all, just plain `jupyter-book build`.",
                                  "pas de --all sur le book. jamais. build simple."])
def test_a_flag_dropped_on_the_rerun_that_the_words_forbid_for_good_is_to_avoid(user):
    turn = UserTurnInContext(before=[Action("run", "jupyter-book build --all book/")], user=user,
                             after=[Action("run", "jupyter-book build book/"), Action("say", "Restarted without --all.")])
    assert read_turn(turn).convention == Convention("command_avoided", "jupyter-book build --all", "jupyter-book build")


@pytest.mark.parametrize("user", ["ok. build it without --all", "fine, no --all this time.", "now build it for real, drop --all"])
def test_a_flag_dropped_on_the_rerun_for_this_run_only_is_no_ban(user):
    turn = UserTurnInContext(before=[Action("run", "jupyter-book build --all book/")], user=user,
                             after=[Action("run", "jupyter-book build book/"), Action("say", "Built.")])
    assert read_turn(turn).convention is None


@pytest.mark.parametrize("user", ["images only ever get pushed from CI. run it without --push",
                                  "bitte ohne --push. Images werden bei uns nie von Hand gepusht."])
def test_a_flag_a_rerun_goes_without_where_the_words_hold_for_good_is_to_avoid(user):
    turn = UserTurnInContext(before=[Action("run", "earthly --push +release")], user=user,
                             after=[Action("run", "earthly +release"), Action("say", "Built locally, nothing pushed.")])
    assert read_turn(turn).convention == Convention("command_avoided", "earthly --push", "earthly")


@pytest.mark.parametrize("before, user, after, avoided, instead", [
    ("kubectl apply -f k8s/", "great, kubectl apply worked. from now on use argocd instead though", "argocd app sync web",
     "kubectl apply", "argocd"),
    ("pip install httpx", "pip install worked, but we never use it here; now run poetry lock", "poetry lock", "pip install",
     "poetry lock")])
def test_a_praised_run_another_takes_over_for_good_is_to_avoid(before, user, after, avoided, instead):
    turn = UserTurnInContext(before=[Action("run", before), Action("say", "Done.")], user=user, after=[Action("run", after)])
    assert read_turn(turn).convention == Convention("command_avoided", avoided, instead)


@pytest.mark.parametrize("before, user, after, avoided", [
    ("rsync -n -av src/ dst/", "never -n here, run it without -n", "rsync -av src/ dst/", "rsync -n"),
    ("helm upgrade --install app ./chart --dry-run", "we never leave --dry-run on; now run it without --dry-run",
     "helm upgrade --install app ./chart", "helm upgrade --dry-run"),
    ("ansible-playbook site.yml --check", "always run it without --check", "ansible-playbook site.yml", "ansible-playbook --check")])
def test_a_flag_dropped_for_now_where_another_clause_forbids_it_for_good_is_to_avoid(before, user, after, avoided):
    turn = UserTurnInContext(before=[Action("run", before), Action("say", "Done.")], user=user, after=[Action("run", after)])
    assert read_turn(turn).convention == Convention("command_avoided", avoided)


@pytest.mark.parametrize("user", ["the target looks right. run it without --push", "never mind the cache, run it without --push"])
def test_a_flag_a_rerun_goes_without_for_this_run_is_no_ban(user):
    turn = UserTurnInContext(before=[Action("run", "earthly --push +release")], user=user,
                             after=[Action("run", "earthly +release"), Action("say", "Built locally.")])
    assert read_turn(turn).convention is None


@pytest.mark.parametrize("before,user,after", [
    ([Action("run", "npx commit-and-tag-version --dry-run"), Action("say", "It would cut 2.1.0 with three features and a fix.")],
     "Looks good, go ahead and cut it for real.", [Action("run", "npx commit-and-tag-version")]),
    ([Action("run", "rsync -av --dry-run results/ seqbox:/data/runs/2614/"),
      Action("say", "O dry run lista 38 arquivos; nada foi enviado ainda.")],
     "Não, pode mandar, tá certo.", [Action("run", "rsync -av results/ seqbox:/data/runs/2614/")]),
])
def test_a_rehearsal_the_words_let_go_on_for_real_is_no_ban_on_its_flag(before, user, after):
    reading = read_turn(UserTurnInContext(before=before, user=user, after=after))
    assert (reading.label, reading.convention) == ("approval", None)


def test_a_flag_dropped_after_words_that_neither_praise_nor_answer_a_rehearsal_stays_banned():
    turn = UserTurnInContext(before=[Action("run", "npx chromatic --auto-accept-changes"),
                                     Action("say", "Chromatic pe sab snapshots accept ho gaye.")],
                             user="auto accept mat karo yaar, sirf chromatic chalao",
                             after=[Action("run", "npx chromatic"), Action("say", "Bina auto accept ke chala diya.")])
    # The ban is of the tool the runner started, as the words write it.
    assert read_turn(turn).convention == Convention("command_avoided", "chromatic --auto-accept-changes")


def _redone(said: str, user: str) -> UserTurnInContext:
    return UserTurnInContext(before=[Action("edit", "src/app/io.py"), Action("say", said)], user=user,
                             after=[Action("edit", "src/app/io.py"), Action("say", "Done.")])


def test_a_comment_marker_the_reply_wrote_is_banned_with_its_sigil():
    # The reply wrote the marker behind its comment sigil; the words name it, with or without it.
    assert read_turn(_redone("Added a # nosec on the assert.", "bez # nosec")).convention == \
        Convention("added_lines_avoid", "# nosec")
    assert read_turn(_redone("Silenced the warning with a # nosec.", "no nosec comments. fix the call")).convention == \
        Convention("added_lines_avoid", "# nosec")
    assert read_turn(_redone("Added a -- noqa: L010 to the query.", "¡Nada de noqa!")).convention == \
        Convention("added_lines_avoid", "-- noqa")
    # A channel or a flag written close up to the same sign is no marker, nor is a word of the
    # reply the words share that stood beside the marker.
    assert marker_named(_redone("Posted the alert to #geral.", "Pode mandar pro #alertas em vez do #geral?")) is None
    assert marker_named(_redone("Added --strict to the CLI.", "Now add --quiet, same idea as --strict.")) is None
    assert marker_named(_redone("Added a # nosec on the assert.", "fix the assert instead")) is None


@pytest.mark.parametrize(("said", "words", "rule"), [
    ('Set the code system to "urn:isbn:978-3-16".', "kein urn:isbn: direkt im Code, Kennungen kommen immer aus ids.py", "urn:isbn:"),
    ("Bucket path is now s3://raw-events/2024.", "never an s3:// path typed into the code, always the bucket setting", "s3://"),
    # One name and a colon counts where the reply wrote it opening a longer token.
    ("Connection is jdbc:postgresql://db:5432/app.", "no jdbc: urls written into code, ever; they come from the config", "jdbc:"),
    # Held back for this once, or for this value, the prefix is no rule; nor is prose's colon.
    ('Set the code system to "urn:isbn:978-3-16".', "the urn:isbn: prefix is wrong here, it should be the other edition", None),
    ('Set the code system to "urn:isbn:978-3-16".', "keep urn:isbn: out of this file for now, never mind the rest", None),
    ("Added the release notes.", "Note: never write dates like that, always ISO dates.", None),
])
def test_a_schemes_prefix_the_words_write_alone_and_hold_back_for_good_is_code_not_to_add(said, words, rule):
    reading = read_turn(_redone(said, words))
    assert reading.label == "correction"
    assert reading.convention == (Convention("added_lines_avoid", rule) if rule else None)


@pytest.mark.parametrize(("words", "kind"), [
    # The one version the file carries (a component's, a release's): no dependency set.
    ("keep your hands off docs/antora.yml please? the version in it comes from the release tooling", None),
    # The versions it lists, beside what they pin: its dependency set.
    ("keep your hands off docs/antora.yml please? the versions in it come from the release tooling", "dependency_set_unchanged"),
])
def test_a_data_file_named_with_its_one_version_lists_no_dependencies(words, kind):
    turn = UserTurnInContext(before=[Action("edit", "docs/antora.yml"), Action("say", "Bumped it to 3.2.")], user=words,
                             after=[Action("say", "Understood.")])
    convention = listed_file_named(turn)
    assert (convention.kind if convention else None) == kind


@pytest.mark.parametrize("user", [
    "oh wait, scratch what I said about the blue header, the grey one was right. put it back",
    "Ich habe mich vertan, 30 Sekunden waren richtig. Stell es bitte zurück.",
    "Perdón, me equivoqué: la tabla es invoices, no orders.",
    "Беру свои слова про таймаут обратно: оставь 30 секунд, как было.",
    "Demin söylediğim yanlıştı, 30 saniye doğruydu; geri al.",
    "טעיתי, 30 שניות היה נכון. תחזיר את זה.",
])
def test_words_that_take_back_the_users_own_earlier_ask_are_the_request_changed_not_a_correction(user):
    turn = UserTurnInContext(before=[Action("edit", "src/settings.py"), Action("say", "Changed it as you asked.")], user=user,
                             after=[Action("edit", "src/settings.py"), Action("say", "Put back.")])
    assert (read_turn(turn).label, read_turn(turn).convention) == ("new_request", None)


@pytest.mark.parametrize("user", ["that's not my mistake, you edited the generated client again. put it back",
                                  "my bad for not saying it: we never touch src/generated",
                                  "Senin dediğin yanlıştı, üretilen istemciye dokunma. Geri koy.",
                                  "dediğim yanlış değil, üretilen istemciye dokunma. Geri koy.",
                                  "טעית, לא נוגעים בקוד שנוצר. תחזיר את זה."])
def test_the_agents_error_or_a_rule_for_good_beside_owned_words_stays_a_correction(user):
    turn = UserTurnInContext(before=[Action("edit", "src/generated/client.ts"), Action("say", "Fixed the type.")], user=user,
                             after=[Action("run", "git checkout -- src/generated/client.ts"), Action("say", "Reverted.")])
    assert read_turn(turn).label == "correction"


@pytest.mark.parametrize("user", ["my bad, I should have told you: we use pnpm here, not npm",
                                  "error mío por no avisarte, pero aquí no se usa npm"])
def test_a_rule_read_beside_words_that_own_an_omission_is_kept(user):
    turn = UserTurnInContext(before=[Action("run", "npm install lodash"), Action("say", "Installed.")], user=user,
                             after=[Action("run", "npm uninstall lodash"), Action("run", "pnpm add lodash")])
    reading = read_turn(turn)
    assert (reading.label, reading.convention.kind, reading.convention.value) == ("correction", "command_avoided", "npm")


@pytest.mark.parametrize("user", ["gitmodules'e sormadan dokunma. geri al", "don't touch .gitmodules without asking, put it back"])
def test_git_submodules_file_put_back_is_its_dependency_set_kept(user):
    turn = UserTurnInContext(before=[Action("edit", ".gitmodules"), Action("say", "Switched the sdk's URL to ssh.")], user=user,
                             after=[Action("run", "git checkout -- .gitmodules"), Action("say", "Put back.")])
    assert read_turn(turn).convention == Convention("dependency_set_unchanged", ".gitmodules")


def _keyword_turn(said: str, user: str, after: list[Action] | None = None) -> UserTurnInContext:
    return UserTurnInContext(before=[Action("edit", "src/batch/LEDGER.cbl"), Action("say", said)], user=user,
                             after=after if after is not None else [Action("edit", "src/batch/LEDGER.cbl"),
                                                                    Action("say", "Changed.")])


@pytest.mark.parametrize("said,user", [
    ("LEDGER now ends with HALT JOB on a bad record.", "HALT JOB in a called module? Here we always leave with RETURN."),
    ("Dodałem HALT JOB po błędzie.", "znowu halt job?! nigdy tego nie piszemy, tylko RETURN"),
    ("LEDGER avslutas nu med HALT JOB.", "Kan du byta till RETURN? Vi skriver aldrig HALT JOB i ny kod.")])
def test_code_in_capitals_the_reply_wrote_and_the_words_ban_for_good_is_not_to_be_added(said, user):
    assert read_turn(_keyword_turn(said, user)).convention == Convention("added_lines_avoid", "HALT JOB")


@pytest.mark.parametrize("said,user", [
    # Held back for this one place, not for good: a one-off, whatever is put in its place.
    ("Made the status column NOT NULL.", "no NOT NULL on that column, give it a DEFAULT instead"),
    ("Made the status column NOT NULL.", "hmm, NOT NULL breaks the import, make it nullable for now"),
    # Praise, a question, and capitals the reply never wrote.
    ("LEDGER now ends with HALT JOB.", "Great, HALT JOB is always right in a main program, thanks!"),
    ("LEDGER now ends with a halt.", "NO HALT JOB EVER, it kills the caller")])
def test_code_in_capitals_held_back_once_praised_or_not_written_by_the_reply_states_no_rule(said, user):
    reading = read_turn(_keyword_turn(said, user))
    assert reading.convention is None or reading.convention.value != "NOT NULL" and reading.convention.value != "HALT JOB"


def test_code_in_capitals_in_a_page_of_prose_states_no_rule():
    t = UserTurnInContext(before=[Action("edit", "docs/setup.md"), Action("say", "Added the CI PIPELINE section.")],
                          user="never a CI PIPELINE section here, it goes in the ops doc",
                          after=[Action("edit", "docs/setup.md"), Action("say", "Moved.")])
    assert read_turn(t).convention is None


def _sigil_turn(user: str, after: list[Action]) -> UserTurnInContext:
    return UserTurnInContext(before=[Action("edit", "src/fb/FB_Gate.st"), Action("say", "FB_Gate drives it directly: out AT %QX2.3 : BOOL.")],
                             user=user, after=after)


@pytest.mark.parametrize("user", [
    "no AT % in the FBs! outputs get mapped in IoMap.gvl and nowhere else",
    "Zase AT % v programu? Adresy patří jenom do IoMap.gvl.",
    "Bitte kein AT % im Baustein; die Zuordnung steht ausschließlich in src/io/IoMap.gvl."])
def test_capitals_with_the_sigil_of_the_code_after_them_banned_and_placed_in_another_file_are_not_to_be_added(user):
    t = _sigil_turn(user, [Action("edit", "src/fb/FB_Gate.st"), Action("edit", "src/io/IoMap.gvl"), Action("say", "Moved.")])
    assert read_turn(t).convention == Convention("added_lines_avoid", "AT %")


@pytest.mark.parametrize("user,after", [
    # One address, not the kind of code; a file to take something from; no file the work moved it to.
    ("no AT %QX2.3 there, map it in IoMap.gvl as qGate only", [Action("edit", "src/io/IoMap.gvl"), Action("say", "Mapped.")]),
    ("no AT % there. Use only the names listed in IoMap.gvl.", [Action("edit", "src/fb/FB_Gate.st"), Action("say", "Done.")]),
    ("AT % in FB_Gate is fine, IoMap.gvl is only for shared I/O. Thanks!", [Action("say", "Glad.")])])
def test_capitals_with_a_sigil_named_once_or_with_no_place_states_no_rule(user, after):
    convention = read_turn(_sigil_turn(user, after)).convention
    assert convention is None or convention.value != "AT %"


@pytest.mark.parametrize("user,label", [
    ("Olvida lo que te dije de la rampa; sí hace falta. Ponla otra vez.", "new_request"),
    ("Я поторопился с этой паузой, она всё-таки нужна. Верни.", "new_request"),
    ("Vazgeçtim, uyarı sesi kalsın, geri ekle.", "new_request"),
    ("Peru äskeinen pyyntöni, esiannostelu tarvitaan sittenkin.", "new_request"),
    # The agent's haste, not the user's: the work is corrected.
    ("Ты поторопился с этой паузой, верни её.", "correction"),
    ("Neden vazgeçtin? Uyarı sesi kalsın, geri ekle.", "correction")])
def test_a_request_the_user_takes_back_is_a_new_request_and_the_agents_haste_a_correction(user, label):
    t = UserTurnInContext(before=[Action("edit", "src/fb/FB_Mixer.st"), Action("say", "Removed the pause, as you asked.")], user=user,
                          after=[Action("edit", "src/fb/FB_Mixer.st"), Action("say", "Back in.")])
    reading = read_turn(t)
    assert reading.label == label and reading.convention is None


@pytest.mark.parametrize(("user", "reply", "label"), [
    # A remark on how long the run took, answered in words: nothing asked done, nothing set.
    ("nine minutes for one docs build, honestly", "Most of it is the link check.", "question"),
    ("la build è lentissima stamattina, quasi tre minuti", "Ha riscaricato la cache, tutto qui.", "question"),
    ("Das Linten dauert heute ewig, gut fünf Minuten.", "Das meiste ist der Start.", "question"),
    # Praise of a quick run approves it; a rule beside the time keeps the correction.
    ("wow, only two minutes now, great", "Thanks!", "approval"),
    ("seven minutes?! never run the whole suite for a one-line change", "Understood.", "correction"),
])
def test_a_remark_on_how_long_a_run_took_answered_in_words_is_no_approval_nor_rule(user, reply, label):
    turn = UserTurnInContext(before=[Action("edit", "docs/index.md"), Action("run", "mkdocs build"), Action("say", "Built.")],
                             user=user, after=[Action("say", reply)])
    reading = read_turn(turn)
    assert (reading.label, reading.convention) == (label, None)
