"""What an ingest did, counted by kind, and the options it ran with."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from skillopt_sleep.capture.unknown import HOOK_FIELD, RECORD, UnknownCounter

DEFAULT_MAX_LINE_BYTES = 8 << 20
SKIP_REASONS = (
    "truncated_line", "non_utf8", "oversize_line", "too_deep", "binary_file", "vanished_file", "permission_denied",
    "not_regular_file", "unreadable_file", "unknown_record_type", "malformed_record", "unknown_agent",
    "no_transcript", "malformed_spool_line", "ingest_error", "quarantined", "unreadable_database",
    "unknown_part_kind",  # a part of a record of a kind its reader does not know (VS Code's response parts)
)


@dataclass
class IngestReport:
    files: int = 0  # transcripts opened and read
    new: int = 0  # of those, read for the first time
    bytes: int = 0
    records: int = 0
    sessions: int = 0  # sessions written
    captures: int = 0  # capture rows processed
    spooled: int = 0  # spool lines moved into the store
    unchanged: int = 0  # transcripts not opened because nothing changed
    out_of_scope: int = 0  # transcripts outside the chosen projects
    redactions: Counter = field(default_factory=Counter)
    skipped: Counter = field(default_factory=Counter)
    outside: dict = field(default_factory=dict)  # path -> confine.OutsideLink: links not followed
    unknown: UnknownCounter = field(default_factory=UnknownCounter)  # record types and hook fields no reader knows

    def skip(self, reason: str, count: int = 1) -> None:
        self.skipped[reason] += count

    def unknown_record(self, agent: str, record_type: str) -> None:
        self.skip("unknown_record_type")
        self.unknown.add(agent, RECORD, record_type)

    def passed_over(self, parser) -> None:
        """What a parser met inside its records and did not know (VS Code's response parts): counted
        as a skip and by name, like a record type."""
        for kind, count in getattr(parser, "unknown_parts", {}).items():
            self.skip("unknown_part_kind", count)
            self.unknown.add(parser.agent, RECORD, f"part/{kind}", count)

    def unknown_hook_fields(self, agent: str, names: list[str]) -> None:
        for name in names:
            self.unknown.add(agent, HOOK_FIELD, name)

    def to_dict(self) -> dict:
        return {
            "files": self.files, "new": self.new, "bytes": self.bytes, "records": self.records, "sessions": self.sessions,
            "captures": self.captures, "spooled": self.spooled, "unchanged": self.unchanged,
            "out_of_scope": self.out_of_scope, "redactions": dict(self.redactions), "skipped": dict(self.skipped),
            "links_skipped": [{"path": link.path, "target": link.target} for link in self.outside.values()],
            "unknown": self.unknown.by_agent(),
        }

    def render(self) -> str:
        lines = [
            f"transcripts read: {self.files} ({self.new} new, {self.files - self.new} grown; {self.bytes / 1e6:.1f} MB, "
            f"{self.records} records); unchanged: {self.unchanged}",
            f"sessions written: {self.sessions}; captures processed: {self.captures}; spooled captures drained: {self.spooled}",
        ]
        if self.out_of_scope:
            lines.append(f"outside the chosen projects: {self.out_of_scope}")
        if self.redactions:
            lines.append("secrets redacted: " + ", ".join(f"{k} {v}" for k, v in sorted(self.redactions.items())))
        if self.skipped:
            lines.append("skipped: " + ", ".join(f"{k} {v}" for k, v in sorted(self.skipped.items())))
        for agent, kinds in self.unknown.by_agent().items():
            for kind, names in kinds.items():
                what = "record types" if kind == RECORD else "hook payload fields"
                lines.append(f"{agent} {what} no reader here knows (skipped): " + ", ".join(f"{n} {c}" for n, c in names.items()))
        if self.outside:
            lines.append(f"links not followed (a transcript is never read through one): {len(self.outside)}")
            lines += [f"  {link.path} -> {link.target}" for link in self.outside.values()]
        return "\n".join(lines)


@dataclass
class IngestOptions:
    max_line_bytes: int = DEFAULT_MAX_LINE_BYTES
    include_headless: bool = False
    projects: list[str] = field(default_factory=list)  # empty: every project
    codex_home: str = ""  # where Codex rollouts of notify captures are looked up

    @classmethod
    def from_config(cls, config, projects: list[str] | None = None) -> "IngestOptions":
        """How transcripts are read, per the config (`projects`: only sessions under these
        folders; None: the configured capture.projects)."""
        from skillopt_sleep.capture.homes import Homes

        return cls(
            max_line_bytes=config["ingest.max_line_bytes"],
            include_headless=config["capture.include_headless"],
            projects=list(config["capture.projects"]) if projects is None else projects,
            codex_home=str(Homes.from_env().codex),
        )
