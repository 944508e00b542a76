"""The change of course read from the actions around a user's turn: each signal on its own, in
words of several languages (the words never decide), and the turns a captured session gives."""

from __future__ import annotations

import pytest

from skillopt_sleep.capture.edit_traces import edit_trace
from skillopt_sleep.capture.sessions import Intent, Session, ToolUse
from skillopt_sleep.tasks.corrections.behaviour import Convention, read_behaviour, written_code_taken_out
from skillopt_sleep.tasks.corrections.classify import behaviour_reading, read_turn
from skillopt_sleep.tasks.corrections.commands import option_name
from skillopt_sleep.tasks.corrections.turns import Action, UserTurnInContext, user_turns


def run(command: str) -> Action:
    return Action("run", command)


def edit(path: str) -> Action:
    return Action("edit", path)


def write(path: str) -> Action:
    return Action("write", path)


def say(text: str) -> Action:
    return Action("say", text)


def turn(before: list[Action], user: str, after: list[Action]) -> UserTurnInContext:
    return UserTurnInContext(before=before, user=user, after=after)


def first(t: UserTurnInContext) -> Convention | None:
    conventions = read_behaviour(t).conventions
    return conventions[0] if conventions else None


# The same actions under words that say nothing about them, in other languages: the reading is
# the same, so the words did not decide it.
WORDS = ["Hmm.", "Bitte noch einmal.", "¿Otra vez?", "もう一度お願いします。", "再来一次。"]


@pytest.mark.parametrize("words", WORDS)
def test_a_tool_replaced_for_the_same_job(words):
    t = turn([edit("web/app.ts"), run("yarn install"), run("yarn build")], words,
             [run("bun install"), run("bun run build")])
    assert first(t) == Convention("command_avoided", "yarn", "bun")
    assert read_behaviour(t).changes[0].signal == "command_replaced"


@pytest.mark.parametrize("words", WORDS)
def test_a_wrapped_command(words):
    t = turn([run("python tools/seed.py --fast")], words, [run("poetry run python tools/seed.py --fast")])
    assert first(t) == Convention("command_avoided", "python", "poetry run")


def test_the_users_spelling_of_the_replaced_command_wins():
    t = turn([run("node scripts/build.js"), run("node scripts/check.js")], "nimm `deno run`, nicht `node`",
             [run("deno run scripts/build.js")])
    assert first(t) == Convention("command_avoided", "node", "deno run")


def test_the_same_tool_with_other_arguments_is_no_replacement():
    t = turn([edit("src/a.py"), run("pytest tests/test_a.py")], "Und jetzt alle.", [run("pytest")])
    assert not any(c.signal == "command_replaced" for c in read_behaviour(t).changes)


@pytest.mark.parametrize("words", ["Sans contourner les hooks.", "フックを飛ばさないで。", "ok"])
def test_a_commit_flag_dropped(words):
    t = turn([edit("lib/io.rb"), run("git commit --no-verify -m 'io fix'")], words, [run("git commit -m 'io fix'")])
    assert first(t) == Convention("command_avoided", "git commit --no-verify")


def test_a_flag_dropped_from_another_command_is_not_that_command():
    t = turn([run("deploy --force prod")], "Nein.", [run("deploy --force staging")])
    assert read_behaviour(t).changes == []


@pytest.mark.parametrize("words", ["Das ist generiert.", "Eso se genera.", "生成物です。"])
def test_a_generated_path_restored_and_the_generator_run(words):
    t = turn([edit("pkg/proto/api.pb.go"), say("Renamed the field in the generated code.")], words,
             [run("git restore pkg/proto/api.pb.go"), edit("proto/api.proto"), run("buf generate")])
    assert first(t) == Convention("path_untouched", "pkg/proto/**")
    assert read_behaviour(t).changes[0].signal == "restored_and_regenerated"


def test_the_generator_the_user_named_is_the_rule():
    t = turn([edit("src/schema/types.ts")], "Lance `npm run codegen` à la place.",
             [run("git checkout -- src/schema/"), run("npm run codegen")])
    assert first(t) == Convention("generator_run", "npm run codegen", path="src/schema/**")


def test_a_restore_alone_is_a_change_without_a_rule():
    t = turn([edit("src/util.py"), edit("src/cli.py")], "?", [run("git restore src/cli.py")])
    behaviour = read_behaviour(t)
    assert behaviour.changed_course and behaviour.conventions == []


def test_a_file_moved_back_is_a_restore():
    t = turn([run("mv tests/test_x.py tests/test_x.py.bak")], "…", [run("mv tests/test_x.py.bak tests/test_x.py")])
    assert [c.signal for c in read_behaviour(t).changes] == ["restored"]


@pytest.mark.parametrize("words", ["Brauchen wir das?", "依存を増やさないで", "k"])
def test_a_dependency_removed_after_it_was_added(words):
    t = turn([run("uv add requests"), edit("app/fetch.py")], words, [run("uv remove requests"), edit("app/fetch.py")])
    assert first(t) == Convention("dependency_set_unchanged", "pyproject.toml")


def test_a_manifest_edited_again():
    t = turn([edit("Cargo.toml"), run("cargo build")], "Hm.", [edit("Cargo.toml"), edit("src/main.rs")])
    assert first(t) == Convention("dependency_set_unchanged", "Cargo.toml")


@pytest.mark.parametrize("words", ["Et le test ?", "¿Y la prueba?", "テストは？"])
def test_a_test_added_after_a_fix_without_one(words):
    t = turn([edit("lib/parse.ts"), run("pnpm build")], words, [write("lib/parse.test.ts"), run("pnpm vitest")])
    assert first(t) == Convention("test_added", "lib/**/*.test.ts")


def test_a_fix_that_had_a_test_gets_no_test_signal():
    t = turn([edit("src/a.py"), edit("tests/test_a.py")], "Merci", [edit("tests/test_a.py")])
    assert not any(c.signal == "test_added" for c in read_behaviour(t).changes)


# The fix redone first thing, then a test of it: the test checks what the redo put in, whatever
# rule the words state about the code; an agent told "every fix gets a test" writes the test
# without redoing the fix.
@pytest.mark.parametrize("words", ["Write to a temp file and rename it over. Never write the file in place.",
                                   "what happens to everyone calling merge_frames when they upgrade?",
                                   "Файлы пишем атомарно: во временный рядом и потом os.replace."])
def test_a_test_written_after_the_fix_is_redone_is_part_of_the_redo(words):
    t = turn([edit("syncd/state.py"), say("save_state() writes in place.")], words,
             [edit("syncd/state.py"), write("tests/test_state.py"), run("pytest tests/test_state.py -q")])
    assert not any(c.signal == "test_added" for c in read_behaviour(t).changes)
    assert (read_turn(t).label, read_turn(t).convention) == ("correction", None)


def test_a_test_written_without_a_redo_is_still_the_test_rule():
    t = turn([edit("syncd/state.py"), say("Fixed.")], "Every fix here comes with a regression test.",
             [write("tests/test_state.py"), run("pytest tests/test_state.py -q")])
    assert read_turn(t).convention == Convention("test_added", "tests/**")


def test_a_redo_of_a_test_file_still_names_the_code_it_took_out():
    t = turn([edit("tests/test_poll.py")], "No halt_here() in tests, ever.", [edit("tests/test_poll.py"), run("pytest -q")])
    assert read_turn(t).convention == Convention("added_lines_avoid", "halt_here(")


@pytest.mark.parametrize("words", ["Und make check?", "¿Pasaste make check?", "检查了吗"])
def test_a_check_run_after_the_last_edit(words):
    t = turn([edit("src/core.py"), run("make check"), edit("src/core.py"), say("Done.")], words, [run("make check")])
    expected = "make check"
    assert first(t) == Convention("check_run_after_last_edit", expected)


@pytest.mark.parametrize("ran", ["make check-style", "make check"])
def test_a_check_run_after_edits_is_the_target_the_work_ran_whole(ran):
    t = turn([edit("server/api.go"), say("Endpoint is done.")],
             "does this even pass the style checks? I don't see a check run anywhere", [run(ran), say("Two lint errors.")])
    assert read_turn(t).convention == Convention("check_run_after_last_edit", ran)


@pytest.mark.parametrize("task", ["runGametest", "integrationTest", "ktlintCheck", "runSmoketests"])
def test_a_build_tool_task_named_in_camel_case_for_a_check_is_a_check(task):
    t = turn([edit("src/main/java/app/Valve.java"), run("./gradlew build"), say("Valve vents at 12 bar; build is green.")],
             "a green build starts no server. did the tests run after that edit?", [run(f"./gradlew {task}"), say("All pass.")])
    assert read_turn(t).convention == Convention("check_run_after_last_edit", f"./gradlew {task}")


@pytest.mark.parametrize(("words", "check"), [
    ("Sorry, but here every change in src/main ends with ./gradlew integrationTest, not with a 'done'.",
     "./gradlew integrationTest"),
    # A camelCase word after a word that is no program run by its path names no check.
    ("Every new class gets a test under commonTest, from now on.", None),
])
def test_a_camel_case_check_task_spelled_after_its_wrapper_is_the_check(words, check):
    t = turn([edit("src/main/java/app/Valve.java"), say("Valve vents at 12 bar.")], words,
             [say("Sorry, it compiles, so I'll call it done.")])
    reading = read_turn(t)
    assert reading.convention == (Convention("check_run_after_last_edit", check) if check else None)


@pytest.mark.parametrize("task", ["runLatest", "contest", "latest", "fetchLatest"])
def test_a_task_that_only_ends_like_a_check_is_none(task):
    t = turn([edit("src/main/java/app/Valve.java"), say("Valve vents at 12 bar.")],
             "now fetch the latest data", [run(f"./gradlew {task}"), say("Fetched.")])
    assert read_turn(t).convention is None


@pytest.mark.parametrize(("words", "convention"), [
    ("Could you set it on the site and run drush config:export rather than editing the file?",
     Convention("generator_run", "drush config:export", path="config/**")),
    ("Could you not edit the file?", Convention("path_untouched", "config/**"))])
def test_of_two_runs_of_one_program_the_one_the_words_spell_is_the_generator(words, convention):
    t = turn([edit("config/sync/system.site.yml"), say("Updated the slogan.")], words,
             [run("git checkout config/sync/system.site.yml"), run("drush config:set system.site slogan Fresh -y"),
              run("drush config:export -y")])
    assert read_turn(t).convention == convention


@pytest.mark.parametrize(("words", "generator"), [("don't hand-edit that. menuconfig, then idf.py save-defconfig", "idf.py save-defconfig"),
                                                  ("don't hand-edit that, use idf.py menuconfig", "idf.py menuconfig")])
def test_a_program_run_by_a_dotted_name_is_named_with_its_subcommand(words, generator):
    t = turn([edit("sdkconfig.defaults"), say("Turned on Bluetooth.")], words,
             [run("git checkout -- sdkconfig.defaults"), run("idf.py menuconfig"), run("idf.py save-defconfig")])
    assert read_turn(t).convention == Convention("generator_run", generator, path="sdkconfig.defaults")


def test_a_check_already_run_after_the_last_edit_is_no_signal():
    t = turn([edit("src/core.py"), run("make check")], "Danke.", [run("make check")])
    assert read_behaviour(t).changes == []


def test_looking_around_is_no_change_of_course():
    t = turn([edit("src/a.py"), run("pytest -q")], "wo ist das?", [run("git status"), run("ls src"), say("Here.")])
    assert read_behaviour(t).changes == []


def test_a_call_taken_out_of_the_file_just_edited():
    t = turn([edit("src/m.py"), say("Added pdb.set_trace() to inspect the loop.")], "pdb.set_trace() 删掉",
             [edit("src/m.py")])
    assert first(t) == Convention("added_lines_avoid", "pdb.set_trace(")


def test_a_call_the_work_never_showed_is_no_signal():
    t = turn([edit("src/m.py"), say("Tightened the loop.")], "Also use tqdm() here", [edit("src/m.py")])
    assert read_behaviour(t).changes == []


def test_turns_of_a_session_carry_the_work_around_them():
    session = Session(id="s1", agent="claude-code", intents=[
        Intent(text="fix the date format", answer="Fixed it; tests pass.",
               tools=[ToolUse("Edit", "src/format.ts"), ToolUse("Bash", "npm install", exit_code=0), ToolUse("Read", "README.md")]),
        Intent(text="pnpm bitte", tools=[ToolUse("Bash", "pnpm install", exit_code=0), ToolUse("Write", "src/new.ts")]),
        Intent(text="and a changelog entry"),
    ])
    turns = user_turns(session)
    assert [t.user for t in turns] == ["pnpm bitte", "and a changelog entry"]
    assert turns[0].before == [Action("edit", "src/format.ts"), Action("run", "npm install", 0), Action("say", "Fixed it; tests pass.")]
    assert turns[0].after == [Action("run", "pnpm install", 0), Action("write", "src/new.ts")]
    assert turns[1].after == [] and turns[1].index == 2
    assert first(turns[0]) == Convention("command_avoided", "npm", "pnpm")


def test_a_turn_after_no_work_is_not_read():
    session = Session(id="s2", agent="codex", intents=[Intent(text="hi"), Intent(text="fix it", tools=[ToolUse("Bash", "make")])])
    assert user_turns(session) == []


def test_turns_round_trip_the_corpus_shape():
    item = {"before": [{"kind": "run", "command": "npm ci"}, {"kind": "say", "text": "ok"}], "user": "pnpm",
            "after": [{"kind": "write", "path": "a.ts"}]}
    assert UserTurnInContext.from_dict(item).to_dict() == item
    with pytest.raises(ValueError):
        Action.from_dict({"kind": "read", "path": "x"})


def test_a_manifest_put_back_after_a_package_managers_add():
    t = turn([run("poetry add rich"), edit("cli/out.py")], "Sem dependências novas.",
             [run("git checkout -- pyproject.toml poetry.lock"), edit("cli/out.py")])
    assert first(t) == Convention("dependency_set_unchanged", "pyproject.toml")
    assert [c.signal for c in read_behaviour(t).changes] == ["dependency_undone"]


def test_a_wider_check_after_edits_is_a_check_not_a_replacement():
    t = turn([edit("src/core.py"), run("pytest -q"), say("Done.")], "make check, pas seulement pytest", [run("make check")])
    assert first(t) == Convention("check_run_after_last_edit", "make check")


def test_a_tool_the_user_names_that_stopped_is_replaced_without_a_shared_argument():
    t = turn([run("pip install yapf"), run("yapf -ir .")], "yapf? wir nutzen ruff format", [run("ruff format src/")])
    assert first(t) == Convention("command_avoided", "yapf", "ruff format")


def test_a_call_named_by_its_word_in_the_work_before():
    t = turn([edit("src/log.js"), say("Left a console.log in the handler to trace it.")], "console.log() 不要",
             [edit("src/log.js")])
    assert first(t) == Convention("added_lines_avoid", "console.log(")


@pytest.mark.parametrize("delete", ["git rm db/migrate/20261206_rename_users_email.sql", "rm db/migrate/20261206_rename_users_email.sql"])
def test_a_file_just_written_deleted_with_git_rm_is_put_back(delete):
    # `git rm` deletes the file as `rm` does: the migration just written is taken back, one
    # piece of work undone ("no renames in one go"), with no rule.
    words = "no renames in one go. add the new column, backfill, drop next release."
    t = turn([write("db/migrate/20261206_rename_users_email.sql")], words,
             [run(delete), write("db/migrate/20261206_add_email_address.sql")])
    assert [c.signal for c in read_behaviour(t).changes] == ["restored"]
    assert (read_turn(t).label, read_turn(t).convention) == ("correction", None)
    # Untracked with --cached, the file stays where it was; a file the work never touched is
    # the next piece of work ("drop the old one too").
    kept = turn(t.before, "and keep it out of git, please.", [run("git rm --cached db/migrate/20261206_rename_users_email.sql")])
    other = turn(t.before, "drop the old backfill migration too.", [run("git rm db/migrate/20251101_backfill.sql")])
    assert not read_behaviour(kept).changes and not read_behaviour(other).changes
    assert read_turn(other).label == "new_request"


def test_a_test_written_and_run_through_its_folder_is_added_where_it_is_named_for_the_fixed_code():
    # A file written first thing after a fix and run by the folder holding it is its test where it
    # is named for the fixed file (`deny_privileged_test.rego`) or sits in a folder named for it
    # (`atest/receipt/` of `receipt.py`); every test of that kind carries its name's marker.
    policy = turn([edit("policies/k8s/deny_privileged.rego"), run("opa check policies/")],
                  "where's the _test.rego? every policy change gets one.",
                  [write("policies/k8s/deny_privileged_test.rego"), run("opa test policies/ -v")])
    assert first(policy) == Convention("test_added", "policies/**/*_test.rego")
    robot = turn([edit("src/tollgate/screens/receipt.py")], "atest에 로봇 테스트 추가해.",
                 [write("atest/receipt/qr_code_size.robot"), run("robot -d results atest/receipt/")])
    assert first(robot) == Convention("test_added", "atest/**/*.robot")
    # The same shape for a new policy beside the fixed one, checked with its folder: the next
    # piece of work, no test.
    beside = turn(policy.before, "also deny hostPath mounts, in the same folder.",
                  [write("policies/k8s/deny_hostpath.rego"), run("opa check policies/")])
    assert not read_behaviour(beside).changes


def test_unstaging_is_no_restore():
    t = turn([edit("src/generated/api.py")], "?", [run("git restore --staged src/generated/api.py"), run("make gen")])
    assert not any(c.signal.startswith("restored") for c in read_behaviour(t).changes)


@pytest.mark.parametrize("words", ["the stats section is empty", "ça ne marche toujours pas", "还是不对"])
def test_the_work_redone_first_thing_after_a_turn_is_a_one_off_correction(words):
    redone = turn([edit("src/report.ts"), run("bun test")], words, [run("cat src/report.ts"), edit("src/report.ts")])
    behaviour = read_behaviour(redone)
    assert behaviour.redone == ["src/report.ts"] and not behaviour.changed_course
    assert (read_turn(redone).label, read_turn(redone).convention) == ("correction", None)


# Code the words write by its shape, a call, in a made-up language's
# library and several languages' sentences; the record of the edits shows no code at all.
@pytest.mark.parametrize("words, code", [
    ("Pas de halt_here() dans le code du paquet. Jamais.", "halt_here("),
    ("Kan du ta bort halt_here()-anropen?", "halt_here("),
    ("包里又有 halt_here() 了，删掉。", "halt_here("),
])
def test_the_one_piece_of_code_the_words_write_is_what_a_redo_took_out(words, code):
    redone = turn([edit("lib/fit.q")], words, [edit("lib/fit.q")])
    assert not read_behaviour(redone).changed_course
    assert read_turn(redone).convention == Convention("added_lines_avoid", code)


def test_code_written_needs_one_piece_a_redo_and_no_file():
    two = turn([edit("lib/fit.q")], "use log_at() instead of halt_here()", [edit("lib/fit.q")])
    assert (read_turn(two).label, read_turn(two).convention) == ("correction", None)
    elsewhere = turn([edit("lib/fit.q")], "no halt_here() please", [edit("lib/other.q")])
    assert read_turn(elsewhere).convention is None
    mentioned = turn([edit("src/spinner.js")], "revert that and make the change in @style.css", [edit("src/spinner.js")])
    assert read_turn(mentioned).convention is None
    # A dotted name that names a file: one the session touched, or a file type's.
    touched = turn([edit("deploy/app.yaml")], "nicht app.yaml, bitte", [edit("deploy/app.yaml")])
    assert read_turn(touched).convention is None
    typed = turn([edit("docs/setup.md")], "das steht schon in README.md", [edit("docs/setup.md")])
    assert read_turn(typed).convention is None


