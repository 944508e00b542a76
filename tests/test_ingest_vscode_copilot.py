"""GitHub Copilot Chat in VS Code. VS Code cannot run here, so the fixtures in
tests/fixtures/vscode-copilot/ are HAND-WRITTEN from VS Code's chat session store as its source
describes it; no real VS Code wrote them (see skillopt_sleep/capture/transcripts/vscode.py).
A session is an operation log (`<id>.jsonl`, VS Code 1.109 and later) or one JSON object
(`<id>.json`, earlier releases). Both become sessions; the log is read from its byte cursor and
the lines it grew by, applied to what was kept of it, give what a fresh read gives; a whole file
is read again once it changes; harvest finds stable's, Insiders' and a portable install's
sessions; what a line or a part of a kind not known holds is counted and passed over."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skillopt_sleep.capture.harvest import Homes, harvest
from skillopt_sleep.capture.ingest import IngestOptions, Ingestor, session_id_for
from skillopt_sleep.capture.redact import Redactor
from skillopt_sleep.capture.safe_read import json_text
from skillopt_sleep.capture.sessions import Session, SessionRepo
from skillopt_sleep.capture.report import IngestReport
from skillopt_sleep.capture.transcripts.common import BuildState, SessionBuilder, feed_record
from skillopt_sleep.capture.transcripts.oplog import Unappliable, apply
from skillopt_sleep.capture.transcripts.vscode import SESSION, VscodeCopilotParser
from skillopt_sleep.capture.transcripts.vscode_places import folder_of_uri
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.mining import HeuristicMiner
from skillopt_sleep.tasks.taskstore import TaskRepo
from tests.scenario_check import check_correction, check_scenario, load_manifest, requests_view, said

AGENT = "vscode-copilot"
FIXTURES = Path(__file__).parent / "fixtures"
MANIFEST, SCENARIOS = load_manifest(AGENT)
SHOP = "/tmp/skillopt-fixture/work/shop-api"
TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"  # a GitHub token's shape, made up


@pytest.fixture
def user(tmp_path) -> Path:
    """A copy of the fixtures' VS Code `User` folder, free to be changed."""
    target = tmp_path / "Code" / "User"
    shutil.copytree(FIXTURES / AGENT / "User", target)
    return target


def placed(user: Path, name: str) -> Path:
    return user / Path(SCENARIOS[name]["path"]).relative_to(f"{AGENT}/User")


def ingest(store: Store, path: Path, **options):
    ingestor = Ingestor(store, IngestOptions(**options))
    ingestor.ingest_file(str(path), AGENT)
    return SessionRepo(store).get(session_id_for(str(path), AGENT)), ingestor.report


def fresh(tmp_path: Path, path: Path) -> Session:
    """The session a first read of the whole file makes, in a store of its own."""
    with Store(tmp_path / f"fresh-{len(list(tmp_path.glob('fresh-*')))}.db") as other:
        return ingest(other, path)[0]


def lines(path: Path) -> list[str]:
    return path.read_text().splitlines(keepends=True)


def entry(kind: int, path: list | None = None, value: object = None, **extra) -> str:
    record = {"kind": kind, **({"k": path} if path is not None else {}), **({"v": value} if value is not None else {}), **extra}
    return json.dumps(record, separators=(",", ":")) + "\n"


def test_the_manifest_says_the_fixtures_are_hand_written():
    assert MANIFEST["made_by"] == "hand-written" and "No real VS Code was run" in MANIFEST["note"]


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_each_fixture_yields_its_scenario(store, user, name):
    session, report = ingest(store, placed(user, name))
    check_scenario(session, report, SCENARIOS[name])
    assert session.agent == AGENT and session.model.startswith("copilot/gpt-")


def test_the_log_keeps_prompts_tools_and_both_answers_of_a_correction(store, user):
    session, report = ingest(store, placed(user, "vscode-correction"))
    check_correction(session, tool_name="run_in_terminal")
    assert [t.exit_code for t in session.intents[0].tools] == [0, 0]
    assert (session.version, session.started_at) == ("0.37.4", "2026-01-05T08:00:00.000000Z")
    assert report.records == len(lines(placed(user, "vscode-correction")))


def test_a_whole_file_session_keeps_a_failing_commands_error_and_exit_code(store, user):
    session, _ = ingest(store, placed(user, "vscode-tool-error"))
    [tool] = session.intents[0].tools
    assert (tool.name, tool.summary, tool.exit_code) == ("run_in_terminal", "ls tests", 2)
    assert "No such file or directory" in tool.error and session.tool_errors == 1
    assert session.intents[0].answer == "The tests could not run: there is no tests folder."


