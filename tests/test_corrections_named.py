"""What a turn's words name against what the agent's work did (`corrections/named.py`): a check
spelled that the last edit went without, where the agent kept its course; a tool to use read as
the one it replaces."""

from __future__ import annotations

import json

import pytest

from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.capture.edit_traces import EditTrace
from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.tasks.corrections.behaviour import Convention
from skillopt_sleep.tasks.corrections.classify import ModelClassifier, read_turn
from skillopt_sleep.tasks.corrections.named import (check_named, flag_named, folder_named, generator_named, instead_of_ran,
                                                    manifest_named, placed_tests, project_file_named, ran_command_spelled, ran_tool_named,
                                                    stopped_named,
                                                    tools_named)
from skillopt_sleep.tasks.corrections.turns import Action, UserTurnInContext

EDITED = [Action("edit", "src/app.ts"), Action("run", "pnpm test"), Action("say", "Tests pass.")]
KEPT = [Action("say", "It only renamed a variable, so it would pass.")]


def turn(before, user, after=KEPT) -> UserTurnInContext:
    return UserTurnInContext(before=before, user=user, after=after)


@pytest.mark.parametrize("words", ["Always finish with pnpm lint.", "Kör alltid pnpm lint innan du säger att du är klar.",
                                   "最後は必ずpnpm lintで。"])
def test_a_check_the_words_spell_that_the_last_edit_went_without(words):
    reading = read_turn(turn(EDITED, words))
    assert (reading.label, reading.convention) == ("correction", Convention("check_run_after_last_edit", "pnpm lint"))
    assert reading.named_by == "words"


@pytest.mark.parametrize(("words", "check"), [("And again no make check-style?! Every change ends with it.", "make check-style"),
                                              ("And again no make check?! Every change ends with it.", "make check"),
                                              ("From now on, npm run test:unit before you call it done.", "npm run test:unit")])
def test_a_check_the_words_spell_is_its_target_or_script_whole(words, check):
    assert check_named(turn(EDITED, words)) == Convention("check_run_after_last_edit", check)


@pytest.mark.parametrize("words", ["Je hebt svelte-check gedraaid vóór die laatste wijziging, niet erna.",
                                   "svelte-check goes after the last edit, not before it."])
def test_a_check_run_before_the_last_edit_that_the_words_name_is_to_run_after_it(words):
    checked_early = [Action("edit", "src/app.svelte"), Action("run", "pnpm exec svelte-check"), Action("edit", "src/i18n.ts")]
    reading = read_turn(turn(checked_early, words, [Action("say", "Sorry, noted.")]))
    assert (reading.label, reading.convention) == ("correction", Convention("check_run_after_last_edit", "svelte-check"))


def test_a_check_run_before_the_last_edit_named_by_its_job_word():
    linted_early = [Action("run", "swiftlint"), Action("edit", "Sources/Map/StoreMapView.swift")]
    words = "you linted BEFORE changing the file. the linter runs after the final edit."
    assert check_named(turn(linted_early, words)) == Convention("check_run_after_last_edit", "swiftlint")


def test_a_test_run_before_the_last_edit_is_not_named_by_the_word_test():
    # "test" names the tests to write as often as their run: no check is read from it.
    tested_early = [Action("run", "pytest"), Action("edit", "src/app/merge.py")]
    assert check_named(turn(tested_early, "needs a regression test.")) is None


def test_a_tool_run_before_the_last_edit_is_no_check_nor_a_check_run_again_after_it():
    # Not a check: the words name a tool to give up, as the work ran it.
    installed = [Action("run", "pip install rich"), Action("edit", "app/cli.py")]
    assert check_named(turn(installed, "Again with pip? Nothing goes in except through uv.")) is None
    # The check ran again after the last edit: nothing was left unchecked.
    rechecked = [Action("run", "yamllint -s ."), Action("edit", "scripts.yaml"), Action("run", "yamllint -s .")]
    assert check_named(turn(rechecked, "yamllint is slow on this box.")) is None


def test_a_backquoted_check_keeps_its_flags():
    assert check_named(turn(EDITED, "immer `nox -s lint` am Ende")) == Convention("check_run_after_last_edit", "nox -s lint")


@pytest.mark.parametrize(("words", "check"), [
    ("De ahora en adelante, al terminar de editar OCaml corre `dune build @fmt`.", "dune build @fmt"),
    ("we always finish docs changes with `mkdocs build --strict`", "mkdocs build --strict"),
])
def test_a_backquoted_command_of_a_program_never_run_is_the_check_to_end_with(words, check):
    reading = read_turn(turn([Action("edit", "lib/http.ml")], words, [Action("say", "OK.")]))
    assert (reading.label, reading.convention) == ("correction", Convention("check_run_after_last_edit", check))


@pytest.mark.parametrize("words", ["never `git push --force` here", "`gen/api.ts` is generated", "no `print(x)` calls"])
def test_a_backquoted_command_the_session_ran_a_path_or_a_call_is_no_check_to_end_with(words):
    pushed = [Action("edit", "lib/http.ml"), Action("run", "git push --force")]
    assert check_named(turn(pushed, words)) is None


def test_no_check_where_it_ran_after_the_last_edit_or_nothing_was_edited():
    linted = EDITED + [Action("run", "pnpm lint")]
    assert check_named(turn(linted, "Always finish with pnpm lint.")) is None
    assert check_named(turn(EDITED + [Action("run", "pnpm run lint")], "Always finish with pnpm lint.")) is None
    assert check_named(turn([Action("run", "pnpm test")], "Always finish with pnpm lint.")) is None


def test_a_bare_tool_in_a_sentence_is_no_check():
    # `ruff` alone is a check command, but "ruff format" in prose names the formatter.
    assert check_named(turn([Action("edit", "a.py"), Action("run", "black a.py")], "Format with ruff format here.")) is None


def test_a_question_answered_or_work_after_the_turn_leaves_the_words_unread():
    asked = turn(EDITED, "How long does pnpm lint take on CI?", [Action("say", "About a minute.")])
    assert read_turn(asked).label == "question" and read_turn(asked).convention is None
    worked = turn(EDITED, "pnpm lint knows that rule", [Action("edit", "src/app.ts")])
    assert read_turn(worked).convention is None


def test_a_tool_to_use_is_the_tool_it_replaces_where_the_work_ran_one():
    ran = [Action("run", "npm install"), Action("run", "npm test")]
    assert instead_of_ran(Convention("command_used", "pnpm"), turn(ran, "x")) == Convention("command_avoided", "npm", "pnpm")
    assert read_turn(turn(ran, "Use pnpm for installs in this repo.")).convention == Convention("command_avoided", "npm", "pnpm")


def test_a_tool_to_use_stays_so_where_the_work_shows_no_one_tool_it_replaces():
    used = Convention("command_used", "pnpm")
    two = [Action("run", "npm install"), Action("run", "yarn add left-pad")]
    assert instead_of_ran(used, turn(two, "x")) == used
    assert instead_of_ran(used, turn([Action("run", "pnpm install"), Action("run", "npm view x version")], "x")) == used
    assert instead_of_ran(used, turn([Action("edit", "a.ts")], "x")) == used


