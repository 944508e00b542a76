# Where the plugin's engine tree and data live; sourced by the launchers in ../bin (not run).

# find_engine_root DIR: sets ENGINE_ROOT to the folder above DIR, or the one above that, that
# holds the engine (skillopt_sleep/): the plugin's root in an agent's cache, the repository in a
# checkout. DIR is a physical path (pwd -P), so its parents are found by cutting names off,
# with no subshell: each fork is time the agent waits at a hook.
find_engine_root() {
  parent=${1%/*}
  for candidate in "${parent:-/}" "${parent%/*}"; do
    candidate=${candidate:-/}
    if [ -f "${candidate%/}/skillopt_sleep/__init__.py" ]; then
      ENGINE_ROOT=$candidate
      return 0
    fi
  done
  return 1
}

# Where the engine's environment and memory may live, in order: the agent's per-plugin data dir
# when it gives one, then the engine's own data dir (the folder platformdirs picks, or
# $SKILLOPT_SLEEP_HOME/data). New things go in the first; a ready environment is used from any.
data_dirs() {
  [ -n "${CLAUDE_PLUGIN_DATA:-}" ] && printf '%s\n' "$CLAUDE_PLUGIN_DATA"
  [ -n "${PLUGIN_DATA:-}" ] && printf '%s\n' "$PLUGIN_DATA"
  if [ -n "${SKILLOPT_SLEEP_HOME:-}" ]; then printf '%s/data\n' "$SKILLOPT_SLEEP_HOME"; return; fi
  case "$(uname -s 2>/dev/null)" in
    Darwin) printf '%s/Library/Application Support/%s\n' "$HOME" skillopt-sleep ;;
    *)
      case "${XDG_DATA_HOME:-}" in
        /*) printf '%s/%s\n' "$XDG_DATA_HOME" skillopt-sleep ;;
        *) printf '%s/.local/share/%s\n' "$HOME" skillopt-sleep ;;
      esac ;;
  esac
}

first_data_dir() { data_dirs | { IFS= read -r first; printf '%s' "$first"; }; }

# take_plugin_data "$@": an agent's command passes its plugin data dir as `--plugin-data DIR`
# (the shell it runs in may not have CLAUDE_PLUGIN_DATA); the caller then shifts PLUGIN_DATA_SHIFT.
take_plugin_data() {
  PLUGIN_DATA_SHIFT=0
  if [ "${1:-}" = "--plugin-data" ] && [ "$#" -ge 2 ]; then
    [ -n "$2" ] && CLAUDE_PLUGIN_DATA=$2 && export CLAUDE_PLUGIN_DATA
    PLUGIN_DATA_SHIFT=2
  fi
}
