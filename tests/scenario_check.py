"""What ingesting a recorded fixture must find, as its manifest entry's `expect` says."""

from __future__ import annotations

import json
from pathlib import Path

from skillopt_sleep.tasks.corrections.requests import as_requests, session_requests

FIXTURES = Path(__file__).parent / "fixtures"


def load_manifest(agent: str) -> tuple[dict, dict[str, dict]]:
    """An agent's fixture manifest and its scenarios by name."""
    manifest = json.loads((FIXTURES / agent / "MANIFEST.json").read_text())
    return manifest, {e["name"]: e for e in manifest["scenarios"]}


def requests_view(session):
    """The session as mining reads it: its requests, each with the turns kept on it."""
    return as_requests(session, session_requests(session))


def said(session) -> list[str]:
    """Every user turn the capture kept, in order: each intent's words, then its follow-ups'."""
    return [text for i in session.intents for text in [i.text, *(f.text for f in i.follow_ups)]]


def check_scenario(session, report, entry: dict) -> None:
    expect = entry["expect"]
    assert report.skipped == {}, "the real CLIs' records are all understood"
    assert session.excluded == expect.get("excluded", session.excluded)
    assert session.cwd == entry["cwd"]
    assert session.started_at.endswith("Z") and session.started_at <= session.ended_at
    read = requests_view(session)
    if "intents" in expect:
        assert [i.text for i in read.intents] == expect["intents"]
        assert all(any(text in turn for turn in said(session)) for text in expect["intents"])
    if "outcomes" in expect:
        assert [i.outcome for i in read.intents] == expect["outcomes"]
    for skill in expect.get("skills", []):
        assert skill in session.skills and skill in session.intents[0].skills and skill in read.intents[0].skills
    for kind, value in expect.get("rules", []):
        found = [(r.kind, r.value) for i in read.intents for f in i.feedback for r in f.rules]
        assert (kind, value) in found
    if "tool_errors" in expect:
        assert session.tool_errors == expect["tool_errors"]
        assert sum(1 for i in session.intents for t in i.tools if t.error) == expect["tool_errors"]
    for tool in expect.get("tools", []):
        assert tool in [t.name for i in session.intents for t in i.tools]
    if not session.excluded:
        assert all(i.answer for i in read.intents), "every real request got its final answer"


def check_correction(session, tool_name: str | None = None) -> None:
    """The recorded correction scenario every agent's fixtures share: the user asked to install
    the dependencies, the agent used npm, the user corrected it to pnpm. Both prompts stay one
    intent with its first and final answers and both tool calls (named `tool_name`, if given),
    the correction kept on it where it came: after the first call."""
    intent = session.intents[0]
    assert session.user_turns == 2 and len(session.intents) == 1
    [follow_up] = intent.follow_ups
    assert follow_up.at_tool_index == 1 and follow_up.answer == intent.first_answer and "pnpm" in follow_up.text
    assert intent.first_answer == "Installed the dependencies with npm install."
    assert intent.answer == "Done: ran pnpm install instead."
    assert [t.summary for t in intent.tools] == ["cat package.json", "echo pnpm install"]
    if tool_name is not None:
        assert [t.name for t in intent.tools] == [tool_name, tool_name]