@pytest.mark.parametrize("words", ["Run Python through uv run in this repo.", "Kör python via uv run här.",
                                   "we format with ruff, black isn't used here anymore"])
def test_the_tool_ran_named_beside_another_in_one_sentence(words):
    ran = [Action("run", "python -c 'import app; print(app.VERSION)'"), Action("run", "black src/")]
    tool = "black" if "black" in words else "python"
    ran = [a for a in ran if tool in a.value]
    reading = read_turn(turn(ran, words))
    assert reading.label == "correction" and reading.convention.kind == "command_avoided"
    assert reading.convention.value == tool and reading.named_by == "words"


# The ran tool named beside another is banned in what the words write of its run; where they write
# its job once for each tool, the job stays and the tool is what changes.
@pytest.mark.parametrize(("words", "avoided", "instead"), [
    ("Nothing gets a pip install here, poetry add is how deps come in.", "pip install", "poetry"),
    ("Ingen pip install här, poetry add sköter beroendena.", "pip install", "poetry"),
    ("use `uv pip install`, not a bare `pip install`", "pip", "uv"),
    ("Nothing gets pip here, poetry is how deps come in.", "pip", "poetry"),
])
def test_the_tool_ran_named_beside_another_is_banned_as_the_words_write_its_run(words, avoided, instead):
    reading = read_turn(turn([Action("run", "pip install httpx")], words))
    assert reading.convention == Convention("command_avoided", avoided, instead)


def test_two_tools_apart_or_one_tool_alone_are_no_rule():
    ran = [Action("run", "bun link")]
    # "make a rule": the other tool's name in another sentence is a plain word, no tool to use instead
    words = "never bun link a session version. make a rule for it"
    assert tools_named(turn(ran, words)) is None
    assert read_turn(turn(ran, words)).convention == Convention("command_avoided", "bun link")
    # the tool ran, named alone in words that praise it
    assert read_turn(turn([Action("run", "npm ci")], "npm works fine, thanks")).convention is None


def test_a_models_reading_comes_before_what_the_words_name(store):
    # Neither words reading tells praise from objection; a model that reads approval is taken.
    answer = json.dumps({"label": "approval", "rule_kind": "none", "value": "", "instead": "", "path": ""})
    classifier = ModelClassifier(CallRecorder(store, None), ScriptedBackend(lambda request: answer, model="teacher"))
    ran = [Action("run", "python seed.py")]
    assert read_turn(turn(ran, "Run Python through uv run, fine either way."), classifier).label == "approval"
    passed = read_turn(turn(EDITED, "pnpm lint passes on my machine too, thanks"), classifier)
    assert (passed.label, passed.convention) == ("approval", None)


@pytest.mark.parametrize("words", ["Nie zostawiamy breakpoint() w kodzie biblioteki.", "库代码里不要留 breakpoint。"])
def test_code_the_work_showed_and_the_words_name_where_the_agent_kept_its_course(words):
    shown = [Action("edit", "lib/merge.py"), Action("say", "Fixed it; a breakpoint() is still in merge().")]
    reading = read_turn(turn(shown, words, [Action("say", "Left it in for now.")]))
    assert reading.convention == Convention("added_lines_avoid", "breakpoint(") and reading.named_by == "words"


def test_code_named_without_an_edit_or_never_shown_is_no_rule():
    said = [Action("run", "pytest -q"), Action("say", "Tests pass; use breakpoint() to step in.")]
    assert read_turn(turn(said, "breakpoint() is handy")).convention is None
    # The session recorded what the edit added, and the code is none of it.
    traced = [Action("edit", "lib/merge.py", trace=EditTrace(added_calls=("merge",))), Action("say", "Fixed it.")]
    assert read_turn(turn(traced, "kein breakpoint() bitte")).convention is None


@pytest.mark.parametrize("words", ["Пожалуйста, не добавляй NSLog( в код приложения.", "no `NSLog()` in app code, going forward",
                                   "库代码里又有 std::cout 了"])
def test_code_the_words_write_after_an_edit_with_no_record_where_the_agent_kept_its_course(words):
    edited = [Action("edit", "Sources/Push/PushHandler.m")]
    reading = read_turn(turn(edited, words, [Action("say", "OK.")]))
    code = "std::cout" if "std" in words else "NSLog("
    assert (reading.label, reading.convention) == ("correction", Convention("added_lines_avoid", code))


def test_two_pieces_of_code_written_or_no_edit_before_is_no_rule():
    edited = [Action("edit", "Sources/Push/PushHandler.m")]
    assert read_turn(turn(edited, "AppLog() rather than NSLog() here", [Action("say", "OK.")])).convention is None
    ran = [Action("run", "xcodebuild build")]
    assert read_turn(turn(ran, "no NSLog() in app code", [Action("say", "OK.")])).convention is None


@pytest.mark.parametrize("words", ["Ändra inte i src/generated för hand.", "migrations/ klasörüne elle dokunma."])
def test_a_folder_the_words_write_that_holds_a_file_the_agent_edited(words):
    edited = [Action("edit", "src/generated/routes.py" if "src" in words else "migrations/versions/0012_x.py")]
    folder = "src/generated/**" if "src" in words else "migrations/**"
    assert read_turn(turn(edited, words)).convention == Convention("path_untouched", folder)


def test_a_file_named_or_a_folder_the_agent_never_edited_is_no_rule():
    edited = [Action("edit", "src/generated/routes.py")]
    assert read_turn(turn(edited, "src/generated/routes.py, bitte noch einmal ansehen")).convention is None
    assert read_turn(turn(edited, "docs/ ist auch veraltet")).convention is None


def test_a_model_that_reads_an_objection_without_a_rule_gets_the_words_rule(store):
    answer = json.dumps({"label": "correction", "rule_kind": "none", "value": "", "instead": "", "path": ""})
    classifier = ModelClassifier(CallRecorder(store, None), ScriptedBackend(lambda request: answer, model="teacher"))
    reading = read_turn(turn(EDITED, "Kör alltid pnpm lint innan du säger att du är klar."), classifier)
    assert (reading.label, reading.convention, reading.source) == (
        "correction", Convention("check_run_after_last_edit", "pnpm lint"), "model")
    # where the words name nothing the work shows, the model's reading stands as it is
    assert read_turn(turn(EDITED, "Nej, inte så."), classifier).convention is None


@pytest.mark.parametrize("words", ["Waarom gradle en niet ./gradlew? Dat zeg ik elke keer.",
                                   "Use ./gradlew for this, gradle is the wrong version."])
def test_a_program_written_by_its_path_is_the_tool_to_use(words):
    reading = read_turn(turn([Action("run", "gradle build")], words))
    assert (reading.label, reading.convention) == ("correction", Convention("command_avoided", "gradle", "./gradlew"))
    # A script file by its path is no program to use instead.
    assert tools_named(turn([Action("run", "gradle build")], "gradle is fine, see ./build.gradle.kts")) is None


def test_a_tool_never_run_is_named_as_it_is_typed():
    # "the Go code" names a language; `go` the command is typed in lower case.
    t = turn([Action("edit", "queries/auth.sql"), Action("run", "sqlc generate")],
             "Remember: sqlc generate makes the Go code, never hand edits.")
    assert tools_named(t) is None
    assert tools_named(turn(t.before, "Run sqlc generate through go, not by hand.")) == Convention(
        "command_avoided", "sqlc generate", "go")


