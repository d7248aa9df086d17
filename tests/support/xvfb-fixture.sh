#!/usr/bin/env bash
# One Xvfb display shared by the test entries that need a window (ctest fixture "xvfb",
# tests/CMakeLists.txt): `start DIR` starts it on a free display and writes its number and pid to
# DIR/display; `stop DIR` ends it; `run DIR [NAME=VALUE...] CMD...` runs CMD with DISPLAY set to it
# (or without a display when none was started: listing a test binary's tests needs none) and the
# variables given. (ctest's ENVIRONMENT property would hold them, but gtest_discover_tests cannot
# pass a list-valued property on.)
set -euo pipefail
action=$1 dir=$2
shift 2
case "$action" in
start)
  mkdir -p "$dir"
  for n in $(seq 90 189); do
    # A display is free when neither its lock file nor its socket exists.
    [[ -e /tmp/.X$n-lock || -e /tmp/.X11-unix/X$n ]] && continue
    Xvfb ":$n" -screen 0 1280x720x24 -nolisten tcp -ac > "$dir/xvfb.log" 2>&1 &
    pid=$!
    for _ in $(seq 100); do
      if [[ -S /tmp/.X11-unix/X$n ]]; then
        echo "$n $pid" > "$dir/display"
        exit 0
      fi
      kill -0 "$pid" 2> /dev/null || break # lost the race for this number: try the next
      sleep 0.05
    done
    kill "$pid" 2> /dev/null || true
  done
  echo "xvfb-fixture: no display could be started (see $dir/xvfb.log)" >&2
  exit 1
  ;;
stop)
  if [[ -f $dir/display ]]; then
    read -r n pid < "$dir/display"
    kill "$pid" 2> /dev/null || true
    rm -f "$dir/display"
  fi
  ;;
run)
  if [[ -f $dir/display ]]; then
    read -r n pid < "$dir/display"
    export DISPLAY=":$n"
  fi
  while (($# > 0)) && [[ $1 == [A-Za-z_]*=* ]]; do
    export "${1?}"
    shift
  done
  exec "$@"
  ;;
*)
  echo "usage: xvfb-fixture.sh start|stop|run DIR [CMD...]" >&2
  exit 2
  ;;
esac
