#!/usr/bin/env bash
# Installs what is missing, checks that every C++ file is as clang-format writes it
# (scripts/format.sh --check), then builds and runs every test twice: a Release build, and a build
# with AddressSanitizer and UndefinedBehaviorSanitizer; between them each libFuzzer target runs
# briefly on its corpus; last, the thread tests (ctest label "threads") run under ThreadSanitizer.
# Prints ctest's summaries.
#   scripts/test.sh            everything
#   CLIPLAB_SKIP_ASAN=1 ...    skip the sanitizer configuration (quicker, for development)
#   CLIPLAB_SKIP_FUZZ=1 ...    skip the short libFuzzer runs over every parser
#   CLIPLAB_SKIP_TSAN=1 ...    skip the ThreadSanitizer run of the thread tests
#   CLIPLAB_FUZZ_SECONDS=N     seconds per fuzz target (default 30)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc)
"$root/scripts/deps.sh" test

configure_and_test() {
  local dir=$1; shift
  cmake -S "$root" -B "$dir" "$@" > /dev/null
  cmake --build "$dir" --parallel "$jobs"
  (cd "$dir" && ctest --output-on-failure --timeout 900 -j "$jobs")
}

status=0
echo "== Format (clang-format, .clang-format) =="
"$root/scripts/format.sh" --check || status=1
echo "== Release =="
configure_and_test "$root/build/test-release" -DCMAKE_BUILD_TYPE=Release -DCLIPLAB_BUILD_BENCH=ON || status=1
if [[ -z "${CLIPLAB_SKIP_FUZZ:-}" ]]; then
  echo "== Fuzz smoke run (libFuzzer, ${CLIPLAB_FUZZ_SECONDS:-30}s per target) =="
  "$root/scripts/fuzz.sh" "${CLIPLAB_FUZZ_SECONDS:-30}" || status=1
fi
if [[ -z "${CLIPLAB_SKIP_ASAN:-}" ]]; then
  echo "== AddressSanitizer + UndefinedBehaviorSanitizer =="
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    configure_and_test "$root/build/test-asan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCLIPLAB_SANITIZE=ON \
    -DCLIPLAB_BUILD_BENCH=OFF || status=1
fi
if [[ -z "${CLIPLAB_SKIP_TSAN:-}" ]]; then
  echo "== ThreadSanitizer (thread tests) =="
  tsan="$root/build/test-tsan"
  { cmake -S "$root" -B "$tsan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCLIPLAB_TSAN=ON -DCLIPLAB_BUILD_VIEWER=OFF \
      -DCLIPLAB_BUILD_BENCH=OFF > /dev/null &&
    cmake --build "$tsan" --parallel "$jobs" --target thread_tests &&
    (cd "$tsan" && TSAN_OPTIONS=halt_on_error=1 ctest --output-on-failure --timeout 900 -L threads); } || status=1
fi
exit $status