def test_an_empty_windows_session_has_no_folder_and_names_the_skill_it_read(store, user):
    session, _ = ingest(store, placed(user, "vscode-empty-window"))
    assert session.cwd == "" and session.skills == ["release-notes"]
    # The inline file reference reads as the file's name inside the answer's words.
    assert session.intents[0].answer == "Added the 1.4.0 notes to CHANGELOG.md: a health check endpoint and faster startup."


def test_a_grown_log_is_read_from_its_cursor_and_equals_a_fresh_read(store, user, tmp_path):
    path = placed(user, "vscode-correction")
    whole = lines(path)
    path.write_text("".join(whole[:11]) + whole[11][:40])  # the first request done, the next line half written
    first, report = ingest(store, path)
    assert [i.text for i in first.intents] == ["install the dependencies for this project"]
    assert first.intents[0].answer == "Installed the dependencies with npm install." and report.records == 11
    path.write_text("".join(whole))
    again, report = ingest(store, path)
    assert report.bytes == len("".join(whole[11:]).encode()) and report.records == len(whole) - 11 and report.new == 0
    assert again.to_dict() == fresh(tmp_path, path).to_dict()
    assert requests_view(again).intents[0].feedback[0].kind == "correction"


def test_a_grown_log_on_a_changed_request_is_rebuilt_whole(store, user, tmp_path):
    """A later line may change any earlier request: the answer streaming in, its state."""
    path = placed(user, "vscode-correction")
    whole = lines(path)
    path.write_text("".join(whole[:8]))  # the answer's first words only
    assert ingest(store, path)[0].intents[0].answer == "Installed the dependencies"
    path.write_text("".join(whole[:9]))  # the same part, replaced by its longer text
    assert ingest(store, path)[0].intents[0].answer == "Installed the dependencies with npm install."
    path.write_text("".join(whole))
    assert ingest(store, path)[0].to_dict() == fresh(tmp_path, path).to_dict()


def test_an_unknown_operation_kind_is_counted_and_the_rest_is_read(store, user, tmp_path):
    path = placed(user, "vscode-correction")
    whole = lines(path)
    path.write_text("".join(whole[:5]) + entry(9, ["requests", 0], {"future": True}) + "".join(whole[5:]))
    session, report = ingest(store, path)
    assert report.skipped == {"unknown_record_type": 1}
    check_correction(session, tool_name="run_in_terminal")


def test_an_unknown_part_kind_is_counted_once_and_passed_over(store, user):
    path = placed(user, "vscode-correction")
    whole = lines(path)
    widget = entry(2, ["requests", 0, "response"], [{"kind": "futureWidget", "value": "not an answer"}])
    path.write_text("".join(whole[:9]) + widget)
    session, report = ingest(store, path)
    assert report.skipped == {"unknown_part_kind": 1}
    assert report.unknown.by_agent() == {"vscode-copilot": {"record": {"part/futureWidget": 1}}}
    assert session.intents[0].answer == "Installed the dependencies with npm install."
    path.write_text("".join(whole[:9]) + widget + "".join(whole[9:]))
    session, report = ingest(store, path)
    assert report.skipped == {} and session.intents[0].answer == "Done: ran pnpm install instead."


