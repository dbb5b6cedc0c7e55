# shellcheck shell=bash
# Runs several long-lived processes together with prefixed output and stops
# them together (scripts/start.sh). Source it, then:
#
#   supervise_run NAME COMMAND...   start COMMAND, its output prefixed "[NAME] "
#   supervise_watch                 once all are started: stop them if this shell dies
#   supervise_wait                  until the first exits; then stop the rest and exit
#
# Ctrl-C or SIGTERM stops them all (10 s to close, then forced). Each command
# runs in a session of its own together with its prefixer (sed), so that a
# signal to the caller's process group (Ctrl-C, `kill -- -PGID`) never ends the
# prefixer before the command: the command's last lines still get through, and
# its log reader is not gone while it stops. If this shell is killed outright
# (SIGKILL), a watchdog in a session of its own stops the commands.

SUPERVISE_LIB=${BASH_SOURCE[0]}
supervised_pids=()
supervised_names=()
supervise_watchdog=
supervise_stopping=0

supervise_run() {
  local name=$1
  shift
  # The prefixer ignores INT and TERM: it ends when the command's output ends.
  setsid bash -c 'set -o pipefail
    name=$1
    shift
    "$@" 2>&1 | (trap "" INT TERM; exec sed -u "s/^/[$name] /")' supervised "$name" "$@" &
  supervised_pids+=("$!")
  supervised_names+=("$name")
}

# supervise_end_sessions PID...: TERM to each session, 10 s to close, then KILL.
supervise_end_sessions() {
  local pid i alive
  for pid in "$@"; do kill -TERM -- "-$pid" 2>/dev/null; done
  for ((i = 0; i < 100; i++)); do
    alive=0
    for pid in "$@"; do kill -0 -- "-$pid" 2>/dev/null && alive=1; done
    ((alive)) || return 0
    sleep 0.1
  done
  for pid in "$@"; do kill -KILL -- "-$pid" 2>/dev/null; done
}

supervise_watch() {
  # Polls once a second: a session that outlives this shell is stopped as a
  # Ctrl-C would have stopped it.
  setsid bash -c 'source "$1"
    parent=$2
    shift 2
    while kill -0 "$parent" 2>/dev/null; do sleep 1; done
    supervise_end_sessions "$@"' supervise-watchdog "$SUPERVISE_LIB" "$$" \
    "${supervised_pids[@]}" </dev/null >/dev/null 2>&1 &
  supervise_watchdog=$!
}

supervise_stop() {
  local code=${1:-0}
  ((supervise_stopping)) && return
  supervise_stopping=1
  # Our own output may already be gone (a pipe closed by the same Ctrl-C):
  # never let that stop the cleanup.
  set +e
  trap '' INT TERM PIPE
  echo "start: stopping ${supervised_names[*]}" 2>/dev/null
  # Give them 10 s to close connections, then force.
  supervise_end_sessions "${supervised_pids[@]}"
  [[ -n $supervise_watchdog ]] && kill -KILL -- "-$supervise_watchdog" 2>/dev/null
  wait "${supervised_pids[@]}" 2>/dev/null
  exit "$code"
}

supervise_wait() {
  local code i
  set +e
  wait -n "${supervised_pids[@]}"
  code=$?
  for i in "${!supervised_pids[@]}"; do
    if ! kill -0 "${supervised_pids[$i]}" 2>/dev/null; then
      echo "start: ${supervised_names[$i]} exited with status $code" >&2
      break
    fi
  done
  supervise_stop "$((code == 0 ? 1 : code))"
}
