#!/usr/bin/env bash
# The drift check (not part of CI): install the newest release of every agent the tests drive into
# .cache/drift, run the live-capture, plugin and headless-student tests against them, print per
# agent what the capture does not know and what failed, and rewrite the table in
# docs/compatibility.md. Pinned versions live in locks/; raise one there once it passes here.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || bash scripts/test.sh --co -q >/dev/null
scratch=.cache/drift
rm -rf "$scratch"
mkdir -p "$scratch"
# The newest claude-agent-sdk, for the Claude Code it bundles (nothing of it is imported).
.venv/bin/python -m pip install -q --no-deps --target "$scratch/python" claude-agent-sdk
npm install --prefix "$scratch/node" --no-audit --no-fund --no-save --loglevel=error \
  $(grep -v '^[[:space:]]*\(#\|$\)' locks/agents.txt | sed 's/@[^@]*$/@latest/')
exec .venv/bin/python scripts/drift.py --claude "$scratch/python/claude_agent_sdk/_bundled/claude" \
  --node-agents "$scratch/node" --write docs/compatibility.md "$@"
