"""GitHub Copilot Chat sessions in VS Code (stable, Insiders, a portable install): the chat
sessions VS Code stores for its chat view, where the Copilot Chat extension answers.

What is read follows VS Code's chat session store as its source describes it (microsoft/vscode:
`chatSessionStore.ts` for where and in which format, `chatSessionOperationLog.ts` for what a
session holds, `objectMutationLog.ts` for the log, `chatService.ts` / `chatModel.ts` for the
parts of a response). VS Code itself, not the extension, writes these files: the whole session
as one JSON object in `<id>.json` before release 1.109, an operation log in `<id>.jsonl` since
(`oplog.py` replays it). No real VS Code was run for this project's fixtures: they are written
by hand from that description.

A session holds `requests`, each the user's message (`message.text`: what was typed, `#file`
references as typed; the attached files' contents, in `variableData`, are never read), its
`timestamp` (ms since the epoch), `modelId`, the responding `agent` (whose `extensionVersion`
becomes the session's version), `modelState` (complete, cancelled, failed, with `completedAt`)
and the `response`: a list of parts. A markdown part is the bare markdown string object
(`{value}`, no kind); tool calls are `toolInvocationSerialized` parts (`toolId`, `toolCallId`,
the terminal's command line and exit code, a tool's input and error, whether the user denied
it); the other kinds (thinking, edits, progress, references, ...) hold no words of the answer.
A part of a kind not known here is counted by kind (`unknown_part_kind`, and its name as an
unknown record type `part/<kind>`) and passed over.

The cwd is the folder the window had open, from the workspace's `workspace.json`
(`vscode_places.py`); an empty window's session has none. VS Code has no headless chat, so
every session counts as the user's.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import fields
from pathlib import PurePosixPath

from skillopt_sleep.capture.agents import VSCODE_COPILOT
from skillopt_sleep.capture.lazy_regex import lazy
from skillopt_sleep.capture.redact import Redactor
from skillopt_sleep.capture.safe_read import loads_limited
from skillopt_sleep.capture.sessions import Session
from skillopt_sleep.capture.transcripts.claude import summarize_input
from skillopt_sleep.capture.transcripts.common import (MAX_ANSWER_CHARS, MAX_ERROR_CHARS, MAX_INTENT_CHARS,
                                                       MAX_SUMMARY_CHARS, BuildState, DecodedParser, SessionBuilder,
                                                       as_dict, as_list, as_str)
from skillopt_sleep.capture.transcripts.oplog import Fields, Items, Leaf, apply, is_operation
from skillopt_sleep.capture.transcripts.vscode_places import folder_of_uri, workspace_folder
from skillopt_sleep.capture.unknown import clean_name

AGENT = VSCODE_COPILOT
CANCELLED = 2  # ResponseModelState: pending 0, complete 1, cancelled 2, failed 3, needs input 4
DENIED, SKIPPED = 0, 5  # ToolConfirmKind of a tool call's `isConfirmed.type`
TOOL_PART = "toolInvocationSerialized"
TEXT_PARTS = ("markdownContent", "markdownVuln")  # {kind, content: {value}}
# Kinds VS Code stores that hold no words of the answer and no tool call.
QUIET_PARTS = frozenset({
    "thinking", "undoStop", "codeblockUri", "textEditGroup", "notebookEditGroup", "multiDiffData", "workspaceEdit",
    "externalEdit", "mcpServersStarting", "progressMessage", "progressTask", "progressTaskSerialized", "elicitation",
    "elicitationSerialized", "confirmation", "questionCarousel", "command", "extensions", "hook", "disabledClaudeHooks",
    "pullRequest", "warning", "info", "systemNotification", "treeData", "prepareToolInvocation",
})
# A tool's input fields that say what it did, VS Code's tools' names first.
INPUT_KEYS = ("command", "filePath", "file_path", "path", "dirPath", "query", "pattern", "includePattern", "url", "name")
_FILE_URI = lazy(r"file://[^\s)\]>\"']+")
_LINK = lazy(r"\[([^\]]*)\]\([^)]*\)")


def input_summary(arguments: object) -> str:
    """What a tool was asked, from its input object."""
    data = as_dict(arguments)
    found = next((as_str(data[key]) for key in INPUT_KEYS if as_str(data.get(key))), "")
    return found or summarize_input("", data)


def _input_text_summary(text: str) -> str:
    """A tool's input as VS Code stores it in the result (JSON text), summarised."""
    try:
        return input_summary(loads_limited(text))
    except ValueError:
        return text


def message_summary(message: object) -> str:
    """A tool's progress line ("Reading [](file:///...)"): the file it names, else its words."""
    text = as_str(message) or as_str(as_dict(message).get("value"))
    uri = _FILE_URI.search(text)
    return (folder_of_uri(uri.group(0)) if uri else "") or _LINK.sub(r"\1", text).strip()


