# Where the plugin's engine tree and data live; sourced by the launchers in ../runners (not run).

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

# stamped_answer STAMP ROOT ARGS...: prints what `session-start ARGS` answered last time and returns
# 0, where the notice reader of the engine at ROOT (or the engine, as it wrote the notice) left
# that answer in STAMP (answer_stamp.py) and every ground it listed still holds: no file named "n"
# changed since, none named "a" there, each "f" a file, each "d" a folder, each "i" the same file
# (inode) as then, each "c" a notice whose second line still gives the same digest. Shell builtins
# alone, but for one `ls` where the folder of an "i" file changed since (every engine command
# does, as SQLite's -wal and -shm files come and go), so a session start that has nothing new to
# hear starts no Python at all. Anything else (another engine, other arguments, another
# environment, a project file in the current folder or above it, which may name another store)
# is left to the reader: returns 1.
stamped_answer() {
  stamp_file=$1
  engine=$2
  shift 2
  [ -f "$stamp_file" ] || return 1
  {
    IFS= read -r format && [ "$format" = "skillopt-sleep session-start 2 $engine" ] || return 1
    # The same values, in the same order, as pending_notice.STAMP_ENV, a tab between each.
    IFS= read -r key && [ "$key" = "${SKILLOPT_SLEEP_STORE__PATH-}	${SKILLOPT_SLEEP_CONFIG-}	${SKILLOPT_SLEEP_HOME-}	${HOME-}	${XDG_CONFIG_HOME-}	${XDG_DATA_HOME-}" ] || return 1
    IFS= read -r asked && [ "$asked" = "$#:$*" ] || return 1
    IFS= read -r said || return 1
    while IFS= read -r ground; do
      where=${ground#? }
      case $ground in
        "n "*) [ "$where" -nt "$stamp_file" ] && return 1 ;;
        "a "*) [ -e "$where" ] && return 1 ;;
        "f "*) [ -f "$where" ] || return 1 ;;
        "d "*) [ -d "$where" ] || return 1 ;;
        "i "*)
          inode=${where%% *}
          where=${where#* }
          folder=${where%/*}
          if [ "${folder:-/}" -nt "$stamp_file" ]; then
            found=$(ls -di -- "$where" 2>/dev/null) || return 1
            found=${found#"${found%%[! ]*}"}  # some ls pad the number
            [ "${found%% *}" = "$inode" ] || return 1
          fi ;;
        "c "*)
          digest=${where%% *}
          where=${where#* }
          line=
          { IFS= read -r line && IFS= read -r line; } 2>/dev/null <"$where" || return 1
          [ "$line" = "  \"digest\": \"$digest\"," ] || return 1 ;;  # pending_notice.DIGEST_LINE
        .) break ;;
        *) return 1 ;;
      esac
    done
    [ "$ground" = . ] || return 1  # a stamp cut short holds nothing
  } <"$stamp_file"
  # The reader looks for the project file from the physical folder (getcwd); so does this.
  logical=${PWD:-.}
  CDPATH='' cd -P . 2>/dev/null || return 1
  folder=$PWD
  CDPATH='' cd -- "$logical" 2>/dev/null
  while :; do
    [ -e "${folder%/}/.skillopt-sleep.yaml" ] && return 1
    [ -n "${folder%/}" ] || break
    folder=${folder%/*}
  done
  [ -z "$said" ] || printf '%s\n' "$said"
}

# run_stdlib_script DATA INPUT SCRIPT ARGS...: runs SCRIPT, which needs only the standard library,
# with INPUT on stdin and its bytecode in DATA/pycache, on the first python3 on PATH that starts (a
# version manager's shim exits 127 for a version not active here: the next name is tried); returns
# its status, 0 where none starts.
run_stdlib_script() {
  stdlib_data=$1
  stdlib_input=$2
  shift 2
  for stdlib_name in python3 python3.14 python3.13 python3.12 python3.11 python3.10 python; do
    command -v "$stdlib_name" >/dev/null 2>&1 || continue
    printf '%s\n' "$stdlib_input" | "$stdlib_name" -I -S -X "pycache_prefix=$stdlib_data/pycache" "$@" 2>/dev/null
    stdlib_status=$?
    [ "$stdlib_status" = 127 ] || return "$stdlib_status"
  done
  return 0
}