# A data file redone (a package taken back out of it) held no code: the code the words write is
# what the work uses in its place, in a source file after the redo. A manifest known by its name
# (dub.json, pom.xml) keeps its dependency set; another data file states no rule.
@pytest.mark.parametrize(("data_file", "rule"), [
    ("dub.json", Convention("dependency_set_unchanged", "dub.json")),
    ("pom.xml", Convention("dependency_set_unchanged", "pom.xml")),
    ("alire.toml", None)])
def test_the_code_the_words_write_is_not_what_a_redo_of_a_data_file_took_out(data_file, rule):
    words = "Could we leave the package list alone? Text.Wrap.fill does this already."
    redone = turn([edit(data_file), say("Added a wrapping package.")], words, [edit(data_file), edit("src/report.q")])
    assert (read_turn(redone).label, read_turn(redone).convention) == ("correction", rule)
    # The same words after a redo of the code file: the code is what the redo took out.
    code = turn([edit("src/report.q")], words, [edit("src/report.q")])
    assert read_turn(code).convention == Convention("added_lines_avoid", "Text.Wrap.fill(")


@pytest.mark.parametrize(("words", "code"), [
    ("no NSLog.", "NSLog("),
    ("别用 NSLog", "NSLog("),
    ("Ma quei Debug.Log finiscono anche nella build di release?", "Debug.Log("),
    ("Take the std.debug.print calls out.", "std.debug.print"),  # three lower-case parts: kept bare
    ("Sérieux, enable.auto.commit ? Jamais ça dans notre code.", "enable.auto.commit"),  # a setting's key
    ("Sérieux, time.sleep ? Jamais ça dans notre code.", "time.sleep("),  # two parts: a call
    ("Pas de io:format dans le code.", "io:format("),  # a function with its module and a colon
    ("Warum schon wieder io:format im Supervisor?", "io:format("),
    ("You left .only in AGAIN.", ".only("),  # a method with its leading dot
    ("また .only が残ってますよ。", ".only("),
])
def test_the_one_name_of_code_shape_the_words_write_is_what_a_redo_took_out(words, code):
    redone = turn([edit("Sources/Player/Player.m")], words, [edit("Sources/Player/Player.m")])
    assert read_turn(redone).convention == Convention("added_lines_avoid", code)


@pytest.mark.parametrize("words", [
    "直してほしかったのは parseDateTime の方では？",  # lower camel case: the project's own function
    "no Debug.Log in runtime scripts. GameLog.",  # two names: which one went, only grammar tells
    "GEt rid of the alert",  # a typo's capitals
    "Error: `params.id` used; `params` should be awaited first.",  # another backquoted span beside it
    "that belongs in PlayerView, not here",  # the stem of a file the session touched
    "see http://example.com/x, it is the other way",  # a scheme, not a module's function
    "like #file:main.m says",  # a mention, not a module's function
    "no logging in src/**/*.cpp please",  # a glob's file suffix, not a method
    "nothing in .gitignore, please",  # a hidden file the session touched
    "no io:format in src. logger:info.",  # two names: which one went, only grammar tells
])
def test_no_name_of_code_shape_where_the_words_leave_it_open(words):
    redone = turn([edit("Sources/PlayerView.m"), edit(".gitignore")], words, [edit("Sources/PlayerView.m")])
    assert read_turn(redone).convention is None


def test_other_work_first_or_praise_then_a_request_is_no_redo():
    elsewhere = turn([edit("src/report.ts")], "now the export page", [edit("src/export.ts"), edit("src/report.ts")])
    assert read_behaviour(elsewhere).redone == [] and read_turn(elsewhere).label == "new_request"
    praised = turn([edit("src/report.ts")], "Great, now the same for the totals row please.", [edit("src/report.ts")])
    assert read_turn(praised).label == "new_request"


# -- what edits added and took out, where the session recorded it ------------------------------

def traced(path: str, old: str, new: str) -> Action:
    """An edit with what a real edit tool's input says it changed."""
    return Action("edit", path, trace=edit_trace({"file_path": path, "old_string": old, "new_string": new}))


def earlier_turn(earlier: list[Action], before: list[Action], user: str, after: list[Action]) -> UserTurnInContext:
    return UserTurnInContext(before=before, user=user, after=after, earlier=earlier)


@pytest.mark.parametrize("words", ["Bien. Ahora el mismo arreglo en parseList.", "이제 parseList도 같은 방식으로 고쳐 주세요.",
                                   "Sorry, I said 20 earlier, I meant 12 for the other limit."])
def test_the_same_file_again_with_only_more_in_it_is_the_next_piece_of_work(words):
    fixed = traced("src/parse.ts", "return parseRange(s);", "if (!s) return [];\nreturn parseRange(s);")
    more = traced("src/parse.ts", "return parseList(s);", "if (!s) return [];\nreturn parseList(s);")
    t = turn([fixed, say("Fixed parseRange.")], words, [more])
    assert read_behaviour(t).redone == [] and read_turn(t).label == "new_request"


@pytest.mark.parametrize("words", ["Bien. Ahora el mismo arreglo en parseList.", "hm, not like that"])
def test_a_redo_that_rewrites_what_was_just_written_stays_a_correction(words):
    fixed = traced("src/parse.ts", "return parseRange(s);", "if (!s) return [];\nreturn parseRange(s);")
    rewritten = traced("src/parse.ts", "if (!s) return [];", "if (s === undefined) return [];")
    t = turn([fixed], words, [rewritten])
    assert read_behaviour(t).redone == ["src/parse.ts"] and read_turn(t).label == "correction"


def test_a_redo_is_read_as_one_without_a_record_of_every_edit_of_the_file():
    fixed = traced("src/parse.ts", "return parseRange(s);", "if (!s) return [];\nreturn parseRange(s);")
    more = traced("src/parse.ts", "return parseList(s);", "if (!s) return [];\nreturn parseList(s);")
    assert read_behaviour(turn([edit("src/parse.ts")], "Now parseList.", [more])).redone == ["src/parse.ts"]
    assert read_behaviour(turn([fixed], "Now parseList.", [edit("src/parse.ts")])).redone == ["src/parse.ts"]
    # an earlier record cut at its cap may have lost the very line the edit after took out
    long = traced("src/parse.ts", "", "\n".join(f"line {n};" for n in range(40)))
    assert read_behaviour(turn([long], "Now parseList.", [more])).redone == ["src/parse.ts"]
    # a file written over whole records no line taken out, whatever it replaced
    over = Action("write", "src/parse.ts", trace=edit_trace({"file_path": "src/parse.ts", "content": "export {};"}))
    assert read_behaviour(turn([fixed], "Now parseList.", [over])).redone == ["src/parse.ts"]


@pytest.mark.parametrize("words", ["Drop the console.logs.", "console.log raus", "console.log は消して"])
def test_a_call_an_edit_added_and_the_redo_took_out_named_without_parentheses(words):
    added = traced("web/view.mjs", "render(v);", 'console.log("v", v);\nrender(v);')
    t = turn([added, say("Values are written out now.")], words, [traced("web/view.mjs", 'console.log("v", v);\n', "")])
    assert first(t) == Convention("added_lines_avoid", "console.log(")


def test_a_call_the_redo_took_out_counts_only_where_the_words_name_it():
    added = traced("lib/convert.py", "raise KeyError(name)", "print(name)\nraise KeyError(name)")
    taken_out = traced("lib/convert.py", "print(name)\n", "")
    assert first(turn([added], "No, not like that.", [taken_out])) is None
    # and only a call the work before the turn added: one that was there all along is other work
    assert first(turn([traced("lib/convert.py", "a", "b")], "print() again", [taken_out])) is None


def test_the_redo_can_take_the_call_out_in_its_second_edit():
    added = traced("lib/convert.py", "raise KeyError(name)", "print(name)\nraise KeyError(name)")
    redo = [traced("lib/convert.py", "import os\n", "import os\nfrom lib.log import get_logger\n"),
            traced("lib/convert.py", "print(name)\n", "log.warning(name)\n"), run("git commit -qam log")]
    assert first(turn([added], "print() in library code, again. Use the logger!", redo)) == Convention("added_lines_avoid", "print(")


def test_a_manifest_change_put_back_two_turns_later():
    # The user asks about the dependency after a turn about something else: the install was
    # earlier in the session, and the edit after the turn undoes exactly it.
    install = traced("pyproject.toml", "dependencies = []", 'dependencies = ["cachetools>=5.3"]')
    t = earlier_turn([install, edit("pkg/convert.py")], [run("git commit -qm cache")], "Why is there a new package? 標準ライブラリだけ。",
                     [traced("pyproject.toml", 'dependencies = ["cachetools>=5.3"]', "dependencies = []"), edit("pkg/convert.py")])
    assert first(t) == Convention("dependency_set_unchanged", "pyproject.toml")


def test_a_manifest_edited_again_to_add_more_is_no_undo():
    install = traced("pyproject.toml", "dependencies = []", 'dependencies = ["httpx"]')
    more = traced("pyproject.toml", 'dependencies = ["httpx"]', 'dependencies = ["httpx", "rich"]')
    assert first(turn([install], "also add rich for the tables", [more, edit("pkg/table.py")])) is None


@pytest.mark.parametrize("words", ["Hands off vendor/.", "vendor/ bitte nicht anfassen", "vendor/ には触らないで"])
def test_a_restore_whose_folder_the_turn_names_keeps_the_folder_untouched(words):
    t = turn([edit("vendor/sigfig.py"), edit("web/view.mjs")], words, [run("git checkout -- vendor/sigfig.py"), edit("pkg/format.py")])
    assert first(t) == Convention("path_untouched", "vendor/**")


@pytest.mark.parametrize("words", ["Encore des retouches dans le code généré ? On ne le modifie jamais à la main.",
                                   "generierte Dateien fasst hier niemand an, nie",
                                   "这些文件是工具生成的吧？别手动改。"])
def test_a_restore_under_a_folder_named_generated_that_the_words_call_generated_keeps_that_folder(words):
    t = turn([edit("api/quill-gen/model/Order.kt"), say("Patched Order by hand.")], words,
             [run("git checkout -- api/quill-gen/model/Order.kt"), say("Reverted.")])
    assert first(t) == Convention("path_untouched", "api/quill-gen/**")


@pytest.mark.parametrize("words", ["you edited the generated client by mistake, I only wanted api.ts; revert that one",
                                   "the generated report shows a typo in the header; revert your change",
                                   "oops I asked for the wrong file, the generated one is fine, revert it please"])
def test_a_restore_under_a_generated_folder_the_words_only_ask_undone_keeps_no_folder(words):
    t = turn([edit("api/quill-gen/model/Order.kt"), say("Patched Order by hand.")], words,
             [run("git checkout -- api/quill-gen/model/Order.kt"), say("Reverted.")])
    assert read_behaviour(t).changed_course and first(t) is None


@pytest.mark.parametrize("words", ["Bitte nichts im _vendored-Ordner ändern, nie.", "låt bli _vendored-mappen, alltid"])
def test_a_restore_whose_folder_the_words_join_to_a_word_for_a_folder_keeps_the_folder_untouched(words):
    t = turn([edit("lib/_vendored/sigfig.py")], words, [run("git checkout -- lib/_vendored/sigfig.py"), say("Restored.")])
    assert first(t) == Convention("path_untouched", "lib/_vendored/**")
    # Joined to another word, the name is no folder named ("a _vendored-style import").
    other = turn([edit("lib/_vendored/sigfig.py")], "no _vendored-style imports here", [run("git checkout -- lib/_vendored/sigfig.py")])
    assert first(other) is None


@pytest.mark.parametrize("restore", ["git -C vendor/sigfig checkout core.py", "git -C vendor/sigfig checkout -- .",
                                     "git -C vendor restore sigfig/core.py"])
def test_a_restore_run_in_a_folder_is_read_from_the_top(restore):
    t = turn([edit("vendor/sigfig/core.py")], "Hands off vendor/.", [run(restore), edit("pkg/format.py")])
    assert first(t) == Convention("path_untouched", "vendor/**")


@pytest.mark.parametrize("words", ["Finger weg von vendor, bitte.", "what happens to that edit when vendor is bumped?"])
def test_a_folder_put_back_whole_is_named_by_its_own_name(words):
    t = turn([edit("vendor/sigfig/core.py")], words, [run("git -C vendor checkout -- ."), edit("pkg/format.py")])
    assert first(t) == Convention("path_untouched", "vendor/**")


def test_a_git_command_run_in_a_folder_keeps_its_refs_and_flags():
    from skillopt_sleep.tasks.corrections.commands import from_repository_root
    assert from_repository_root(["git", "-C", "lib/z", "checkout", "v1.3.1"]) == ["git", "checkout", "v1.3.1"]
    assert from_repository_root(["git", "-C", "./lib/z/", "checkout", "--", "a.c"]) == ["git", "checkout", "--", "lib/z/a.c"]
    assert from_repository_root(["git", "-C", "lib/z", "checkout", "--", "."]) == ["git", "checkout", "--", "lib/z/"]
    assert from_repository_root(["git", "-C", ".", "restore", "a.c"]) == ["git", "restore", "a.c"]
    assert from_repository_root(["git", "checkout", "a.c"]) == ["git", "checkout", "a.c"]


@pytest.mark.parametrize("words", ["locales 目录下的文件是同步过来的", "the locales come from the sync", "Locales sind synchronisiert."])
def test_a_restore_whose_folder_the_turn_writes_as_a_word_keeps_the_folder_untouched(words):
    t = turn([edit("src/locales/zh-CN/menu.json")], words, [run("git checkout -- src/locales/zh-CN/menu.json")])
    assert first(t) == Convention("path_untouched", "src/locales/**")


# Put back and regenerated: the folder the words write as a word is the scope, as for a path put
# back alone; words that name no folder of the path leave its top folder.
@pytest.mark.parametrize("words, scope", [("don't edit cassettes. re-record it.", "tests/cassettes/**"),
                                          ("Kazety se nahrávají, ne upravují: cassettes!", "tests/cassettes/**"),
                                          ("that file is recorded, not written", "tests/**"),
                                          ("the tests code is fine, re-record the yaml", "tests/**")])
def test_a_restored_and_regenerated_path_takes_the_folder_the_words_write_as_a_word(words, scope):
    t = turn([edit("tests/cassettes/carriers/rates.yaml")], words,
             [run("git checkout tests/cassettes/carriers/rates.yaml"), run("pytest tests/test_rates.py --record-mode=rewrite")])
    assert first(t) == Convention("path_untouched", scope)


@pytest.mark.parametrize("words", ["the src code is fine, revert the json", "menu.json: undo", "no"])
def test_a_restore_whose_words_name_only_a_source_root_or_the_file_keeps_no_folder(words):
    t = turn([edit("src/locales/zh-CN/menu.json")], words, [run("git checkout -- src/locales/zh-CN/menu.json")])
    assert read_behaviour(t).changed_course and first(t) is None


def test_a_flag_dropped_where_earlier_runs_lacked_other_flags_too_names_no_rule():
    # `-a` is dropped here, but the commit two turns back had `--no-verify` too: which one the
    # turn took away, the actions do not say.
    t = earlier_turn([run("git commit --no-verify -q -a -m one")], [run("git commit -q -a -m two")], "Let the hooks run.",
                     [run("git reset -q --soft HEAD~2"), run("git commit -q -m both")])
    behaviour = read_behaviour(t)
    assert behaviour.changed_course and behaviour.conventions == []


def test_turns_carry_the_sessions_earlier_work_and_edits_what_they_changed():
    trace = edit_trace({"old_string": "x = 1", "new_string": "print(x)"})
    session = Session(id="s1", agent="claude-code", intents=[
        Intent(text="fix it", tools=[ToolUse("Edit", "a.py", trace=trace)], answer="Fixed."),
        Intent(text="now b", tools=[ToolUse("Edit", "b.py")], answer="Done."),
        Intent(text="and c", tools=[ToolUse("Edit", "c.py")]),
    ])
    turns = user_turns(session)
    assert turns[1].earlier == [Action("edit", "a.py", trace=trace), Action("say", "Fixed.")]
    assert turns[1].earlier[0].trace.added_calls == ("print",) and turns[0].earlier == []


def test_the_replaced_tool_is_the_tool_not_the_job_the_user_wrote_of_it():
    t = turn([run("yarn run build")], "not yarn run build again: bun run build", [run("bun run build")])
    assert first(t).value == "yarn"


@pytest.mark.parametrize("words", ["--force-with-lease, never plain --force", "force-with-lease bitte", "`--force` はやめて"])
def test_a_flag_swapped_for_another_that_the_words_name(words):
    t = turn([edit("src/a.rs"), run("git push --force origin topic")], words, [run("git push --force-with-lease origin topic")])
    assert first(t) == Convention("command_avoided", "git push --force", "git push --force-with-lease")
    assert read_behaviour(t).changes[0].signal == "flag_swapped"


def test_a_flag_swapped_unnamed_is_no_change_of_course():
    # `-q` for `-v` to see more: as likely a one-off as a rule, and the words say neither.
    t = turn([run("pytest -q tests/")], "mehr Details bitte", [run("pytest -v tests/")])
    assert read_behaviour(t).changes == []


@pytest.mark.parametrize("words", ["breakpoint kalmasın.", "You left a breakpoint in there. Take it out."])
def test_a_call_the_work_shows_named_by_its_bare_word(words):
    t = turn([edit("lib/m.py"), say("Fixed it; added a breakpoint() before the check.")], words, [edit("lib/m.py")])
    assert first(t) == Convention("added_lines_avoid", "breakpoint(")


@pytest.mark.parametrize("said, words, code", [
    ("Silenced the checker with a `# noqa: E501` on the line.", "kein # noqa: E501, bitte umbrechen", "# noqa: E501"),
    ("Added @ts-ignore above the call.", "no @ts-ignore here, type it properly", "@ts-ignore"),
    ("Turned the rule off with an `istanbul-ignore` comment.", "istanbul-ignore は使わないで", "istanbul-ignore"),
])
def test_code_that_is_no_call_named_by_the_words_and_the_work(said, words, code):
    t = turn([edit("src/view.ts"), say(said)], words, [edit("src/view.ts")])
    assert first(t) == Convention("added_lines_avoid", code)


def test_prose_the_user_and_the_reply_share_is_no_code():
    t = turn([edit("src/view.ts"), say("Fixed the drive-letter handling.")], "the drive-letter case is still wrong",
             [edit("src/view.ts")])
    assert first(t) is None


def test_a_redo_whose_record_took_nothing_out_states_no_code_rule():
    # What the redo changed is recorded, and it is not the breakpoint the reply spoke of.
    redo = traced("lib/m.py", "x = 1", "x = 2")
    t = turn([edit("lib/m.py"), say("Added a breakpoint() to look at x.")], "breakpoint() もう一度？", [redo])
    assert first(t) is None


def test_a_check_the_user_spelled_with_its_flags():
    t = turn([edit("src/core.py"), run("pytest"), say("Done.")], "nox -s lint after the last edit", [run("nox -s lint")])
    assert first(t) == Convention("check_run_after_last_edit", "nox -s lint")
    # unspelled, the check is its name
    t = turn([edit("src/core.py"), run("pytest"), say("Done.")], "lint?", [run("nox -s lint")])
    assert first(t) == Convention("check_run_after_last_edit", "nox")


