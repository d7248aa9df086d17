#!/usr/bin/env bash
# Installs what is missing, builds Release and starts the viewer on MAP (default: the playground map).
#   scripts/run.sh [MAP] [viewer options...]   (options: `cliplab --help`, the view command)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/deps.sh" build
cmake -S "$root" -B "$root/build/release" -DCMAKE_BUILD_TYPE=Release -DCLIPLAB_BUILD_TESTS=OFF \
  -DCLIPLAB_BUILD_BENCH=OFF > /dev/null
cmake --build "$root/build/release" --parallel "$(nproc)" --target cliplab
cliplab="$root/build/release/app/cliplab"
if [[ -n "${DISPLAY:-}" || -n "${WAYLAND_DISPLAY:-}" ]]; then
  exec "$cliplab" view "$@"
fi
# No display (a server, CI, a container): say so, show what the map holds, and draw one frame of
# the viewer, panels included, into a PNG under Xvfb so there is still something to look at.
map=${1:-}
if [[ -n "$map" && "$map" == -* ]]; then map=""; fi
echo "cliplab: no display (DISPLAY is not set); run this on a desktop to get the window."
map=${map:-$root/assets/maps/playground.map}
"$cliplab" info "$map" || exit 1
if command -v xvfb-run > /dev/null; then
  out="$root/build/release/view.png"
  log="$root/build/release/view.log"
  if xvfb-run -a -s "-screen 0 1280x720x24" "$cliplab" shot "$map" --ui --size 1280x720 --out "$out" \
      > "$log" 2>&1; then
    echo "cliplab: a frame of the viewer on $map is in $out"
  else
    tail -n 5 "$log"
    exit 1
  fi
fi
