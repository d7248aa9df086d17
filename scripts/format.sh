#!/usr/bin/env bash
# clang-format (the project's .clang-format) over every C++ file of the repository.
#   scripts/format.sh           reformats them in place
#   scripts/format.sh --check   changes nothing; lists the files that differ and exits 1 if any do
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
command -v clang-format > /dev/null || { echo "format.sh: clang-format is not installed (scripts/deps.sh test)" >&2; exit 2; }
mapfile -t files < <(git ls-files -- 'app/*.cpp' 'app/*.h' 'engine/*.cpp' 'engine/*.h' 'tests/*.cpp' 'tests/*.h' \
  'bench/*.cpp' 'bench/*.h' 'fuzz/*.cpp' 'fuzz/*.h')
if [[ ${1:-} == --check ]]; then
  bad=0
  for f in "${files[@]}"; do
    if ! clang-format --style=file "$f" | cmp -s - "$f"; then
      echo "not formatted: $f (scripts/format.sh reformats it)"
      bad=1
    fi
  done
  ((bad == 0)) && echo "format: ${#files[@]} files match .clang-format"
  exit $bad
fi
clang-format --style=file -i "${files[@]}"
echo "format: ${#files[@]} files formatted"