def test_a_tool_first_run_after_new_work_replaces_nothing():
    # The user names the tool that ran and a new one; the agent writes the new target first and
    # then runs it: new work, not a redo with another tool.
    request = turn([run("uv run pytest -q")], "ora un target `make test` che chiami uv run pytest",
                   [edit("Makefile"), run("make test")])
    assert read_behaviour(request).changes == []
    # the same tools with the new one run first thing is a replacement
    redo = turn([run("uv run pytest -q")], "`make test`, nicht uv run pytest", [run("make test")])
    assert [c.signal for c in read_behaviour(redo).changes] == ["command_replaced"]


def test_a_separator_inside_quotes_cuts_no_command():
    from skillopt_sleep.tasks.corrections.commands import segments
    assert segments("python -c 'import a; print(a.V)' && echo \"x|y\" | wc -l") == [
        ["python", "-c", "import a; print(a.V)"], ["echo", "x|y"], ["wc", "-l"]]


def test_a_check_keeps_the_spelling_the_session_ran_it_by():
    t = turn([edit("src/w.ts"), run("pnpm lint"), edit("src/w.ts"), say("Done.")], "Opnieuw linten.", [run("pnpm run lint")])
    assert first(t) == Convention("check_run_after_last_edit", "pnpm lint")
    # and a check already run after the last edit under another spelling is no signal
    linted = turn([edit("src/w.ts"), run("pnpm lint")], "Danke.", [run("pnpm run lint")])
    assert read_behaviour(linted).changes == []


@pytest.mark.parametrize("words", WORDS)
def test_a_program_run_by_its_path_replaces_a_tool(words):
    t = turn([edit("src/main/java/App.java"), run("mvn test")], words, [run("./mvnw test")])
    assert first(t) == Convention("command_avoided", "mvn", "./mvnw")
    # A new head that is a file worked on is not a tool: it states no replacement.
    t = turn([run("node dist/cli.js --check")], words, [run("node src/cli.ts --check")])
    assert all(c.signal != "command_replaced" for c in read_behaviour(t).changes)


@pytest.mark.parametrize("words", ["Never skaffold run from here, we use tilt up.", "skaffold run は禁止、tilt up で。"])
def test_a_job_that_stopped_is_banned_as_the_user_spelled_it(words):
    # Nothing of the job is shared (`skaffold run --tail` -> `tilt up`): what stopped is the
    # command the user spelled, not every use of its tool.
    t = turn([edit("k8s/app.yaml"), run("skaffold run --tail")], words, [run("tilt up")])
    assert first(t) == Convention("command_avoided", "skaffold run", "tilt up")


def test_a_tool_swapped_under_the_same_job_is_banned_as_a_tool():
    # `pnpm install` does what `npm install` did: the tool is what stopped, whatever the user wrote.
    t = turn([run("npm install left-pad")], "no npm install here, pnpm", [run("pnpm install left-pad")])
    assert first(t) == Convention("command_avoided", "npm", "pnpm")


@pytest.mark.parametrize("words", ["No unwrap() in library code.", "库代码里不要 unwrap()。", "Znowu `unwrap`?"])
def test_a_method_call_the_user_writes_as_code(words):
    t = turn([edit("src/config.rs"), say("Parsed the port with .unwrap().")], words, [edit("src/config.rs")])
    assert first(t) == Convention("added_lines_avoid", "unwrap(")


def test_a_method_named_as_a_plain_word_is_no_code_rule():
    # "get" is as often a plain word: the user must write the method as code.
    t = turn([edit("src/cache.py"), say("Reads it with config.get('ttl').")], "get the ttl from the env instead",
             [edit("src/cache.py")])
    assert first(t) is None


def test_a_job_that_stopped_while_its_tool_ran_on():
    # `skaffold run` stopped though skaffold ran again to undo it, and a tool new to the session took over.
    t = turn([run("skaffold run --tail")], "tilt only. Never skaffold run by hand.", [run("skaffold delete"), run("tilt up")])
    assert first(t) == Convention("command_avoided", "skaffold run", "tilt")
    # The tool alone named, still running: nothing says which of its jobs stopped.
    t = turn([run("skaffold run --tail")], "skaffold is fine; also bring it up with tilt", [run("skaffold delete"), run("tilt up")])
    assert all(c.signal != "command_replaced" for c in read_behaviour(t).changes)


def test_a_tool_named_in_a_script_without_spaces_is_named():
    # Japanese writes no space between words: the tool's name is set apart by the script.
    t = turn([run("yarn upgrade-interactive")], "またyarn使ってる…ここはpnpmだけです。", [run("pnpm update -i")])
    assert first(t) == Convention("command_avoided", "yarn", "pnpm")


def test_a_lockfile_is_no_spelling_of_its_tool():
    t = turn([run("pip install tenacity")], "Is tenacity in uv.lock now?", [run("uv add tenacity")])
    assert first(t) == Convention("command_avoided", "pip", "uv add")


@pytest.mark.parametrize("words", WORDS)
def test_a_file_put_back_by_git_checkout_without_dashes(words):
    t = turn([edit("CHANGELOG.md")], words, [run("git checkout CHANGELOG.md"), run("pnpm changeset")])
    change = read_behaviour(t).changes[0]
    assert change.signal == "restored_and_regenerated"


def test_git_checkout_of_a_branch_restores_nothing():
    t = turn([edit("src/app.py")], "Hmm.", [run("git checkout main"), run("make build")])
    assert not read_behaviour(t).changed_course


@pytest.mark.parametrize("user", ["Where's the changeset for this?", "Müsste das nicht ein Changeset sein?",
                                  "the release bot writes it from changesets"])
def test_a_generator_the_words_name_by_its_job(user):
    t = turn([edit("packages/ui/CHANGELOG.md")], user,
             [run("git checkout packages/ui/CHANGELOG.md"), run("pnpm changeset --empty")])
    assert first(t) == Convention("generator_run", "pnpm changeset", path="packages/ui/**")


def test_a_generator_the_words_do_not_name_leaves_the_path_untouched():
    t = turn([edit("packages/ui/CHANGELOG.md")], "Nobody edits that by hand.",
             [run("git checkout packages/ui/CHANGELOG.md"), run("pnpm changeset")])
    assert first(t) == Convention("path_untouched", "packages/ui/**")


# Types edited by hand, put back, and a code generator run: the words ask for the generator by its
# job, for the folder kept, or for neither.
TYPES_EDITED = [edit("src/graphql/queries/order.graphql"), edit("src/gql/graphql.ts")]
TYPES_REGENERATED = [run("git checkout -- src/gql/graphql.ts"), run("graphql-codegen --config codegen.ts")]


@pytest.mark.parametrize("user", ["run codegen, don't write the types yourself", "those types are generated. regenerate them"])
def test_a_generator_the_words_ask_for_by_its_job_alone_is_the_run_after_the_put_back(user):
    t = turn(TYPES_EDITED, user, TYPES_REGENERATED)
    assert first(t) == Convention("generator_run", "graphql-codegen", path="src/gql/**")


@pytest.mark.parametrize("user", ["don't write the types in src/gql/ yourself, regenerate them", "don't write the types yourself"])
def test_a_folder_the_words_write_or_no_job_keeps_the_path_untouched_though_a_generator_runs(user):
    t = turn(TYPES_EDITED, user, TYPES_REGENERATED)
    assert first(t) == Convention("path_untouched", "src/gql/**")


def test_a_job_spelled_without_the_runs_flags():
    t = turn([run("terraform -chdir=infra/staging apply")], "nunca hagas `terraform apply`; solo `make plan`",
             [run("make plan ENV=staging")])
    assert first(t) == Convention("command_avoided", "terraform apply", "make plan")


@pytest.mark.parametrize("words", WORDS)
def test_a_check_keeps_the_whole_tree_target_it_was_run_with(words):
    t = turn([edit("internal/cache/lru.go")], words, [run("go vet ./..."), say("clean")])
    assert first(t) == Convention("check_run_after_last_edit", "go vet ./...")


def test_a_file_target_is_no_part_of_the_checks_spelling():
    t = turn([edit("src/app.ts")], "Hmm.", [run("pnpm lint src/app.ts")])
    assert first(t) == Convention("check_run_after_last_edit", "pnpm lint")


def test_a_check_run_then_edited_past_without_a_rerun_states_no_rule():
    t = turn([edit("internal/http/handler.go")], "It still 404s. Did you even try it?",
             [run("go test ./internal/http/..."), edit("internal/http/router.go")])
    behaviour = read_behaviour(t)
    assert behaviour.changed_course and behaviour.conventions == []


def test_a_check_run_then_edited_past_keeps_its_rule_where_the_words_name_it():
    t = turn([edit("src/cli.rs"), run("cargo test")], "¿Has pasado clippy después del último cambio?",
             [run("cargo clippy"), edit("src/cli.rs")])
    assert first(t) == Convention("check_run_after_last_edit", "cargo clippy")


def test_a_check_run_edited_past_and_run_again_keeps_its_rule():
    t = turn([edit("internal/report/format.go")], "Hmm.",
             [run("go vet ./..."), edit("internal/report/format.go"), run("go vet ./...")])
    assert first(t) == Convention("check_run_after_last_edit", "go vet ./...")


def test_a_method_keeps_the_dot_the_user_wrote():
    t = turn([edit("src/config.rs"), say("Parse the port with `.parse().unwrap()`.")],
             "Encore un `.unwrap()` ! On remonte l'erreur.", [edit("src/config.rs")])
    assert first(t) == Convention("added_lines_avoid", ".unwrap(")


@pytest.mark.parametrize("move", ["git mv test/handler_test.go internal/http/handler_test.go",
                                  "mv test/handler_test.go internal/http/"])
def test_a_file_just_written_moved_first_thing_is_a_redo(move):
    t = turn([write("test/handler_test.go")], "테스트는 코드 옆에.", [run(move)])
    reading = read_turn(t)
    assert read_behaviour(t).redone == ["test/handler_test.go"]
    assert (reading.label, reading.convention) == ("correction", None)


def test_moving_a_file_the_work_never_touched_is_no_redo():
    t = turn([write("test/handler_test.go")], "Now tidy up the docs folder.", [run("git mv docs/old.md docs/new.md")])
    assert read_behaviour(t).redone == []


@pytest.mark.parametrize("user", ["Drop the console.logs.", "¿Otra vez console.log en el código?",
                                  "Kannst du die console.log-Aufrufe rausnehmen?"])
def test_a_dotted_name_the_reply_and_the_words_write_taken_out_by_the_redo(user):
    t = turn([edit("src/widget.ts"), say("Added console.log calls to trace the render order.")], user,
             [edit("src/widget.ts")])
    assert first(t) == Convention("added_lines_avoid", "console.log(")


def test_a_dotted_file_name_is_no_code():
    # `settings.toml` shares its suffix with a file the work touched: a file, not a call.
    t = turn([edit("app/main.py"), edit("conf/app.toml"), say("The port is not in settings.toml yet.")],
             "Put it in settings.toml instead.", [edit("app/main.py")])
    assert first(t) is None


def test_the_host_of_an_address_is_no_code():
    # The reply and the words both write `firma.de`, as an address's host: a one-off value fixed.
    t = turn([edit("src/mail/templates/reset.html"), say("Absender auf noreply@firma.de gesetzt.")],
             "Falsche Adresse! Das muss support@firma.de sein, hab ich doch geschrieben.",
             [edit("src/mail/templates/reset.html")])
    assert first(t) is None
    # Beside an address, a dotted name both write that stands alone is still code.
    t = turn([edit("app/notify.py"), say("Mail goes to ops@firma.de now; logger.debug traces each send.")],
             "Drop the logger.debug calls, ops@firma.de is enough.", [edit("app/notify.py")])
    assert first(t) == Convention("added_lines_avoid", "logger.debug(")


def test_a_dotted_name_kept_course_is_no_rule():
    t = turn([edit("src/backoff.py"), say("Backoff sleeps between retries with time.sleep.")],
             "time.sleep in the backoff itself is fine. Looks good.", [])
    assert read_turn(t).convention is None


def test_a_backquoted_comment_the_reply_writes_without_its_mark():
    t = turn([edit("src/ledger/convert.py"), say("Silenced the mypy error with a type: ignore.")],
             "Bitte kein `# type: ignore` einbauen.", [edit("src/ledger/convert.py")])
    assert first(t) == Convention("added_lines_avoid", "# type: ignore")


@pytest.mark.parametrize("words", WORDS)
def test_the_old_tool_tearing_down_its_work_before_the_new_one_still_is_replaced(words):
    t = turn([run("docker-compose up -d db"), run("pytest tests/integration -q")], words,
             [run("docker-compose down"), run("docker compose up -d db"), run("pytest tests/integration -q")])
    assert first(t) == Convention("command_avoided", "docker-compose", "docker compose")


def test_the_old_tool_rerun_for_its_job_before_a_new_one_is_kept():
    t = turn([edit("src/app.py"), run("pytest tests/")], "run pytest, and then ruff as well",
             [run("pytest tests/"), run("ruff check tests/")])
    assert all(c.signal != "command_replaced" for c in read_behaviour(t).changes)


def test_a_restore_under_a_hidden_folder_keeps_its_tools_folder():
    t = turn([edit(".github/workflows/ci.yml")], "No toques eso.",
             [run("git checkout -- .github/workflows/ci.yml"), run("pytest -q")])
    assert first(t) == Convention("path_untouched", ".github/workflows/**")


@pytest.mark.parametrize("words", WORDS)
def test_a_manifest_an_add_changed_edited_first_thing_after_the_turn(words):
    t = turn([run("uv add requests"), edit("src/remote.py")], words, [edit("pyproject.toml"), edit("src/remote.py")])
    assert first(t) == Convention("dependency_set_unchanged", "pyproject.toml")


def test_a_manifest_an_add_changed_edited_after_other_work_is_no_undo():
    t = turn([run("uv add requests"), edit("src/remote.py")], "Now add a ruff section.",
             [edit("src/remote.py"), edit("pyproject.toml")])
    assert all(c.signal != "dependency_undone" for c in read_behaviour(t).changes)


def test_a_folder_in_a_path_is_no_generators_job():
    t = turn([edit("docs/api/orders.md")], "Where did you document it? Not in docs/api/orders.md.",
             [run("git checkout -- docs/api/orders.md"), edit("src/api/orders.py"), run("make docs")])
    assert first(t) == Convention("path_untouched", "docs/**")


def test_a_dotted_name_the_session_wrote_a_file_by_is_no_code():
    # Only the work after the turn shows `package.json` is a file.
    t = turn([edit("src/index.ts"), say("Pinned lodash in package.json.")], "Not in package.json, vendor it.",
             [edit("src/index.ts"), edit("vendor/lodash/package.json")])
    assert first(t) is None


def test_short_flags_written_together_are_taken_apart_and_the_named_one_is_the_rule():
    t = turn([run("git commit -am 'Update docs' --no-verify")], "麻烦不要用 --no-verify 提交。",
             [run("git reset --soft HEAD~1"), run("git commit -m 'Fix loader'")])
    assert first(t) == Convention("command_avoided", "git commit --no-verify")


def test_several_flags_dropped_and_none_named_states_no_rule():
    t = turn([run("git commit -am 'Update docs' --no-verify")], "You skipped the hooks.",
             [run("git reset --soft HEAD~1"), run("git commit -m 'Fix loader'")])
    behaviour = read_behaviour(t)
    assert behaviour.changed_course and behaviour.conventions == []


@pytest.mark.parametrize("words", ["Lauf noch die Tests, bitte.", "テストは？", "and?"])
def test_a_check_of_a_tool_nobody_listed_is_read_by_its_job(words):
    t = turn([edit("lib/shop/orders.ex"), say("Changed the rounding.")], words,
             [run("gleam test --target erlang"), say("All green.")])
    assert first(t) == Convention("check_run_after_last_edit", "gleam test")


def test_a_command_the_session_checked_with_before_the_edit_is_its_check():
    t = turn([run("zig build"), edit("src/parser.zig"), say("Built, then fixed the tokenizer.")], "e depois?",
             [run("zig build"), say("Builds.")])
    assert first(t) == Convention("check_run_after_last_edit", "zig build")


def test_a_job_run_again_before_more_files_is_no_check():
    t = turn([run("towncrier create"), write("newsfragments/12.bugfix")], "One more for the docs fix.",
             [run("towncrier create"), write("newsfragments/13.doc")])
    assert read_behaviour(t).changes == []



@pytest.mark.parametrize("user", ["Edit the schema and rerun protoc gen go, never the output.",
                                  "Изменяй схему и запускай protoc-gen-go."])
def test_a_generator_named_by_the_program_its_runner_runs(user):
    t = turn([edit("api/gen/user.pb.go")], user,
             [run("git checkout -- api/gen/user.pb.go"), edit("api/user.proto"),
              run("buf exec protoc-gen-go generate --clean")])
    assert first(t) == Convention("generator_run", "buf exec protoc-gen-go generate", path="api/**")


def test_a_generator_the_user_spells_keeps_its_subcommands_not_its_options():
    t = turn([edit("lib/models/user.g.dart")], "hand edits get lost: dart run the generator",
             [run("git checkout -- lib/models/user.g.dart"), edit("lib/models/user.dart"),
              run("dart run build_runner build --delete-conflicting-outputs")])
    assert first(t) == Convention("generator_run", "dart run build_runner build", path="lib/models/**")


@pytest.mark.parametrize("words", WORDS)
def test_a_manifest_nobody_listed_put_back_with_its_lock_file(words):
    t = turn([edit("mix.exs"), run("mix deps.get"), say("Added req for the HTTP call.")], words,
             [run("git checkout -- mix.exs mix.lock"), edit("lib/client.ex")])
    assert first(t) == Convention("dependency_set_unchanged", "mix.exs")


def test_a_manifest_put_back_and_a_package_added_again_is_no_unchanged_set():
    t = turn([edit("mix.exs")], "pin it properly", [run("git checkout -- mix.exs mix.lock"), run("mix add req 0.4")])
    assert not any(c.signal == "dependency_undone" for c in read_behaviour(t).changes)


@pytest.mark.parametrize("words", WORDS)
def test_another_program_for_the_same_subcommand_is_a_tool_swap(words):
    t = turn([run("cabal test --test-show-details=direct"), say("Tests pass.")], words, [run("stack test")])
    assert first(t) == Convention("command_avoided", "cabal", "stack")


def test_the_same_program_with_other_flags_is_no_tool_swap():
    t = turn([run("cabal test --test-show-details=direct")], "quieter please", [run("cabal test")])
    assert not any(c.signal == "command_replaced" for c in read_behaviour(t).changes)


def test_a_dotted_name_of_several_parts_is_one_name():
    t = turn([edit("src/fs/walk.zig"), say("Prints skipped paths via std.debug.print.")],
             "Bitte kein std.debug.print in der Bibliothek.", [edit("src/fs/walk.zig"), say("Uses std.log now.")])
    assert first(t) == Convention("added_lines_avoid", "std.debug.print")


def test_a_dotted_name_of_two_parts_both_sides_write_is_a_call():
    t = turn([edit("src/poll.py"), say("Waits with time.sleep between polls.")],
             "Bitte kein time.sleep in der Bibliothek.", [edit("src/poll.py"), say("Uses the event now.")])
    assert first(t) == Convention("added_lines_avoid", "time.sleep(")


