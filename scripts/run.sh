#!/usr/bin/env bash
# Installs what is missing, builds Release and starts the viewer on MAP (default: the playground map).
#   scripts/run.sh [MAP] [viewer options...]   (options: `cliplab --help`, the view command)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/deps.sh" build
cmake -S "$root" -B "$root/build/release" -DCMAKE_BUILD_TYPE=Release -DCLIPLAB_BUILD_TESTS=OFF \
  -DCLIPLAB_BUILD_BENCH=OFF > /dev/null
cmake --build "$root/build/release" --parallel "$(nproc)" --target cliplab
exec "$root/build/release/app/cliplab" view "$@"
