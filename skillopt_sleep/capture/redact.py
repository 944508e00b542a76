"""Remove secrets from text before it is stored or shown to a model.

Each rule of `secret_patterns` replaces what it finds with `[REDACTED:<kind>]`. The rules are
tuned to leave ordinary text alone: commit hashes, UUIDs, "password policy", `max_tokens=700`.
`looks_like_secret` tells the later stages whether a string is (or holds) a credential, so a
token-like string is never turned into a check or a rule.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable

try:
    import ahocorasick_rs  # every trigger found in one pass over the text
except ImportError:  # the trigger tree below does the same in Python
    ahocorasick_rs = None

from skillopt_sleep.capture.lazy_regex import lazy
from skillopt_sleep.shorten import cut
from skillopt_sleep.capture.secret_patterns import RULES, shannon_entropy
from skillopt_sleep.capture.non_secrets import CUE_WORDS
from skillopt_sleep.capture.token_shapes import (GIT_OBJECT_ID_LENGTHS, MIN_NAMED_LENGTH, RUN_LETTER, USER_FLAG_TRIGGERS,
                                                 class_runs, dashed_groups, has_long_run, paired_ids, plain_runs, redact_shapes,
                                                 urlsafe_runs, user_flag_passwords)

# A bare token is random (a key) rather than a name when it mixes letters and digits in short
# runs: identifiers are made of words (`sha256WithRSAEncryption`: 5 runs in 23 characters),
# random keys switch case and class every two characters or so. Hex strings of 32 or more count,
# except git object ids (40 or 64 digits, everywhere in tool output); UUIDs do not count (they
# identify, they grant nothing).
_TOKEN = lazy(r"[A-Za-z0-9+/=_\-]{16,}")
_RUNS = lazy(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_HEX = lazy(r"[0-9a-fA-F]+")
_UUID = lazy(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
MIN_RUNS_PER_CHAR = 0.35
# Text past a cut is scanned this far too, so a secret that straddles the cut is still found
# whole; no key format the rules know is longer.
CUT_MARGIN_CHARS = 256


# trigger -> a bit mask of the positions in RULES of the rules it lets run; rules without
# triggers always run. Triggers form a tree: a trigger is tested only where the shortest gate
# character or other trigger it holds occurs ("password" only where "pass" does, ".atlasv1."
# only where "." does), so most text is ruled out by a few tests instead of one per trigger.
_GATES = ("_", "-", "/", ".", ":", "=")
_MASKS: dict[str, int] = {}
for _index, _rule in enumerate(RULES):
    for _trigger in _rule.triggers:
        _MASKS[_trigger] = _MASKS.get(_trigger, 0) | 1 << _index
_ALWAYS = sum(1 << i for i, rule in enumerate(RULES) if not rule.triggers)
# The words that name a credential are triggers too, of a bit past the rules': found in the same
# pass, they tell `token_shapes` where a named value can be.
_CUE_BIT = 1 << len(RULES)
for _trigger in CUE_WORDS:
    _MASKS[_trigger] = _MASKS.get(_trigger, 0) | _CUE_BIT
# A command's user flag, of the bit past the names': only a text holding one has its one-letter
# flags' values read as that user's password (`token_shapes`).
_USER_BIT = 1 << (len(RULES) + 1)
for _trigger in USER_FLAG_TRIGGERS:
    _MASKS[_trigger] = _MASKS.get(_trigger, 0) | _USER_BIT
_NEEDS_LONG_RUN = sum(1 << i for i, rule in enumerate(RULES) if rule.long_run)

Node = tuple  # (trigger, mask, children)


def _parent(trigger: str, known: tuple[str, ...]) -> str:
    inside = [t for t in known if t != trigger and t in trigger]
    return min(inside, key=lambda t: (len(t), t)) if inside else ""


@lru_cache(maxsize=1)
def _roots() -> tuple[Node, ...]:
    """The tree, built on first use: only the fallback walks it, and building it (a test of
    every trigger against every other) costs milliseconds an ingest would pay at import."""
    return _tree()


def _tree() -> tuple[Node, ...]:
    known = tuple(dict.fromkeys((*_GATES, *_MASKS)))
    children: dict[str, list[str]] = {}
    for trigger in known:
        children.setdefault(_parent(trigger, known), []).append(trigger)

    def nodes(parent: str) -> tuple[Node, ...]:
        built = ((t, _MASKS.get(t, 0), nodes(t)) for t in children.get(parent, ()))
        return tuple(n for n in built if n[1] or n[2])

    return nodes("")


# Single characters (`"`, a newline, `.`, `:`) occur everywhere: a substring test each finds them
# (memchr), and leaving them out of the automaton spares it a hit per occurrence. A credential's
# name stays in it, however short (`鍵`): its ends are needed.
_CHARACTERS = tuple((trigger, mask) for trigger, mask in sorted(_MASKS.items())
                    if len(trigger) == 1 and not mask & _CUE_BIT)
_TRIGGERS = sorted(trigger for trigger in _MASKS if trigger not in dict(_CHARACTERS))
_TRIGGER_MASKS = [_MASKS[trigger] for trigger in _TRIGGERS]
_CUE_INDEXES = frozenset(i for i, mask in enumerate(_TRIGGER_MASKS) if mask & _CUE_BIT)
# Overlapping matches: "password" and the "pass" inside it, "sk-" and the "-us" starting in it.
# A DFA: built in a millisecond, it scans twice as fast as the default automaton.
_FINDER = (ahocorasick_rs.AhoCorasick(_TRIGGERS, matchkind=ahocorasick_rs.MatchKind.Standard,
                                      implementation=ahocorasick_rs.Implementation.DFA)
           if ahocorasick_rs is not None else None)


@lru_cache(maxsize=1024)  # texts choose from few combinations of rules
def _positions(mask: int) -> tuple[int, ...]:
    """The positions set in `mask`, in RULES order."""
    return tuple(i for i in range(len(RULES)) if mask >> i & 1)


def _chosen(lowered: str, nodes: tuple[Node, ...], chosen: int) -> int:
    for trigger, mask, children in nodes:
        if trigger in lowered:
            chosen |= mask
            if children:
                chosen = _chosen(lowered, children, chosen)
    return chosen


def _scan(lowered: str) -> tuple[int, list[int] | None]:
    """(the mask of the rules that can match `lowered`, and of _CUE_BIT; where credential names
    end, or None where not known), with no regex scan for a rule none of whose triggers occurs:
    the triggers found by one Aho-Corasick pass (a fourth of the tree's CPU on the short texts
    most calls get), or else a substring test per trigger reached in the tree."""
    if _FINDER is None:
        return _tree_mask(lowered), None
    chosen = _ALWAYS
    for character, mask in _CHARACTERS:
        if character in lowered:
            chosen |= mask
    found = _FINDER.find_matches_as_indexes(lowered, overlapping=True)
    if not found:
        return chosen, []
    for index in {hit[0] for hit in found}:  # common triggers occur many times: each is ORed once
        chosen |= _TRIGGER_MASKS[index]
    return chosen, ([end for index, _, end in found if index in _CUE_INDEXES] if chosen & _CUE_BIT else [])


def _rules_to_run(lowered: str) -> list[int]:
    """Positions of the rules that can match `lowered`, in RULES order."""
    return list(_positions(_scan(lowered)[0]))


def _tree_rules_to_run(lowered: str) -> list[int]:
    """`_rules_to_run` by the trigger tree alone."""
    return list(_positions(_tree_mask(lowered)))


def _tree_mask(lowered: str) -> int:
    """`_scan`'s mask by the trigger tree. The first two levels are walked inline: a call per
    node would cost more than its test."""
    chosen = _ALWAYS
    for trigger, mask, children in _roots():
        if trigger in lowered:
            chosen |= mask
            for inner, inner_mask, deeper in children:
                if inner in lowered:
                    chosen |= inner_mask
                    if deeper:
                        chosen = _chosen(lowered, deeper, chosen)
    return chosen


# A history repeats its short strings (tool names, paths, commands, working folders): each is
# redacted once, then answered from this cache with the kinds it counted.
CACHED_CHARS = 200


@lru_cache(maxsize=8192)
def _redacted_short(value: str) -> tuple[str, tuple[str, ...]]:
    redactor = Redactor()
    out = redactor._redacted(value)
    return out, tuple(redactor.counts.elements())


def _cue_windows(text: str, cue_ends: list[int]) -> list[tuple[int, int]]:
    """The lines holding a credential's name, and the line after each (a value may follow on
    it), merged: the only text a `near_cues` rule can match in."""
    windows: list[tuple[int, int]] = []
    for end in cue_ends:
        if windows and end < windows[-1][1]:
            continue
        start = text.rfind("\n", 0, end) + 1
        stop = text.find("\n", end)
        stop = text.find("\n", stop + 1) if stop >= 0 else -1
        stop = len(text) if stop < 0 else stop
        if windows and start <= windows[-1][1]:
            windows[-1] = (windows[-1][0], stop)
        else:
            windows.append((start, stop))
    return windows


def _sub_in_windows(rule, text: str, lowered: str, replace, windows: list[tuple[int, int]]) -> str:
    """`rule.sub` run over each window only: a name-anchored rule costs its windows' length, not
    the whole text's (a long tool output with one `token` in it)."""
    if len(windows) == 1 and windows[0] == (0, len(text)):
        return rule.sub(text, lowered, replace)
    return rule.sub_within(text, lowered, replace, windows)