def test_a_generator_the_words_name_by_two_words_is_named_as_written():
    before = [edit("src/main/avro-gen/com/acme/events/Refund.java")]
    after = [run("git checkout -- src/main/avro-gen/com/acme/events/Refund.java"),
             run("java -jar tools/avro-tools-1.11.3.jar compile schema schemas/refund.avsc src/main/avro-gen")]
    # The jar's tool is the program, short of its version; the words stop at its subcommand.
    named = turn(before, "Die kommen IMMER aus avro-tools compile, nie von Hand.", after)
    assert first(named).value == "avro-tools compile"
    # Three words written may be where the words stopped: the run's subcommands are kept.
    longer = turn([edit("fab/board.gbr")], "gerbers come from kicad-cli pcb export, never by hand",
                  [run("git checkout -- fab/board.gbr"), run("kicad-cli pcb export gerbers -o fab/ board.kicad_pcb")])
    assert first(longer).value == "kicad-cli pcb export gerbers"


@pytest.mark.parametrize("words", WORDS)
def test_a_companion_written_beside_a_new_file_after_the_turn(words):
    t = turn([write("src/components/Badge.tsx"), say("Added a Badge component.")], words,
             [write("src/components/Badge.stories.tsx"), say("Added its stories.")])
    assert first(t) == Convention("test_added", "src/**/*.stories.tsx")


def test_another_file_of_another_kind_is_no_companion():
    t = turn([write("src/Badge.tsx")], "and the styles", [write("src/Badge.module.css")])
    assert read_behaviour(t).changes == []


@pytest.mark.parametrize("user, banned", [("Bitte mit `uv add`, wir pflegen die Lockfile.", "pip install"),
                                          ("uv here, please.", "pip")])
def test_a_replacement_bans_as_fine_as_the_user_names_what_took_over(user, banned):
    t = turn([run("pip install httpx"), say("Installed httpx.")], user, [run("uv add httpx")])
    assert first(t).value == banned


@pytest.mark.parametrize("before, after, banned", [
    # a runner's second word is the program it starts, a job both tools run stayed: the tool went
    ("npx prettier --write routes/index.tsx", "denox fmt routes/index.tsx", "npx"),
    ("asdf exec node scripts/seed.js", "misex exec -- node scripts/seed.js", "asdf"),
    # a job of the old tool the new one does by another name stopped with it
    ("pipx install httpx", "uvx add httpx", "pipx install")])
def test_a_replacement_bans_the_job_only_where_the_job_stopped(before, after, banned):
    new = " ".join(after.split()[:2])
    t = turn([run(before), say("Done.")], f"No {before.split()[0]} here. {new}.", [run(after)])
    assert first(t).value == banned


@pytest.mark.parametrize("user", ["don't deploy. make release only.", "Kein deploy von dir, bitte."])
def test_a_job_the_words_name_by_its_subcommand_replaced_by_a_new_tool(user):
    t = turn([run("flyctl deploy --app web"), say("Deployed.")], user, [run("make release ENV=staging")])
    assert first(t) == Convention("command_avoided", "flyctl deploy", "make release")


def test_one_runner_starting_another_tool_for_the_same_job_replaces_the_tool_the_words_name():
    # `npx` starts both: the tool before, which the words name, is what went.
    swapped = turn([run("npx write-good docs/"), write("scripts/lint-prose.sh"), say("Set up a write-good script.")],
                   "write-good não. textlint, sempre", [run("npx textlint docs/")])
    assert first(swapped) == Convention("command_avoided", "write-good", "textlint")
    # Words that leave the tool before unnamed ask for the new one beside it: a check, no ban.
    beside = turn([edit("packages/ui/src/Button.tsx"), run("npx tsc --noEmit -p packages/ui"), say("Types pass.")],
                  "Types passing is great, thank you. Could you also run Biome over it before wrapping up?",
                  [run("npx @biomejs/biome check packages/ui")])
    assert not any(c.signal == "command_replaced" for c in read_behaviour(beside).changes)
    # The old tool run again with a flag after the new one is no tool replaced by itself, and
    # reads as the same runs without the runner do.
    again = turn([run("npx eslint src/")], "eslint? no. biome lint, always",
                 [run("npx biome lint src/"), run("npx eslint --fix src/")])
    bare = turn([run("eslint src/")], again.user, [run("biome lint src/"), run("eslint --fix src/")])
    assert read_behaviour(again) == read_behaviour(bare)
    assert not any(c.convention.instead.startswith("eslint") for c in read_behaviour(again).changes if c.convention)


def test_a_check_the_words_praise_before_other_work_is_not_replaced():
    t = turn([edit("lib/routes.ex"), run("mix test"), say("Tests pass.")], "test last, like that. Ship it.",
             [run("git push origin main")])
    assert not any(c.signal == "command_replaced" for c in read_behaviour(t).changes)


def test_a_script_run_again_after_its_edit_is_no_check():
    t = turn([run("python seed.py"), edit("seed.py"), say("Seeds ten users now.")], "run it again",
             [run("python seed.py"), say("Ten users.")])
    assert not any(c.signal == "check_run_after" for c in read_behaviour(t).changes)


@pytest.mark.parametrize("words", WORDS)
def test_a_generator_of_a_tool_nobody_listed_run_after_the_last_edit(words):
    t = turn([edit("schema/user.graphql"), say("Added the avatar field.")], words,
             [run("gqlgen generate --verbose"), say("Regenerated the resolvers.")])
    assert first(t) == Convention("generator_run", "gqlgen generate")


def test_a_generator_already_run_after_the_last_edit_is_no_signal():
    t = turn([edit("schema/user.graphql"), run("gqlgen generate")], "Now the posts field.",
             [run("gqlgen generate"), edit("schema/post.graphql")])
    assert read_behaviour(t).changes == []


@pytest.mark.parametrize("words", WORDS)
def test_a_new_run_then_a_check_of_what_it_wrote_is_the_generator(words):
    t = turn([edit("idl/user.idl"), say("Added the field.")], words,
             [run("idlc generate"), run("cargo check"), say("Generated; it builds.")])
    assert first(t) == Convention("generator_run", "idlc generate")
    assert not any(c.signal == "check_run_after" for c in read_behaviour(t).changes)


def test_a_new_run_then_the_command_run_before_the_turn_again_is_the_generator():
    t = turn([write("svc/pdf.go"), run("blaze build //svc/...")], "Please run `blaze run //:indexer` after adding files.",
             [run("blaze run //:indexer"), run("blaze build //svc/..."), say("Indexed; builds.")])
    assert first(t) == Convention("generator_run", "blaze run //:indexer")


@pytest.mark.parametrize("generator, words, value", [
    ("zork run //tools:gazelle -- update", "Regenerate it with gazelle, not by hand.", "zork run //tools:gazelle"),
    # the file the run works on, and a folder given to an option, are no tool the run reaches
    ("jsonnet -J vendor -m dashboards/build dashboards/src/queues.jsonnet",
     "That JSON is output: the change belongs in queues.jsonnet, then the jsonnet build.", "jsonnet")])
def test_a_generator_runs_through_the_target_the_words_name_not_a_file_it_works_on(generator, words, value):
    t = turn([edit("dashboards/build/queues.json")], words,
             [run("git restore dashboards/build/queues.json"), run(generator)])
    assert first(t).kind == "generator_run" and first(t).value == value


@pytest.mark.parametrize("first_run", ["zpm add left-pad", "zpm remove left-pad", "cargo check", "ls src", "cargo build",
                                       "zpm install"])
def test_a_package_change_a_check_or_a_look_first_is_no_generator(first_run):
    t = turn([edit("src/lib.rs")], "hm", [run(first_run), run("cargo test")])
    assert not any(c.convention and c.convention.kind == "generator_run" for c in read_behaviour(t).changes)


def test_a_run_the_work_had_before_the_turn_is_no_new_generator():
    t = turn([run("idlc emit"), edit("idl/user.idl")], "and again", [run("idlc emit"), run("cargo check")])
    assert not any(c.signal == "generator_run_after" for c in read_behaviour(t).changes)


@pytest.mark.parametrize("words", WORDS)
def test_a_test_folder_keeps_the_folder_named_for_its_language(words):
    t = turn([edit("src/main/kotlin/app/Rate.kt")], words, [write("src/test/kotlin/app/RateTest.kt")])
    assert first(t) == Convention("test_added", "src/test/kotlin/**")


@pytest.mark.parametrize("words", ["test for ConflictResolver in commonTest. every new shared class gets one.", *WORDS])
def test_a_test_mirroring_the_package_path_is_placed_at_its_tests_tree(words):
    kmp = turn([edit("shared/src/commonMain/kotlin/com/acme/sync/ConflictResolver.kt")], words,
               [write("shared/src/commonTest/kotlin/com/acme/sync/ConflictResolverTest.kt")])
    assert first(kmp) == Convention("test_added", "shared/src/commonTest/**/*Test.kt")
    xcode = turn([edit("Harbor/Booking/BookingViewModel.swift")], words,
                 [write("HarborTests/Booking/BookingViewModelTests.swift")])
    assert first(xcode) == Convention("test_added", "HarborTests/**/*Tests.swift")


def test_a_test_in_a_flat_test_project_or_another_package_keeps_its_folder():
    # Nothing of the fixed file's path is repeated below the test's folder: it is the test's home.
    flat = turn([edit("Acme.Api/Services/OrderService.cs")], "Hm.", [write("Acme.Api.Tests/OrderServiceTests.cs")])
    assert first(flat) == Convention("test_added", "Acme.Api.Tests/**")
    elsewhere = turn([edit("shared/src/commonMain/kotlin/com/acme/sync/ConflictResolver.kt")], "Hm.",
                     [write("shared/src/commonTest/kotlin/com/acme/merge/MergeTest.kt")])
    assert first(elsewhere) == Convention("test_added", "shared/src/commonTest/kotlin/com/acme/merge/**")


def test_a_folder_under_the_test_folder_named_otherwise_is_not_the_grain():
    t = turn([edit("src/rate.py")], "Hm.", [write("tests/unit/test_rate.py")])
    assert first(t) == Convention("test_added", "tests/**")


@pytest.mark.parametrize("words", WORDS)
def test_a_check_keeps_the_option_the_session_always_gave_it(words):
    t = turn([run("lefthook run --all-files"), edit("src/app.py")], words, [run("lefthook run --all-files")])
    assert first(t) == Convention("check_run_after_last_edit", "lefthook run --all-files")


def test_a_check_keeps_the_option_the_user_writes_out():
    t = turn([edit("src/app.py")], "Run the lint with --strict after the last edit, always.", [run("make lint --strict")])
    assert first(t) == Convention("check_run_after_last_edit", "make lint --strict")


@pytest.mark.parametrize("words", WORDS)
def test_an_option_that_hands_the_run_its_files_is_no_part_of_the_check(words):
    t = turn([run("kondor --scan src"), edit("src/ledger/tax.clj")], words, [run("kondor --scan src")])
    assert first(t) == Convention("check_run_after_last_edit", "kondor")
    # The same option with no files after it is how the run works; written out, it is the user's.
    bare = turn([run("kondor --scan"), edit("src/ledger/tax.clj")], words, [run("kondor --scan")])
    assert first(bare) == Convention("check_run_after_last_edit", "kondor --scan")
    written = turn([run("kondor --scan src"), edit("src/ledger/tax.clj")], "kondor --scan after the edit, always",
                   [run("kondor --scan src")])
    assert read_turn(written).convention == Convention("check_run_after_last_edit", "kondor --scan")


def test_a_folder_the_check_was_run_on_is_no_part_of_its_name():
    t = turn([edit("src/cart.ts")], "quill check pls", [run("npx quill check src")])
    assert read_turn(t).convention == Convention("check_run_after_last_edit", "quill check")
    # A word after the job that names no files the session touched is what the check checks.
    rules = turn([edit("src/cart.ts")], "quill check pls", [run("npx quill check rules")])
    assert read_turn(rules).convention == Convention("check_run_after_last_edit", "quill check rules")


def test_a_scoped_package_a_runner_starts_is_the_program_past_its_scope():
    checked = turn([edit("packages/ui/src/Button.tsx"), run("npx tsc --noEmit -p packages/ui"), say("Types pass.")],
                   "Types passing is great, thank you. Could you also run Quill over it before wrapping up? It's the "
                   "last step for anything under packages/.",
                   [run("npx @quillkit/quill check packages/ui"), say("Quill reports nothing.")])
    assert read_turn(checked).convention == Convention("check_run_after_last_edit", "quill check")
    generated = turn([edit("src/Api/Object/Coupon.elm")], "генерируй через quill-gql, руками не пиши",
                     [run("rm src/Api/Object/Coupon.elm"), run("npx @quillkit/quill-gql --base Api --output src")])
    assert read_turn(generated).convention == Convention("generator_run", "quill-gql", path="src/Api/**")
    # Words that name no program of the run leave the generated folder the rule.
    unnamed = turn(generated.before, "hm, ok", generated.after)
    assert read_turn(unnamed).convention == Convention("path_untouched", "src/Api/**")


def test_a_one_off_option_is_no_part_of_the_check():
    t = turn([run("lefthook run"), edit("src/app.py")], "Hm.", [run("lefthook run --verbose")])
    assert first(t) == Convention("check_run_after_last_edit", "lefthook run")


@pytest.mark.parametrize("words", WORDS)
def test_a_file_the_package_tool_installs_from_is_a_manifest(words):
    t = turn([edit("deps.yaml"), run("mamba env update -f deps.yaml")], words,
             [run("git checkout -- deps.yaml"), edit("src/plot.py")])
    assert first(t) == Convention("dependency_set_unchanged", "deps.yaml")


def test_a_data_file_no_package_tool_reads_is_no_manifest():
    t = turn([edit("deps.yaml"), run("python render.py deps.yaml")], "Hm.",
             [run("git checkout -- deps.yaml"), edit("src/plot.py")])
    assert all(c.signal != "dependency_undone" for c in read_behaviour(t).changes)


@pytest.mark.parametrize("words", ["Kein fmt::print in der Bibliothek.", "No fmt::print in the lib, use the logger."])
def test_a_namespaced_name_the_words_write_and_the_redo_takes_out(words):
    t = turn([edit("src/io/reader.cpp")], words, [edit("src/io/reader.cpp"), run("cmake --build build")])
    assert first(t) == Convention("added_lines_avoid", "fmt::print")


def test_a_namespaced_name_the_reply_wrote_named_by_its_last_part():
    t = turn([edit("src/io/reader.rs"), say("Logs each frame with log::trace.")], "Trace im Hot Path?!",
             [edit("src/io/reader.rs")])
    assert first(t) == Convention("added_lines_avoid", "log::trace")


def test_a_namespaced_name_named_in_passing_with_no_redo_is_no_rule():
    t = turn([edit("examples/demo.cpp"), say("The example prints with std::cout.")],
             "Good, cout is fine in the examples. Thanks.", [say("Yes.")])
    assert read_turn(t).convention is None


@pytest.mark.parametrize("words", ["Rebase, not merge commits.", "Immer rebase bitte.", "ここはrebaseで。"])
def test_a_flag_swap_the_words_name_by_the_option_word(words):
    t = turn([run("glab mr merge 12 --merge --yes")], words, [run("glab mr merge 12 --rebase --yes")])
    assert first(t) == Convention("command_avoided", "glab mr merge --merge", "glab mr merge --rebase")


def test_a_flag_swap_no_word_names_is_no_rule():
    t = turn([run("glab mr merge 12 --merge")], "Hm.", [run("glab mr merge 12 --rebase")])
    assert first(t) is None


def test_a_command_run_bare_then_again_on_what_it_found_is_a_rerun():
    t = turn([run("glab mr merge --merge")], "We rebase here.", [run("glab mr merge 12 --rebase")])
    assert first(t) == Convention("command_avoided", "glab mr merge --merge", "glab mr merge --rebase")


def test_a_command_with_arguments_then_others_is_no_rerun():
    t = turn([run("git switch -c feature/csv"), edit("src/a.ts")], "Not a new branch.",
             [run("git switch feature/pdf")])
    assert all(c.signal != "flag_dropped" for c in read_behaviour(t).changes)


@pytest.mark.parametrize("user, kind", [("Regenerate it with graphql-code instead, never by hand.", "generator_run"),
                                        ("Never by hand, and graphql alone is no name of it.", "path_untouched")])
def test_a_generator_named_by_the_leading_parts_of_its_name(user, kind):
    t = turn([edit("src/gql/types.ts")], user,
             [run("git checkout -- src/gql/types.ts"), edit("schema.graphql"), run("graphql-code-generator generate --watch=false")])
    convention = first(t)
    assert convention.kind == kind
    if kind == "generator_run":
        assert convention.value == "graphql-code-generator generate"


@pytest.mark.parametrize("words", WORDS + ["Never by hand: bundle lock."])
def test_a_file_put_back_and_rewritten_by_the_tool_whose_job_it_is_stays_untouched(words):
    t = turn([edit("Gemfile.lock")], words, [run("git checkout -- Gemfile.lock"), run("bundle lock")])
    assert first(t) == Convention("path_untouched", "Gemfile.lock")


def test_a_file_put_back_and_made_again_by_a_generator_of_another_job_is_the_generator():
    t = turn([edit("go.sum")], "go mod tidy, never by hand.", [run("git checkout -- go.sum"), run("go mod tidy")])
    assert first(t) == Convention("generator_run", "go mod tidy", path="go.sum")


def test_a_file_changed_by_a_command_put_back_is_a_hand_edit_not_a_tool_replaced():
    t = turn([run("sed -i s/1.2/1.3/ Gemfile.lock")], "You sed'ed the lock? Let bundle write it.",
             [run("git checkout -- Gemfile.lock"), run("bundle lock")])
    assert first(t) == Convention("path_untouched", "Gemfile.lock")


def test_a_tool_whose_file_is_put_back_and_run_on_again_by_another_is_replaced():
    t = turn([run("black src/app.py")], "ruff here, not black.",
             [run("git checkout -- src/app.py"), run("ruff format src/app.py")])
    assert first(t) == Convention("command_avoided", "black", "ruff")


def test_a_file_a_command_creates_resources_from_is_no_manifest():
    t = turn([edit("deploy.yaml"), run("kubectl create -f deploy.yaml")], "Hm.",
             [run("git checkout -- deploy.yaml")])
    assert all(c.signal != "dependency_undone" for c in read_behaviour(t).changes)


@pytest.mark.parametrize("words", ["quill build --strict before you call it done",
                                   "麻烦最后再跑一下 quill build --strict 吧"])
def test_a_command_the_words_spell_run_after_the_last_edit_is_its_check(words):
    t = turn([edit("docs/guide.md"), say("Updated the guide.")], words, [run("quill build --strict"), say("Passes.")])
    assert first(t) == Convention("check_run_after_last_edit", "quill build --strict")


def test_a_spelled_run_is_no_check_when_it_generates_or_the_words_name_the_edited_file():
    generated = turn([edit("proto/a.schema")], "quill generate, please", [run("quill generate")])
    assert first(generated) == Convention("generator_run", "quill generate")
    named_file = turn([edit("deps.qlock")], "deps.qlock is not edited by hand; quill relock", [run("quill relock")])
    assert not any(c.kind == "check_run_after_last_edit" for c in read_behaviour(named_file).conventions)
    unnamed = turn([edit("docs/guide.md")], "now publish it", [run("quill publish")])
    assert read_behaviour(unnamed).conventions == []


# -- a tool the words name, run after the turn to end the work -----------------------------------