def test_a_malformed_line_and_an_operation_that_cannot_apply_cost_only_themselves(store, user):
    path = placed(user, "vscode-correction")
    whole = lines(path)
    broken = whole[7][: len(whole[7]) // 2] + "\n"  # cut mid-record, as a crash leaves it
    orphan = entry(1, ["requests", 5, "modelState"], {"value": 1})  # no sixth request
    path.write_text("".join(whole[:7]) + broken + orphan + "".join(whole[8:]))
    session, report = ingest(store, path)
    assert report.skipped == {"truncated_line": 1, "malformed_record": 1}
    # The cut line was the answer's first words; the line replacing them still arrives.
    check_correction(session, tool_name="run_in_terminal")


def test_operations_before_the_initial_state_are_malformed_not_fatal(store, user):
    path = placed(user, "vscode-correction")
    whole = lines(path)
    path.write_text(entry(1, ["requests", 0, "modelState"], {"value": 1}) + "".join(whole))
    session, report = ingest(store, path)
    assert report.skipped == {"malformed_record": 1} and session.intents[0].text == "install the dependencies for this project"


def test_a_whole_file_is_read_again_only_once_it_changes(store, user, tmp_path):
    path = placed(user, "vscode-tool-error")
    ingest(store, path)
    _, report = ingest(store, path)
    assert (report.unchanged, report.files) == (1, 0)
    data = json.loads(path.read_text())
    second = json.loads(json.dumps(data["requests"][0]))
    second.update(requestId="request_2", timestamp=data["requests"][0]["timestamp"] + 60000,
                  message={"text": "Create the tests folder and run them again"}, response=[{"value": "Created tests/ and ran them."}])
    data["requests"].append(second)
    written = json.dumps(data, separators=(",", ":"))
    path.write_text(written[: len(written) // 2])  # caught while VS Code rewrites it
    session, report = ingest(store, path)
    assert report.skipped == {"truncated_line": 1} and len(session.intents) == 1  # the session read before is kept
    path.write_text(written)
    session, report = ingest(store, path)
    assert report.files == 1 and said(session)[-1] == "Create the tests folder and run them again"
    assert session.to_dict() == fresh(tmp_path, path).to_dict()


def test_secrets_are_redacted_and_attached_files_never_kept(store, user):
    path = placed(user, "vscode-correction")
    request = json.loads(lines(path)[3])
    request["v"][0]["message"]["text"] = f"install the dependencies, the registry token is {TOKEN}"
    request["v"][0]["variableData"]["variables"].append({"kind": "paste", "id": "paste", "name": "notes", "value": "ATTACHED-TEXT-31f"})
    whole = lines(path)
    path.write_text("".join(whole[:3]) + json.dumps(request) + "\n" + "".join(whole[4:]))
    session, report = ingest(store, path)
    assert "[REDACTED:github-token]" in session.intents[0].text and report.redactions == {"github-token": 1}
    stored = json.dumps([tuple(r) for t in ("sessions", "transcripts") for r in store.query(f"SELECT * FROM {t}")])
    assert TOKEN not in stored and "ATTACHED-TEXT-31f" not in stored
    with open(path, "a") as handle:
        handle.write(entry(1, ["requests", 1, "isCanceled"], False))
    assert ingest(store, path)[1].redactions == {}  # what was kept is not counted again


def test_older_shapes_denials_tool_errors_and_a_cancelled_request():
    """Shapes earlier releases wrote: a plain-string message and response, `isConfirmed` as a
    boolean, the terminal's bare `command`; a tool's error in its result; a cancelled request."""
    document = {"creationDate": 1700000000000, "requests": [
        {"message": "Deploy the app", "timestamp": 1700000001000, "response": "Deploying now.",
         "modelState": {"value": 2}},
        {"message": {"text": "Delete the cache folder"}, "timestamp": 1700000002000, "response": [
            {"kind": "toolInvocationSerialized", "toolId": "run_in_terminal", "toolCallId": "c1", "isConfirmed": False,
             "isComplete": True, "toolSpecificData": {"kind": "terminal", "command": "rm -rf cache", "language": "sh"}},
            {"kind": "toolInvocationSerialized", "toolId": "mcp_fetch", "toolCallId": "c2", "isConfirmed": {"type": 4},
             "isComplete": True, "resultDetails": {"input": json.dumps({"url": "https://example.com/x"}), "isError": True,
                                                  "output": [{"type": "embed", "value": "HTTP 404", "isText": True}]}},
            {"value": "I could not delete it."}]}]}
    session = Session.from_dict(_read_ops([[{"kind": 0, "v": document}]])[0])
    [follow_up] = session.intents[0].follow_ups  # the cancelled request's work is what the next turn answered
    assert (follow_up.text, follow_up.answer, follow_up.interrupted) == ("Delete the cache folder", "Deploying now.", True)
    first, second = requests_view(session).intents
    assert (first.text, first.answer, first.interrupted) == ("Deploy the app", "Deploying now.", True)
    assert [(t.summary, t.error) for t in second.tools] == [("rm -rf cache", "denied by the user"),
                                                           ("https://example.com/x", "HTTP 404")]
    assert session.started_at == "2023-11-14T22:13:20.000000Z"


def test_a_file_uri_becomes_the_local_path():
    assert folder_of_uri("file:///tmp/skillopt-fixture/work/my%20app") == "/tmp/skillopt-fixture/work/my app"
    assert folder_of_uri("file:///c%3A/Users/dev/shop") == "C:\\Users\\dev\\shop"
    assert folder_of_uri("vscode-remote://ssh-remote%2Bbox/srv/shop") == ""


# -- harvest ------------------------------------------------------------------------------------

def installs(tmp_path: Path) -> dict[str, Path]:
    """Stable holding the shop-api workspace, Insiders the billing one, a portable install the
    empty window's session: each found where VS Code keeps its own user folder."""
    source = FIXTURES / AGENT / "User"
    users = {"stable": tmp_path / "config" / "Code" / "User", "insiders": tmp_path / "config" / "Code - Insiders" / "User",
             "portable": tmp_path / "VSCode-linux-x64" / "data" / "user-data" / "User"}
    for name, parts in (("stable", SCENARIOS["vscode-correction"]), ("insiders", SCENARIOS["vscode-tool-error"]),
                        ("portable", SCENARIOS["vscode-empty-window"])):
        relative = Path(parts["path"]).relative_to(f"{AGENT}/User")
        holder = relative.parent.parent if relative.parent.name == "chatSessions" else relative.parent
        shutil.copytree(source / holder, users[name] / holder)
    return users


def env_for(tmp_path: Path) -> dict[str, str]:
    return {"HOME": str(tmp_path / "home"), "XDG_CONFIG_HOME": str(tmp_path / "config"),
            "VSCODE_PORTABLE": str(tmp_path / "VSCode-linux-x64" / "data")}


def test_harvest_finds_stable_insiders_and_portable_sessions(store, tmp_path):
    users = installs(tmp_path)
    homes = Homes.from_env(env_for(tmp_path), platform="linux")
    report = harvest(store, homes, IngestOptions(), (AGENT,))
    assert report.sessions == 3 and report.skipped == {}
    paths = {r["path"] for r in store.query("SELECT path FROM transcripts")}
    assert {p.split("/User/")[0] for p in paths} == {str(u).removesuffix("/User") for u in users.values()}
    again = harvest(store, homes, IngestOptions(), (AGENT,))
    assert (again.files, again.unchanged) == (0, 3)


def test_vscodes_user_folders_on_each_system():
    home = Path("/home/dev")
    assert Homes.from_env({"HOME": str(home)}, platform="linux").vscode == (
        home / ".config" / "Code" / "User", home / ".config" / "Code - Insiders" / "User")
    assert Homes.from_env({"HOME": str(home)}, platform="darwin").vscode[0] == (
        home / "Library" / "Application Support" / "Code" / "User")
    windows = Homes.from_env({"HOME": str(home), "APPDATA": "/appdata/Roaming"}, platform="win32")
    assert windows.vscode[1] == Path("/appdata/Roaming") / "Code - Insiders" / "User"
    moved = Homes.from_env({"HOME": str(home), "VSCODE_APPDATA": "/elsewhere", "VSCODE_PORTABLE": "/opt/code/data"})
    assert moved.vscode == (Path("/opt/code/data/user-data/User"), Path("/elsewhere/Code/User"),
                            Path("/elsewhere/Code - Insiders/User"))
    assert Path("/opt/code/data/user-data/User/workspaceStorage") in moved.history_folders()


def test_a_flat_file_beside_its_log_is_left_out(store, tmp_path):
    installs(tmp_path)
    log = tmp_path / "config" / "Code" / "User" / Path(SCENARIOS["vscode-correction"]["path"]).relative_to(f"{AGENT}/User")
    stale = {"version": 3, "requests": [{"message": {"text": "an older copy of this session"}, "response": []}]}
    log.with_suffix(".json").write_text(json.dumps(stale))
    report = harvest(store, Homes.from_env(env_for(tmp_path), platform="linux"), IngestOptions(), (AGENT,))
    assert report.files == 3
    assert SessionRepo(store).get(log.stem).intents[0].text == "install the dependencies for this project"


def test_a_scoped_harvest_then_mine_makes_a_task_from_the_correction(store, tmp_path):
    installs(tmp_path)
    report = harvest(store, Homes.from_env(env_for(tmp_path), platform="linux"), IngestOptions(projects=[SHOP]), (AGENT,))
    assert report.sessions == 1 and report.out_of_scope == 2  # the billing workspace and the empty window
    HeuristicMiner(store).run()
    tasks = TaskRepo(store).list()
    assert [t.intent for t in tasks] == ["install the dependencies for this project"]
    assert [c.to_dict() for c in tasks[0].judge.checks] == [{"op": "contains", "arg": "pnpm"}]


# -- the log replayed in parts equals the log replayed whole -------------------------------------

def test_each_operation_does_what_vscodes_reader_does_to_what_is_kept():
    def run(state, *entries):
        for item in entries:
            state = apply(state, item, SESSION, Redactor())
        return state

    start = {"kind": 0, "v": {"creationDate": 1, "sessionId": "not kept", "requests": [
        {"timestamp": 2, "response": [{"value": "a"}, {"value": "b"}, {"value": "c"}], "variableData": {"variables": [1]}}]}}
    state = run(None, start)
    assert state == {"creationDate": 1, "requests": [{"timestamp": 2, "response": [{"value": "a"}, {"value": "b"}, {"value": "c"}]}]}
    state = run(state, {"kind": 2, "k": ["requests", 0, "response"], "i": 1, "v": [{"value": "B"}]},  # cut to one, then push
                {"kind": 3, "k": ["requests", 0, "timestamp"]},
                {"kind": 1, "k": ["requests", 0, "variableData", "variables"], "v": ["not kept"]},
                {"kind": 1, "k": ["requests", 1], "v": {"timestamp": 3}},  # an item appended at the end
                {"kind": 1, "k": []})  # an empty path: nothing, as in VS Code
    assert state == {"creationDate": 1, "requests": [{"response": [{"value": "a"}, {"value": "B"}]}, {"timestamp": 3}]}
    for unappliable in ({"kind": 1, "k": ["requests", 5], "v": {}}, {"kind": 1, "k": ["requests", 4, "timestamp"], "v": 1},
                        {"kind": 2, "k": ["requests", 1, "timestamp"], "v": [1]},
                        {"kind": 2, "k": ["requests", 0, "response"], "i": 9, "v": []}):
        with pytest.raises(Unappliable):
            apply(state, unappliable, SESSION, Redactor())
    with pytest.raises(Unappliable):
        apply(None, {"kind": 1, "k": ["creationDate"], "v": 1}, SESSION, Redactor())


def _read_ops(chunks: list[list[dict]]) -> tuple[dict, dict, list[str]]:
    """The session, saved state and skipped lines of reading `chunks` as successive ingests
    would: the state and session stored as JSON between them, the parser made again for each."""
    session, saved, report = Session(id="s", agent=AGENT), None, IngestReport()
    for chunk in chunks:
        session = Session.from_dict(json.loads(json_text(session.to_dict())))
        state = BuildState.from_dict(json.loads(json_text(saved))) if saved is not None else BuildState()
        parser = VscodeCopilotParser(SessionBuilder(session, state, Redactor()))
        session.records += sum(feed_record(parser, op, report) for op in chunk)
        parser.finish()
        saved = state.to_dict()
    return session.to_dict(), saved, sorted(report.skipped.elements())


_KEYS = st.sampled_from(["requests", "response", "message", "text", "modelState", "value", "kind", "result", "x", 0, 1, 2])
# Mostly paths a session has, so most operations apply; some anywhere, so some cannot.
_PATHS = st.sampled_from([["requests"], ["requests", 0, "response"], ["requests", 1, "response"], ["requests", 0, "message"],
                          ["requests", 0, "message", "text"], ["requests", 1, "modelState"], ["requests", 0]]) | st.lists(_KEYS, max_size=4)
_JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(["", "fix it", "no, use pnpm", " ok "]),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_KEYS.map(str), inner, max_size=3),
                     max_leaves=8)
_PART = st.fixed_dictionaries({"value": st.sampled_from(["Done.", "Running tests ", "no"])}) | st.fixed_dictionaries(
    {"kind": st.sampled_from(["toolInvocationSerialized", "thinking", "futureWidget", "inlineReference"]),
     "toolCallId": st.sampled_from(["c1", "c2"]), "toolId": st.just("run_in_terminal"), "isComplete": st.booleans()})
_REQUEST = st.fixed_dictionaries({"message": st.fixed_dictionaries({"text": st.sampled_from(["add tests", "no, use pnpm", "thanks"])}),
                                  "timestamp": st.integers(1700000000000, 1700000100000),
                                  "response": st.lists(_PART, max_size=3)})
_OPERATION = st.one_of(
    st.builds(lambda requests: {"kind": 0, "v": {"creationDate": 1700000000000, "requests": requests}}, st.lists(_REQUEST, max_size=2)),
    st.builds(lambda k, v: {"kind": 1, "k": k, "v": v}, _PATHS, _JSON | _REQUEST | _PART),
    st.builds(lambda k, v, i: {"kind": 2, "k": k, "v": v, **({} if i is None else {"i": i})},
              _PATHS, st.lists(_REQUEST | _PART, max_size=2), st.none() | st.integers(0, 3)),
    st.builds(lambda k: {"kind": 3, "k": k}, _PATHS),
    st.builds(lambda kind: {"kind": kind, "k": ["requests"]}, st.sampled_from([4, -1, "2", True, None])),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_OPERATION, max_size=12), st.data())
def test_the_lines_a_log_grew_by_applied_to_its_kept_state_give_a_fresh_reads_session(operations, data):
    cut = data.draw(st.integers(0, len(operations)))
    assert _read_ops([operations[:cut], operations[cut:]]) == _read_ops([operations])
