"""Part of a proposal: the texts `adopt --only` writes, rebuilt from the live files with only the
chosen rules' edits, applied in the order the night applied them.

The texts are rebuilt rather than cut out of the staged file because the staged text mixes every
rule's edits; applying the chosen edits to the very text the night started from (adopt checks
the live file still is that text) gives what the night would have written with those rules alone. `api` hands this to adopt, as it hands it
the night's safety screen: applying edits is the night's work, below which adopt sits."""

from __future__ import annotations

from skillopt_sleep.errors import StagingError
from skillopt_sleep.night.propose.edits import EditLimits, apply_edits
from skillopt_sleep.proposals.layout import ManifestEntry, read_current, written_path
from skillopt_sleep.proposals.rulesof import ProposalRule

# The night held these edits to its own limits already; a subset of them is no longer and no larger.
_NO_LIMITS = EditLimits(allow_outside_managed=True, max_edit_chars=10**9, max_doc_chars=10**9)


def _edits_for(entry: ManifestEntry, rules: list[ProposalRule], has_memory: bool) -> list:
    # As the night did: a memory rule goes to the skill when there is no memory file.
    if entry.kind == "memory":
        return [r.edit for r in rules if r.edit.target == "memory"]
    return [r.edit for r in rules if r.edit.target != "memory" or not has_memory]


def subset_texts(entries: list[ManifestEntry], rules: list[ProposalRule], proposal_id: str) -> dict[str, bytes]:
    """The new bytes of each manifest entry (by live path) with only `rules` applied."""
    has_memory = any(entry.kind == "memory" for entry in entries)
    texts: dict[str, bytes] = {}
    for entry in entries:
        current, _, _ = read_current(written_path(entry.live_path))
        try:
            original = (current or b"").decode("utf-8")
        except UnicodeDecodeError:
            raise StagingError(f"{entry.live_path} is not UTF-8 text; adopt --only cannot rebuild it") from None
        crlf = "\r\n" in original and original.count("\n") == original.count("\r\n")
        text = original.replace("\r\n", "\n") if crlf else original
        new, outcomes = apply_edits(text, _edits_for(entry, rules, has_memory), _NO_LIMITS)
        failed = [o for o in outcomes if not o.landed]
        if failed:
            number = next(r.number for r in rules if r.edit is failed[0].edit)
            raise StagingError(f"rule {number} of proposal {proposal_id} does not apply without the rules left out "
                               f"({failed[0].reason}); add the rule it builds on to --only")
        texts[str(entry.live_path)] = (new.replace("\n", "\r\n") if crlf else new).encode("utf-8")
    return texts