# What is kept of a session (see oplog.py): what the build below reads, nothing else.
_SUMMARY, _TEXT = Leaf(MAX_SUMMARY_CHARS), Leaf(MAX_ANSWER_CHARS)
_MARKDOWN = Fields({"value": _TEXT}, text=MAX_ANSWER_CHARS)
_TOOL_MESSAGE = Fields({"value": Leaf(1000)}, text=1000)  # long enough to hold a file URI
_URI = Fields({"path": _SUMMARY})
_TOOL_DATA = Fields({
    "kind": _SUMMARY, "command": _SUMMARY,  # `command`: the older terminal shape
    "commandLine": Fields({"original": _SUMMARY, "toolEdited": _SUMMARY, "userEdited": _SUMMARY}),
    "terminalCommandState": Fields({"exitCode": Leaf()}),
    "terminalCommandOutput": Fields({"text": Leaf(MAX_ERROR_CHARS)}),
    "rawInput": Fields({key: _SUMMARY for key in INPUT_KEYS}),
})
_PART = Fields({
    "kind": _SUMMARY, "value": _TEXT, "content": _MARKDOWN, "name": _SUMMARY,
    "inlineReference": Fields({"path": _SUMMARY, "name": _SUMMARY, "uri": _URI, "location": Fields({"uri": _URI})}),
    "toolId": _SUMMARY, "toolCallId": _SUMMARY, "isComplete": Leaf(), "isConfirmed": Fields({"type": Leaf()}),
    "fromSubAgent": Leaf(), "subAgentInvocationId": _SUMMARY,
    "invocationMessage": _TOOL_MESSAGE, "pastTenseMessage": _TOOL_MESSAGE, "toolSpecificData": _TOOL_DATA,
    "resultDetails": Fields({"input": Leaf(MAX_SUMMARY_CHARS, _input_text_summary), "isError": Leaf(),
                             "output": Items(Fields({"value": Leaf(MAX_ERROR_CHARS), "isText": Leaf()}))}),
}, text=MAX_ANSWER_CHARS)
_REQUEST = Fields({
    "timestamp": Leaf(), "modelId": _SUMMARY, "isCanceled": Leaf(), "agent": Fields({"extensionVersion": _SUMMARY}),
    "message": Fields({"text": Leaf(MAX_INTENT_CHARS)}, text=MAX_INTENT_CHARS),
    "response": Items(_PART, text=MAX_ANSWER_CHARS),
    "modelState": Fields({"value": Leaf(), "completedAt": Leaf()}),
})
SESSION = Fields({"creationDate": Leaf(), "lastMessageDate": Leaf(), "requests": Items(_REQUEST)})


def _number(value: object) -> int | float | None:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


class VscodeCopilotParser(DecodedParser):
    """Each line (`.jsonl`) or the whole file (`.json`, given as its initial state) changes the
    kept session object; `finish` builds the session from it again, whole: a later line may
    change any earlier request (a response streaming in, a request's state), so nothing is
    built line by line. The kept object is saved with the cursor (`BuildState.document`)."""

    agent = AGENT

    def __init__(self, builder: SessionBuilder, *, include_headless: bool = False, path: str = ""):
        super().__init__(builder, include_headless=include_headless, path=path)
        self.cwd = workspace_folder(path) if path else ""
        self.unknown_parts: Counter = Counter()  # part kinds first met in this read, by name (IngestReport.passed_over)

    def feed(self, record: dict) -> bool:
        if not is_operation(record):
            return False
        state = self.builder.state
        state.document = apply(state.document, record, SESSION, self.builder.redactor)
        return True

    def finish(self) -> None:
        state, session = self.builder.state, self.builder.session
        counted_before = Counter(state.counters.get("unknown_parts") or {})
        _reset(state, session)
        # The kept strings are redacted already (and counted then); building reads them again.
        builder = SessionBuilder(session, state, Redactor())
        unknown = build(builder, as_dict(state.document), self.cwd)
        state.counters["unknown_parts"] = dict(unknown)
        self.unknown_parts += unknown - counted_before  # each counted once, when first read
        builder.finish()


def _reset(state: BuildState, session: Session) -> None:
    """Forget what the last build made: the session but its identity and records read, the
    builder's state but the kept document."""
    blank_state = BuildState(document=state.document)
    for item in fields(BuildState):
        setattr(state, item.name, getattr(blank_state, item.name))
    blank = Session(id=session.id, agent=session.agent, transcript_path=session.transcript_path, records=session.records)
    for item in fields(Session):
        setattr(session, item.name, getattr(blank, item.name))


