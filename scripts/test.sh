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
# Repo replays run their commands under bubblewrap; the containment tests use the real one.
if ! command -v bwrap >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get install -y -q bubblewrap >/dev/null 2>&1 || { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q bubblewrap >/dev/null 2>&1; } || true
  elif command -v sudo >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
    sudo -n apt-get install -y -q bubblewrap >/dev/null 2>&1 || { sudo -n apt-get update -q >/dev/null 2>&1 && sudo -n apt-get install -y -q bubblewrap >/dev/null 2>&1; } || true
  fi
  command -v bwrap >/dev/null 2>&1 || echo "could not install bubblewrap (bwrap): the sandbox containment tests will be skipped" >&2
fi
if command -v bwrap >/dev/null 2>&1 && ! bwrap --ro-bind / / --unshare-all --unshare-user true >/dev/null 2>&1; then
  echo "bubblewrap cannot create a sandbox here (user namespaces restricted?): the sandbox containment tests will be skipped" >&2
fi
set +e
.venv/bin/python -m pytest "$@"
status=$?
set -e
# pytest exits 5 when a selection collects no test; that is not a failure of the project.
[ "$status" -eq 5 ] && status=0
exit "$status"
