"""Only the agents' own files are read: links that would lead out of their history folders are
skipped and remembered, so `status` can name each one.

A history folder itself may be reached through a link (a dotfiles checkout holding ~/.claude), so
a folder counts as inside when its real path lies under the real path of its agent's folder. Below
that, walks never descend through a link (`entries`), and a transcript is never read through one
(`safe_read.lstat_regular`); a path that names a folder under an agent's history folder but
resolves elsewhere (a link in the middle) is refused by `Confinement.escape`. A transcript's own
`cwd` never chooses a file: it only scopes which sessions are kept.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator

from skillopt_sleep.capture.safe_read import plain
from skillopt_sleep.store import Store, utc_now


_DOT_PARTS = re.compile(r"/\.\.?(?:/|$)")


@dataclass(frozen=True)
class OutsideLink:
    path: str  # the link (or the folder reached through one)
    target: str  # where it leads
    agent: str


def within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def link_of(path: str, agent: str) -> OutsideLink:
    return OutsideLink(path, os.path.realpath(path), agent)


def entries(folder: Path, agent: str, skipped: dict[str, OutsideLink],
            wanted: Callable[[str], bool] | None = None) -> Iterator[os.DirEntry]:
    """The entries of `folder` whose names are `wanted`, sorted by name, less the links among them
    (each noted in `skipped`); none when it cannot be listed."""
    try:
        with os.scandir(folder) as scan:
            found = sorted((entry for entry in scan if wanted is None or wanted(entry.name)), key=lambda entry: entry.name)
    except OSError:
        return
    for entry in found:
        if entry.is_symlink():
            skipped[entry.path] = link_of(entry.path, agent)
        else:
            yield entry


class Confinement:
    """The agents' history folders, and the check that a path read stays within them."""

    def __init__(self, roots: Iterable[Path | str]):
        self.roots = [(os.path.abspath(root), os.path.realpath(root)) for root in roots if root]
        self._prefixes = tuple(root.rstrip(os.sep) + os.sep for root, _ in self.roots)
        # Each folder's real path, built from its parent's: one lstat per folder, not per file.
        self._real_folders: dict[str, str] = {root: real for root, real in self.roots}

    def escape(self, path: str, agent: str) -> OutsideLink | None:
        """The folder through which `path` leaves the history folder that names it, or None."""
        if not path.startswith(os.sep) or _DOT_PARTS.search(path):  # a ".." must not pass for a folder below
            path = os.path.abspath(path)
        if not path.startswith(self._prefixes):
            return None
        folder = os.path.dirname(path)
        for (root, real_root), prefix in zip(self.roots, self._prefixes):
            if folder == root or folder.startswith(prefix):
                real = self._real(folder)
                return None if within(real, real_root) else OutsideLink(folder, real, agent)
        return None

    def _real(self, folder: str) -> str:
        real = self._real_folders.get(folder)
        if real is None:
            parent = os.path.dirname(folder)
            try:
                linked = parent == folder or os.path.islink(folder)
            except ValueError:
                linked = True
            real = os.path.realpath(folder) if linked else os.path.join(self._real(parent), os.path.basename(folder))
            self._real_folders[folder] = real
        return real


def remember(store: Store, found: dict[str, OutsideLink], *, forget_agents: Iterable[str] = ()) -> None:
    """Record the links skipped (status lists them); the rows of `forget_agents`, whose folders
    were walked whole, are replaced by what this walk found."""
    forget = list(forget_agents)
    if not found and not forget:
        return
    with store.transaction() as conn:
        conn.executemany("DELETE FROM skipped_links WHERE agent = ?", [(agent,) for agent in forget])
        conn.executemany(
            "INSERT INTO skipped_links (path, agent, target, seen_at) VALUES (?, ?, ?, ?) ON CONFLICT(path) DO "
            "UPDATE SET agent=excluded.agent, target=excluded.target, seen_at=excluded.seen_at",
            [(plain(link.path), link.agent, plain(link.target), utc_now()) for link in found.values()])


def skipped_links(store: Store) -> list[OutsideLink]:
    return [OutsideLink(row["path"], row["target"], row["agent"])
            for row in store.query("SELECT path, target, agent FROM skipped_links ORDER BY path")]
