"""Regular expressions compiled on first use, and skipped where the text lacks their words.

The capture modules hold a few hundred patterns (secret formats, stated rules). Compiling them
all at import costs tens of milliseconds, which a command that matches no text (a no-change
`ingest`, `status`) should not pay. A `LazyPattern` compiles on its first attribute access and
then keeps the compiled pattern's methods as its own attributes, so later calls cost what calls
on the compiled pattern cost.

A pattern given `needs` (words one of which every match contains, as the pattern spells them) is
not run over a text that holds none of them: a substring test costs a fraction of a scan, and
mining tests every request against every rule form.
"""

from __future__ import annotations

import re

_METHODS = ("match", "search", "fullmatch", "sub", "subn", "finditer", "findall", "split")
# What a guarded method answers for a text without the needed words, as the compiled one would
# (an iterator that is already spent stays spent, so one serves every call).
_NOTHING = {"match": None, "search": None, "fullmatch": None, "finditer": iter(())}


class LazyPattern:
    def __init__(self, pattern: str, flags: int = 0, needs: tuple[str, ...] = ()):
        self._source = pattern
        self._flags = flags
        self._needs = needs

    def compiled(self) -> re.Pattern:
        found = self.__dict__.get("_compiled")
        if found is None:
            found = self.__dict__["_compiled"] = re.compile(self._source, self._flags)
            methods = {name: getattr(found, name) for name in _METHODS}
            if self._needs:
                methods.update({name: _guarded(methods[name], self._needs, nothing) for name, nothing in _NOTHING.items()})
            self.__dict__.update(methods)
        return found

    def __getattr__(self, name: str):  # only reached for what the instance does not hold yet
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.compiled(), name)

    def __repr__(self) -> str:
        return f"LazyPattern({self._source!r}, {self._flags})"


def _guarded(method, needs: tuple[str, ...], nothing):
    def call(string, *args, **kwargs):
        for word in needs:
            if word in string:
                return method(string, *args, **kwargs)
        return nothing
    return call


def lazy(pattern: str, flags: int = 0, needs: tuple[str, ...] = ()) -> LazyPattern:
    """`needs`: one of these must be in any text the pattern matches (case as the pattern has it,
    so only for patterns without IGNORECASE); a text without them is not scanned."""
    if needs and flags & re.IGNORECASE:
        raise ValueError("a pattern that ignores case cannot be guarded by words of one case")
    return LazyPattern(pattern, flags, needs)