def test_a_spelled_check_keeps_its_whole_tree_target():
    t = turn([Action("edit", "internal/auth/token.go")], "go vet ./... fehlt noch. Nach der letzten Änderung.")
    assert check_named(t) == Convention("check_run_after_last_edit", "go vet ./...")


@pytest.mark.parametrize("user", ["Keep console.log out of src/.", "Remember: go vet ./... runs last."])
def test_the_whole_tree_or_a_source_root_is_no_folder_to_keep_out_of(user):
    t = turn([Action("edit", "src/widget.go"), Action("run", "go vet ./...")], user)
    assert read_turn(t).convention is None


def test_a_folder_inside_the_source_root_is_one_to_keep_out_of():
    t = turn([Action("edit", "src/generated/routes.py")], "Ändra inte i src/generated för hand.")
    assert read_turn(t).convention == Convention("path_untouched", "src/generated/**")


def test_a_backquoted_word_that_starts_like_a_check_is_no_check():
    t = turn(EDITED, "no `eslint-disable` comments; run `eslint .` instead")
    assert check_named(t) == Convention("check_run_after_last_edit", "eslint .")


def test_a_folder_whose_edits_a_spelled_command_then_processed_is_no_folder_to_keep_out_of():
    before = [Action("edit", "queries/auth.sql"), Action("run", "sqlc generate")]
    user = "For the record: after touching anything under queries/, sqlc generate makes the code."
    assert read_turn(turn(before, user)).convention is None
    # The same folder with no command of the words run on it is one to keep out of.
    assert read_turn(turn(before[:1], "Keep out of queries/.")).convention == Convention("path_untouched", "queries/**")


def test_a_backquoted_check_of_a_tool_nobody_listed_that_the_last_edit_went_without():
    before = [Action("edit", "lib/shop/orders.ex"), Action("say", "Changed the rounding.")]
    assert check_named(turn(before, "Bitte immer `mix test` am Ende.")) == Convention("check_run_after_last_edit", "mix test")
    checked = before[:1] + [Action("run", "mix test")]
    assert check_named(turn(checked, "Bitte immer `mix test` am Ende.")) is None
    assert check_named(turn(before, "Bitte immer `mix deps.get` am Ende.")) is None


@pytest.mark.parametrize("words", ["Solo rebase, niente merge commit.", "Rebase statt Merge Commits, bitte.", "rebase, not merge"])
def test_a_flag_of_the_work_named_by_its_word_where_the_agent_kept_its_course(words):
    t = UserTurnInContext(before=[Action("run", "glab mr merge 7 --merge --yes")], user=words,
                          after=[Action("say", "It is in already; next time.")])
    assert flag_named(t) == Convention("command_avoided", "glab mr merge --merge")
    assert read_turn(t).convention == Convention("command_avoided", "glab mr merge --merge")


def test_no_flag_named_where_the_words_name_none_of_its_flags():
    t = UserTurnInContext(before=[Action("run", "glab mr merge 7 --merge --yes")], user="Rebase next time.",
                          after=[Action("say", "Will do.")])
    assert flag_named(t) is None


@pytest.mark.parametrize("words", ["never --force from here.", "Ohne --force, das macht nur CI."])
def test_a_flag_of_the_work_written_as_typed_where_the_agent_kept_its_course(words):
    t = UserTurnInContext(before=[Action("run", "flux --force +deploy")], user=words, after=[Action("say", "Understood.")])
    assert read_turn(t).convention == Convention("command_avoided", "flux --force")


@pytest.mark.parametrize("words", ["Again --all? That takes four hours! We always build the book with the plain build.",
                                   "never --all on the book."])
def test_a_short_flag_of_the_work_written_as_typed_is_to_avoid(words):
    t = UserTurnInContext(before=[Action("run", "jupyter-book build --all book/")], user=words,
                          after=[Action("say", "Sorry, stopping it.")])
    assert read_turn(t).convention == Convention("command_avoided", "jupyter-book build --all")


def test_a_short_flag_named_only_by_its_word_or_dropped_on_a_rerun_is_no_ban():
    before = [Action("run", "jupyter-book build --all book/")]
    # "all" as a word is any sentence's; only the flag as typed names it.
    assert flag_named(UserTurnInContext(before=before, user="Rebuild all of it next time, please.",
                                        after=[Action("say", "Will do.")])) is None
    rerun = UserTurnInContext(before=before, user="fine, now run it without --all",
                              after=[Action("run", "jupyter-book build book/")])
    assert read_turn(rerun).convention is None


def test_no_flag_written_as_typed_where_the_words_write_another_or_it_is_a_script_s_own():
    # Two flags written: one is how to run it instead, and which the words leave open.
    both = UserTurnInContext(before=[Action("run", "flux --force +deploy")], user="--atomic, not --force; it rolls back.",
                             after=[Action("say", "Got it, --atomic from now on.")])
    assert flag_named(both) is None
    # A flag after the file a program ran is that script's, not the program's.
    script = UserTurnInContext(before=[Action("run", "python scripts/dedupe.py data/raw/x.csv --inplace")],
                               user="--inplace on a raw file?? Raw data is never modified.", after=[Action("say", "Sorry.")])
    assert flag_named(script) is None


@pytest.mark.parametrize("words", ["Kein doas hier, niemals.", "doas again? I said it before.", "doas を使わないで。"])
def test_the_one_tool_the_work_ran_named_alone_where_the_agent_kept_its_course_is_to_avoid(words):
    t = turn([Action("run", "doas zypper refresh")], words, [Action("say", "Understood.")])
    reading = read_turn(t)
    assert (reading.label, reading.convention, reading.named_by) == (
        "correction", Convention("command_avoided", "doas"), "words")


def test_a_tool_written_with_another_job_beside_the_run_s_own_job_bans_no_bare_tool():
    # The words set the run's job (menuconfig) beside another job of the same tool: that job is
    # asked for, so `make` itself is no tool to avoid.
    t = turn([Action("run", "make menuconfig")], "From now on: after every menuconfig comes make savedefconfig.",
             [Action("say", "Got it.")])
    reading = read_turn(t)
    assert (reading.label, reading.convention) == ("correction", None)
    # The same tool named with a word the run never had, but no job of the run beside it: prose
    # after the tool, and the tool is still the one to avoid.
    for words in ("why is crane back?? we dropped it months ago, stop reaching for it",
                  "crane again? we dropped it months ago, never use it"):
        kept = read_turn(turn([Action("run", "crane digest registry.internal/acme/worker:2.0.0")], words,
                              [Action("say", "Understood.")]))
        assert kept.convention == Convention("command_avoided", "crane")


def test_a_tool_named_alone_is_banned_in_the_user_spelling_of_the_command():
    t = turn([Action("run", "rye sync"), Action("run", "rye publish --yes")], "never rye publish from here")
    assert ran_tool_named(t) == Convention("command_avoided", "rye publish")


