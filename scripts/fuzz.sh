#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) and runs each for SECONDS on its corpus.
#   scripts/fuzz.sh [SECONDS] [TARGET...]     default 30 seconds, every target
# Corpora live in tests/data/fuzz/TARGET (seeds, committed); new inputs found during a run go to
# build/fuzz/corpus/TARGET so the committed seeds stay small. A failing input (crash-*, leak-*,
# timeout-*, oom-*) is kept in build/fuzz/artifacts/TARGET; it, or a non-zero libFuzzer exit status,
# makes this script fail.
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
  artifacts="$build/artifacts/$t"
  # Artifacts of earlier runs would mark this run as failed: each target starts with an empty folder.
  rm -rf "$artifacts"
  mkdir -p "$work" "$seeds" "$artifacts"
  echo "== $t: ${seconds}s"
  log="$artifacts/log.txt"
  fuzz_status=0
  (cd "$build" && "./fuzz/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix="$artifacts/" -print_final_stats=1 "$work" "$seeds" > "$log" 2>&1) || fuzz_status=$?
  grep -E 'stat::number_of_executed_units|ERROR|SUMMARY|crash-|oom-|leak-|timeout-|Done' "$log" || true
  found=$(find "$artifacts" -maxdepth 1 \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) \
    -printf '%f ')
  if ((fuzz_status != 0)) || [[ -n "$found" ]]; then
    echo "fuzz: $t failed (libFuzzer exit status $fuzz_status${found:+; inputs: $found}); see $artifacts"
    status=1
  fi
done
exit $status
