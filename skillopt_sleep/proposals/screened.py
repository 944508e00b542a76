"""The last screen before a live file is written: what adopt or revert would put there is judged
as a proposed rule is, whatever route it came by (`screen.writes`). A write that fails is
refused with the first reason, and no file is touched."""

from __future__ import annotations

from skillopt_sleep.errors import StagingError
from skillopt_sleep.guardrails.screen import as_rules
from skillopt_sleep.proposals.swap import Replacement
from skillopt_sleep.screen.writes import write_screen
from skillopt_sleep.store import Store


def _text(data: bytes | None) -> str:
    return data.decode("utf-8", errors="replace") if data is not None else ""


def _as_screened(kind: str, rep: Replacement) -> tuple[str, str, str]:
    """A guardrail file is screened as the rules it states, beside the skill's."""
    if kind != "guardrail":
        return kind, _text(rep.expected), _text(rep.new)
    name = rep.target.name
    return "skill", as_rules(name, _text(rep.expected)), as_rules(name, _text(rep.new))


def refuse_unscreened(store: Store, night_id: str, kinds: list[str], replacements: list[Replacement], *,
                      doing: str) -> None:
    """Raise StagingError (one line) when a replacement writes text the screen stops."""
    files = [_as_screened(kind, rep) for kind, rep in zip(kinds, replacements) if rep.new is not None]
    stopped = write_screen(store, night_id, files)
    if stopped:
        raise StagingError(f"{doing} would write text the safety screen stops ({stopped[0]}); no file was changed"
                           + (f" ({len(stopped) - 1} more)" if len(stopped) > 1 else ""))