def test_no_tool_named_alone_where_it_ran_after_the_last_edit_or_the_words_praise():
    # Run after the last edit, the tool is the work's finishing step: named to ask for it.
    finished = [Action("edit", "schema/user.fbs"), Action("run", "flatc --python schema/user.fbs")]
    assert ran_tool_named(turn(finished, "flatc makes the bindings, for the record.")) is None
    # A remark on a run that went well.
    praised = turn([Action("run", "doas zypper refresh")], "doas asks for my password each time. anyway thanks, it worked")
    assert read_turn(praised).convention is None
    # Two tools the work ran, both named: which one is meant is not told.
    both = turn([Action("run", "doas zypper refresh"), Action("run", "rye sync")], "doas and rye, really?")
    assert ran_tool_named(both) is None


@pytest.mark.parametrize("before", [[Action("run", "cargo add anyhow")], [Action("edit", "crates/cli/Cargo.toml")]])
def test_a_manifest_the_work_added_to_named_where_the_agent_kept_its_course_keeps_its_dependencies(before):
    t = turn(before, "Cargo.toml に勝手に crate を足さないで。", [Action("say", "すみません。")])
    path = before[0].value if before[0].kind == "edit" else "Cargo.toml"
    reading = read_turn(t)
    assert (reading.label, reading.convention, reading.named_by) == (
        "correction", Convention("dependency_set_unchanged", path), "words")


def test_a_manifest_named_is_the_one_in_the_folder_the_add_ran_in():
    said = "nel package.json di perf non entra niente senza chiedere"
    assert manifest_named(turn([Action("run", "cd perf && npm install lodash")], said)) == \
        Convention("dependency_set_unchanged", "perf/package.json")
    assert manifest_named(turn([Action("run", "cd perf && npm test"), Action("run", "npm install lodash")], said)) == \
        Convention("dependency_set_unchanged", "package.json")


def test_no_manifest_named_where_no_reader_reads_it_the_words_praise_or_name_another():
    # Whether a rule on a file no manifest reader reads is of its dependencies or the whole file, its name does not tell.
    assert manifest_named(turn([Action("edit", "build.zig.zon")], "build.zig.zon stays as it is.")) is None
    assert read_turn(turn([Action("edit", "Cargo.toml")], "Cargo.toml looks good, thanks")).convention is None
    assert manifest_named(turn([Action("edit", "Cargo.toml")], "go.mod stays as it is.")) is None
    # An install of what the manifest already names adds nothing to it.
    assert manifest_named(turn([Action("run", "bundle install")], "the Gemfile stays as it is")) is None
    assert manifest_named(turn([Action("run", "bundle add oj")], "the Gemfile stays as it is")) == Convention(
        "dependency_set_unchanged", "Gemfile")


@pytest.mark.parametrize("words, check", [("From now on, finish with zzlint after the last edit.", "zzlint"),
                                          ("今後は最後の編集のあとに confy-lint を実行してください。", "confy-lint")])
def test_a_linter_named_bare_where_the_words_set_a_rule_for_work_to_come(words, check):
    assert check_named(turn([Action("edit", "roles/a.yml")], words)) == Convention("check_run_after_last_edit", check)


@pytest.mark.parametrize("words", ["zzlint output is unreadable, ugh", "From now on, double-check the paycheck code."])
def test_a_linter_named_without_a_rule_for_work_to_come_or_a_checkers_word_in_prose_is_no_check(words):
    assert check_named(turn([Action("edit", "roles/a.yml")], words)) is None


@pytest.mark.parametrize("reply, read", [("TOOLCOLOR=0 turns them off if that helps.", False),
                                         ("It can take --quiet=yes if you like.", False),
                                         ("Understood, no zapp from now on.", True)])
def test_a_tool_named_alone_is_no_ban_where_the_reply_offers_a_setting_of_its_own(reply, read):
    t = turn([Action("run", "zapp test"), Action("say", "All passed.")], "zapp's colours are unreadable here, ugh",
             [Action("say", reply)])
    reading = read_turn(t)
    assert (reading.convention == Convention("command_avoided", "zapp")) is read


@pytest.mark.parametrize("words, value", [("From now on, no new packages in deps.json.", "deps.json"),
                                          ("Framöver: inga nya paket i Proj.toml.", "Proj.toml")])
def test_a_data_file_the_words_name_after_an_add_by_hand_is_its_manifest(words, value):
    t = turn([Action("run", "pkgr install acme/x")], words, [Action("say", "Got it.")])
    assert manifest_named(t) == Convention("dependency_set_unchanged", value)


@pytest.mark.parametrize("before, words", [(["pkgr run build"], "From now on, no new packages in deps.json."),
                                           (["pkgr install acme/x"], "Keep deps.lock.json out of it from now on."),
                                           (["pkgr install acme/x"], "deps.json and app.toml stay as they are from now on.")])
def test_no_manifest_named_without_an_add_by_hand_or_one_data_file(before, words):
    t = turn([Action("run", b) for b in before], words, [Action("say", "Got it.")])
    assert manifest_named(t) is None


@pytest.mark.parametrize("path, words, value", [
    ("acme-plugin-2.3-1.pkgspec", "Vanaf nu: geen nieuwe dependencies in de pkgspec.", "*.pkgspec"),
    ("environment.yml", "Phir se environment mein naya package? Kuch add nahi karna.", "environment.yml"),
    ("firmware.ini", "firmware.ini 里不要加新的库。", "firmware.ini"),
])
def test_a_project_manifest_the_work_edited_named_by_a_word_of_its_name_keeps_its_dependencies(path, words, value):
    t = turn([Action("edit", path)], words, [Action("say", "Sorry.")])
    assert project_file_named(t) == Convention("dependency_set_unchanged", value)
    reading = read_turn(t)
    assert (reading.label, reading.convention, reading.named_by) == (
        "correction", Convention("dependency_set_unchanged", value), "words")


@pytest.mark.parametrize("path, words", [
    ("src/config.yml", "Never touch config again."),  # not at the project's root: no manifest
    ("environment.yml", "The environment looks right now, thanks!"),  # praise (the reader's guard)
    ("notes.txt", "notes stay as they are."),  # prose, no manifest
    ("environment.yml", "Keep the lockfile as it is."),  # names another file
])
def test_no_project_manifest_named_outside_the_root_in_praise_in_prose_or_for_another_file(path, words):
    assert read_turn(turn([Action("edit", path)], words, [Action("say", "Ok.")])).convention is None


@pytest.mark.parametrize("words", ["From now on, nothing under gen/ is written by hand; it comes out of buf generate.",
                                   "Daqui pra frente: em gen/ nada se edita à mão, a gente roda o codegen."])
def test_a_folder_the_words_write_beside_a_generators_job_is_no_rule(words):
    # The words point at the folder kept and at the generator run; the agent did neither.
    t = turn([Action("edit", "gen/billing/v1/invoice_pb2.pyi")], words, [Action("say", "Noted.")])
    reading = read_turn(t)
    assert (reading.label, reading.convention) == ("correction", None)
    # The same folder without a generator's job word stays the rule.
    assert read_turn(turn(t.before, "From now on, nothing under gen/ is written by hand.", t.after)).convention == Convention(
        "path_untouched", "gen/**")


@pytest.mark.parametrize("words", ["Do budoucna: soubory ve složce _swig/ jsou vygenerované a ručně se na ně nesahá.",
                                   "From now on nothing under geomkit/_swig is edited by hand."])
