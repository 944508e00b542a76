#!/usr/bin/env bash
# The containment and judge tests under the real bubblewrap: as this user and, where this is root
# (a container, CI), again as an ordinary user on a copy of the tree that user can read, since a
# root night and a user's night set the sandbox up differently (identity.py, sized.py).
# CONTAINMENT_USER names that user (default nobody); CONTAINMENT_PYTHON an interpreter with the
# test dependencies that user may start (default .venv/bin/python). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
tests=(tests/test_sandbox.py tests/test_sandbox_beneath.py tests/test_sandbox_bounds.py tests/test_sandbox_find.py
       tests/test_sandbox_secrets.py tests/test_sandbox_workspace.py tests/test_judge_integrity.py tests/test_repo_judge.py
       tests/test_agent_relay.py tests/test_agent_loop.py tests/test_agent_headless.py tests/test_night_repo_headless.py)
python="${CONTAINMENT_PYTHON:-$PWD/.venv/bin/python}"
"$python" -m pytest -q -p no:cacheprovider "${tests[@]}" "$@"
[ "$(id -u)" = 0 ] || exit 0
user="${CONTAINMENT_USER:-nobody}"
if ! runuser -u "$user" -- "$python" -c 'import pytest' >/dev/null 2>&1; then
  echo "not run as $user: $user cannot start $python with pytest (an interpreter in a folder only root may enter?);" \
       "set CONTAINMENT_PYTHON to one it can" >&2
  exit 3
fi
copy="$(mktemp -d)"
trap 'rm -rf "$copy"' EXIT
git ls-files -z | xargs -0 cp -d --parents -t "$copy"
chmod -R a+rX "$copy"
cd "$copy"
runuser -u "$user" -- env HOME=/tmp PYTHONDONTWRITEBYTECODE=1 "$python" -m pytest -q -p no:cacheprovider \
  "${tests[@]}" "$@"
