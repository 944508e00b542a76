"""What ingesting a recorded fixture must find, as its manifest entry's `expect` says."""

from __future__ import annotations

import json
from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures"


def load_manifest(agent: str) -> tuple[dict, dict[str, dict]]:
    """An agent's fixture manifest and its scenarios by name."""
    manifest = json.loads((FIXTURES / agent / "MANIFEST.json").read_text())
    return manifest, {e["name"]: e for e in manifest["scenarios"]}


def check_scenario(session, report, entry: dict) -> None:
    expect = entry["expect"]
    assert report.skipped == {}, "the real CLIs' records are all understood"
    assert session.excluded == expect.get("excluded", session.excluded)
    assert session.cwd == entry["cwd"]
    assert session.started_at.endswith("Z") and session.started_at <= session.ended_at
    if "intents" in expect:
        assert [i.text for i in session.intents] == expect["intents"]
    if "outcomes" in expect:
        assert [i.outcome for i in session.intents] == expect["outcomes"]
    for skill in expect.get("skills", []):
        assert skill in session.skills and skill in session.intents[0].skills
    for kind, value in expect.get("rules", []):
        found = [(r.kind, r.value) for i in session.intents for f in i.feedback for r in f.rules]
        assert (kind, value) in found
    if "tool_errors" in expect:
        assert session.tool_errors == expect["tool_errors"]
        assert sum(1 for i in session.intents for t in i.tools if t.error) == expect["tool_errors"]
    for tool in expect.get("tools", []):
        assert tool in [t.name for i in session.intents for t in i.tools]
    if not session.excluded:
        assert all(i.answer for i in session.intents), "every real intent got its final answer"


def check_correction(session, tool_name: str | None = None) -> None:
    """The recorded correction scenario every agent's fixtures share: the user asked to install
    the dependencies, the agent used npm, the user corrected it to pnpm. Both prompts stay one
    intent with its first and final answers and both tool calls (named `tool_name`, if given)."""
    intent = session.intents[0]
    assert session.user_turns == 2 and len(session.intents) == 1
    assert intent.first_answer == "Installed the dependencies with npm install."
    assert intent.answer == "Done: ran pnpm install instead."
    assert [t.summary for t in intent.tools] == ["cat package.json", "echo pnpm install"]
    if tool_name is not None:
        assert [t.name for t in intent.tools] == [tool_name, tool_name]