@dataclass
class Redactor:
    """Redacts text and counts what it removed, by kind."""

    counts: Counter = field(default_factory=Counter)

    def text(self, value: str) -> str:
        if not value:
            return value
        if len(value) > CACHED_CHARS:
            return self._redacted(value)
        out, kinds = _redacted_short(value)
        for kind in kinds:
            self.counts[kind] += 1
        return out

    def _redacted(self, value: str) -> str:
        lowered = value.lower()
        mask, cue_ends = _scan(lowered)
        runs = class_runs(value)
        long_run = has_long_run(value, runs)
        if not long_run:
            mask &= ~_NEEDS_LONG_RUN
        if len(lowered) != len(value):  # lower() changed the length: its offsets are not the text's
            cue_ends = None
        chosen, done, windows = list(_positions(mask)), -1, None
        while chosen:
            index = chosen.pop(0)
            rule = RULES[index]
            if rule.min_run and runs is not None and RUN_LETTER * rule.min_run not in runs:
                continue  # no run as long as each of its matches holds: it can change nothing
            if rule.needs and not any(word in value for word in rule.needs):
                continue  # none of the words each of its matches holds
            replace = self._counted(rule.kind, rule.replace)
            if rule.near_cues and cue_ends is not None:
                windows = windows if windows is not None else _cue_windows(value, cue_ends)
                redacted = _sub_in_windows(rule, value, lowered, replace, windows)
            else:
                redacted = rule.sub(value, lowered, replace)
            done = index
            if redacted != value:
                value, lowered = redacted, redacted.lower()
                # The text changed: the later rules are chosen again from what it holds now, and
                # the names are found again where they now are.
                mask, cue_ends = _scan(lowered)
                chosen, windows = [i for i in _positions(mask) if i > done], None
                runs = class_runs(value)
                long_run = has_long_run(value, runs)
                if len(lowered) != len(value):
                    cue_ends = None
        # Then whatever is shaped like a credential, though no rule knows its vendor.
        cut_runs = None
        if (not long_run and not (mask & _CUE_BIT and len(value) >= MIN_NAMED_LENGTH) and not plain_runs(value)
                and not dashed_groups(value, runs)):
            cut_runs = urlsafe_runs(value, runs)
            if not cut_runs:
                # No long random run, no name, no long lower-case or cut run: only a command's user flag
                # can still say that a short value beside it is a password.
                return user_flag_passwords(value, self._count) if mask & _USER_BIT else value
        value = redact_shapes(value, self._count, long_run=long_run, cue_ends=cue_ends if mask & _CUE_BIT else [],
                              cut_runs=cut_runs, runs=runs, user_flags=bool(mask & _USER_BIT))
        return paired_ids(value, self._count)

    def _count(self, kind: str) -> None:
        self.counts[kind] += 1

    def shortened(self, text: str, limit: int) -> str:
        """`cut(text, limit)`, redacted. Only the part that is kept (and a margin past the
        cut) is scanned: a long tool output costs what its first `limit` characters cost."""
        text = text.strip()
        if len(text) <= limit:
            return self.text(text)
        window = text[: limit + CUT_MARGIN_CHARS]
        if _uncounted(window) != window:
            # A secret near the cut: redacting shifts the cut, so redact the whole text (counted).
            return cut(self.text(text), limit)
        return cut(window, limit)

    def _counted(self, kind: str, replace: Callable[[re.Match], str]) -> Callable[[re.Match], str]:
        def run(match: re.Match) -> str:
            out = replace(match)
            if out != match.group(0):
                self.counts[kind] += 1
            return out

        return run

    def value(self, data: Any) -> Any:
        """Redact every string inside a JSON-like value (keys included)."""
        if isinstance(data, str):
            return self.text(data)
        if isinstance(data, dict):
            return {self.text(k) if isinstance(k, str) else k: self.value(v) for k, v in data.items()}
        if isinstance(data, (list, tuple)):
            return [self.value(item) for item in data]
        return data


# Redacts texts whose counts nobody reads (the window `shortened` tests): one redactor for all,
# so each test does not pay for a new one and its counter.
_SCRATCH = Redactor()


def _uncounted(value: str) -> str:
    return _redacted_short(value)[0] if len(value) <= CACHED_CHARS else _SCRATCH._redacted(value)


def redact(text: str) -> str:
    return Redactor().text(text)


def random_token(token: str) -> bool:
    """A token random enough to be a key rather than a word, a path or an identifier."""
    if len(token) < 16 or not (any(c.isdigit() for c in token) and any(c.isalpha() for c in token)):
        return False
    if _UUID.fullmatch(token) or shannon_entropy(token) < 3.0:
        return False
    if _HEX.fullmatch(token):
        return len(token) >= 32 and len(token) not in GIT_OBJECT_ID_LENGTHS
    return len(_RUNS.findall(token)) / sum(c.isalnum() for c in token) >= MIN_RUNS_PER_CHAR


def looks_like_secret(text: str) -> bool:
    """True when `text` holds a known secret format or a bare random token: such a string must
    never become a check or a rule, where it would be stored and shown again."""
    if not text:
        return False
    if Redactor().text(text) != text:
        return True
    return any(random_token(token) for token in _TOKEN.findall(text))
