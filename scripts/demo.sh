#!/usr/bin/env bash
# Set up skillopt-sleep with the embedded local model and run a real night on bundled example data.
# No API key is needed: the student and teacher are Qwen2.5-Coder-0.5B-Instruct through llama.cpp.
set -euo pipefail
cd "$(dirname "$0")/.."
python_bin="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$python_bin" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
# GGML_NATIVE=OFF: a build that runs on any x86-64 with AVX2 (ggml then turns AVX/AVX2/FMA/F16C on
# itself), not only on this CPU. LLAVA_BUILD=OFF: skip the multimodal library (tools/mtmd, the
# vision and audio encoders), which the package loads only for image chat handlers, never used
# here. llama.cpp's tests, examples, tools and server are already off when llama-cpp-python
# builds it as a subproject, so no flag is needed for them.
# pip says when it builds a wheel; only then is llama.cpp compiled (a cached or ready wheel is not),
# so the line about minutes of compiling is printed then and only then. pip's own output is kept
# in a log and shown when it fails.
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! CMAKE_ARGS="${CMAKE_ARGS:--DGGML_NATIVE=OFF -DLLAVA_BUILD=OFF}" .venv/bin/python -m pip install -e '.[local]' 2>&1 \
    | tee "$log" | { said=""; while IFS= read -r line; do
        case "$line" in
          *"Building wheel for llama-cpp-python"*)
            [ -n "$said" ] || echo "demo: compiling llama.cpp (llama-cpp-python) from source; this takes several minutes on a laptop"
            said=1 ;;
        esac
      done; }; then
  cat "$log" >&2
  exit 1
fi
export SKILLOPT_SLEEP_HOME="${SKILLOPT_SLEEP_HOME:-$PWD/.cache/demo-home}"
echo "demo: preparing the model weights (joined and checked once, then reused)"
.venv/bin/skillopt-sleep model prepare
exec .venv/bin/skillopt-sleep demo "$@"