def build(b: SessionBuilder, document: dict, cwd: str) -> Counter:
    """Give the kept session to the builder; the response parts of unknown kinds, by kind."""
    b.set_meta(cwd=cwd)
    b.seen_at(_number(document.get("creationDate")))
    b.seen_at(_number(document.get("lastMessageDate")))
    return sum((_request(b, request) for request in as_list(document.get("requests")) if isinstance(request, dict)),
               Counter())


def _request(b: SessionBuilder, request: dict) -> Counter:
    at = _number(request.get("timestamp"))
    state = as_dict(request.get("modelState"))
    b.seen_at(at)
    b.seen_at(_number(state.get("completedAt")))
    b.set_meta(model=as_str(request.get("modelId")), version=as_str(as_dict(request.get("agent")).get("extensionVersion")))
    message = request.get("message")
    b.user_text(message if isinstance(message, str) else as_str(as_dict(message).get("text")), at)
    response = request.get("response")
    unknown = _response(b, [response] if isinstance(response, str) else as_list(response), at)
    if state.get("value") == CANCELLED or request.get("isCanceled") is True:
        b.interrupted()
    return unknown


def _response(b: SessionBuilder, parts: list, at: object) -> Counter:
    """The answer's text runs and tool calls, in order; the parts of unknown kinds, by kind."""
    run: list[str] = []
    unknown: Counter = Counter()
    for part in parts:
        if isinstance(part, str):
            run.append(part)  # an older format's plain text
            continue
        if not isinstance(part, dict):
            continue  # a deleted item
        kind = as_str(part.get("kind"))
        if not kind and isinstance(part.get("value"), str):
            run.append(part["value"])  # markdown: stored as the bare markdown string object
        elif kind in TEXT_PARTS:
            run.append(as_str(as_dict(part.get("content")).get("value")))
        elif kind == "inlineReference":
            run.append(_reference_name(part))
        elif kind == TOOL_PART:
            b.assistant_text("".join(run), at)
            run = []
            _tool(b, part)
        elif kind == "clearToPreviousToolInvocation":
            run = []  # VS Code takes back the text since the last tool call (a filtered reply)
        elif kind not in QUIET_PARTS:
            unknown[clean_name(kind)] += 1
    b.assistant_text("".join(run), at)
    return unknown


def _reference_name(part: dict) -> str:
    """How an inline file or symbol reference reads in the answer: its name, else the file's."""
    reference = as_dict(part.get("inlineReference"))
    uri = as_dict(reference.get("uri")) or as_dict(as_dict(reference.get("location")).get("uri")) or reference
    return as_str(part.get("name")) or as_str(reference.get("name")) or PurePosixPath(as_str(uri.get("path"))).name


def _tool(b: SessionBuilder, part: dict) -> None:
    if part.get("fromSubAgent") is True or as_str(part.get("subAgentInvocationId")):
        return  # a sub-agent's own call, inside the main call that started it
    call_id = as_str(part.get("toolCallId"))
    data, details = as_dict(part.get("toolSpecificData")), as_dict(part.get("resultDetails"))
    b.tool_call(call_id, as_str(part.get("toolId")), tool_summary(part, data, details))
    outcome = tool_outcome(part, data, details)
    if outcome is not None:
        b.tool_result(call_id, *outcome)


def tool_summary(part: dict, data: dict, details: dict) -> str:
    """The command a terminal ran (as the user or the tool last edited it), else the tool's
    input, else the file or words of its progress line."""
    if data.get("kind") == "terminal":
        line = as_dict(data.get("commandLine"))
        return next((as_str(line.get(k)) for k in ("userEdited", "toolEdited", "original") if as_str(line.get(k))),
                    as_str(data.get("command")))
    return (as_str(details.get("input")) or (input_summary(data.get("rawInput")) if data.get("kind") == "input" else "")
            or message_summary(part.get("pastTenseMessage")) or message_summary(part.get("invocationMessage")))


def tool_outcome(part: dict, data: dict, details: dict) -> tuple[str | None, int | None] | None:
    """(the failure text or None, the exit status where one is recorded), or None when the
    outcome is not recorded."""
    confirmed = part.get("isConfirmed")
    kind = as_dict(confirmed).get("type")
    if confirmed is False or kind == DENIED:  # a boolean before VS Code 1.104
        return "denied by the user", None
    if kind == SKIPPED:
        return "skipped by the user", None
    code = _number(as_dict(data.get("terminalCommandState")).get("exitCode"))
    code = int(code) if code is not None else None
    if details.get("isError") is True:
        output = [as_str(o.get("value")) for o in map(as_dict, as_list(details.get("output"))) if o.get("isText") is True]
        return "\n".join(t for t in output if t).strip() or "error", code
    if code is not None and code != 0:
        return as_str(as_dict(data.get("terminalCommandOutput")).get("text")).strip() or f"exit code {code}", code
    if code is not None or part.get("isComplete") is True:
        return None, code
    return None