def test_a_folder_written_from_a_depth_is_the_edited_path_down_to_it(words):
    edited = [Action("edit", "python/geomkit/_swig/geomkit_wrap.cxx"), Action("say", "Patched the wrapper.")]
    assert read_turn(turn(edited, words)).convention == Convention("path_untouched", "python/geomkit/_swig/**")
    # a word that is only part of a folder's name is no folder of the path
    assert folder_named(turn(edited, "From now on nothing under swig/ is edited by hand.")) is None


@pytest.mark.parametrize("command", ["rm src-tauri/icons/StoreLogo.png", "mv src-tauri/icons/old.png src-tauri/icons/new.png",
                                     "sed -i 's/a/b/' src-tauri/icons/icon.svg"])
def test_a_folder_the_words_write_that_a_file_command_changed_files_in(command):
    words = "För framtiden: filerna under src-tauri/icons/ ändrar vi aldrig i, inte heller i kommande sessioner."
    t = turn([Action("run", command), Action("say", "Removed an icon that seems unused.")], words, [Action("say", "Noted.")])
    assert read_turn(t).convention == Convention("path_untouched", "src-tauri/icons/**")


def test_a_folder_the_words_write_that_a_run_only_read_is_no_folder_kept():
    t = turn([Action("run", "cat src-tauri/icons/README.md"), Action("run", "sed -n 1p src-tauri/icons/icon.svg")],
             "From now on new icons go in src-tauri/icons/, one per size.", [Action("say", "Noted.")])
    assert folder_named(t) is None


SCHEMA_EDITED = [Action("edit", "prisma/schema.prisma"), Action("say", "Added the Coupon model.")]


@pytest.mark.parametrize("before, words, after", [
    # The program is a word of a path the work touched.
    (SCHEMA_EDITED, "d'ora in poi si rigenera con prisma generate ogni volta che tocchi lo schema.", KEPT),
    (SCHEMA_EDITED, "生成的 client 别手改，改完 schema 跑 prisma generate。", [Action("say", "好的。")]),
    # Or the agent's reply writes the same command back.
    ([Action("edit", "gen/python/billing/v1/invoice_pb2.pyi")], "for next time: it always comes out of buf generate.",
     [Action("say", "Noted: I'll change the .proto files and run buf generate.")]),
])
def test_a_generator_the_words_spell_that_the_last_edit_went_without_is_to_run(before, words, after):
    command = "prisma generate" if "prisma" in words else "buf generate"
    assert read_turn(turn(before, words, after)).convention == Convention("generator_run", command)


@pytest.mark.parametrize("before, words", [
    # A word before "regenerate" that nothing in the work shows is prose, not a program.
    ([Action("edit", "proto/orders.proto")], "From now on, edit the proto and regenerate."),
    # The generator already ran after the last edit: the words only restate what was done.
    ([Action("edit", "queries/auth.sql"), Action("run", "sqlc generate")], "For the record: sqlc generate makes the Go code."),
    # Nothing was edited: a remark on a run is no rule.
    ([Action("run", "pnpm prisma generate")], "prisma generate is so slow on this laptop"),
])
def test_a_generating_word_without_a_program_the_work_shows_or_after_its_run_names_no_generator(before, words):
    assert generator_named(turn(before, words)) is None


def test_praise_around_a_generator_named_is_no_rule():
    praised = turn(SCHEMA_EDITED, "prisma generate is slow here. anyway, thanks, looks good")
    assert read_turn(praised).convention is None


@pytest.mark.parametrize("before, words, after, avoided", [
    ([Action("run", "npm run build"), Action("run", "firebase deploy --only hosting")],
     "no firebase deploy from your side. preview channel only.",
     [Action("run", "firebase hosting:channel:deploy checkout-v3 --expires 7d")], "firebase deploy"),
    ([Action("run", "alembic revision --autogenerate -m 'note'"), Action("run", "alembic upgrade head")],
     "L'assistant ne doit jamais exécuter `alembic upgrade`.", [Action("run", "alembic downgrade -1")], "alembic upgrade"),
])
def test_the_last_run_of_a_program_the_words_write_and_the_program_then_used_otherwise_is_to_avoid(before, words, after, avoided):
    reading = read_turn(turn(before, words, after))
    assert (reading.label, reading.convention) == ("correction", Convention("command_avoided", avoided))


@pytest.mark.parametrize("before, words, after", [
    # The command the words write ran before a later run of its program: a step, not what changed.
    ([Action("run", "alembic revision --autogenerate -m 'note'"), Action("run", "alembic upgrade head")],
     "You should have run `alembic revision` and stopped there.", [Action("run", "alembic downgrade -1")]),
    # Another program after it: the next piece of work, whatever the words name.
    ([Action("run", "uv run pytest")], "ora aggiungi un target `make test` che chiami uv run pytest.",
     [Action("run", "make test")]),
    # Run again after the turn: nothing stopped.
    ([Action("run", "firebase deploy --only hosting")], "firebase deploy took ages; deploy the functions too",
     [Action("run", "firebase deploy --only functions")]),
])
def test_a_command_named_that_was_a_step_was_run_again_or_gave_way_to_another_program_is_not_avoided(before, words, after):
    assert stopped_named(turn(before, words, after)) is None


RESET = [Action("run", "git reset --hard origin/main"), Action("say", "Reset the checkout to main.")]


def test_a_command_the_work_ran_spelled_with_its_flag_is_to_avoid():
    t = turn(RESET, "Rica etsem git reset --hard kullanma, hep git stash kullanalım.", [Action("say", "Anladım.")])
    assert ran_command_spelled(t) == Convention("command_avoided", "git reset --hard")
    reading = read_turn(t)
    assert (reading.label, reading.convention) == ("correction", Convention("command_avoided", "git reset --hard"))


def test_a_command_the_work_ran_spelled_in_praise_states_no_rule():
    t = turn(RESET, "git reset --hard did it, thanks.", [Action("say", "Glad it helped.")])
    assert ran_command_spelled(t) == Convention("command_avoided", "git reset --hard")  # the words spell it
    assert read_turn(t).convention is None  # but the sentence that spells it praises the run


def test_a_command_spelled_that_was_the_finishing_step_or_a_check_is_no_rule():
    finished = [Action("edit", "db/schema.sql"), Action("run", "sqlc generate"), Action("say", "Regenerated.")]
    assert ran_command_spelled(turn(finished, "sqlc generate did the rest, nothing else to do.")) is None
    assert ran_command_spelled(turn([Action("run", "make check")], "make check is green on my side too.")) is None


COMPILED = [Action("run", "pip-compile --upgrade requirements/base.in"), Action("say", "Bumped the pins.")]


def test_a_tool_ban_keeps_the_long_flag_the_words_write_beside_it():
    t = turn(COMPILED, "A rule for this repo from here on: a bare pip-compile --upgrade is not something we run.")
    assert read_turn(t).convention == Convention("command_avoided", "pip-compile --upgrade")


