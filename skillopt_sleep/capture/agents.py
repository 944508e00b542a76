"""The agents whose histories are read, by name, without loading their parsers: a no-change
ingest checks a known transcript's agent and reads nothing."""

CLAUDE = "claude-code"
CODEX = "codex"
COPILOT = "copilot"
PI = "pi"
OPENCODE = "opencode"
CURSOR = "cursor"
VSCODE_COPILOT = "vscode-copilot"  # GitHub Copilot Chat in VS Code (not the Copilot CLI)
AGENTS = (CLAUDE, CODEX, COPILOT, PI, OPENCODE, CURSOR, VSCODE_COPILOT)  # `transcripts.PARSERS` has a parser for each
DATABASE = (OPENCODE,)  # read whole through `ingest_db.py`, not line by line
# Files an agent rewrites whole at each save, by name ending: read again whole (`ingest_whole.py`)
# when they change. VS Code's older chat sessions are one JSON object a file; its newer ones are
# an append-only log, read line by line like the other agents' transcripts.
WHOLE_FILES = {VSCODE_COPILOT: (".json",)}
