"""The built-in agent loop on a real two-file repository, in a real workspace and sandbox: with
the scripted backend (native calls and JSON actions) and with the loopback OpenAI fake server
speaking native tool calls through the real openai backend."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skillopt_sleep.students.loop import LoopLimits, choose_format, run_episode
from skillopt_sleep.students.tools import ToolBudget
from skillopt_sleep.backends import create_backend
from skillopt_sleep.backends.base import Completion, CompletionRequest, ToolCall
from skillopt_sleep.backends.recorder import Budget, CallRecorder
from skillopt_sleep.backends.scripted import ScriptedBackend
from skillopt_sleep.errors import BudgetExceeded
from skillopt_sleep.sandbox import Workspace
from tests.agent_kit import BUGGY, CHECK, FIXED, make_repo, repo_task
from tests.fakes import FakeOpenAI, Reply, ToolUse, tool_use
from tests.sandbox_kit import within

SKILL = "Run the tests before you finish."


@pytest.fixture
def spec(tmp_path):
    return make_repo(tmp_path / "calc")


@pytest.fixture
def workspace(spec):
    ws = Workspace.create(spec)
    yield ws
    ws.cleanup()


@pytest.fixture
def store(store, monkeypatch):
    """The shared store, with a test key for the API backend."""
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    return store


def calls(*turns: list[tuple[str, dict]]):
    """A scripted student making native tool calls, one list of calls per turn."""
    queue = list(turns)

    def respond(request: CompletionRequest) -> Completion:
        batch = queue.pop(0) if queue else [("finish", {"message": "out of script"})]
        return Completion(text="", tool_calls=[ToolCall(name, args, f"c{len(queue)}-{i}") for i, (name, args) in enumerate(batch)])

    return ScriptedBackend(respond)


def replies(*texts: str):
    """A scripted student writing text replies, one per turn (the last one repeats)."""
    queue = list(texts)
    return ScriptedBackend(lambda request: queue.pop(0) if len(queue) > 1 else queue[0])


FIX_TURNS = (
    [("read", {"path": "calc.py"})],
    [("edit", {"path": "calc.py", "old": "return a - b", "new": "return a + b"})],
    [("run", {"command": CHECK})],
    [("finish", {"message": "add() sums now; the tests pass"})],
)


def test_read_edit_run_finish_leaves_a_diff_and_passing_tests(store, workspace, sandbox, spec):
    student = calls(*FIX_TURNS)
    episode = run_episode(repo_task(spec), SKILL, student, CallRecorder(store, None), workspace, sandbox, seed=1)
    assert episode.finished and episode.error == "" and episode.turns == 4
    assert [s.name for s in episode.steps if s.kind == "tool"] == ["read", "edit", "run", "finish"]
    assert episode.steps[1].output == BUGGY.rstrip()
    run = episode.commands()[0]
    assert run.exit_code == 0 and "OK" in run.output and "<time>" in run.output  # durations made stable
    assert episode.changed_files == ["calc.py"] and "+    return a + b" in episode.diff
    assert (workspace.path / "calc.py").read_text() == FIXED
    assert Path(spec.root, "calc.py").read_text() == BUGGY  # the user's repository is untouched
    assert episode.final_message == "add() sums now; the tests pass"


def test_the_first_request_carries_the_skill_the_request_and_the_files(store, workspace, sandbox, spec):
    seen: list[CompletionRequest] = []
    student = ScriptedBackend(lambda r: seen.append(r) or Completion(text="", tool_calls=[ToolCall("finish", {"message": "ok"}, "c")]))
    run_episode(repo_task(spec), SKILL, student, CallRecorder(store, None), workspace, sandbox)
    first = seen[0]
    assert SKILL in first.system and "Example:" in first.system
    assert [t.name for t in first.tools] == ["list", "read", "search", "edit", "run", "finish"]
    assert "add() in calc.py" in first.messages[0].content and "test_calc.py" in first.messages[0].content


def test_several_json_actions_in_one_turn_run_in_order(store, workspace, sandbox, spec):
    plan = {"actions": [{"tool": "read", "path": "calc.py"},
                        {"tool": "edit", "path": "calc.py", "old": "a - b", "new": "a + b"},
                        {"tool": "run", "command": CHECK},
                        {"tool": "finish", "message": "fixed"},
                        {"tool": "run", "command": "touch after-finish"}]}
    student = replies(json.dumps(plan))
    episode = run_episode(repo_task(spec), SKILL, student, CallRecorder(store, None), workspace, sandbox,
                          action_format="json")
    assert student.calls == 1 and episode.turns == 1 and episode.finished
    assert [s.name for s in episode.steps if s.kind == "tool"] == ["read", "edit", "run", "finish"]
    assert episode.commands()[0].exit_code == 0
    assert not (workspace.path / "after-finish").exists()  # nothing runs after finish


def test_json_mode_sends_the_action_schema_and_no_native_tools(store, workspace, sandbox, spec):
    seen: list[CompletionRequest] = []
    student = ScriptedBackend(lambda r: seen.append(r) or '{"actions": [{"tool": "finish", "message": "ok"}]}')
    run_episode(repo_task(spec), SKILL, student, CallRecorder(store, None), workspace, sandbox, action_format="json")
    assert seen[0].tools == [] and seen[0].json_schema["required"] == ["actions"]
    assert '{"actions": [' in seen[0].system


def test_placeholder_content_is_refused_and_the_rest_of_the_turn_is_not_run(store, workspace, sandbox, spec):
    plan = ('{"actions": [{"tool": "edit", "path": "calc.py", "content": "..."}, {"tool": "run", "command": "touch ran"}]}')
    student = replies(plan, '{"actions": [{"tool": "finish", "message": "gave up"}]}')
    episode = run_episode(repo_task(spec), SKILL, student, CallRecorder(store, None), workspace, sandbox, action_format="json")
    edit = next(s for s in episode.steps if s.name == "edit")
    assert "refused" in edit.error and "placeholder" in edit.error
    assert (workspace.path / "calc.py").read_text() == BUGGY and not (workspace.path / "ran").exists()
    assert episode.changed_files == [] and episode.diff == ""
    assert [s.name for s in episode.steps if s.kind == "tool"] == ["edit", "finish"]


def test_paths_outside_the_copy_are_refused(store, workspace, sandbox, spec, tmp_path):
    outside = tmp_path / "outside.txt"
    student = calls(
        [("read", {"path": "/etc/hostname"}), ("read", {"path": "../../../../etc/hostname"})],
        [("edit", {"path": str(outside), "content": "pwned\n"})],
        [("edit", {"path": "../../../outside.txt", "content": "pwned\n"})],
        [("list", {"path": ".."}), ("search", {"pattern": "root", "path": "/etc"})],
        [("finish", {"message": "done"})],
    )
    episode = run_episode(repo_task(spec), SKILL, student, CallRecorder(store, None), workspace, sandbox)
    tool_steps = [s for s in episode.steps if s.kind == "tool" and s.name != "finish"]
    assert len(tool_steps) == 6 and all(s.error for s in tool_steps)
    assert not outside.exists() and not (workspace.path.parent / "outside.txt").exists()
    assert episode.changed_files == []


def test_long_output_is_cut_to_the_budget_keeping_its_end(store, workspace, sandbox, spec):
    command = "python3 -c \"print('x' * 9000); print('THE END')\""
    student = calls([("run", {"command": command})], [("read", {"path": "calc.py", "start": 2, "end": 2})])
    limits = LoopLimits(max_turns=2, tools=ToolBudget(output_chars=500))
    episode = run_episode(repo_task(spec), SKILL, student, CallRecorder(store, None), workspace, sandbox, limits=limits)
    run = episode.commands()[0]
    assert len(run.output) < 600 and "characters cut" in run.output and run.output.rstrip().endswith("THE END")
    assert episode.steps[-1].output == "[calc.py: lines 2-2 of 2]\n    return a - b"


def test_the_turn_limit_stops_the_loop_with_an_error(store, workspace, sandbox, spec):
    student = ScriptedBackend(lambda r: Completion(text="", tool_calls=[ToolCall("list", {"path": "."}, "c")]))
    episode = run_episode(repo_task(spec), SKILL, student, CallRecorder(store, None), workspace, sandbox, max_turns=3)
    assert episode.turns == 3 and student.calls == 3 and not episode.finished
    assert "turn limit" in episode.error


def test_replies_without_an_action_are_errors_the_model_hears_about_bounded(store, workspace, sandbox, spec):
    seen: list[CompletionRequest] = []
    student = ScriptedBackend(lambda r: seen.append(r) or "I would fix the bug by changing the minus.")
    episode = run_episode(repo_task(spec), SKILL, student, CallRecorder(store, None), workspace, sandbox,
                          action_format="json", limits=LoopLimits(max_bad_replies=2))
    assert student.calls == 2 and "no usable action" in episode.error
    assert all(s.kind == "model" and s.error == "the reply held no action" for s in episode.steps)
    assert "could not be used" in seen[1].messages[-1].content


def test_a_failed_edit_is_reported_and_the_model_can_recover(store, workspace, sandbox, spec):
    student = calls(
        [("edit", {"path": "calc.py", "old": "return a-b", "new": "return a+b"}), ("run", {"command": "touch ran"})],
        [("edit", {"path": "calc.py", "old": "return a - b", "new": "return a + b"})],
        [("finish", {"message": "fixed"})],
    )
    episode = run_episode(repo_task(spec), SKILL, student, CallRecorder(store, None), workspace, sandbox)
    edits = [s for s in episode.steps if s.name == "edit"]
    assert "not in calc.py" in edits[0].error and edits[1].error == ""
    assert not (workspace.path / "ran").exists() and episode.finished and episode.changed_files == ["calc.py"]


def test_a_resumed_episode_is_answered_from_the_record(store, spec, sandbox):
    first_student = calls(*FIX_TURNS)
    with Workspace.create(spec) as ws:
        first = run_episode(repo_task(spec), SKILL, first_student, CallRecorder(store, "n1"), ws, sandbox, seed=7)
    # The night is killed and started again: a fresh copy, a fresh recorder on the same store, and
    # a student that would fail if it were asked anything.
    refusing = ScriptedBackend(lambda r: pytest.fail("the model was called again"))
    recorder = CallRecorder(store, "n1")
    with Workspace.create(spec) as ws:
        again = run_episode(repo_task(spec), SKILL, refusing, recorder, ws, sandbox, seed=7)
    assert refusing.calls == 0 and recorder.stats.cached == 4
    assert again.to_dict() == first.to_dict()


def test_a_budget_stop_propagates(store, workspace, sandbox, spec):
    with pytest.raises(BudgetExceeded):
        run_episode(repo_task(spec), SKILL, calls(*FIX_TURNS), CallRecorder(store, None, Budget(max_calls=2)),
                    workspace, sandbox)


def test_the_format_follows_the_backend():
    assert choose_format(ScriptedBackend(lambda r: "")) == "native"
    local_like = type("Local", (), {"name": "local", "supports_tools": True, "model": "m"})()
    assert choose_format(local_like) == "json"
    with pytest.raises(ValueError):
        choose_format(local_like, "xml")


def test_an_openai_compatible_server_drives_the_loop_with_native_tool_calls(store, workspace, sandbox, spec):
    with FakeOpenAI() as fake:
        fake.push(
            tool_use("read", {"path": "calc.py"}),
            # Two calls in one turn: the edit, then the tests.
            Reply(tool_calls=[ToolUse("edit", {"path": "calc.py", "old": "a - b", "new": "a + b"}),
                              ToolUse("run", {"command": CHECK})]),
            tool_use("finish", {"message": "fixed add"}),
        )
        student = create_backend("openai", "gpt-4o-mini", {"base_url": fake.base_url, "retry_base_s": 0.01})
        episode = run_episode(repo_task(spec), SKILL, student, CallRecorder(store, None), workspace, sandbox)
        requests = fake.model_requests()
    assert episode.finished and episode.turns == 3 and episode.commands()[0].exit_code == 0
    assert episode.changed_files == ["calc.py"]
    # Every tool call was answered by a tool message with its id, in order.
    last = requests[-1].json["messages"]
    answered = [m["tool_call_id"] for m in last if m["role"] == "tool"]
    asked = [c["id"] for m in last if m["role"] == "assistant" for c in m.get("tool_calls") or []]
    assert answered == asked and len(asked) == 3
    assert [t["function"]["name"] for t in requests[0].json["tools"]] == ["list", "read", "search", "edit", "run", "finish"]


def test_a_path_as_the_sandbox_shows_it_is_the_file_in_the_copy(store, workspace, sandbox, spec):
    inside = sandbox.inside_path(workspace) if hasattr(sandbox, "inside_path") else str(workspace.path)
    student = calls([("run", {"command": "pwd"}), ("read", {"path": f"{inside}/calc.py"})], [("finish", {"message": "ok"})])
    episode = run_episode(repo_task(spec), SKILL, student, CallRecorder(store, None), workspace, sandbox)
    pwd, read = [s for s in episode.steps if s.kind == "tool"][:2]
    assert read.error == "" and read.output == BUGGY.rstrip()
    assert str(workspace.base) not in pwd.output  # the host's temp folder never shows


def test_a_same_size_edit_in_the_copys_first_second_is_in_the_diff(store, spec, sandbox):
    # Made in the second the copy was made, and diffed a second later: git's stat cache must not hide it.
    with Workspace.create(spec) as ws:
        student = calls([("edit", {"path": "calc.py", "old": "a - b", "new": "a + b"}), ("run", {"command": "sleep 1.2"})],
                        [("finish", {"message": "ok"})])
        episode = run_episode(repo_task(spec), SKILL, student, CallRecorder(store, None), ws, sandbox)
    assert episode.changed_files == ["calc.py"]


def test_an_edit_whose_line_breaks_came_as_escapes_lands_as_meant(store, workspace, sandbox, spec):
    # The local 1.5B wrote "old": "def add(a, b):\\n    return a - b" (a backslash and an n).
    student = calls([("edit", {"path": "calc.py", "old": "def add(a, b):\\n    return a - b",
                               "new": "def add(a, b):\\n    return a + b"})], [("finish", {"message": "fixed"})])
    episode = run_episode(repo_task(spec), SKILL, student, CallRecorder(store, None), workspace, sandbox)
    assert [s.error for s in episode.steps if s.name == "edit"] == [""]
    assert (workspace.path / "calc.py").read_text() == FIXED


def test_a_held_finish_shows_the_skill_again_and_only_the_last_finish_ends_the_episode(store, workspace, sandbox, spec):
    from skillopt_sleep.episode import Episode
    from skillopt_sleep.records import Check
    from skillopt_sleep.tasks.checks import evaluate

    seen: list[CompletionRequest] = []
    turns = iter([[("edit", {"path": "calc.py", "old": "return a - b", "new": "return a + b"}), ("finish", {"message": "done"})],
                  [("run", {"command": CHECK}), ("finish", {"message": "done, tests pass"})]])

    def respond(request: CompletionRequest) -> Completion:
        seen.append(request)
        return Completion(text="", tool_calls=[ToolCall(n, a, f"c{i}") for i, (n, a) in enumerate(next(turns))])

    episode = run_episode(repo_task(spec), SKILL, ScriptedBackend(respond), CallRecorder(store, None), workspace, sandbox,
                          limits=LoopLimits(confirm_finish=True))
    assert episode.finished and episode.final_message == "done, tests pass" and len(seen) == 2
    assert SKILL in seen[1].messages[-1].content  # the held finish showed the skill again
    held = [s for s in episode.steps if s.name == "finish"]
    assert held[0].error and not held[1].error
    ran = evaluate(Check("ran_before_finish", CHECK), episode.final_message, [], episode=episode)
    assert ran.passed  # the run after the held finish counts: the episode ended at the second
    assert not evaluate(Check("ran_before_finish", CHECK), "", [], episode=Episode(steps=episode.steps[:3])).passed


def _scripted(turn_list, seen):
    turns = iter(turn_list)

    def respond(request: CompletionRequest) -> Completion:
        seen.append(request)
        return Completion(text="", tool_calls=[ToolCall(n, a, f"c{i}") for i, (n, a) in enumerate(next(turns))])

    return ScriptedBackend(respond)


def test_a_finish_naming_a_check_that_has_not_run_since_the_last_edit_is_held_until_it_has(store, workspace, sandbox, spec):
    seen: list[CompletionRequest] = []
    student = _scripted([
        [("edit", {"path": "calc.py", "old": "return a - b", "new": "return a + b"}), ("finish", {"message": "done", "checked": CHECK})],
        [("run", {"command": CHECK}), ("finish", {"message": "done, tests pass", "checked": f"`{CHECK}`"})],
    ], seen)
    episode = run_episode(repo_task(spec), SKILL, student, CallRecorder(store, None), workspace, sandbox,
                          limits=LoopLimits(finish_names_check=True))
    assert episode.finished and episode.final_message == "done, tests pass" and len(seen) == 2
    assert CHECK in seen[1].messages[-1].content and "has not run since your last change" in seen[1].messages[-1].content
    finishes = [s for s in episode.steps if s.name == "finish"]
    assert finishes[0].error and not finishes[1].error
    finish_spec = next(t for t in seen[0].tools if t.name == "finish")
    assert "checked" in finish_spec.parameters["required"]  # the model is asked to name its check


def test_a_finish_naming_no_check_or_one_run_after_the_edit_ends_the_episode_at_once(store, sandbox, spec):
    for sample, named in enumerate(("none", CHECK)):
        seen: list[CompletionRequest] = []
        turn = [("edit", {"path": "calc.py", "old": "return a - b", "new": "return a + b"}), ("run", {"command": CHECK}),
                ("finish", {"message": "done", "checked": named})]
        with Workspace.create(spec) as fresh:
            episode = run_episode(repo_task(spec), SKILL, _scripted([turn], seen), CallRecorder(store, None), fresh, sandbox,
                                  sample=sample, limits=LoopLimits(finish_names_check=True))
        assert episode.finished and len(seen) == 1, named


def test_a_model_that_never_runs_its_named_check_is_held_a_bounded_number_of_times(store, workspace, sandbox, spec):
    seen: list[CompletionRequest] = []
    edit_and_claim = [("edit", {"path": "calc.py", "content": FIXED}), ("finish", {"message": "done", "checked": "make check"})]
    episode = run_episode(repo_task(spec), SKILL, _scripted([edit_and_claim] * 5, seen), CallRecorder(store, None), workspace,
                          sandbox, limits=LoopLimits(finish_names_check=True, check_holds=2))
    # held twice, then the third finish stands; each word-for-word repeat between was asked again
    assert episode.finished and len(seen) == 5
    assert [bool(s.error) for s in episode.steps if s.name == "finish"] == [True, True, False]


def test_without_the_option_finish_asks_for_no_check(store, workspace, sandbox, spec):
    seen: list[CompletionRequest] = []
    run_episode(repo_task(spec), SKILL, _scripted([[("finish", {"message": "done", "checked": "make check"})]], seen),
                CallRecorder(store, None), workspace, sandbox)
    assert len(seen) == 1 and "checked" not in next(t for t in seen[0].tools if t.name == "finish").parameters["properties"]


def test_an_edit_whose_text_occurs_twice_is_told_where_and_lands_once_the_line_above_is_added(workspace, sandbox):
    from skillopt_sleep.students.actions import Action
    from skillopt_sleep.students.tools import WorkspaceTools

    (workspace.path / "calc.py").write_text(BUGGY + "\n\ndef sub(a, b):\n    return a - b\n")
    tools = WorkspaceTools(workspace, sandbox)
    twice = tools.call(Action("edit", {"path": "calc.py", "old": "    return a - b", "new": "    return a + b"}))
    assert twice.error.startswith("the old text occurs 2 times in calc.py")
    assert "line 2, after `def add(a, b):`" in twice.error and "line 6, after `def sub(a, b):`" in twice.error
    once = tools.call(Action("edit", {"path": "calc.py", "old": "def add(a, b):\n    return a - b",
                                      "new": "def add(a, b):\n    return a + b"}))
    assert not once.error and (workspace.path / "calc.py").read_text().count("return a - b") == 1


def test_a_missing_path_is_answered_with_what_the_nearest_folder_holds(workspace, sandbox):
    from skillopt_sleep.students.actions import Action
    from skillopt_sleep.students.tools import WorkspaceTools

    (workspace.path / "lib").mkdir()
    (workspace.path / "lib" / "index.js").write_text("module.exports = {};\n")
    tools = WorkspaceTools(workspace, sandbox)
    missing = tools.call(Action("read", {"path": "lib/slugkit.py"}))
    assert missing.error == "lib/slugkit.py does not exist; lib/ holds: index.js"
    deeper = tools.call(Action("read", {"path": "src/util/x.py"}))
    assert deeper.error.startswith("src/util/x.py does not exist; ./ holds: ") and "calc.py" in deeper.error


def test_an_action_repeated_with_nothing_changed_is_marked_and_an_edit_clears_the_mark(store, workspace, sandbox, spec):
    from skillopt_sleep.students.loop import REPEATED

    student = calls([("read", {"path": "nope.py"})], [("list", {"path": "."})], [("read", {"path": "nope.py"})],
                    [("run", {"command": CHECK})], [("edit", {"path": "calc.py", "old": "return a - b", "new": "return a + b"})],
                    [("run", {"command": CHECK})], [("list", {"path": "."})], [("run", {"command": CHECK})],
                    [("finish", {"message": "fixed"})])
    episode = run_episode(repo_task(spec), SKILL, student, CallRecorder(store, None), workspace, sandbox)
    tools = [s for s in episode.steps if s.kind == "tool"]
    marked = [REPEATED in (s.error or s.output) for s in tools]
    # the second read repeats the first; the edit clears the marks; the last run repeats the one after the edit
    assert marked == [False, False, True, False, False, False, False, True, False]


def test_a_reply_that_repeats_the_last_turn_is_not_run_and_the_model_is_asked_again_hotter(store, workspace, sandbox, spec):
    from skillopt_sleep.students.loop import REPLY_REPEATED

    seen: list[CompletionRequest] = []
    read = [("read", {"path": "nope.py"})]
    student = _scripted([read, read, read, [("finish", {"message": "gave up"})]], seen)
    episode = run_episode(repo_task(spec), SKILL, student, CallRecorder(store, None), workspace, sandbox, seed=5,
                          temperature=0.7)
    assert [s.error for s in episode.steps if s.kind == "model"] == ["", REPLY_REPEATED, "", ""]
    assert [s.name for s in episode.steps if s.kind == "tool"] == ["read", "read", "finish"]  # the repeat did not run
    assert [(r.temperature, r.seed) for r in seen] == [(0.7, 5), (0.7, 5), (1.2, 7), (0.7, 5)]
    assert len(seen[2].messages) == len(seen[1].messages)  # the repeated reply was not kept in the history
    assert episode.finished and episode.turns == 4



@pytest.mark.parametrize("action", [("read", {"path": "notes.txt"}), ("edit", {"path": "notes.txt", "content": "VALUE = 2\n"})])
def test_a_fifo_the_agent_made_is_refused_at_once_by_the_file_tools(workspace, sandbox, action):
    from skillopt_sleep.students.actions import Action
    from skillopt_sleep.students.tools import WorkspaceTools

    tools = WorkspaceTools(workspace, sandbox)
    assert tools.call(Action("run", {"command": "mkfifo notes.txt"})).exit_code == 0
    fifo = workspace.path / "notes.txt"
    outcome = within(10, lambda: tools.call(Action(*action)), fifo)
    assert outcome.error and "not a regular file" in outcome.error, outcome
    assert fifo.is_fifo()  # left as the agent made it


def test_the_file_tools_answer_alike_for_a_host_folder_that_exists_and_one_that_does_not(workspace, sandbox, tmp_path):
    from skillopt_sleep.students.actions import Action
    from skillopt_sleep.students.tools import WorkspaceTools

    there = tmp_path / "there"
    (there / "inner").mkdir(parents=True)
    (there / "inner" / "notes.txt").write_text("the user's\n")
    tools = WorkspaceTools(workspace, sandbox)
    up = "/".join([".."] * len(workspace.path.parts))
    made = tools.call(Action("run", {"command": f"ln -s {there} link-a && ln -s {tmp_path}/absent link-b && "
                                                f"ln -s {up}{there} link-c && ln -s {up}{tmp_path}/absent link-d"}))
    assert made.exit_code == 0, made.output

    def answers(name: str) -> list[str]:
        asked = [("list", name), ("list", f"{name}/inner"), ("read", f"{name}/inner/notes.txt"),
                 ("search", f"{name}"), ("list", f"{there}"), ("list", f"../{there.name}")]
        seen = []
        for tool, path in asked:
            args = {"path": path, "pattern": "user"} if tool == "search" else {"path": path}
            outcome = tools.call(Action(tool, args))
            seen.append((outcome.output + outcome.error).replace(name, "NAME"))
        return seen

    for present, absent in (("link-a", "link-b"), ("link-c", "link-d")):
        assert answers(present) == answers(absent), (answers(present), answers(absent))
    assert not any("the user's" in text for text in answers("link-a") + answers("link-c"))
