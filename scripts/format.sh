#!/usr/bin/env bash
# clang-format over the project's C++ sources (.clang-format at the top).
#   scripts/format.sh           reformat every tracked .cpp/.h in place
#   scripts/format.sh --check   change nothing; list the files that differ and fail if any do
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
if ! command -v clang-format > /dev/null; then
  echo "format: clang-format is not installed (apt-get install clang-format; scripts/deps.sh test does)" >&2
  exit 1
fi
mapfile -t files < <(git ls-files '*.cpp' '*.h')
if [[ "${1:-}" == "--check" ]]; then
  bad=()
  for f in "${files[@]}"; do
    if ! clang-format --dry-run -Werror "$f" > /dev/null 2>&1; then
      bad+=("$f")
    fi
  done
  if ((${#bad[@]} > 0)); then
    echo "format: ${#bad[@]} files differ from clang-format (run scripts/format.sh):"
    printf '  %s\n' "${bad[@]}"
    exit 1
  fi
  echo "format: ${#files[@]} files match clang-format"
else
  clang-format -i "${files[@]}"
fi
