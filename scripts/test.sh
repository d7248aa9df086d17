#!/usr/bin/env bash
# Installs what is missing, checks that every C++ file is as clang-format writes it
# (scripts/format.sh --check), then builds and tests in three trees (the README's "Building by
# hand" says what runs where):
#   Release (g++ -O3, the program users run): the program, the viewer and the benchmarks are built;
#     the "reference" tests run (ours against ioquake3's traces and walks and q3map2's maps, bit
#     for bit, with the optimiser users get);
#   clang with AddressSanitizer, UndefinedBehaviorSanitizer and assertions on (-O1): every test,
#     the window tests included; its engine libraries also serve the libFuzzer targets, which then
#     run briefly on their corpora, two at a time;
#   ThreadSanitizer: the thread tests (ctest label "threads").
# Prints ctest's summaries and the time each stage took.
#   scripts/test.sh            everything
#   CLIPLAB_SKIP_ASAN=1 ...    skip the sanitizer build, its tests and the fuzz runs (quicker, for development)
#   CLIPLAB_SKIP_FUZZ=1 ...    skip the short libFuzzer runs over every parser
#   CLIPLAB_SKIP_TSAN=1 ...    skip the ThreadSanitizer run of the thread tests
#   CLIPLAB_FUZZ_SECONDS=N     seconds per fuzz target (default 20)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc)
"$root/scripts/deps.sh" test

status=0
started=$SECONDS
stage() {
  echo "== $1 (at $((SECONDS - started)) s) =="
}

# configure_and_test DIR [cmake options...]: configures with Ninja, builds everything, runs ctest.
configure_and_test() {
  local dir=$1
  shift
  cmake -G Ninja -S "$root" -B "$dir" "$@" > /dev/null
  cmake --build "$dir" --parallel "$jobs"
  (cd "$dir" && ctest --output-on-failure --timeout 900 -j "$jobs")
}

stage "Format (clang-format, .clang-format)"
"$root/scripts/format.sh" --check || status=1

stage "Release (the program, the viewer, the benchmarks; the reference tests)"
release="$root/build/test-release"
{ cmake -G Ninja -S "$root" -B "$release" -DCMAKE_BUILD_TYPE=Release -DCLIPLAB_BUILD_BENCH=ON > /dev/null &&
    cmake --build "$release" --parallel "$jobs" --target cliplab trace_bench methods_bench reference_tests &&
    (cd "$release" && ctest --output-on-failure --timeout 900 -j "$jobs" -L reference); } || status=1

if [[ -z ${CLIPLAB_SKIP_ASAN:-} ]]; then
  stage "AddressSanitizer + UndefinedBehaviorSanitizer (clang, -O1, assertions on)"
  sanitize="$root/build/test-sanitize"
  # RelWithDebInfo's flags without -DNDEBUG: the tests run with the engine's assertions.
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    CC=clang CXX=clang++ configure_and_test "$sanitize" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1" \
    -DCLIPLAB_SANITIZE=ON -DCLIPLAB_FUZZ=ON -DCLIPLAB_BUILD_BENCH=OFF || status=1
  if [[ -z ${CLIPLAB_SKIP_FUZZ:-} ]]; then
    stage "Fuzz smoke run (libFuzzer, ${CLIPLAB_FUZZ_SECONDS:-20} s per target)"
    "$root/scripts/fuzz.sh" --build "$sanitize" "${CLIPLAB_FUZZ_SECONDS:-20}" || status=1
  fi
fi

if [[ -z ${CLIPLAB_SKIP_TSAN:-} ]]; then
  stage "ThreadSanitizer (thread tests)"
  tsan="$root/build/test-tsan"
  # -O1 -g1 as in the sanitizer tree: the races are the same, the build is quicker.
  { cmake -G Ninja -S "$root" -B "$tsan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCLIPLAB_TSAN=ON \
      "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1" \
      -DCLIPLAB_BUILD_VIEWER=OFF -DCLIPLAB_BUILD_BENCH=OFF > /dev/null &&
    cmake --build "$tsan" --parallel "$jobs" --target thread_tests &&
    (cd "$tsan" && TSAN_OPTIONS=halt_on_error=1 ctest --output-on-failure --timeout 900 -L threads); } || status=1
fi
stage "Done: $( ((status == 0)) && echo passed || echo FAILED)"
exit $status
