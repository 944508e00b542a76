"""The agents whose histories are read, by name, without loading their parsers: a no-change
ingest checks a known transcript's agent and reads nothing."""

CLAUDE = "claude-code"
CODEX = "codex"
COPILOT = "copilot"
PI = "pi"
OPENCODE = "opencode"
CURSOR = "cursor"
AGENTS = (CLAUDE, CODEX, COPILOT, PI, OPENCODE, CURSOR)  # `transcripts.PARSERS` has a parser for each
DATABASE = (OPENCODE,)  # read whole through `ingest_db.py`, not line by line