@pytest.mark.parametrize(("words", "command", "check"), [
    ("ktlint?", "ktlint 'app/src/**/*.kt'", "ktlint"),
    ("son düzenlemeden sonra dune fmt", "dune build @fmt", "dune build @fmt"),
    ("Merci ! Peux-tu lancer pre-commit avant de finir ?", "pre-commit run --all-files", "pre-commit run --all-files"),
])
def test_a_tool_the_words_name_run_first_after_the_turn_is_the_check_to_end_with(words, command, check):
    named = turn([edit("lib/cli.ml")], words, [run(command), say("Passes.")])
    reading = read_turn(named)
    assert (reading.label, reading.convention) == ("correction", Convention("check_run_after_last_edit", check))


@pytest.mark.parametrize("words", WORDS)
def test_a_check_of_a_jars_tool_is_named_as_the_jar_was_started(words):
    # A jar is no command on the path: the check is the launcher and the jar, not its tool's name.
    started = turn([edit("book/ch1.xhtml"), say("Chapter fixed.")], words,
                   [run("java -Xmx1g -jar tools/quill-check-2.1.jar out/book.epub"), say("Valid.")])
    assert read_turn(started).convention == Convention("check_run_after_last_edit", "java -jar tools/quill-check-2.1.jar")
    assert behaviour_reading(started).convention == Convention("check_run_after_last_edit", "java -jar tools/quill-check-2.1.jar")
    # The same tool installed as a command is named as it ran.
    installed = turn([edit("book/ch1.xhtml"), say("Chapter fixed.")], words, [run("quill-check out/book.epub"), say("Valid.")])
    assert read_turn(installed).convention == Convention("check_run_after_last_edit", "quill-check")


@pytest.mark.parametrize("words", ["ok, now deploy it", "Gut. Jetzt bitte deployen.", "ok, ahora despliégalo"])
def test_a_check_run_before_the_next_step_the_words_ask_for_now_is_no_rule(words):
    after = [run("ruff check . && fly deploy"), say("Checked and deployed.")]
    reading = read_turn(turn([edit("src/app.py"), say("Fixed the handler.")], words, after))
    assert (reading.label, reading.convention) == ("new_request", None)
    # Words that write the check ask for it.
    named = read_turn(turn([edit("src/app.py"), say("Fixed the handler.")], "ok, now ruff, then deploy it", after))
    assert named.convention == Convention("check_run_after_last_edit", "ruff")


# A program named for checking by a checker's noun, run first after the turn where the work had
# built but checked nothing after its last edit; one whose name also says it generates writes.
@pytest.mark.parametrize("words", WORDS + ["and the validator? none of your runs has it"])
def test_a_program_named_by_a_checkers_noun_run_after_the_turn_is_the_check_to_end_with(words):
    built = [edit("spec/profiles/a.qsl"), run("quill build ."), say("Profile updated.")]
    checked = turn(built, words, [run("quill-validator out/resources --strict"), say("No errors.")])
    assert first(checked) == Convention("check_run_after_last_edit", "quill-validator")
    generated = turn(built, words, [run("validator-gen -o src/gen spec/schema.json"), say("Done.")])
    assert not any(c.kind == "check_run_after_last_edit" for c in read_behaviour(generated).conventions)


@pytest.mark.parametrize("words", ["quill build passed, but isn't quill-validator required after every change?",
                                   "QUILL przeszedł, ale quill-validator jest u nas obowiązkowy po każdej zmianie."])
def test_a_check_run_after_a_build_the_words_name_is_the_check_not_the_build_replaced(words):
    built = [edit("spec/profiles/a.qsl"), run("quill build ."), say("Profile updated.")]
    checked = turn(built, words, [run("quill-validator out/resources"), say("No errors.")])
    assert first(checked) == Convention("check_run_after_last_edit", "quill-validator")


# The same shape, the tool run with an option naming what it writes: its job is that output.
@pytest.mark.parametrize(("edited", "words", "command", "generator"), [
    ("locale/de/shop.po", "und wer kompiliert das? quillc laufen lassen gehört dazu", "quillc -o locale/de/shop.mo locale/de/shop.po",
     "quillc"),
    ("idl/quote.idl", "Stop hand-editing generated code. idlc --gen py exists.", "idlc --gen py idl/quote.idl", "idlc"),
    ("schemas/a.fbs", "lancia quillc --check, per favore", "quillc --check --output=src/gen/ schemas/a.fbs", "quillc"),
])
def test_a_tool_the_words_name_run_with_an_output_option_is_a_generator(edited, words, command, generator):
    reading = read_turn(turn([edit(edited)], words, [run(command), say("Done.")]))
    assert (reading.label, reading.convention) == ("correction", Convention("generator_run", generator))
    # Run on the same file with no option naming an output, the tool looked at the work.
    checked = read_turn(turn([edit(edited)], words, [run(command.split(" ", 1)[0] + " " + edited), say("Done.")]))
    assert checked.convention is not None and checked.convention.kind == "check_run_after_last_edit"


@pytest.mark.parametrize(("before", "words", "after"), [
    ([edit("app/client.py")], "Nice. Now add httpx with uv.", "uv add httpx"),  # a dependency added
    ([edit("app/models.py"), run("alembic upgrade head")], "undo that alembic run", "alembic downgrade -1"),  # ran already
    ([edit("charts/w/values.yaml"), run("kubectl apply -f w.yaml")], "and Helm knows?", "helm upgrade w ./charts/w"),  # a job redone
    ([edit("proto/a.proto")], "buf, please", "buf generate"),  # a generator
])
def test_a_named_tool_that_adds_redoes_or_generates_is_no_check(before, words, after):
    reading = read_turn(turn(before, words, [run(after)]))
    assert reading.convention is None or reading.convention.kind != "check_run_after_last_edit"


# -- a test written in a folder the words name ---------------------------------------------------

@pytest.mark.parametrize(("fixed", "words", "written", "glob"), [
    ("lib/Acme/Invoice.pm", "test in t/ for this fix pls", "t/invoice-rounding.t", "t/**/*.t"),
    ("src/checkout/CartBadge.tsx", "Könntest du noch einen Test unter cypress/e2e schreiben?",
     "cypress/e2e/checkout/cart-badge.cy.ts", "cypress/e2e/**/*.cy.ts"),
    # Named for what was fixed by a folder below the one the words name, not by its own name.
    ("booking/invoices.py", "Scenario ontbreekt. Voeg een .feature toe onder features/.",
     "features/invoices/vat_number.feature", "features/**/*.feature"),
])
def test_a_file_written_after_a_fix_in_a_folder_the_words_name_is_the_test_added(fixed, words, written, glob):
    t = turn([edit(fixed)], words, [write(written), say("Added.")])
    assert first(t) == Convention("test_added", glob)


def test_a_file_in_a_named_folder_not_named_for_what_was_fixed_or_after_a_new_file_is_no_test():
    helper = turn([edit("src/report.ts")], "put the date helper in utils/", [write("utils/dates.ts")])
    assert not read_behaviour(helper).changed_course
    new_file = turn([write("src/cache.ts")], "and a note in docs/ on the cache", [write("docs/cache.md")])
    assert not read_behaviour(new_file).changed_course
    # The named folder's own name is no sign: `invoices/` above it says nothing of the file in it.
    above = turn([edit("booking/invoices.py")], "keep the shared steps under invoices/features/ please",
                 [write("invoices/features/common_steps.py")])
    assert not read_behaviour(above).changed_course


@pytest.mark.parametrize("user", ["the script is generated. edit the source, then regen -x.",
                                  "Das Skript wird erzeugt: bitte die Quelle ändern und regen -x laufen lassen."])
def test_a_generator_the_words_name_by_its_program_keeps_the_switches_they_write(user):
    t = turn([edit("setup.sh")], user, [run("git checkout setup.sh"), edit("setup.sh.in"), run("regen -x")])
    assert first(t) == Convention("generator_run", "regen -x", path="setup.sh")


def test_a_generator_named_by_its_program_without_its_switches_is_the_program():
    t = turn([edit("out/a.txt")], "out/ gets rewritten by regen, please", [run("git checkout out/a.txt"), run("regen -x")])
    assert first(t) == Convention("generator_run", "regen", path="out/**")


def test_a_program_named_whose_run_does_another_job_than_generating_leaves_the_path_untouched():
    # `mig revision -m ...` makes a new file of this one change: the program named is no generator's rule.
    t = turn([edit("db/versions/0012.py")], "never hand-edit those, use mig",
             [run("git checkout -- db/"), edit("app/models.py"), run("mig revision --auto -m 'add index'")])
    assert first(t) == Convention("path_untouched", "db/**")


def test_a_check_run_on_the_way_is_not_the_generator():
    t = turn([edit("gen/ts/a_pb.ts")], "gen/ is generated; next idl run wipes that",
             [run("git restore gen/ts"), edit("idl/a.idl"), run("idl lint"), run("idl generate")])
    assert first(t) == Convention("generator_run", "idl generate", path="gen/**")


def test_a_generator_run_as_a_build_target_the_words_name_by_its_own_name():
    t = turn([edit("svc/BUILD.x")], "don't hand-edit BUILD files. rulegen.",
             [run("git checkout svc/BUILD.x"), run("bld run //tools:rulegen")])
    assert first(t) == Convention("generator_run", "bld run //tools:rulegen", path="svc/**")


@pytest.mark.parametrize("before", ["pkgr install acme/widgets", "lang --project -e 'using Pkg; Pkg.add(\"Widgets\")'"])
def test_a_file_only_a_package_add_changed_put_back_is_its_manifest(before):
    t = turn([run(before)], "Hmm.", [run("git checkout -- deps.cfg deps.lock.cfg"), edit("src/a.x")])
    assert first(t) == Convention("dependency_set_unchanged", "deps.cfg")


def test_a_file_put_back_after_a_lookup_in_code_is_no_manifest():
    t = turn([run("lang -e 'd.get(\"x\")'")], "Hmm.", [run("git checkout -- deps.cfg")])
    assert not any(c.signal == "dependency_undone" for c in read_behaviour(t).changes)


def test_a_file_put_back_that_the_agent_edited_after_an_add_is_not_the_adds_manifest():
    t = turn([run("pkgr install acme/widgets"), edit("src/view.x")], "Hmm.", [run("git checkout -- src/view.x")])
    assert not any(c.signal == "dependency_undone" for c in read_behaviour(t).changes)


@pytest.mark.parametrize("program", ["confy-lint", "zzlint", "docscheck"])
def test_a_program_named_for_checking_run_first_after_the_turn_is_the_check(program):
    t = turn([edit("roles/web/main.yml"), run("git commit -am 'web'")], "Hmm.", [run(f"{program} 'roles/**/*.yml'"), say("Clean.")])
    assert first(t) == Convention("check_run_after_last_edit", program)


@pytest.mark.parametrize("program", ["contest", "latest", "confy"])
def test_a_program_whose_name_only_ends_like_a_job_checks_nothing(program):
    t = turn([edit("roles/web/main.yml")], "Hmm.", [run(f"{program} roles/web/main.yml")])
    assert not any(c.signal == "check_run_after" for c in read_behaviour(t).changes)


@pytest.mark.parametrize("user", ["docs build, the strict one, after your LAST change", "Hmm."])
def test_a_command_run_after_the_turn_and_again_after_a_later_edit_is_the_check(user):
    t = turn([edit("docs/a.md"), say("Ready.")], user,
             [run("sitegen build --strict"), edit("docs/a.md"), run("sitegen build --strict")])
    value = "sitegen build --strict" if "strict" in user else "sitegen build"
    assert first(t) == Convention("check_run_after_last_edit", value)


def test_a_command_run_once_after_the_turn_is_no_check_by_being_run():
    t = turn([edit("docs/a.md"), say("Ready.")], "Hmm.", [run("sitegen build --strict"), edit("docs/a.md")])
    assert not any(c.signal == "check_run_after" for c in read_behaviour(t).changes)


def test_an_option_named_by_its_words_is_kept_with_the_check():
    t = turn([edit("src/a.py")], "hooks over all files, please", [run("hookrun run --all-files"), edit("src/a.py"),
                                                                 run("hookrun run --all-files")])
    assert first(t) == Convention("check_run_after_last_edit", "hookrun run --all-files")


@pytest.mark.parametrize("before, after, avoided", [
    (["pkgr install jq"], [edit("Pkgrfile"), run("pkgr bundle")], "pkgr install"),
    (["envy -iA pkgs.jq_1"], [run("envy -e jq"), edit("shell.envy"), run("devsh run jq")], "envy"),
])
def test_a_package_added_by_hand_then_declared_in_a_file_named_for_its_tool(before, after, avoided):
    t = turn([run(b) for b in before], "Hmm.", after)
    assert first(t).kind == "command_avoided" and first(t).value == avoided


@pytest.mark.parametrize("before, after", [
    (["pkgr install jq"], [write("README.md"), run("pkgr test")]),  # other work on another file
    (["make build"], [edit("Makefile"), run("make build")]),  # no package added
    (["docsite build"], [edit("docsite.yml"), run("docsite build --strict")]),  # a flag added is no take-back
])
def test_work_on_a_file_after_a_run_is_no_declaration_without_an_add_by_hand(before, after):
    t = turn([run(b) for b in before], "Hmm.", after)
    assert not any(c.signal == "declared_instead" for c in read_behaviour(t).changes)


@pytest.mark.parametrize("path, value", [("deps.yml", "deps.yml"), ("pkg-2.1-1.spec", "*.spec")])
def test_a_data_or_versioned_file_at_the_root_put_back_is_the_projects_manifest(path, value):
    t = turn([edit(path), say("Added a package.")], "Hmm.", [run(f"git checkout {path}"), edit("src/run.x")])
    assert first(t) == Convention("dependency_set_unchanged", value)


@pytest.mark.parametrize("path, after", [("config/deps.yml", []), ("deps.lock.json", []), ("main.go", []), ("NOTES.txt", []),
                                         ("staging.toml", [edit("prod.toml")])])
def test_no_manifest_in_a_folder_a_lock_code_prose_or_a_file_redone_on_its_kind(path, after):
    t = turn([edit(path)], "Hmm.", [run(f"git checkout {path}")] + after)
    assert first(t) is None


def test_a_code_shaped_name_ends_where_a_script_without_spaces_goes_on():
    from skillopt_sleep.tasks.corrections.behaviour import _code_shaped
    t = turn([edit("src/a.cs")], "라이브러리에서는 Debug.Print를 쓰지 말고 AppLog로만 남겨 주세요", [edit("src/a.cs")])
    assert _code_shaped(t) == ["Debug.Print", "AppLog"]


@pytest.mark.parametrize("before, after", [
    ('fw pkg install -l "acme/Blinker"', 'fw pkg uninstall -l "acme/Blinker"'),
    ("""lang --project -e 'using Pkgs; Pkgs.add("Meter")'""", """lang --project -e 'using Pkgs; Pkgs.rm("Meter")'"""),
])
def test_a_package_added_by_any_tool_taken_back_by_it_keeps_the_manifest_the_words_name(before, after):
    t = turn([run(before)], "board.ini stays as it is. No new packages.", [run(after), edit("src/main.cpp")])
    assert first(t) == Convention("dependency_set_unchanged", "board.ini")
    # The words name no manifest: the undo is a correction all the same, its rule unknown.
    unnamed = turn([run(before)], "we do without it", [run(after)])
    reading = read_turn(unnamed)
    assert (reading.label, reading.convention) == ("correction", None)


def test_a_package_tools_add_with_the_verb_after_a_subcommand_keeps_the_manifest_put_back():
    t = turn([run("fw pkg install --library acme/Json")], "no new libs", [run("git checkout conf/board.ini"), edit("src/a.cpp")])
    assert first(t) == Convention("dependency_set_unchanged", "conf/board.ini")


@pytest.mark.parametrize("after", ['fw pkg uninstall -l "other/Lib"', 'fx pkg uninstall -l "acme/Blinker"',
                                   'fw pkg install -l "acme/Blinker"'])
def test_no_add_taken_back_by_another_package_another_program_or_no_remove(after):
    t = turn([run('fw pkg install -l "acme/Blinker"')], "hm", [run(after)])
    assert not any(c.signal == "dependency_undone" for c in read_behaviour(t).changes)


@pytest.mark.parametrize("words, glob", [("A test for that? tests/pool_case.k.zz.", "tests/**/*.k.zz"),
                                         ("Ajoute un .k.zz dans tests/.", "tests/**/*.k.zz"),
                                         ("Add a test_*.zz under tests/ please.", "tests/**/test_*.zz"),
                                         ("Where is the test?", "tests/**")])
def test_a_test_added_keeps_the_name_pattern_the_words_write(words, glob):
    written = "tests/test_pool.zz" if "test_*" in words else "tests/pool_case.k.zz"
    t = turn([edit("src/Pool.zz")], words, [write(written)])
    assert first(t) == Convention("test_added", glob)


@pytest.mark.parametrize("runner", ["provit -l chk/orders/totals-rounding.zt", "zrun --spec 'chk/orders/*.zt'"])
def test_a_file_named_for_the_fix_written_and_run_after_it_is_a_test_of_any_kind(runner):
    t = turn([edit("lib/orders/Totals.pm"), say("Fixed.")], "Hm.", [write("chk/orders/totals-rounding.zt"), run(runner)])
    # `orders` mirrors the fixed code's folder: the tests live in `chk/`.
    assert first(t) == Convention("test_added", "chk/**/*.zt")


@pytest.mark.parametrize("after", [[write("chk/unrelated-thing.zt"), run("provit chk/unrelated-thing.zt")],
                                   [write("chk/totals-rounding.zt")],
                                   [run("provit chk/"), write("chk/totals-rounding.zt")]])
def test_no_test_read_from_a_file_named_for_nothing_fixed_never_run_or_not_written_first(after):
    t = turn([edit("lib/Totals.pm")], "Hm.", after)
    assert not any(c.signal == "test_added" for c in read_behaviour(t).changes)


@pytest.mark.parametrize("words", ["Could you run the strict build once you're done?", "Strict modda build aldın mı?",
                                   "Bitirmeden --strict ile çalıştır."])
def test_a_run_after_the_last_edit_with_an_option_the_words_name_is_the_check(words):
    t = turn([edit("docs/a.md"), run("docsy serve")], words, [run("docsy build --strict")])
    assert first(t) == Convention("check_run_after_last_edit", "docsy build --strict")


def test_a_run_with_an_option_named_after_work_that_ended_checked_is_new_work():
    t = turn([edit("src/Vault.zz"), run("zforge test")], "nice. could you also paste the snapshot diff?",
             [run("zforge snapshot --diff")])
    assert first(t) is None


@pytest.mark.parametrize("words", WORDS)
def test_work_moved_from_a_file_put_back_to_its_sibling_keeps_the_file_untouched(words):
    t = turn([edit(".secrets"), say("Set the token.")], words, [edit(".secrets"), edit(".secrets.sample")])
    assert first(t) == Convention("path_untouched", ".secrets")


@pytest.mark.parametrize("words", WORDS)
def test_work_moved_to_a_sibling_then_handed_to_a_command_is_that_commands_rule(words):
    t = turn([edit("books/eda.nbk")], words, [edit("books/eda.txt"), run("pairup --sync books/eda.txt")])
    assert first(t) == Convention("generator_run", "pairup --sync")


@pytest.mark.parametrize("after", [[edit(".secrets.sample")],  # the file left as it was: more work, not moved
                                   [edit(".secrets"), edit("docs/secrets.md")],  # no sibling
                                   [edit("other/.secrets.sample"), edit(".secrets")]])  # not beside it
def test_no_move_to_a_sibling_without_the_file_put_back_or_a_sibling_beside_it(after):
    t = turn([edit(".secrets")], "Hm.", after)
    assert not any(c.signal.startswith("moved_to") for c in read_behaviour(t).changes)