@pytest.mark.parametrize("before, words, value", [
    # The flag written apart from the command is no part of it.
    (COMPILED, "We never run pip-compile by hand here; whether with --upgrade or not, CI owns the pins.", "pip-compile"),
    # A short flag is the run quoted as typed: the ban is of the tool.
    ([Action("run", "nix-env -i terraform-ls")], "Stop polluting my profile with nix-env -i! Everything goes in flake.nix.",
     "nix-env"),
])
def test_a_tool_ban_leaves_out_a_flag_written_apart_or_a_short_one(before, words, value):
    assert read_turn(turn(before, words)).convention == Convention("command_avoided", value)


@pytest.mark.parametrize("before, words, value", [
    # The subcommand written apart from the program, the program named elsewhere.
    ([Action("run", "terraform workspace delete staging")],
     "Please keep terraform to plans; workspace delete is something only I do.", "terraform workspace delete"),
    # The program with the subcommand the run gave after an option.
    ([Action("run", "kubectl --context prod delete namespace billing")],
     "For the record: no kubectl delete against prod, ever.", "kubectl delete"),
])
def test_a_tool_ban_is_of_the_subcommand_the_words_write_apart_from_the_program(before, words, value):
    t = turn(before, words, [Action("say", "Understood.")])
    assert read_turn(t).convention == Convention("command_avoided", value)


@pytest.mark.parametrize("before, words", [
    # One word of the subcommand alone is as often a plain word: the ban stays of the program.
    ([Action("run", "terraform workspace delete staging")], "No terraform from your side. Delete requests go to me."),
    # The subcommand written, but not right after the program: not the run's spelling.
    ([Action("run", "pulumi --cwd infra destroy")], "never pulumi, destroy or otherwise, from here."),
])
def test_a_tool_ban_without_the_subcommand_written_stays_of_the_program(before, words):
    t = turn(before, words, [Action("say", "Understood.")])
    assert read_turn(t).convention == Convention("command_avoided", before[0].value.split()[0])


def test_a_tool_kept_with_another_job_bans_the_job_it_ran():
    # The words keep `mix` (another ecto task) and name the reset: the reset is what to avoid.
    reset = [Action("run", "mix ecto.reset"), Action("say", "Reset the dev database, migrations are applied.")]
    reading = read_turn(turn(reset, "don't reset, just mix ecto.migrate. my seeded data was in there"))
    assert (reading.label, reading.convention) == ("correction", Convention("command_avoided", "mix ecto.reset"))
    # The agent's reply shows the other job (`tilt up`) where the words write it beside the one it ran.
    down = turn([Action("run", "tilt down")], "Next time just stop tilt up instead of running tilt down.",
                [Action("say", "Understood, I'll stop tilt up instead.")])
    assert tools_named(down) == Convention("command_avoided", "tilt down")
    # A word after the tool that no work shows as its job is prose: the tool itself is swapped.
    assert tools_named(turn([Action("run", "tilt down")], "no tilt for this, just docker compose down")) == Convention(
        "command_avoided", "tilt", "just")


@pytest.mark.parametrize(("ran", "words", "avoided", "instead"), [
    ("shards build", "Good. From now on build with shards build, never with crystal build.", "crystal build", "shards build"),
    ("dune runtest", "好的。以后只跑 dune runtest，别加 --auto-promote，差异我自己看。", "dune runtest --auto-promote", "dune runtest"),
    ("pnpm install", "Good. Keep using pnpm, never npm.", "npm", "pnpm"),
])
def test_the_ran_command_in_the_clause_without_negation_is_the_one_to_use(ran, words, avoided, instead):
    reading = read_turn(turn([Action("run", ran), Action("say", "Done.")], words))
    assert reading.convention == Convention("command_avoided", avoided, instead)


@pytest.mark.parametrize(("ran", "words", "avoided"), [
    # The ran command stands in the negated clause: it is the one avoided, as ever.
    ("shards build", "Build with crystal build, never with shards build.", "shards build"),
    ("crystal build src/app.cr", "Good. From now on build with shards build, never with crystal build.", "crystal build"),
    ("npm install", "Keep using pnpm, never npm.", "npm"),
    # No clause is negated: the question names the ran tool to avoid it.
    ("npm install", "why npm? use pnpm here", "npm"),
])
def test_the_ran_command_negated_or_questioned_is_still_the_one_avoided(ran, words, avoided):
    reading = read_turn(turn([Action("run", ran), Action("say", "Done.")], words))
    assert (reading.convention.kind, reading.convention.value) == ("command_avoided", avoided)


def test_a_flag_of_another_program_in_the_negated_clause_bans_nothing_of_the_run():
    t = turn([Action("run", "papermill reports/churn.ipynb out/churn.ipynb"), Action("say", "Done.")],
             "좋아요. 앞으로도 papermill만 쓰고, nbconvert의 --execute는 쓰지 않는 걸로 해요.")
    assert ran_tool_named(t) is None and ran_command_spelled(t) is None
    # Without a flag or a program in it, the negated clause is a remark: the ran tool named is avoided.
    remark = turn([Action("run", "scp notes.csv box:/data/"), Action("say", "Done.")],
                  "Uploads to box go through rsync. scp isn't used for that, not even for one csv.")
    assert ran_tool_named(remark) == Convention("command_avoided", "scp")


@pytest.mark.parametrize(("ran", "words", "avoided"), [
    ("wally update", "Thanks! But here we only use `wally install`, it keeps the lock; the update runs when I ask.", "wally update"),
    ("mix ecto.reset", "Díky, ale příště jen migruj (mix ecto.migrate), reset mi smaže data.", "mix ecto.reset"),
])
def test_the_ran_tool_named_with_another_job_bans_the_job_it_ran_not_the_tool(ran, words, avoided):
    t = turn([Action("run", ran), Action("say", "Done.")], words)
    assert ran_tool_named(t) == Convention("command_avoided", avoided)


def test_the_ran_tool_named_with_another_job_but_not_its_own_is_not_read_as_that_job():
    # The words never write the job the work ran: nothing says that job was the wrong one.
    t = turn([Action("run", "wally update"), Action("say", "Done.")], "Thanks! But here we only use `wally install`.")
    assert ran_tool_named(t) != Convention("command_avoided", "wally update")
    # A word after the tool in prose is no job ("no wally tricks"): no job dropped.
    prose = turn([Action("run", "wally update"), Action("say", "Done.")], "no wally tricks, the update waits until I ask.")
    assert ran_tool_named(prose) != Convention("command_avoided", "wally update")


def _fixed_with_test(test: str, user: str) -> UserTurnInContext:
    return turn([Action("edit", "app/handlers/auth.py"), Action("write", test), Action("run", "pytest -q")], user)


def test_a_test_folder_the_words_place_each_change_s_test_in_is_a_test_rule():
    said = "Good. From here on every handler change comes with a test in tests/unit/, no matter how small."
    reading = read_turn(_fixed_with_test("tests/unit/test_auth.py", said))
    assert reading.convention == Convention("test_added", "tests/unit/**")


@pytest.mark.parametrize("path, user", [
    # The clause that writes the folder negates: a ban, not where tests go.
    ("tests/unit/test_auth.py", "From now on, don't edit anything in tests/unit/ to make a run pass."),
    # A recorded fixture beside the tests is no test: the folder is kept.
    ("tests/cassettes/auth.yaml", "From now on, tests/cassettes is read-only; re-record instead."),
])
def test_a_test_folder_written_in_a_ban_or_holding_no_test_is_no_test_rule(path, user):
    assert placed_tests(_fixed_with_test(path, user)) is None


