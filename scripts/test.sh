#!/usr/bin/env bash
# Set up the test environment (the SDKs, the bundled claude CLI, the codex, Copilot, pi and
# OpenCode CLIs from npm) and run
# the default test suite. Slow tests that need the local model: scripts/test.sh -m slow
set -euo pipefail
cd "$(dirname "$0")/.."
python_bin="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$python_bin" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[test]'
if command -v npm >/dev/null 2>&1; then
  [ -x .cache/node/node_modules/.bin/codex ] || npm install --prefix .cache/node --no-audit --no-fund --loglevel=error @openai/codex
  # The agents whose hooks the live-capture tests drive for real.
  [ -x .cache/node-agents/node_modules/.bin/opencode ] || npm install --prefix .cache/node-agents --no-audit --no-fund \
    --loglevel=error @github/copilot @mariozechner/pi-coding-agent opencode-ai \
    || echo "could not install the Copilot, pi and OpenCode CLIs: their live-capture tests will be skipped" >&2
else
  echo "npm not found: the codex, Copilot, pi and OpenCode CLI tests will be skipped" >&2
fi
set +e
.venv/bin/python -m pytest "$@"
status=$?
set -e
# pytest exits 5 when a selection collects no test; that is not a failure of the project.
[ "$status" -eq 5 ] && status=0
exit "$status"