@pytest.mark.parametrize("words", WORDS)
def test_the_projects_manifest_put_back_then_a_build_keeps_its_dependency_set(words):
    t = turn([edit("board.ini"), edit("src/leds.cpp")], words,
             [run("git restore board.ini"), edit("src/leds.cpp"), run("fw run -e dev")])
    assert first(t) == Convention("dependency_set_unchanged", "board.ini")


def test_a_manifest_put_back_then_a_generator_the_words_name_is_no_dependency_rule():
    t = turn([edit("schema.json")], "regenerate it with apigen build", [run("git restore schema.json"), run("apigen build")])
    assert first(t) == Convention("generator_run", "apigen build", path="schema.json")


@pytest.mark.parametrize("made", ["ln -s ~/dotfiles/tmux/.tmux.conf ~/.tmux.conf", "cp ~/dotfiles/tmux/.tmux.conf ~/.tmux.conf"])
def test_a_path_a_file_command_made_put_back_before_another_run_states_no_rule(made):
    # No edit of anything generated: the run after may replace the link or copy as well as
    # regenerate the path, so the actions point at two kinds of rule.
    t = turn([run(made)], "Hmm.", [run("rm ~/.tmux.conf"), run("stow -v tmux")])
    behaviour = read_behaviour(t)
    assert [c.signal for c in behaviour.changes] == ["restored_and_regenerated"] and behaviour.conventions == []
    # Edited in place by a command, the same path is a generated file edited by hand.
    sed = turn([run("sed -i 's/a/b/' src/gen/x.py")], "Hmm.", [run("git checkout src/gen/x.py"), run("make gen")])
    assert first(sed) is not None


@pytest.mark.parametrize("words", ["Revert the Jenkinsfile. Not ours to touch.", "Jenkinsfile не трогай. Откати.",
                                   "这个 Jenkinsfile 是我们可以改的吗？"])
def test_a_root_file_put_back_that_the_words_name_is_out_of_bounds(words):
    put_back = turn([edit("Jenkinsfile"), edit("Makefile")], words, [run("git checkout -- Jenkinsfile")])
    assert read_turn(put_back).convention == Convention("path_untouched", "Jenkinsfile")


def test_a_named_file_put_back_redone_or_unnamed_states_no_rule():
    # Redone after, the file was only done wrong; unnamed, nothing says the file is out of bounds.
    redone = turn([edit("Jenkinsfile")], "Revert the Jenkinsfile, wrong stage.",
                  [run("git checkout -- Jenkinsfile"), edit("Jenkinsfile")])
    unnamed = turn([edit("Jenkinsfile")], "Revert that, please.", [run("git checkout -- Jenkinsfile")])
    assert [read_turn(t).convention for t in (redone, unnamed)] == [None, None]


@pytest.mark.parametrize("words", ["put that back. alertmanager.yml belongs to on-call, we never edit it",
                                   "keep your hands off alertmanager/alertmanager.yml. not ours, nobody edits it",
                                   "pas touche à team-provider-info.json. jamais à la main",
                                   "team-provider-info elle değişmez. asla"])
def test_a_file_in_a_folder_put_back_that_the_words_name_by_its_name_is_out_of_bounds(words):
    # No folder named: the rule is the file the work edited, with or without its extension written.
    path = "alertmanager/alertmanager.yml" if "alertmanager" in words else "amplify/team-provider-info.json"
    put_back = turn([edit(path)], words, [run(f"git checkout -- {path}")])
    assert read_turn(put_back).convention == Convention("path_untouched", path)


@pytest.mark.parametrize("before, words, after", [
    # the work redone on another file: the wrong file was changed, none kept out of
    ([edit("models/marts/fct_orders.sql")], "Nein, nicht fct_orders, die andere Tabelle. Bitte rückgängig.",
     [run("git checkout -- models/marts/fct_orders.sql"), edit("models/marts/fct_refunds.sql")]),
    # the name written as plain words is a thing, not the file's name
    ([edit("supabase/functions/import_map.json")], "hands off the import map unless I ok it. put it back.",
     [run("git checkout -- supabase/functions/import_map.json")]),
    # a stem that is a plain word names no file
    ([edit("src/config.ts")], "config is not yours. revert.", [run("git checkout -- src/config.ts")]),
    # held back until the user is asked: let in once asked, not out of bounds
    ([edit("package/crossplane.yaml")], "no new providers in crossplane.yaml unless I ask. revert.",
     [run("git checkout package/crossplane.yaml")]),
])
def test_a_file_in_a_folder_put_back_redone_elsewhere_or_named_as_a_word_is_not_kept(before, words, after):
    convention = read_turn(turn(before, words, after)).convention
    assert convention is None or convention.value != before[0].value


@pytest.mark.parametrize("before, words, after", [
    ([edit("notes.txt"), run("pipx install httpie")], "put notes.txt back for now", [run("git checkout -- notes.txt")]),
    ([edit("vendor/sigfig.py")], "vendor/ is fine to touch later, but put it back for now",
     [run("git checkout -- vendor/sigfig.py")]),
    ([edit("Jenkinsfile")], "Jenkinsfile: revert it this time, I'll redo the stage myself", [run("git checkout -- Jenkinsfile")]),
])
def test_a_path_put_back_for_this_occasion_only_states_no_rule(before, words, after):
    # The words limit the put-back to now: this piece of work undone, no place kept out of.
    reading = read_turn(turn(before, words, after))
    assert reading.label == "correction" and reading.convention is None


@pytest.mark.parametrize("before, words, after, rule", [
    ([edit("Jenkinsfile")], "Revert the Jenkinsfile for now, and never touch it again.", [run("git checkout -- Jenkinsfile")],
     Convention("path_untouched", "Jenkinsfile")),
    ([edit("vendor/sigfig.py")], "Put it back for now. Nothing goes into vendor/ unless I ask.",
     [run("git checkout -- vendor/sigfig.py")], Convention("path_untouched", "vendor/**")),
])
def test_a_path_put_back_for_now_beside_a_lasting_rule_keeps_it(before, words, after, rule):
    assert read_turn(turn(before, words, after)).convention == rule


@pytest.mark.parametrize("before, words, after, rule", [
    ([run("sed -i 's/var /let /g' vendor/polyfills.js")], "You rewrote the vendored polyfills?! Revert.",
     [run("git checkout -- vendor/polyfills.js")], "vendor/**"),
    ([edit("src/locales/ja/settings.json")], "The locale JSON gets overwritten by the sync. Hands off.",
     [run("git checkout -- src/locales/ja/settings.json")], "src/locales/**"),
    ([edit(".devcontainer/devcontainer.json")], "Der Devcontainer gehört dem Plattform-Team. Zurück damit.",
     [run("git checkout -- .devcontainer/devcontainer.json")], ".devcontainer/**"),
    ([edit("tests/cassettes/tracking/status.yaml")], "Wie heeft die cassette opnieuw opgenomen? Dit is met de hand.",
     [run("git checkout -- tests/cassettes/tracking/status.yaml")], "tests/cassettes/**"),
    ([edit("Jenkinsfile"), edit("Makefile")], "Is the Jenkins pipeline file something we get to edit here?",
     [run("git checkout -- Jenkinsfile")], "Jenkinsfile"),
    # A version's folder, short as it is, beside a word for the files' kind: the version is out of
    # bounds, not every schema, and the next version is where the work goes on.
    ([edit("schemas/avro/v1/payment.avsc")], "Leave the v1 schemas alone, they're published. New fields go in v2.",
     [run("git checkout -- schemas/avro/v1/payment.avsc"), write("schemas/avro/v2/payment.avsc")], "schemas/avro/v1/**"),
    ([edit("api/v1/openapi.yaml")], "v1 is frozen. put it in v2.",
     [run("git checkout -- api/v1/openapi.yaml"), edit("api/v2/openapi.yaml")], "api/v1/**"),
])
def test_a_path_put_back_whose_folder_or_name_the_words_write_in_another_form_is_out_of_bounds(before, words, after, rule):
    # A word the name begins with, or the name without its leading dot: the words name the place.
    assert read_turn(turn(before, words, after)).convention == Convention("path_untouched", rule)


@pytest.mark.parametrize("before, words, after", [
    # The word is part of a path the words write (where the work goes instead), or of a file name.
    ([run("sed -i 's|N/A||g' data/raw/export.csv")], "restore it and clean into data/interim",
     [run("git checkout -- data/raw/export.csv")]),
    ([edit("python/geomkit/_swig/geomkit.py")], "Put it in geomkit.i instead, and revert this.",
     [run("git checkout -- python/geomkit/_swig/geomkit.py")]),
    # Four letters are as often a word of their own ("conf" of `config/`).
    ([edit("config/app.toml")], "the conf change was wrong, revert it", [run("git checkout -- config/app.toml")]),
    # The wrong file of the folder: the work goes on in it, so it is not out of bounds.
    ([edit("src/locales/fr/home.json")], "Wrong locale, I meant the German one.",
     [run("git checkout -- src/locales/fr/home.json"), edit("src/locales/de/home.json")]),
    # Only the version the work goes on in is written: the wrong version, no folder kept out of.
    ([edit("api/v1/openapi.yaml")], "Wrong version, this one goes in v2.",
     [run("git checkout -- api/v1/openapi.yaml"), edit("api/v2/openapi.yaml")]),
])
def test_a_path_put_back_named_only_inside_a_path_a_file_name_or_a_short_word_states_no_rule(before, words, after):
    assert read_turn(turn(before, words, after)).convention is None


# A manifest of an ecosystem no list knows: a file at the root named for the program the session
# had install from it (`conan install .` reads `conanfile.txt` from the folder it is given).
def test_a_root_data_file_named_for_the_installing_tool_is_its_manifest():
    t = turn([edit("quillfile.ini"), run("quill install . --into build")], "nothing new in there. drop it, use what we have",
             [run("git checkout -- quillfile.ini"), edit("src/render.c"), run("cmake --build build")])
    conventions = read_behaviour(t).conventions
    assert Convention("dependency_set_unchanged", "quillfile.ini") in conventions
    assert all(c.kind != "path_untouched" for c in conventions)


def test_a_source_file_of_the_tools_language_is_no_manifest():
    # The same shape on a source file in a folder that carries the tool's suffix: put back, it is
    # the file kept, not a dependency set.
    t = turn([edit("src/net.quill"), run("quill install sockets")], "leave that file alone",
             [run("git checkout -- src/net.quill")])
    convention = first(t)
    assert convention is None or convention.kind != "dependency_set_unchanged"


def test_a_manifest_named_for_the_project_is_every_file_of_the_tools_suffix():
    t = turn([run("quill install colour"), edit("ledger.quill")], "no new packages please",
             [run("git checkout ledger.quill"), edit("src/ledger/out.c")])
    assert first(t) == Convention("dependency_set_unchanged", "*.quill")


def test_a_manifest_the_words_name_keeps_its_name():
    t = turn([edit("ledger.quill"), run("quill install colour")], "don't grow ledger.quill",
             [run("git checkout -- ledger.quill")])
    assert first(t) == Convention("dependency_set_unchanged", "ledger.quill")


def test_a_suffix_the_work_also_writes_sources_in_is_the_languages():
    t = turn([edit("Build.quill"), edit("src/main.quill"), run("quill install colour")], "no, not like that",
             [run("git checkout -- Build.quill")])
    assert first(t) == Convention("dependency_set_unchanged", "Build.quill")


def test_a_file_named_for_its_tool_edited_again_is_the_next_change_asked_for():
    # "and pin that one too": the agent edits the same file again and installs; with only a name
    # to go by, that is no dependency set kept.
    t = turn([edit("quillfile.ini"), say("Bumped zlib as asked.")], "thanks. and pin png to the shipped version too",
             [edit("quillfile.ini"), run("quill install .")])
    convention = first(t)
    assert convention is None or convention.kind != "dependency_set_unchanged"


@pytest.mark.parametrize("words, written, glob", [
    ("Thanks! Could you add a snapshot-pair case under tests/render for that? Every output change gets one.",
     "tests/render/nested_lists.md", "tests/render/**"),
    ("Ein Golden-Test fehlt.", "tests/golden/nested_lists.md", "tests/golden/**"),
    # The folder mirrors the fixed code's: where this one test goes, not where its kind lives.
    ("Every change to a public cmdlet gets a test.", "tests/Public/Get-Report.Tests.ps1", "tests/**"),
    ("And the test?", "tests/golden/nested_lists.md", "tests/**")])
def test_a_test_folder_below_the_test_root_that_the_words_name(words, written, glob):
    t = turn([edit("src/Public/Get-Report.ps1")], words, [write(written)])
    assert first(t) == Convention("test_added", glob)


@pytest.mark.parametrize("words, glob", [("bats test for that?", "test/**/*.bats"),
                                         ("Il manque le test bats.", "test/**/*.bats"),
                                         # a test in the fixed code's own file type: the folder is its rule
                                         ("Where's the test for the bats helper?", "test/**")])
def test_a_test_of_its_own_file_type_that_the_words_name_is_that_kind(words, glob):
    fixed = "bin/helper.bats" if "helper" in words else "bin/rotate-logs"
    t = turn([edit(fixed)], words, [write("test/rotate-logs.bats"), run("bats test/")])
    assert first(t) == Convention("test_added", glob)


@pytest.mark.parametrize("written, ran, glob", [
    ("tests/rooms.plt", "swipl -g run_tests -t halt tests/rooms.plt", "tests/**/*.plt"),
    # by its path inside the script the run hands over, or by its folder to the program named for its type
    ("tests/format/wrap.vadr", "vim -Nu tests/vimrc -c 'Vadr! tests/format/wrap.vadr'", "tests/**/*.vadr"),
    ("tests/rooms.plt", "plt tests/", "tests/**/*.plt"),
    # a golden file of expected output the suite reads: the folder is its rule
    ("tests/rooms_wide.txt", "make test-golden", "tests/**"),
    ("tests/rooms.plt", "swipl tests/", "tests/**")])
def test_a_test_of_its_own_file_type_that_its_runner_takes_by_its_path_is_that_kind(written, ran, glob):
    t = turn([edit("src/rules/rooms.pl")], "which test would catch it if someone put the Monday back?",
             [write(written), run(ran)])
    assert first(t) == Convention("test_added", glob)


@pytest.mark.parametrize("before, after, manifest", [
    ([run("zlang add zhttp"), edit("src/notifier.zlang")], [run("zlang remove zhttp"), edit("src/notifier.zlang")],
     "zlang.toml"),
    ([run("pkgz add port eigen3")], [edit("pkgz.json"), say("Tolto eigen3.")], "pkgz.json"),
    ([run("cd web && pkgz install codecs"), edit("web/src/Client.purs")], [edit("web/pkgz.yaml")], "pkgz.yaml")])
def test_the_manifest_an_add_wrote_edited_or_the_add_removed_after_the_turn_keeps_its_dependencies(before, after, manifest):
    t = turn(before, "Niente nuove dipendenze nel zlang.toml.", after)
    assert first(t) == Convention("dependency_set_unchanged", manifest)


@pytest.mark.parametrize("added, removed, manifest", [
    ("cd perf && npm install artillery-plugin-expect", "cd perf && npm uninstall artillery-plugin-expect", "perf/package.json"),
    ("npm install ktx-parse --prefix tools/gltf-pipeline", "npm uninstall ktx-parse --prefix tools/gltf-pipeline",
     "tools/gltf-pipeline/package.json"),
    ("yarn add zod --cwd=./web", "yarn remove zod --cwd=./web", "web/package.json"),
    # where the line leaves the project (an absolute folder, `..`) the folder is not shown: the name stands
    ("cd /tmp/scratch && npm install left-pad", "npm uninstall left-pad", "package.json"),
    ("cd .. && npm install left-pad", "npm uninstall left-pad", "package.json"),
    # a `cd` in another command does not carry over
    ("cd perf", "npm uninstall left-pad", "package.json")])
def test_an_add_taken_back_keeps_the_manifest_of_the_folder_it_ran_in(added, removed, manifest):
    before = [run(added)] if added != "cd perf" else [run(added), run("npm install left-pad")]
    t = turn(before, "ask first, every time", [run(removed)])
    assert first(t) == Convention("dependency_set_unchanged", manifest)


def test_a_source_file_of_the_adds_language_edited_after_the_turn_is_no_declaration():
    t = turn([run("zlang add zhttp")], "Hmm.", [edit("src/client.zlang"), run("zlang test")])
    assert not any(c.signal in ("declared_instead", "dependency_undone") for c in read_behaviour(t).changes)


@pytest.mark.parametrize("runner", ["npx", "pnpm exec", "bunx", "uv run"])
def test_a_check_run_through_a_runner_is_named_without_it(runner):
    t = turn([edit("src/styles/_buttons.scss"), run("npm test")], "You ran the unit tests. Stylint after every stylesheet edit.",
             [run(f"{runner} stylint src/styles/_buttons.scss"), edit("src/styles/_buttons.scss"),
              run(f"{runner} stylint src/styles/_buttons.scss")])
    assert first(t) == Convention("check_run_after_last_edit", "stylint")


# The words spell the generator from its second word on: the first only started its program.
@pytest.mark.parametrize(("words", "value"), [
    ("don't write migrations yourself, quill-kit generate does that", "quill-kit generate"),
    ("又手改迁移文件？改 schema.ts，然后跑 quill-kit generate。", "quill-kit generate"),
    ("pnpm quill-kit generate, not a hand-written migration", "pnpm quill-kit generate"),  # its first word written too
    ("migrations come from quill-kit, never by hand", "pnpm quill-kit generate"),  # its job word not written
])
def test_a_generator_the_words_spell_past_the_word_that_started_it(words, value):
    t = turn([write("drizzle/0012_due_date.sql")], words,
             [run("rm drizzle/0012_due_date.sql"), edit("src/db/schema.ts"), run("pnpm quill-kit generate")])
    assert [c.value for c in read_behaviour(t).conventions if c.kind == "generator_run"] == [value]


def test_a_check_the_words_spell_by_one_word_keeps_the_word_that_ran_it():
    t = turn([edit("src/a.ts")], "lint after the last edit, please.", [run("quill lint")])
    assert first(t) == Convention("check_run_after_last_edit", "quill lint")


# A program whose own name says it checks, written alone, is the check: the word the run gave it
# next is a subcommand or target. A program named otherwise keeps the subcommand that names its job.
@pytest.mark.parametrize("ran, value", [
    ("flatpak-builder-lint manifest org.example.Notes.yml", "flatpak-builder-lint"),
    ("sqlfluff lint org.example.Notes.yml", "sqlfluff lint"),
])
def test_a_check_whose_name_says_it_checks_is_named_as_the_words_write_it(ran, value):
    program = ran.split()[0]
    t = turn([edit("org.example.Notes.yml"), say("Bumped the runtime.")],
             f"lint the manifest. {program} every time you touch it", [run(ran)])
    assert first(t) == Convention("check_run_after_last_edit", value)


# The words write the value the work has spelled a little otherwise and hold nothing for good: the
# redo puts the right spelling in on this occasion. Held for good, or another name built on it
# (`feval` of `eval`), the old one is kept out of work to come.
@pytest.mark.parametrize("before, words, banned", [
    ("Set instance_type to t3.large as you asked.",
     "sorry, I wrote t3.large earlier but I meant t3.xlarge. can you change it?", None),
    ("Set instance_type to t3.large as you asked.", "never t3.large for the builders, always t3.xlarge", "t3.large("),
    ("Puse la prior de sigma como normal(0, 10).", "¡normal(0, 10) no! Te dije normal(0, 1) para este ajuste.", None),
    ("The filter is picked with eval([ftype '(b, a, x)']).",
     "Could you swap that eval for feval or a function handle? We keep eval out of the toolbox entirely.", "eval("),
])
def test_a_value_the_words_respell_is_this_occasions_fix_not_a_ban(before, words, banned):
    t = turn([edit("src/settings.txt"), say(before)], words, [edit("src/settings.txt")])
    convention = read_turn(t).convention
    assert (convention.value if convention and convention.kind == "added_lines_avoid" else None) == banned


