#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan) and runs each for SECONDS on its corpus,
# as many at once as there are cores.
#   scripts/fuzz.sh [--build DIR] [SECONDS] [TARGET...]   default 30 seconds, every target
# DIR is a sanitizer tree configured with clang, -DCLIPLAB_SANITIZE=ON and -DCLIPLAB_FUZZ=ON
# (scripts/test.sh passes its own); without --build, build/fuzz is configured with the fuzz targets
# alone. Corpora live in tests/data/fuzz/TARGET (seeds, committed); new inputs found during a run
# go to DIR/fuzz-corpus/TARGET so the committed seeds stay small. A failing input (crash-*, leak-*,
# timeout-*, oom-*) is kept in DIR/fuzz-artifacts/TARGET; it, or a non-zero libFuzzer exit status,
# makes this script fail.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=""
if [[ ${1:-} == --build ]]; then
  build=$2
  shift 2
fi
seconds=${1:-30}
shift || true
"$root/scripts/deps.sh" fuzz
if [[ -z $build ]]; then
  build="$root/build/fuzz"
  CC=clang CXX=clang++ cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCLIPLAB_SANITIZE=ON -DCLIPLAB_FUZZ=ON -DCLIPLAB_BUILD_APP=OFF -DCLIPLAB_BUILD_TESTS=OFF \
    -DCLIPLAB_BUILD_BENCH=OFF -DCLIPLAB_BUILD_VIEWER=OFF > /dev/null
fi
targets=("$@")
if ((${#targets[@]} == 0)); then
  mapfile -t targets < <(sed -n 's/^cliplab_fuzzer(\([a-z0-9_]*\) .*/\1/p' "$root/fuzz/CMakeLists.txt")
fi
cmake --build "$build" --parallel "$(nproc)" --target "${targets[@]}"
export LSAN_OPTIONS="suppressions=$root/tests/lsan.supp"

# Runs one target; its summary goes to its log, its verdict to the exit status.
fuzz_one() {
  local t=$1
  local seeds="$root/tests/data/fuzz/$t" work="$build/fuzz-corpus/$t" artifacts="$build/fuzz-artifacts/$t"
  # Artifacts of earlier runs would mark this run as failed: each target starts with an empty folder.
  rm -rf "$artifacts"
  mkdir -p "$work" "$seeds" "$artifacts"
  local log="$artifacts/log.txt" fuzz_status=0
  (cd "$build" && "./fuzz/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$artifacts/" -print_final_stats=1 "$work" "$seeds" > "$log" 2>&1) || fuzz_status=$?
  local found
  found=$(find "$artifacts" -maxdepth 1 \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) \
    -printf '%f ')
  {
    echo "== $t: ${seconds}s"
    grep -E 'stat::number_of_executed_units|ERROR|SUMMARY|crash-|oom-|leak-|timeout-|Done' "$log" || true
    if ((fuzz_status != 0)) || [[ -n $found ]]; then
      echo "fuzz: $t failed (libFuzzer exit status $fuzz_status${found:+; inputs: $found}); see $artifacts"
    fi
  } > "$artifacts/summary.txt"
  ((fuzz_status == 0)) && [[ -z $found ]]
}

status=0
slots=$(nproc)
running=()
for t in "${targets[@]}"; do
  if ((${#running[@]} >= slots)); then
    wait "${running[0]}" || status=1
    running=("${running[@]:1}")
  fi
  fuzz_one "$t" &
  running+=($!)
done
for pid in "${running[@]}"; do
  wait "$pid" || status=1
done
for t in "${targets[@]}"; do
  cat "$build/fuzz-artifacts/$t/summary.txt"
done
exit $status
