"""The Codex reader's patches of an apply_patch call: an argument string without the patch mark is
not decoded, and that changes no answer (JSON escapes included, at any depth)."""

from __future__ import annotations

import json

from hypothesis import given, settings, strategies as st

from skillopt_sleep.capture.transcripts.codex import _PATCH_MARK, _strings, patch_paths, patches

PATCH = "*** Begin Patch\n*** Update File: calc.py\n@@\n-    return a - b\n+    return a + b\n*** End Patch\n"


def decoded_patches(payload: dict) -> list[str]:
    """What `patches` answers by decoding every argument string."""
    return [text for text in _strings(payload.get("input", payload.get("arguments"))) if _PATCH_MARK in text]


def test_a_patch_in_any_encoding_is_found():
    command = f"apply_patch <<'EOF'\n{PATCH}EOF\n"
    for arguments in (json.dumps({"cmd": command}), json.dumps({"cmd": command}, ensure_ascii=True).replace("*", "\\u002a"),
                      json.dumps({"input": json.dumps({"cmd": command})}), json.dumps({"cmd": ["bash", "-lc", command]})):
        assert patch_paths(patches({"arguments": arguments})) == ["calc.py"], arguments
    assert patch_paths(patches({"input": PATCH})) == ["calc.py"]
    assert patches({"arguments": json.dumps({"cmd": "pytest -q"})}) == []


TEXTS = st.one_of(st.text(alphabet="*** Begin Patch\n:Update File/\\u\"{}[]é", max_size=60), st.just(PATCH),
                  st.sampled_from(["pytest -q", "ls", "*** Begin Patch"]))


@st.composite
def arguments(draw) -> str:
    """An argument string as a call may hold it: JSON (escaped or not, nested or not) or plain text."""
    value = draw(st.recursive(TEXTS, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                             st.dictionaries(st.sampled_from(["cmd", "input", "x"]), inner,
                                                                             max_size=3),
                                                             inner.map(json.dumps)), max_leaves=6))
    if isinstance(value, str) and draw(st.booleans()):
        return value
    text = json.dumps(value, ensure_ascii=draw(st.booleans()))
    return text.replace("*", "\\u002a") if draw(st.booleans()) else text


@settings(max_examples=400, deadline=None)
@given(arguments(), st.sampled_from(["arguments", "input"]))
def test_the_shortcut_answers_as_decoding_does(raw, key):
    payload = {key: raw}
    assert patches(payload) == decoded_patches(payload)