def test_a_package_tools_own_script_is_no_runner():
    t = turn([edit("src/a.ts")], "Lint after the last edit, please.", [run("pnpm lint")])
    assert first(t) == Convention("check_run_after_last_edit", "pnpm lint")


@pytest.mark.parametrize("words, after, value", [
    ("zale?", [run("zale docs/pages/install.adoc"), edit("docs/pages/install.adoc"), run("zale docs/pages/install.adoc")],
     "zale"),
    ("Stylint nog even draaien na je laatste wijziging.", [run('npx stylint "src/**/*.scss"'), say("Schoon.")], "stylint"),
    # The one-word tool looked at the work, which was then edited with no run after: no rule.
    ("zale?", [run("zale docs/pages/install.adoc"), edit("docs/pages/install.adoc")], None)])
def test_a_one_word_tool_the_words_name_run_last_after_the_turn_is_the_check(words, after, value):
    t = turn([edit("docs/pages/install.adoc"), say("Updated.")], words, after)
    conventions = [c for c in read_behaviour(t).conventions if c.kind == "check_run_after_last_edit"]
    assert conventions == ([Convention("check_run_after_last_edit", value)] if value else [])


def test_a_tool_named_beside_the_check_that_ran_after_the_last_edit_is_no_missing_check():
    t = turn([edit("libs/auth/token.ts"), run("npx jest --selectProjects auth")],
             "desde quando a gente roda o jest na mão? o nx test não serve mais?", [run("npx nx run auth:test")])
    assert not any(c.kind == "check_run_after_last_edit" for c in read_behaviour(t).conventions)


def test_a_maven_pom_edited_again_after_the_turn_keeps_the_dependency_set():
    # pom.xml is Maven's manifest by name: no command has to hand it to a package tool first.
    t = turn([edit("pom.xml"), edit("src/main/java/com/acme/SkuFormatter.java")],
             "Could we do it without pulling Apache Commons into the pom, though?",
             [edit("pom.xml"), edit("src/main/java/com/acme/SkuFormatter.java"), run("./mvnw -q verify")])
    assert first(t) == Convention("dependency_set_unchanged", "pom.xml")
    # The same shape on a build file that declares no dependencies is no dependency rule.
    t = turn([edit("checkstyle.xml"), edit("src/main/java/com/acme/SkuFormatter.java")],
             "Could we do it without pulling another rule into checkstyle, though?",
             [edit("checkstyle.xml"), edit("src/main/java/com/acme/SkuFormatter.java"), run("./mvnw -q verify")])
    assert all(c.signal != "dependency_undone" for c in read_behaviour(t).changes)


def test_a_run_that_writes_the_path_put_back_is_its_generator():
    # The words name neither the tool nor the folder: the run writes where the hand edit was.
    t = turn([edit("src/querylang/parser/gen/QueryLangVisitor.py")], "Will that survive the next rebuild?",
             [run("git checkout -- src/querylang/parser/gen/QueryLangVisitor.py"), edit("grammar/QueryLang.g4"),
              run("antlr4 -Dlanguage=Python3 -visitor -o src/querylang/parser/gen grammar/QueryLang.g4")])
    assert first(t) == Convention("generator_run", "antlr4", path="src/querylang/**")
    # The same words and work where the run writes somewhere else: it does not show the file generated.
    t = turn([edit("docs/api/reference.md")], "Will that survive the next rebuild?",
             [run("git checkout -- docs/api/reference.md"), edit("src/api.py"), run("pdoc -o site/api src/api.py")])
    assert all(c.convention is None or c.convention.kind != "generator_run" for c in read_behaviour(t).changes)
    # Words that name the folder keep the folder as the rule, as for a path put back alone.
    t = turn([edit("src/querylang/parser/gen/QueryLangVisitor.py")], "Hands off parser/gen/, please.",
             [run("git checkout -- src/querylang/parser/gen/QueryLangVisitor.py"), edit("grammar/QueryLang.g4"),
              run("antlr4 -Dlanguage=Python3 -visitor -o src/querylang/parser/gen grammar/QueryLang.g4")])
    assert first(t) == Convention("path_untouched", "src/querylang/parser/gen/**")


def test_a_one_word_tool_run_again_on_work_changed_since_is_a_check():
    # The same `vale` run before the last edit, run again first thing after the turn.
    t = turn([run("vale docs/guide/"), edit("docs/guide/install.md"), say("Vale was clean; I also reworded the intro.")],
             "That lint result is from before your last edit.", [run("vale docs/guide/")])
    assert first(t) == Convention("check_run_after_last_edit", "vale")
    # The same shape where the run is a script the agent fixed: it runs that file, it checks nothing.
    t = turn([run("python scripts/seed.py"), edit("scripts/seed.py"), say("Fixed the seed.")],
             "ok, run it again", [run("python scripts/seed.py")])
    assert not any(c.signal == "check_run_after" for c in read_behaviour(t).changes)


def test_a_run_that_wrote_the_path_put_back_is_the_command_replaced():
    # No hand edit: a formatter's run wrote the file, put back and written by another on its folder.
    t = turn([run("lua-format -i lua/harpoonish/init.lua")], "stylua, not lua-format. always",
             [run("git checkout lua/harpoonish/init.lua"), run("stylua lua/"), say("Reformatted with stylua.")])
    assert first(t) == Convention("command_avoided", "lua-format", "stylua")
    # The same program again with one flag in place of another: the flag given up is the rule.
    t = turn([run("pip-compile --upgrade requirements/base.in -o requirements/base.txt")],
             "Danke! Aber nur gezielt, sonst wird das Review riesig.",
             [run("git checkout -- requirements/base.txt"),
              run("pip-compile --upgrade-package cryptography requirements/base.in -o requirements/base.txt")])
    assert first(t) == Convention("command_avoided", "pip-compile --upgrade", "pip-compile --upgrade-package")
    # The same shape where the run after writes elsewhere too: the file was kept as it was, no tool swapped.
    t = turn([run("python scripts/anonymise.py --overwrite data/raw/survey.csv")], "Don't write over the raw data.",
             [run("git checkout -- data/raw/survey.csv"),
              run("python scripts/anonymise.py --in data/raw/survey.csv --out data/interim/survey.csv")])
    assert all(c.convention is None or c.convention.kind != "command_avoided" for c in read_behaviour(t).changes)
    # A hand edit by `sed -i`, then a tool that names no path: the tool regenerates, it replaces no run.
    t = turn([run("sed -i 's/v0.14.0/v0.15.0/' go.sum")], "don't edit go.sum by hand, run go mod tidy",
             [run("git checkout -- go.sum"), run("go mod tidy")])
    assert all(c.signal != "restored_and_rerun" for c in read_behaviour(t).changes)


@pytest.mark.parametrize("words", ["apply, not sync. every time", "Chez nous jamais de sync : c'est helmfile apply."])
def test_a_job_swapped_on_the_same_arguments(words):
    t = turn([run("helmfile -e staging sync")], words, [run("helmfile -e staging apply")])
    assert first(t) == Convention("command_avoided", "helmfile sync", "helmfile apply")


def test_a_job_swapped_with_other_flags_beside_it():
    t = turn([run("carthage update --platform iOS Alamofire")], "Dzięki, ale u nas zawsze carthage bootstrap, a nie update",
             [run("carthage bootstrap --platform iOS --use-xcframeworks Alamofire")])
    assert first(t) == Convention("command_avoided", "carthage update", "carthage bootstrap")


@pytest.mark.parametrize("before, words, after", [
    ("make docs", "docs built fine; please publish them too", "make publish"),
    ("make build", "build is green, run make install", "make install"),
])
def test_a_job_run_on_nothing_else_then_another_is_the_next_step(before, words, after):
    assert first(turn([run(before)], words, [run(after)])) is None


def test_a_job_the_words_praise_is_done_and_the_next_one_follows():
    t = turn([run("helmfile -e staging diff")], "diff looks good, apply it", [run("helmfile -e staging apply")])
    assert first(t) is None


@pytest.mark.parametrize("before, words, test, home", [
    ("flows/sync_invoices.py", "Every new flow should get its own test under tests/flows/ though, add one",
     "tests/flows/test_sync_invoices.py", "tests/flows/test_*.py"),
    ("src/quarry/cli/export.py", "where's the test? every CLI change gets one in tests/cli",
     "tests/cli/test_export.py", "tests/cli/test_*.py"),
    ("src/churn/pipelines/reporting/nodes.py", "each pipeline change gets a test under tests/pipelines",
     "tests/pipelines/reporting/test_nodes.py", "tests/pipelines/**/test_*.py"),
])
def test_a_mirror_folder_written_with_its_word_is_the_kinds_test_home(before, words, test, home):
    t = turn([edit(before)], words, [write(test), run(f"pytest {test}")])
    assert first(t) == Convention("test_added", home)


def test_a_mirror_folder_written_only_as_a_path_is_the_home_without_a_name_mark():
    t = turn([edit("flows/sync_invoices.py")], "needs a test. tests/flows/.",
             [write("tests/flows/test_sync_invoices.py"), run("pytest tests/flows/test_sync_invoices.py")])
    assert first(t) == Convention("test_added", "tests/flows/**")


@pytest.mark.parametrize("before, words, test, home", [
    ("src/api/order/content-types/order/lifecycles.js", "test under tests/lifecycles for that. every hook change gets one.",
     "tests/lifecycles/order.test.js", "tests/lifecycles/**/*.test.js"),
    ("src/churn/pipelines/feature_eng/nodes.py", "chaque correction d'un nœud avec son test pytest dans tests/pipelines",
     "tests/pipelines/feature_eng/test_tenure.py", "tests/pipelines/**/test_*.py"),
])
def test_a_folder_written_for_a_kind_of_file_is_its_tests_home(before, words, test, home):
    t = turn([edit(before)], words, [write(test), run(f"npx jest {test}")])
    assert first(t) == Convention("test_added", home)


@pytest.mark.parametrize("before, words, test, home", [
    ("src/entities/Coupon.ts", "entity test missing, test/entities", "test/entities/Coupon.test.ts", "test/entities/**"),
    ("kernels/transpose.cu", "test for it? under tests/kernels like the rest", "tests/kernels/test_transpose.cu",
     "tests/kernels/**"),
    # The same mirrored folder named only by its word is where this one test goes.
    ("src/entities/Coupon.ts", "the Coupon entity needs a test", "test/entities/Coupon.test.ts", "test/**"),
])
def test_a_test_folder_written_whole_is_the_home_even_where_it_mirrors_the_code(before, words, test, home):
    t = turn([write(before)], words, [write(test), run(f"npx vitest run {test}")])
    assert first(t) == Convention("test_added", home)


def test_a_route_path_is_no_test_folder_written():
    t = turn([edit("app/routes/holds.py")], "So how would CI notice if DELETE /holds/{id} broke tomorrow?",
             [write("tests/api/holds/delete.hurl"), run("hurl --test tests/api/holds/delete.hurl")])
    assert first(t) == Convention("test_added", "tests/**/*.hurl")


def test_a_look_then_its_doing_job_is_the_next_step_not_a_swap():
    t = turn([run("terraform -chdir=infra plan")], "the plan looks right, go ahead and apply",
             [run("terraform -chdir=infra apply")])
    assert first(t) is None


def test_an_option_value_swapped_is_no_job_swapped():
    t = turn([run("python -m churn.report --region north")], "not north, south. I said south",
             [run("python -m churn.report --region south")])
    assert first(t) is None


def test_a_job_swapped_that_the_words_do_not_name_states_no_rule():
    t = turn([run("rclone sync raw/ b2:archive/raw")], "Hmm.", [run("rclone copy raw/ b2:archive/raw")])
    assert first(t) is None


# Put back, then a build and the generator: the run whose program the words name is the
# generator, whichever runs first; words that name none keep the folder.
@pytest.mark.parametrize("words, kind, value", [("regen the bindings with abigen, don't hand-edit them", "generator_run", "abigen"),
                                                ("don't hand-edit the bindings, regenerate them", "path_untouched", "pkg/contracts/**")])
def test_a_restored_path_takes_the_generator_the_words_name_past_a_build(words, kind, value):
    t = turn([edit("pkg/contracts/vault.go")], words,
             [run("git checkout pkg/contracts/vault.go"), run("forge build"),
              run("abigen --abi out/Vault.sol/Vault.abi.json --pkg contracts --out pkg/contracts/vault.go")])
    assert (first(t).kind, first(t).value) == (kind, value)


# A generator named short of the version its program carries ("premake" of `premake5`) is that
# program, without the job the run gave it; words that name no program keep the folder.
@pytest.mark.parametrize("words, kind, value", [("the .sln comes out of premake, put the project in the lua and regenerate",
                                                 "generator_run", "premake5"),
                                                ("the .sln is generated, put the project in the lua and regenerate",
                                                 "path_untouched", "projects/**")])
def test_a_restored_path_takes_a_generator_named_short_of_its_version(words, kind, value):
    t = turn([edit("projects/Engine.sln")], words,
             [run("git checkout -- projects/Engine.sln"), edit("premake5.lua"), run("premake5 vs2022")])
    assert (first(t).kind, first(t).value) == (kind, value)


# A path put back is what the work had changed: a folder holding the edited files is kept as a
# folder, though its name has a dot or no slash (`git checkout -- Cartwheel.xcodeproj`), and a
# file the work edited is kept as that file, though its name has no type (`Jenkinsfile`).
@pytest.mark.parametrize("before, put_back, words, then, kept", [
    ([edit("versioned_docs/version-2.1/migration.md")], "versioned_docs",
     "Lo de versioned_docs es una foto fija. Deshazlo.", [], "versioned_docs/**"),
    ([edit("Cartwheel.xcodeproj/project.pbxproj")], "Cartwheel.xcodeproj",
     "why are there diffs in the .xcodeproj folder AGAIN. hands off those files.", [run("xcodegen generate")],
     "Cartwheel.xcodeproj/**"),
    ([edit("Jenkinsfile")], "Jenkinsfile", "You commented out a stage in the Jenkinsfile?! That file is off-limits.",
     [run("make test")], "Jenkinsfile")])
def test_a_path_put_back_is_kept_as_the_folder_or_file_the_work_changed(before, put_back, words, then, kept):
    t = turn(before, words, [run(f"git checkout -- {put_back}"), *then])
    assert first(t) == Convention("path_untouched", kept)


# A whole folder put back that a run after it fills again, the words writing neither with its
# slash: the folder kept or the run used, the actions do not say which.
def test_a_folder_put_back_and_written_into_again_names_no_rule():
    t = turn([edit("src/ledger/ui/generated/ui_main_window.py")], "The generated ones again? Edit the form and run the uic step.",
             [run("git checkout src/ledger/ui/generated"), edit("src/ledger/ui/forms/main_window.ui"),
              run("pyside6-uic src/ledger/ui/forms/main_window.ui -o src/ledger/ui/generated/ui_main_window.py")])
    behaviour = read_behaviour(t)
    assert behaviour.changed_course and behaviour.conventions == []


# -- a setting written as code: an argument by keyword, a data file's key and value -------------

@pytest.mark.parametrize("words", ["no verify=False in the client, ever. fix the cert bundle instead.",
                                   "¿Otra vez verify=False? Quítalo."])
def test_an_argument_by_keyword_the_words_write_is_what_a_redo_took_out(words):
    t = turn([edit("app/client.py")], words, [edit("app/client.py")])
    assert read_turn(t).convention == Convention("added_lines_avoid", "verify=False")


def test_an_option_value_or_a_variable_written_with_equals_is_no_argument():
    # An option's value is how a command runs, not code an edit added.
    option = turn([edit("app/client.py")], "run it with --retries=3, then fix the client", [edit("app/client.py")])
    assert read_turn(option).convention is None


@pytest.mark.parametrize("words", ["no restartPolicy: Always here. OnFailure.",
                                   "Пожалуйста, не ставь restartPolicy Always в джобах."])
def test_a_setting_the_reply_wrote_and_the_words_write_is_not_to_be_added(words):
    t = turn([edit("k8s/jobs/backup.yaml"), say("Set restartPolicy: Always on the backup job.")], words,
             [edit("k8s/jobs/backup.yaml")])
    assert read_turn(t).convention == Convention("added_lines_avoid", "restartPolicy: Always")


def test_a_key_and_value_in_prose_is_no_setting():
    # "Note: Always" names no key shaped as code, and a setting the reply never wrote is no work's.
    prose = turn([edit("k8s/jobs/backup.yaml"), say("Note: Always restarts the pod.")], "Note: Always is wrong here.",
                 [edit("k8s/jobs/backup.yaml")])
    assert read_turn(prose).convention is None
    unshown = turn([edit("k8s/jobs/backup.yaml"), say("Added the backup job.")], "no restartPolicy: Always here.",
                   [edit("k8s/jobs/backup.yaml")])
    assert read_turn(unshown).convention is None


# -- a hand edit a run after the turn writes over ------------------------------------------------

@pytest.mark.parametrize("words", ["that file is flatc output, don't patch it. fix the schema and regenerate.",
                                   "Das ist generierter Code. Bitte über das Schema gehen."])
def test_a_run_told_to_write_into_the_folder_of_a_hand_edit_is_its_generator(words):
    t = turn([edit("internal/fb/player.go"), say("Added the stamina field to the generated struct.")], words,
             [edit("schemas/player.fbs"), run("flatc --go -o internal/fb schemas/player.fbs")])
    assert first(t) == Convention("generator_run", "flatc")


@pytest.mark.parametrize("after", [
    [run("make -C docs html")],  # a folder given alone is where the run works, not what it writes
    [run("psql -f docs/queries/report.sql staging")],  # a file it is given is what it reads
    [run("sphinx-build -b html docs docs/_build")],  # the edited file's folder is what it reads
])
def test_a_run_that_only_works_in_or_reads_the_hand_edit_is_no_generator(after):
    t = turn([edit("docs/queries/report.sql"), say("Fixed the join.")], "looks right, now build it", after)
    assert not any(c.signal == "regenerated_over" for c in read_behaviour(t).changes)


def test_code_the_redo_put_in_is_no_code_taken_out():
    # The reply after the redo writes the named code that no reply before did: it was added on request.
    t = turn([edit("src/lib/format.ts"), run("npm test"), say("Date formatting done.")],
             "Nice work! Next time write JSDoc right away; add it to the new functions now.",
             [edit("src/lib/format.ts"), say("JSDoc added.")])
    assert written_code_taken_out(t) is None
    # The reply before the turn wrote it: the redo took it out.
    t = turn([edit("src/app.ts"), say("Traced each step with DebugLog.")], "No DebugLog in there please.",
             [edit("src/app.ts"), say("DebugLog removed.")])
    assert written_code_taken_out(t) == Convention("added_lines_avoid", "DebugLog(")


