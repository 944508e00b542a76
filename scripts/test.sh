#!/usr/bin/env bash
# Set up the test environment (the SDKs, the bundled claude CLI, the codex, Copilot, pi and
# OpenCode CLIs from npm, each at the version locks/ pins) and run the default test suite.
# Slow tests that need the local model: scripts/test.sh -m slow. The newest agents: scripts/drift.sh
set -euo pipefail
cd "$(dirname "$0")/.."
python_bin="${PYTHON:-python3}"
# Every package and agent CLI the tests drive is installed at the exact version in locks/.
[ -x .venv/bin/python ] || "$python_bin" -m venv .venv
.venv/bin/python -m pip install -q -c locks/python.txt --upgrade pip
.venv/bin/python -m pip install -q -c locks/python.txt -e '.[test]'
agents_prefix=.cache/agents
agents_stamp="$agents_prefix/.locked"
if command -v npm >/dev/null 2>&1; then
  if ! cmp -s locks/agents.txt "$agents_stamp"; then
    # The lock's lines, comments dropped, are npm's exact specs (name@version).
    grep -v '^[[:space:]]*\(#\|$\)' locks/agents.txt | xargs npm install --prefix "$agents_prefix" --no-audit --no-fund \
      --no-save --loglevel=error && cp locks/agents.txt "$agents_stamp" \
      || echo "could not install the agent CLIs of locks/agents.txt: their tests will be skipped" >&2
  fi
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
# One worker per core (at most four), each taking whole test files so a file's shared setup runs
# once; `scripts/test.sh -n 0` runs in one process.
.venv/bin/python -m pytest -n auto --maxprocesses 4 --dist loadfile "$@"
status=$?
set -e
# pytest exits 5 when a selection collects no test; that is not a failure of the project.
[ "$status" -eq 5 ] && status=0
exit "$status"
