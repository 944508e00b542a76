"""Where VS Code keeps its chat sessions, and which folder a session ran in.

Under a VS Code user folder (`User/`), as its chat session store describes it: a window with a
folder open keeps its sessions in `workspaceStorage/<workspace id>/chatSessions/`, beside the
`workspace.json` that names the folder (`{"folder": "file:///..."}`); an empty window keeps them
in `globalStorage/emptyWindowChatSessions/` (before that, `workspaceStorage/no-workspace/`).
Each session is `<session id>.jsonl` (an operation log, VS Code 1.109 and later) or
`<session id>.json` (the whole session, written by earlier releases); where both are there the
log is the live one, as VS Code itself reads it first.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

from skillopt_sleep.capture.safe_read import loads_limited, regular_opener

SESSIONS_FOLDER = "chatSessions"
EMPTY_WINDOW_FOLDER = ("globalStorage", "emptyWindowChatSessions")
WORKSPACES_FOLDER = "workspaceStorage"
LOG, WHOLE = ".jsonl", ".json"
MAX_WORKSPACE_BYTES = 64 * 1024  # a workspace.json names one folder
_DRIVE = re.compile(r"^/[A-Za-z]:")


def session_file(name: str) -> bool:
    return name.endswith((LOG, WHOLE))


def live_files(names: list[str]) -> list[str]:
    """The session files among a folder's names, a session's `.json` left out where its `.jsonl` is there."""
    logs = {name[:-len(LOG)] for name in names if name.endswith(LOG)}
    return [name for name in names if name.endswith(LOG) or (name.endswith(WHOLE) and name[:-len(WHOLE)] not in logs)]


def folder_of_uri(uri: object) -> str:
    """The local path a `file:` URI names ('' for any other: a remote folder is not on this disk)."""
    if not isinstance(uri, str):
        return ""
    parts = urlsplit(uri)
    if parts.scheme != "file":
        return ""
    path = unquote(parts.path)
    if parts.netloc:
        return f"//{parts.netloc}{path}"  # a Windows share
    if _DRIVE.match(path):
        return path[1].upper() + path[2:].replace("/", "\\")  # VS Code writes file:///c%3A/...
    return path


def workspace_folder(transcript: str | Path) -> str:
    """The folder a session's window had open, from the `workspace.json` beside its sessions
    folder ('' for an empty window's session, a multi-root workspace or an unreadable file)."""
    folder = Path(transcript).parent
    if folder.name != SESSIONS_FOLDER:
        return ""
    try:
        with open(folder.parent / "workspace.json", "rb", opener=regular_opener) as handle:
            data = loads_limited(handle.read(MAX_WORKSPACE_BYTES))
    except (OSError, ValueError):
        return ""
    return folder_of_uri(data.get("folder")) if isinstance(data, dict) else ""