def test_code_asked_for_this_once_is_no_code_taken_out():
    # The clause writing the code limits it to this occasion: the redo writes it this time.
    before = [edit("src/main/java/com/acme/StockService.java"), say("findReservation returns null when missing.")]
    after = [edit("src/main/java/com/acme/StockService.java")]
    asked = turn(before, "This time return Optional.empty() instead of null, the caller expects it.", after)
    assert written_code_taken_out(asked) is None
    # Another clause forbids it: "now" dates the finding, the ban stands.
    banned = turn(before, "Optional.empty() in two services now. it's banned. return null.", after)
    assert written_code_taken_out(banned) == Convention("added_lines_avoid", "Optional.empty(")
    # Held for good, the one-off clause asks nothing of this time alone.
    kept = turn(before, "Drop the Optional.empty() this time, and never put it in a service again.", after)
    assert written_code_taken_out(kept) == Convention("added_lines_avoid", "Optional.empty(")


def test_a_name_given_in_place_of_the_replys_own_is_no_code_taken_out():
    before = [write("schemas/avro/invoice.avsc"), say("New schema in the namespace com.acme.billing.")]
    after = [edit("schemas/avro/invoice.avsc")]
    # The words give another name under the reply's head: the value the redo puts in.
    right = turn(before, "Thanks, but the right namespace here is com.acme.finance.", after)
    assert written_code_taken_out(right) is None
    # The words forbid the name they write: it is what the redo took out, whatever the reply wrote.
    banned = turn(before, "No com.acme.finance in schemas, ever.", after)
    assert written_code_taken_out(banned) == Convention("added_lines_avoid", "com.acme.finance")
    # A name of another kind than the reply's is no replacement for it.
    other = turn([edit("src/app.py"), say("Saved it with com.acme.billing as the prefix.")],
                 "is that pickle.dumps meant to stay?", [edit("src/app.py")])
    assert written_code_taken_out(other) == Convention("added_lines_avoid", "pickle.dumps(")


def test_a_name_taken_out_of_a_page_of_markup_is_no_call():
    # A tool's marker in a Markdown page: the ban is the marker as written, no `(` after it.
    page = turn([edit("docs/metrics.md"), say("Switched cspell off around the metrics table.")],
                "no cspell:disable. put the words in the project dictionary",
                [edit("docs/metrics.md"), edit(".cspell/project-words.txt")])
    assert written_code_taken_out(page) == Convention("added_lines_avoid", "cspell:disable")
    # A template's variable in a layout.
    layout = turn([edit("_includes/nav.html"), say("Links now start with the base URL.")],
                  "niente site.baseurl nei layout. relative_url.", [edit("_includes/nav.html")])
    assert written_code_taken_out(layout) == Convention("added_lines_avoid", "site.baseurl")
    # The same words over a program's source: the name is the call the redo took out.
    source = turn([edit("apps/auth/src/auth_token.erl"), say("Printed the token claims while checking.")],
                  "no io:format in src. use the logger.", [edit("apps/auth/src/auth_token.erl")])
    assert written_code_taken_out(source) == Convention("added_lines_avoid", "io:format(")


def test_a_marked_value_swapped_for_another_in_this_work_is_no_code_taken_out():
    before = [edit("scripts/notify.sh"), say("The notification goes to #general.")]
    after = [edit("scripts/notify.sh"), say("Redirected to #ops-alerts.")]
    # The words give the new channel in place of the old, and hold nothing for good.
    swapped = turn(before, "Can you send it to #ops-alerts instead of #general?", after)
    assert read_behaviour(swapped).conventions == []
    # Held for good, the old one is kept out of all work to come.
    banned = turn(before, "Never post to #general, ever. #ops-alerts.", after)
    assert read_behaviour(banned).conventions == [Convention("added_lines_avoid", "#general")]


@pytest.mark.parametrize("before, words, after, rule", [
    ([run("npx depcheck --json"), say("Parsed the depcheck output: 5 unused packages.")],
     "not depcheck, we use knip for this. always", [say("Right, sorry. Noted.")], Convention("command_avoided", "depcheck")),
    ([run("pnpm dlx depcheck"), say("depcheck 说 dayjs 没用到。")], "别用 depcheck，用 knip 查。一直都是这样",
     [run("pnpm dlx knip"), say("knip 显示 dayjs 确实没被引用。")], Convention("command_avoided", "depcheck", "knip")),
    # A tool packed as a jar is the jar's name short of its version, as the words name it.
    ([run("java -jar tools/swagger-codegen-cli-3.0.52.jar generate -i api.yaml"), say("Generated the client.")],
     "no swagger-codegen-cli here, we use openapi-generator. always", [say("Noted.")],
     Convention("command_avoided", "swagger-codegen-cli")),
    # The words name the runner itself: the runner is what they ban.
    ([run("java -Xmx2g -jar build/libs/migrate.jar up"), say("Migrated.")], "No java -jar here. flyway migrate.",
     [run("flyway migrate")], Convention("command_avoided", "java", "flyway migrate")),
    ([edit("routes/index.tsx"), run("npx prettier --write routes/index.tsx")], "No npx here. deno fmt.",
     [run("deno fmt routes/index.tsx")], Convention("command_avoided", "npx", "deno fmt")),
])
def test_the_tool_a_package_runner_started_is_the_program_every_reading_sees(before, words, after, rule):
    assert read_turn(turn(before, words, after)).convention == rule


def test_a_tool_behind_a_runner_the_words_praise_is_no_ban():
    t = turn([run("npx depcheck"), say("depcheck reports 3 unused deps: moment, classnames, qs.")],
             "great, depcheck caught those. go ahead and remove them", [edit("package.json"), run("npm install")])
    convention = read_turn(t).convention
    assert convention is None or convention.kind != "command_avoided"


@pytest.mark.parametrize("words, rule", [
    ("no altool. notarytool", Convention("command_avoided", "altool", "notarytool")),
    ("别用 altool，用 notarytool", Convention("command_avoided", "altool", "notarytool")),
])
def test_a_developer_tool_xcrun_found_is_the_program_the_words_name(words, rule):
    before = [run("xcrun altool --notarize-app -f dist/Notes.zip --primary-bundle-id com.example.notes"),
              say("Uploaded for notarization.")]
    after = [run("xcrun notarytool submit dist/Notes.zip --keychain-profile notary --wait")]
    assert read_turn(turn(before, words, after)).convention == rule


def test_a_tool_xcrun_found_that_the_words_praise_is_no_ban():
    t = turn([run("xcrun --sdk macosx notarytool submit dist/Notes.zip --wait"), say("Accepted.")],
             "great, notarytool went through. now staple it", [run("xcrun stapler staple dist/Notes.app")])
    convention = read_turn(t).convention
    assert convention is None or convention.kind != "command_avoided"


def test_the_package_nix_run_starts_from_a_flake_is_the_program():
    before = [edit("flake.nix"), run("nix run nixpkgs#nixpkgs-fmt -- ."), say("Formatted.")]
    after = [run("alejandra .")]
    t = turn(before, "hm, is that the formatter CI checks with?", after)
    assert first(t) == Convention("command_avoided", "nixpkgs-fmt", "alejandra")
    # A package built, not run, is no tool started: the build stays as it was written.
    built = turn([run("nix build .#docs"), say("Built.")], "Hm.", [run("alejandra .")])
    assert all(c.convention.value != "docs" for c in read_behaviour(built).changes)


def test_a_check_run_beside_another_check_replaces_it_only_where_the_words_name_it():
    before = [edit("packages/ui/src/Button.tsx"), run("tsc --noEmit -p packages/ui"), say("Types pass.")]
    after = [run("biome check packages/ui")]
    beside = turn(before, "Types passing is great, thank you. Could you also run Biome over it before wrapping up?", after)
    assert not any(c.signal == "command_replaced" for c in read_behaviour(beside).changes)
    swapped = turn(before, "tsc? no. biome check, always", after)
    assert any(c.signal == "command_replaced" and c.convention.value == "tsc" for c in read_behaviour(swapped).changes)
    # The same check by another package manager is that manager replaced, whatever the words.
    managed = turn([edit("src/a.ts"), run("npm run lint")], "Hmm.", [run("pnpm lint")])
    assert first(managed) == Convention("command_avoided", "npm", "pnpm")


def test_a_one_word_tool_run_fixed_and_run_again_on_the_project_is_the_check():
    t = turn([edit("src/Main.elm"), run("elm make src/Main.elm --output=/dev/null"), say("Compiles, done.")],
             "compiling isn't the bar here. run the review, every single time",
             [run("elm-review"), edit("src/Main.elm"), run("elm-review")])
    assert Convention("check_run_after_last_edit", "elm-review") in read_behaviour(t).conventions
    # Given a file, the tool run again after a fix may as well build that file again.
    built = turn([edit("styles/main.scss"), say("Done.")], "the header is still blue",
                 [run("sass --no-source-map styles/main.scss"), edit("styles/main.scss"), run("sass --no-source-map styles/main.scss")])
    assert not any(c.kind == "check_run_after_last_edit" for c in read_behaviour(built).conventions)


@pytest.mark.parametrize("words", ["hm, our CI formatter is ruff", "nice work, but we format with ruff, always"])
def test_a_tool_named_in_place_of_the_one_that_ran_is_still_replaced(words):
    # Praise before it, or none, the other tool named where the turn holds it for good (or does
    # not praise) stays the ban; "great, now run mypy too" asks for one beside it.
    from skillopt_sleep.tasks.corrections.classify import behaviour_reading, read_turn
    reading = read_turn(UserTurnInContext(before=[run("black src/app.py")], user=words, after=[run("ruff format src/app.py")]))
    assert reading.convention is not None and (reading.convention.kind, reading.convention.value) == ("command_avoided", "black")


def test_a_kind_of_file_the_words_write_as_a_glob_is_what_a_put_back_keeps():
    # A glob that picks files by how their names start: the grain, under the file's folder.
    options = turn([edit("lib/firebase_options_prod.dart"), say("Pointed prod at the new project.")],
                   "firebase_options_*.dart stay as they are. put it back, and keep out of them.",
                   [run("git restore lib/firebase_options_prod.dart")])
    assert first(options) == Convention("path_untouched", "lib/firebase_options_*.dart")
    migrations = turn([edit("db/migration/V20__add_index.sql"), say("Index added to V20.")],
                      "remets V20 comme avant, les fichiers V*.sql déjà passés ne se modifient jamais",
                      [run("git checkout -- db/migration/V20__add_index.sql")])
    assert first(migrations) == Convention("path_untouched", "db/migration/V*.sql")
    # A type alone where no folder is written: that type under the file's top folder.
    manifests = turn([edit("dist/payments.k8s.yaml"), say("Raised the replicas.")], "hands off the *.k8s.yaml files.",
                     [run("git checkout -- dist/payments.k8s.yaml")])
    assert first(manifests) == Convention("path_untouched", "dist/*.k8s.yaml")
    # A type under a folder the words write is that folder's files: no narrower kind.
    secrets = turn([edit("secrets/app.enc.yaml"), say("Rotated the key.")], "Nada de mexer em secrets/*.enc.yaml. Desfaz.",
                   [run("git checkout -- secrets/app.enc.yaml")])
    assert first(secrets) is None or "*" not in first(secrets).value
    # A glob the put-back file does not match names other files.
    other = turn([edit("db/migration/R__views.sql"), say("View rewritten.")],
                 "revert that, and the V*.sql files never change once applied",
                 [run("git checkout -- db/migration/R__views.sql")])
    assert first(other) is None or "V*.sql" not in first(other).value


@pytest.mark.parametrize("path, words, kept", [
    ("db/seeds/reference/countries.sql", "reference seeds are the data team's. revert", "db/seeds/reference/**"),
    ("modules/nf-core/fastqc/main.nf", "hands off nf-core modules. patch in modules/local", "modules/nf-core/**"),
    # One folder named, or two named apart, is the shallower one.
    ("db/seeds/reference/countries.sql", "seeds are the data team's. revert", "db/seeds/**"),
    ("Intermediate/Build/Win64/Shooter/Enemy.gen.cpp", "Intermediate is off limits, it's regenerated on every build",
     "Intermediate/**"),
])
def test_a_folder_named_in_one_phrase_with_its_parent_is_the_one_kept(path, words, kept):
    t = turn([edit(path)], words, [run(f"git checkout -- {path}")])
    assert first(t) == Convention("path_untouched", kept)


def test_a_manifest_edited_again_for_a_setting_is_no_dependency_rule():
    # The replies name a setting and its new value, never the same name twice: a value redone.
    redone = turn([edit("pyproject.toml"), say("Set the scikit-build-core minimum-version to 0.8.")],
                  "should be 0.10, not 0.8", [edit("pyproject.toml"), say("Changed it to 0.10.")])
    assert first(redone) is None
    # The same actions where both replies name the package taken out: a dependency undone.
    undone = turn([edit("a11y/package.json"), say("Added dotenv and bumped pa11y-ci.")],
                  "who said you could touch these?", [edit("a11y/package.json"), say("Took dotenv out; pa11y-ci stays.")])
    assert first(undone) == Convention("dependency_set_unchanged", "a11y/package.json")


def _checked_after(user: str, command: str) -> UserTurnInContext:
    return turn([edit("src/tessel/config.py"), say("Config parser updated.")], user, [run(command), say("Ran it, clean.")])


@pytest.mark.parametrize("user", ["bandti chalao pehle",
                                  "znowu zgłaszasz gotowe bez bandita. po każdej zmianie w src ma lecieć skan"])
def test_a_check_the_words_name_mistyped_or_declined_is_the_check_run_last(user):
    assert first(_checked_after(user, "bandit -r src/tessel")) == Convention("check_run_after_last_edit", "bandit")


def test_a_longer_word_that_begins_with_the_programs_name_names_no_check():
    # "blacklist" is another word, not `black` declined: the run after is the next job.
    assert first(_checked_after("blacklist the route first", "black src/tessel")) is None
    assert first(_checked_after("black first", "black src/tessel")) == Convention("check_run_after_last_edit", "black")


DOCS_EDITED = [Action("edit", "infra/modules/vpc/variables.tf"), Action("say", "Added the cidr variable.")]
DOCS_WRITTEN = [Action("run", "terraform-docs markdown table --output-file README.md infra/modules/vpc"), Action("say", "README regenerated.")]


def test_a_run_that_writes_its_output_file_after_the_turn_is_a_generator_named_as_the_user_names_it():
    reading = read_turn(turn(DOCS_EDITED, "terraform-docs", DOCS_WRITTEN))
    assert reading.convention == Convention("generator_run", "terraform-docs")
    # Where the words write more of the run, or the run's own job says it generates, that stays.
    more = read_turn(turn(DOCS_EDITED, "terraform-docs markdown table, every time the inputs change", DOCS_WRITTEN))
    assert more.convention == Convention("generator_run", "terraform-docs markdown table")
    tuist = read_turn(turn([Action("edit", "Project.swift")], "tuist, after every manifest change", [Action("run", "tuist generate --no-open")]))
    assert tuist.convention == Convention("generator_run", "tuist generate")


SPEC_EDITED = [Action("edit", "asyncapi/events.yaml"), Action("say", "Added the order.shipped message.")]
MODELS_MADE = [Action("run", "asyncapi generate models typescript asyncapi/events.yaml -o src/events/models"),
               Action("say", "Regenerated the models.")]


def test_a_generator_the_words_write_past_its_job_word_is_named_as_written():
    reading = read_turn(turn(SPEC_EDITED, "asyncapi generate models pls", MODELS_MADE))
    assert reading.convention == Convention("generator_run", "asyncapi generate models")
    # Words that write the rest of the run too name it as run.
    typed = read_turn(turn(SPEC_EDITED, "asyncapi generate models, the typescript ones", MODELS_MADE))
    assert typed.convention == Convention("generator_run", "asyncapi generate models typescript")
    # Put back and regenerated: the words end the generator where their clause ends, past the job word.
    put_back = turn([Action("edit", "src/events/models/PaymentFailed.ts")],
                    "models always come from asyncapi generate models, not by hand",
                    [Action("run", "git checkout src/events/models/PaymentFailed.ts")] + MODELS_MADE)
    assert first(put_back).value == "asyncapi generate models"


@pytest.mark.parametrize("words", ["pas de -overwrite ici, jamais", "overwrite 쓰지 마세요", "never with -overwrite"])
def test_a_long_option_of_one_dash_dropped_before_the_files_it_stood_by_is_the_rule(words):
    t = turn([run("ogr2ogr -overwrite out/lakes.gpkg src/lakes.gpkg"), say("Written.")], words,
             [run("ogr2ogr out/lakes.gpkg src/lakes.gpkg"), say("Written again, without it.")])
    assert first(t) == Convention("command_avoided", "ogr2ogr -overwrite")


def test_a_long_option_of_one_dash_the_words_never_write_states_no_rule():
    t = turn([run("find build -name '*.o' -delete"), say("Deleted the object files.")], "hold on, just list them this time",
             [run("find build -name '*.o'"), say("Here they are.")])
    behaviour = read_behaviour(t)
    assert behaviour.changed_course and behaviour.conventions == []


@pytest.mark.parametrize("flag,name", [("-skipfailures", "skipfailures"), ("-overwrite", "overwrite"), ("-xzvf", ""), ("-vvvv", ""),
                                       ("--force", "force"), ("-am", "")])
def test_an_option_of_one_dash_is_one_option_where_it_cannot_be_short_flags_together(flag, name):
    assert option_name(flag) == name



@pytest.mark.parametrize("words,rule", [
    ("and clap-validator? every change to the plugin goes through it", "clap-validator validate"),
    # Words that write the option keep it: that is how the repository runs the check.
    ("and clap-validator with --jobs, every change goes through it", "clap-validator validate --jobs")])
def test_a_check_named_without_the_number_its_run_gave_an_option_is_named_without_that_option(words, rule):
    t = turn([Action("edit", "src/gain.rs"), say("Gain smoothing fixed.")], words,
             [run("clap-validator validate --jobs 4 target/bundled/gain.clap"), say("All tests pass.")])
    assert read_turn(t).convention == Convention("check_run_after_last_edit", rule)


@pytest.mark.parametrize("flag,name", [("-fno-common", "fno-common"), ("-fno-strict-aliasing", "fno-strict-aliasing")])
def test_an_option_of_one_dash_with_words_joined_by_a_dash_is_one_option(flag, name):
    assert option_name(flag) == name


@pytest.mark.parametrize("words", ["did you run zcc -fcheck-only? every change gets that check first",
                                   "Syntaxprüfung fehlt. zcc -fcheck-only"])
def test_a_check_keeps_its_one_dash_option_of_joined_words_that_no_value_follows(words):
    t = turn([edit("src/pay.zz"), say("Ready.")], words,
             [run("zcc -fcheck-only -std=ibm -I lib/shared src/pay.zz"), say("Clean.")])
    assert read_turn(t).convention == Convention("check_run_after_last_edit", "zcc -fcheck-only")


def test_a_check_run_again_after_a_fix_keeps_its_one_dash_option():
    t = turn([edit("lib/work.zzi"), say("Done.")], "you never ran zcc -fcheck-only! after every change, before saying done",
             [run("zcc -fcheck-only -I lib src/pay.zz"), edit("lib/work.zzi"), run("zcc -fcheck-only -I lib src/pay.zz"),
              say("Clean now.")])
    assert read_turn(t).convention == Convention("check_run_after_last_edit", "zcc -fcheck-only")


def test_a_one_word_option_of_one_dash_a_check_picks_with_is_left_out_of_its_name():
    t = turn([edit("assets/photos/office.jpg"), say("Photo updated.")], "every photo change gets the picscan check",
             [run("picscan -gps:all -author -serialnumber assets/photos/office.jpg"), say("No location left.")])
    assert read_turn(t).convention == Convention("check_run_after_last_edit", "picscan")