def test_praise_of_the_test_just_written_places_no_tests():
    praised = _fixed_with_test("tests/unit/test_auth.py", "Thanks, the test in tests/unit/ looks good.")
    convention = read_turn(praised).convention
    assert convention is None or convention.kind != "test_added"


@pytest.mark.parametrize("before, words, reply", [
    ([Action("run", "mimirtool rules load rules/*.yaml"), Action("say", "Still uploading.")],
     "why is mimirtool so slow pushing a dozen rule groups",
     "It sends one request per group and waits for each; the API is rate limited."),
    ([Action("run", "bitbake core-image-minimal")], "Boah, bitbake braucht heute ewig.",
     "Der erste Lauf nach dem Update baut viel neu."),
    ([Action("run", "semgrep scan --config p/ci")], "semgrep 每次拉规则都这么慢。", "规则集每次从网上拉取。"),
])
def test_a_remark_on_how_long_a_run_takes_answered_only_bans_no_tool(before, words, reply):
    # The words say how the run went, the agent explains: nothing changes in what it does next.
    assert read_turn(turn(before, words, [Action("say", reply)])).convention is None


@pytest.mark.parametrize("before, words, reply", [
    ([Action("run", "goreleaser release --snapshot --clean"), Action("say", "Snapshot build finished in 7m40s.")],
     "nearly eight minutes for a snapshot build. is it compiling every target from scratch or what",
     "It builds all twelve os/arch pairs; the Go build cache is cold on this runner."),
    ([Action("run", "bal test"), Action("say", "Test superati.")],
     "quattro minuti per far partire la JVM di bal test ogni volta, roba da matti. ok comunque, va bene così", "Capito."),
])
def test_a_span_of_minutes_a_run_took_answered_only_bans_neither_the_run_nor_its_flag(before, words, reply):
    assert read_turn(turn(before, words, [Action("say", reply)])).convention is None


@pytest.mark.parametrize("words, reply", [
    ("Pff, ninety seconds before the dev server answers.", "Sorry, most of it is the first compile."),
    ("Zucht, anderhalve minuut voordat de server antwoordt.", "Het meeste is de eerste compilatie."),
    ("Uff, neunzig Sekunden, bis der Server antwortet.", "Das meiste ist das erste Kompilieren."),
])
def test_a_remark_counted_in_seconds_or_a_minute_answered_only_is_a_question(words, reply):
    before = [Action("run", "npm run dev"), Action("say", "Dev server is up.")]
    assert read_turn(turn(before, words, [Action("say", reply)])).label == "question"


def test_a_snapshot_build_forbidden_beside_its_minutes_keeps_its_ban():
    before = [Action("run", "goreleaser release --snapshot --clean"), Action("say", "Snapshot build finished in 7m40s.")]
    words = "eight minutes for a snapshot build. no snapshot builds on this runner, ever."
    assert read_turn(turn(before, words, [Action("say", "Understood.")])).convention == Convention(
        "command_avoided", "goreleaser release --snapshot")


@pytest.mark.parametrize("words, after", [
    ("never use mimirtool here, it's too slow; use cortextool", [Action("say", "Understood.")]),
    ("mimirtool is too slow for this, use cortextool", [Action("say", "Got it, I'll use cortextool from now on.")]),
    ("mimirtool again? it's slow and we don't use it", [Action("say", "Sorry.")]),
])
def test_a_ban_that_gives_slowness_as_its_reason_keeps_it(words, after):
    before = [Action("run", "mimirtool rules load rules/*.yaml"), Action("say", "Still uploading.")]
    assert read_turn(turn(before, words, after)).convention == Convention("command_avoided", "mimirtool")


def test_a_spelled_command_remarked_on_for_its_time_bans_nothing_and_one_forbidden_keeps_its_ban():
    before = [Action("run", "tuist install"), Action("say", "Dependencies fetched.")]
    remark = turn(before, "tuist install 每次都要等好久，烦死了。", [Action("say", "第一次要下载所有依赖。")])
    banned = turn(before, "tuist install 每次都要等好久，不要再用了。", [Action("say", "好的。")])
    assert read_turn(remark).convention is None
    assert read_turn(banned).convention == Convention("command_avoided", "tuist install")


def test_a_remark_on_a_short_named_tools_time_that_clears_the_agent_bans_nothing():
    before = [Action("run", "npx nx test catalog-data-access"), Action("say", "Took 3m10s because the cache was cold.")]
    reply = [Action("say", "The remote cache would help; the next runs should hit the local cache.")]
    venting = "ugh, nx on this laptop is so slow on a cold cache. not your fault, just venting"
    assert read_turn(turn(before, venting, reply)).convention is None
    # The same remark with a clause that forbids the tool keeps its ban.
    banned = "nx is so slow on a cold cache. don't use it here."
    assert read_turn(turn(before, banned, reply)).convention == Convention("command_avoided", "nx")


@pytest.mark.parametrize("before, user, after", [
    # the constant written by its shape, kept out for good, the agent only answering
    ([Action("edit", "src/hooks/useAdmin.ts"), Action("say", "Reads the users with the service key.")],
     "niente SUPABASE_SERVICE_ROLE_KEY nel codice nuovo. mai", KEPT),
    # named by its words, the reply before the turn having written it; the file redone
    ([Action("edit", "src/lib/supabase.ts"), Action("say", "Client now uses SUPABASE_SERVICE_ROLE_KEY so the list loads.")],
     "absolutely not. the service role key never goes in code we add.",
     [Action("edit", "src/lib/supabase.ts"), Action("say", "Back to the anon key.")]),
])
def test_a_constant_the_words_keep_out_of_added_code_for_good_is_banned_text(before, user, after):
    assert read_turn(turn(before, user, after)).convention == Convention("added_lines_avoid", "SUPABASE_SERVICE_ROLE_KEY")


@pytest.mark.parametrize("before, user, after", [
    # asked back for this once: no rule of code
    ([Action("edit", "src/lib/supabase.ts"), Action("say", "Client now uses SUPABASE_SERVICE_ROLE_KEY.")],
     "SUPABASE_SERVICE_ROLE_KEY shouldn't be in this client. take it out for now.",
     [Action("edit", "src/lib/supabase.ts"), Action("say", "Dropped.")]),
    # named by words the reply never wrote as a constant
    ([Action("edit", "src/lib/supabase.ts"), Action("say", "Client now uses the service role key.")],
     "the service role key never goes in code we add.", [Action("edit", "src/lib/supabase.ts")]),
    # a dotenv file sets the variable: what is kept for good is the file, not a text of code
    ([Action("edit", ".env"), Action("say", "Changed DATABASE_URL to the test database.")],
     "put my DATABASE_URL back, please; I'd rather you never edit that file.", [Action("edit", ".env")]),
])
def test_a_constant_written_once_unnamed_in_the_work_or_set_in_a_dotenv_file_is_no_banned_text(before, user, after):
    convention = read_turn(turn(before, user, after)).convention
    assert convention is None or convention.kind != "added_lines_avoid"


