"""Apply bounded add / replace / delete / lead edits to a document, with a report for every edit.

An edit that cannot land safely is skipped with the reason, never forced: unknown op, empty or
placeholder text, an anchor that is missing or ambiguous, text outside the managed region (unless
allowed), the protected frontmatter, a duplicate, or a document that would grow past its cap.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from skillopt_sleep.config import default
from skillopt_sleep.records import Edit, EditOutcome
from skillopt_sleep.night.propose.skilldoc import (consolidated_block_span, ensure_managed_region, frontmatter_span, lead_with_rules,
                                           managed_span, rules_lead)

OPS = ("add", "replace", "delete", "lead")

# Text a weak model writes when it copies the prompt's scaffolding instead of answering.
_PLACEHOLDER = re.compile(
    r"(add\|replace|replace\|delete|<[a-z _-]{2,30}>|\bTODO\b|\blorem ipsum\b|\byour (rule|text|edit) here\b|^\.\.\.$|^rule$)",
    re.I,
)


@dataclass
class EditLimits:
    allow_outside_managed: bool = default("edits.allow_outside_managed")
    max_edit_chars: int = default("edits.max_edit_chars")
    max_doc_chars: int = default("edits.max_skill_chars")


def apply_edits(text: str, edits: list[Edit], limits: EditLimits | None = None) -> tuple[str, list[EditOutcome]]:
    limits = limits or EditLimits()
    outcomes: list[EditOutcome] = []
    for edit in edits:
        reason = _invalid_reason(edit, limits)
        if reason:
            outcomes.append(EditOutcome(edit, False, reason))
            continue
        try:
            new_text, note = _apply_one(text, edit, limits)
        except _Skip as skip:
            outcomes.append(EditOutcome(edit, False, str(skip)))
            continue
        if len(new_text) > limits.max_doc_chars:
            outcomes.append(EditOutcome(edit, False, f"document would grow to {len(new_text)} chars, over the cap of {limits.max_doc_chars}"))
            continue
        text = new_text
        outcomes.append(EditOutcome(edit, True, note))
    return text, outcomes


class _Skip(Exception):
    pass


def _invalid_reason(edit: Edit, limits: EditLimits) -> str:
    if edit.op not in OPS:
        return f"unknown op {edit.op!r} (expected add, replace, delete or lead)"
    if edit.op == "lead":
        return ""  # moves the managed block; its anchor names the rules it moved, never matched
    if edit.op == "add" and not edit.text.strip():
        return "add with empty text"
    if edit.op in ("replace", "delete") and not edit.anchor.strip():
        return f"{edit.op} needs an anchor: the exact text to {edit.op}"
    if len(edit.text) > limits.max_edit_chars:
        return f"text is {len(edit.text)} chars, over the per-edit cap of {limits.max_edit_chars}"
    # A rule stated from a check may carry a "<…>" for a value on purpose (night/propose/illustrate.py).
    for field_text in (edit.text, edit.anchor) if edit.source != "checks" else (edit.anchor,):
        if field_text and _PLACEHOLDER.search(field_text.strip()):
            return f"placeholder text {field_text.strip()[:60]!r}"
    return ""


def _normalise(text: str) -> str:
    return " ".join(text.lower().split())


def _find_anchor(text: str, anchor: str) -> tuple[int, int]:
    """Exact match first; then a single match ignoring case and runs of whitespace, because
    models quote anchors loosely."""
    count = text.count(anchor)
    if count == 1:
        start = text.find(anchor)
        return start, start + len(anchor)
    if count > 1:
        raise _Skip(f"anchor {anchor.strip()[:60]!r} is ambiguous ({count} matches)")
    words = anchor.split()
    if not words:
        raise _Skip("empty anchor")
    pattern = re.compile(r"\s+".join(re.escape(w) for w in words), re.I)
    matches = list(pattern.finditer(text))
    if len(matches) == 1:
        return matches[0].start(), matches[0].end()
    if len(matches) > 1:
        raise _Skip(f"anchor {anchor.strip()[:60]!r} is ambiguous ({len(matches)} matches)")
    raise _Skip(f"anchor {anchor.strip()[:60]!r} not found")


def _check_region(text: str, start: int, end: int, limits: EditLimits) -> None:
    front = frontmatter_span(text)
    if front and start < front.end:
        raise _Skip("the frontmatter is protected")
    consolidated = consolidated_block_span(text)
    if consolidated and start < consolidated.end and end > consolidated.start:
        raise _Skip("the consolidated region is protected (only a slow update rewrites it)")
    region = managed_span(text)
    inside = region is not None and region.contains(start, end)
    if not inside and not limits.allow_outside_managed:
        raise _Skip("anchor lies outside the managed region (user text is not rewritten)")


def _block(text: str) -> str:
    return text.strip("\n") + "\n"


def _apply_one(text: str, edit: Edit, limits: EditLimits) -> tuple[str, str]:
    if edit.op == "lead":
        if managed_span(text) is None:
            raise _Skip("no learned rules to move")
        if rules_lead(text):
            raise _Skip("the learned rules already come first")
        return lead_with_rules(text), "the learned rules moved before the skill's own text"
    if edit.op == "add":
        if _normalise(edit.text) in _normalise(text):
            raise _Skip("text already present")
        return _add(text, edit, limits)
    start, end = _find_anchor(text, edit.anchor)
    _check_region(text, start, end, limits)
    if edit.op == "replace":
        if _normalise(edit.text) == _normalise(text[start:end]):
            raise _Skip("replacement equals the anchor text")
        return text[:start] + edit.text.strip("\n") + text[end:], "replaced"
    # delete: a removed whole line takes its line break with it, a removed sentence the space after it
    whole_line = (start == 0 or text[start - 1] == "\n") and text[end : end + 1] == "\n"
    if whole_line or text[end : end + 1] == " ":
        end += 1
    return text[:start] + text[end:], "deleted"


def _add(text: str, edit: Edit, limits: EditLimits) -> tuple[str, str]:
    text = ensure_managed_region(text)
    region = managed_span(text)
    assert region is not None  # ensure_managed_region guarantees it
    block = _block(edit.text)
    if edit.anchor.strip():
        try:
            start, end = _find_anchor(text, edit.anchor)
        except _Skip as skip:
            return _append_to_region(text, block), f"{skip}; appended to the managed region"
        inside = region.contains(start, end)
        front = frontmatter_span(text)
        consolidated = consolidated_block_span(text)
        protected = (front and start < front.end) or (consolidated and consolidated.start <= start < consolidated.end)
        if (inside or limits.allow_outside_managed) and not protected:
            line_end = text.find("\n", end)
            line_end = len(text) if line_end < 0 else line_end + 1
            prefix = text[:line_end] if text[:line_end].endswith("\n") else text[:line_end] + "\n"
            return prefix + block + text[line_end:], "inserted after the anchor"
        return _append_to_region(text, block), "anchor is outside the managed region; appended to the managed region"
    return _append_to_region(text, block), "appended to the managed region"


def _append_to_region(text: str, block: str) -> str:
    region = managed_span(text)
    assert region is not None
    before = text[: region.end]
    if before and not before.endswith("\n"):
        before += "\n"
    return before + block + text[region.end :]
