"""The rules of one proposal, numbered as `review` shows them, and how a user names some of them
(`adopt --only`, `reject --rule`): by number, or by key (a prefix of at least four characters).

The rules are the edits the night kept (report.json's kept_rules), in the order the night applied
them, so that a subset applied to the live file in that order reproduces what the night wrote."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from skillopt_sleep.errors import StagingError
from skillopt_sleep.proposals.layout import REPORT_JSON, ManifestEntry
from skillopt_sleep.records import Edit

MIN_KEY_PREFIX = 4


@dataclass
class ProposalRule:
    number: int  # 1-based, as review lists them
    edit: Edit
    effect: float | None

    @property
    def key(self) -> str:
        return self.edit.key()


# Rebuilds the files of some rules of a proposal: (manifest entries, rules, proposal id) -> bytes by
# live path. Applying edits is the night's work (night/propose/partial.py); `api` hands it down.
Rebuild = Callable[[list[ManifestEntry], list[ProposalRule], str], dict[str, bytes]]


def proposal_rules(row: sqlite3.Row) -> list[ProposalRule]:
    path = Path(row["stage_dir"]) / REPORT_JSON
    try:
        report = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise StagingError(f"cannot read the rules of proposal {row['id']} from {path}: {exc}") from None
    kept = report.get("kept_rules") if isinstance(report, dict) else None
    rules: list[ProposalRule] = []
    for item in kept if isinstance(kept, list) else []:
        if isinstance(item, dict) and isinstance(item.get("edit"), dict):
            effect = item.get("effect")
            rules.append(ProposalRule(len(rules) + 1, Edit.from_dict(item["edit"]),
                                      float(effect) if isinstance(effect, (int, float)) else None))
    return rules


def select(rules: list[ProposalRule], names: list[str], proposal_id: str) -> list[ProposalRule]:
    """The rules `names` point at, in the proposal's order; a name that matches none, or more than
    one, is refused rather than guessed."""
    chosen: set[int] = set()
    for name in names:
        name = name.strip().lower()
        if name.isdigit():
            matches = [r for r in rules if r.number == int(name)]
        elif len(name) >= MIN_KEY_PREFIX:
            matches = [r for r in rules if r.key.startswith(name)]
        else:
            matches = []
        if len(matches) != 1:
            what = "no rule" if not matches else f"{len(matches)} rules"
            raise StagingError(f"{what} of proposal {proposal_id} answer to {name!r}; name a rule by the number "
                               f"or key `skillopt-sleep review {proposal_id}` shows (1-{len(rules)})")
        chosen.add(matches[0].number)
    return [r for r in rules if r.number in chosen]
