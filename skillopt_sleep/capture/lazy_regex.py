"""Regular expressions compiled on first use.

The capture modules hold a few hundred patterns (secret formats, stated rules). Compiling them
all at import costs tens of milliseconds, which a command that matches no text (a no-change
`ingest`, `status`) should not pay. A `LazyPattern` compiles on its first attribute access and
then keeps the compiled pattern's methods as its own attributes, so later calls cost what calls
on the compiled pattern cost.
"""

from __future__ import annotations

import re

_METHODS = ("match", "search", "fullmatch", "sub", "subn", "finditer", "findall", "split")


class LazyPattern:
    def __init__(self, pattern: str, flags: int = 0):
        self._source = pattern
        self._flags = flags

    def compiled(self) -> re.Pattern:
        found = self.__dict__.get("_compiled")
        if found is None:
            found = self.__dict__["_compiled"] = re.compile(self._source, self._flags)
            self.__dict__.update({name: getattr(found, name) for name in _METHODS})
        return found

    def __getattr__(self, name: str):  # only reached for what the instance does not hold yet
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.compiled(), name)

    def __repr__(self) -> str:
        return f"LazyPattern({self._source!r}, {self._flags})"


def lazy(pattern: str, flags: int = 0) -> LazyPattern:
    return LazyPattern(pattern, flags)
