#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) and runs each for SECONDS on its corpus.
#   scripts/fuzz.sh [SECONDS] [TARGET...]     default 30 seconds, every target
# Corpora live in tests/data/fuzz/TARGET (seeds, committed); new inputs found during a run go to
# build/fuzz/corpus/TARGET so the committed seeds stay small. A crash leaves crash-* files in
# build/fuzz and makes this script fail.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-30}
shift || true
"$root/scripts/deps.sh" fuzz
build="$root/build/fuzz"
CC=clang CXX=clang++ cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCLIPLAB_FUZZ=ON \
  -DCLIPLAB_BUILD_APP=OFF -DCLIPLAB_BUILD_TESTS=OFF -DCLIPLAB_BUILD_BENCH=OFF -DCLIPLAB_BUILD_VIEWER=OFF > /dev/null
targets=("$@")
if ((${#targets[@]} == 0)); then
  mapfile -t targets < <(sed -n 's/^cliplab_fuzzer(\([a-z0-9_]*\) .*/\1/p' "$root/fuzz/CMakeLists.txt")
fi
cmake --build "$build" --parallel "$(nproc)" --target "${targets[@]}"
export LSAN_OPTIONS="suppressions=$root/tests/lsan.supp"
status=0
for t in "${targets[@]}"; do
  seeds="$root/tests/data/fuzz/$t"
  work="$build/corpus/$t"
  mkdir -p "$work" "$seeds"
  echo "== $t: ${seconds}s"
  if ! (cd "$build" && "./fuzz/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 "$work" "$seeds" 2>&1 | grep -E 'stat::number_of_executed_units|ERROR|SUMMARY|crash-|Done'); then
    :
  fi
  if ls "$build"/crash-* "$build"/leak-* "$build"/timeout-* > /dev/null 2>&1; then
    echo "fuzz: $t found a failing input (see $build)"; status=1
  fi
done
exit $status
