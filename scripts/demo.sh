#!/usr/bin/env bash
# Set up skillopt-sleep with the embedded local model and run a real night on bundled example data.
# No API key is needed: the student and teacher are Qwen2.5-Coder-0.5B-Instruct through llama.cpp
# (llama-cpp-python compiles from source on first install, which takes several minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
python_bin="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$python_bin" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
CMAKE_ARGS="${CMAKE_ARGS:--DGGML_NATIVE=OFF}" .venv/bin/python -m pip install -q -e '.[local]'
export SKILLOPT_SLEEP_HOME="${SKILLOPT_SLEEP_HOME:-$PWD/.cache/demo-home}"
.venv/bin/skillopt-sleep model prepare
exec .venv/bin/skillopt-sleep demo "$@"