@pytest.mark.parametrize("before, words, reply", [
    ([Action("run", "nextflow run main.nf -profile test")], "ugh, nextflow takes forever just to spin up the JVM on this laptop.",
     "Yes, the start-up is slow here; the run itself is about two minutes."),
    ([Action("run", "steamcmd +login builder +run_app_build deploy/app_build.vdf +quit"), Action("say", "Build enviada.")],
     "nossa, esse upload do steamcmd demorou demais hoje", "O depot de texturas mudou inteiro, então subiu quase tudo de novo."),
])
def test_forever_of_a_run_and_a_past_tense_of_its_time_are_remarks_that_ban_nothing(before, words, reply):
    # "takes forever" says how long the run took, not that anything holds for good; a run's name
    # beside another word that is a program's (`just`) is no tool put in its place either.
    assert read_turn(turn(before, words, [Action("say", reply)])).convention is None


def test_a_ban_beside_forever_that_holds_for_good_keeps_it():
    before = [Action("run", "nextflow run main.nf -profile test")]
    words = "nextflow takes forever. from now on we run the pipeline with snakemake"
    convention = read_turn(turn(before, words, [Action("say", "Understood.")])).convention
    assert convention is not None and convention.value == "nextflow"


@pytest.mark.parametrize("words", ["geen defaultValue in t()", "keine defaultValue-Optionen in den t()-Aufrufen, bitte.",
                                   "Could you rework the check in claim() so it doesn't rely on tx.origin?"])
def test_a_call_written_with_empty_parens_beside_other_code_is_where_it_stands_not_the_call_banned(words):
    edited = [Action("edit", "web/src/Search.tsx")]
    for after in ([Action("say", "OK.")], [Action("edit", "web/src/Search.tsx"), Action("say", "Removed.")]):
        reading = read_turn(turn(edited, words, after))
        assert reading.convention is None and reading.label != "approval"


@pytest.mark.parametrize("words", ["no print() in handlers, use logger.info", "no print() in handlers"])
def test_a_call_written_with_its_replacement_in_a_clause_of_its_own_is_the_call_banned(words):
    edited = [Action("edit", "app/handlers.py")]
    reading = read_turn(turn(edited, words, [Action("say", "OK.")]))
    assert (reading.label, reading.convention) == ("correction", Convention("added_lines_avoid", "print("))


EXTRACTED = [Action("run", "pybabel extract -F babel.cfg -o app/messages.pot ."), Action("say", "Template updated.")]
FOR_GOOD = "For the rest of the project: we always pull strings out with pybabel extract, we never run xgettext here."


def test_the_command_a_lasting_rule_writes_beside_a_clause_that_forbids_another_is_the_way_to_work():
    reading = read_turn(turn(EXTRACTED, FOR_GOOD, [Action("say", "Noted, only pybabel extract from now on.")]))
    assert (reading.label, reading.convention) == ("correction", None)
    # The other way round, the command the work ran is the one the clause forbids.
    ran = [Action("run", "xgettext -o app/messages.pot app/cli.py")]
    assert read_turn(turn(ran, FOR_GOOD, [Action("say", "Noted.")])).convention == Convention("command_avoided", "xgettext")


@pytest.mark.parametrize("reply", ["Noted.", "Sorry, I won't use sudo again."])
def test_a_run_the_forbidding_clause_points_back_at_stays_banned_where_the_reply_takes_it_as_no_way_to_work(reply):
    words = "Remember for the future: you ran sudo for that install, we never do that here."
    reading = read_turn(turn([Action("run", "sudo gem install bundler")], words, [Action("say", reply)]))
    assert reading.convention == Convention("command_avoided", "sudo")


@pytest.mark.parametrize(("words", "convention"), [
    # A job word that says it generates: the command makes files, a generator named past its runner.
    ("from now on, after every schema change, run `npx convex codegen` before you say it's done",
     Convention("generator_run", "convex codegen")),
    # The same sentence with a job that checks stays a check, runner and all.
    ("from now on, after every schema change, run `npx convex typecheck` before you say it's done",
     Convention("check_run_after_last_edit", "npx convex typecheck")),
])
def test_a_command_the_words_quote_whose_job_generates_is_a_generator(words, convention):
    schema = [Action("edit", "convex/schema.ts"), Action("say", "Added the invoices table.")]
    assert check_named(turn(schema, words)) == convention


@pytest.mark.parametrize(("said", "words", "code"), [
    ("Added `z-index: 1000 !important` so the modal sits above the sticky header.", "no !important. fix the specificity.",
     "!important"),
    ("Added host_permissions: ['<all_urls>'] so the fetch works.", "no <all_urls>. list the hosts", "<all_urls>")])
def test_a_name_punctuation_marks_as_code_that_the_reply_wrote_is_kept_out(said, words, code):
    before = [Action("edit", "src/styles/_modal.scss"), Action("say", said)]
    reading = read_turn(turn(before, words, [Action("say", "Understood.")]))
    assert reading.convention == Convention("added_lines_avoid", code)


def test_a_bracketed_plain_word_is_a_placeholder_not_code():
    before = [Action("edit", "docs/release.md"), Action("say", "Documented `git push origin <branch>` for the release.")]
    reading = read_turn(turn(before, "no <branch> there, we always push main.", [Action("say", "Understood.")]))
    assert reading.convention is None or reading.convention.value != "<branch>"


@pytest.mark.parametrize(("edited", "words", "fixed", "build", "folder"), [
    ("pkg/imgproc_bg.js", "rör inte filerna i pkg, bygg om från Rust", "src/lib.rs", "wasm-pack build --target web", "pkg/**"),
    ("_site/index.html", "_site is build output, we never patch it by hand", "index.md", "jekyll build", "_site/**")])
def test_a_folder_the_words_name_that_the_work_moves_its_change_out_of_and_rebuilds_is_kept_from_edits(edited, words, fixed, build,
                                                                                                       folder):
    before = [Action("edit", edited), Action("say", "Patched the output.")]
    after = [Action("edit", fixed), Action("run", build), Action("say", "Fixed in the source, rebuilt.")]
    reading = read_turn(turn(before, words, after))
    assert (reading.label, reading.convention) == ("correction", Convention("path_untouched", folder))


def test_a_folder_the_words_name_beside_the_next_step_elsewhere_is_no_rule():
    before = [Action("edit", "docs/guide.md"), Action("say", "Guide updated.")]
    after = [Action("edit", "setup.py"), Action("say", "Version bumped.")]
    reading = read_turn(turn(before, "docs done, now the version bump in setup.py please", after))
    assert reading.convention is None


@pytest.mark.parametrize("words", [
    "No integrationTest run, no done. Whenever src/main changes, it runs.",
    "没跑 integrationTest 就不算完。src/main 动过就得跑",
])
def test_a_folder_written_beside_a_camel_case_check_task_is_no_folder_to_keep(words):
    before = [Action("edit", "src/main/java/app/Valve.java"), Action("say", "Valve vents at 12 bar.")]
    reading = read_turn(turn(before, words, [Action("say", "It is a small change; I'll run it next time.")]))
    assert reading.label == "correction" and reading.convention is None
