#!/usr/bin/env bash
# Map load time of `cliplab bench-load` (read, every lump checked, collision model built) side by
# side with ioquake3's CM_LoadMap (../shared/tools/q3ref load), interleaved round by round. Prints
# each map's best ms per load for both, our median parts and the ratio game/ours (above 1: we are
# faster). For developers: skips (exit 0) when q3ref is absent.
#   scripts/compare-load-speed.sh [BUILD_DIR]        default build/rel
# Environment: ROUNDS (5), REPEAT (loads per run, 50), MAPS (oa_dm1 q3dm6ish oa_minia ps37ctf kaos2),
# MAPDIR (/tmp/maps; a missing map is extracted there from OpenArena's pak1-maps.pk3), Q3REF.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build/rel}
cliplab="$build/app/cliplab"
source "$root/scripts/q3ref-common.sh"
find_q3ref compare-load-speed
[[ -x $cliplab ]] || { echo "compare-load-speed: $cliplab not built" >&2; exit 1; }
rounds=${ROUNDS:-5}
repeat=${REPEAT:-50}
maps=(${MAPS:-oa_dm1 q3dm6ish oa_minia ps37ctf kaos2})
mapdir=${MAPDIR:-/tmp/maps}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
extract_maps compare-load-speed "$mapdir" "${maps[@]}"
value() { sed -n "s/.*\b$1=\([0-9.]*\).*/\1/p" | tail -1; }
echo "machine: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores; $rounds rounds x $repeat loads"
for ((r = 1; r <= rounds; ++r)); do
  for m in "${maps[@]}"; do
    "$cliplab" bench-load "$mapdir/$m.bsp" --repeat "$repeat" > "$work/out"
    value ms_per_load < "$work/out" >> "$work/$m.ours"
    grep median_ms "$work/out" >> "$work/$m.parts"
    "$q3ref" load "$mapdir/$m.bsp" "$repeat" | value ms_per_load >> "$work/$m.game"
  done
done
best() { sort -g "$1" | head -1; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
printf '%-10s %9s %9s %7s   %s\n' map ours_ms game_ms game/us "our median parts (ms): read, parse+check, collision model"
for m in "${maps[@]}"; do
  parts=""
  for p in read parse_and_check collision_model; do parts+="$(value "$p" < "$work/$m.parts" | median) "; done
  printf '%s %s %s %s\n' "$m" "$(best "$work/$m.ours")" "$(best "$work/$m.game")" "$parts"
done | awk '{printf "%-10s %9.3f %9.3f %7.2f   %s %s %s\n", $1, $2, $3, $3 / $2, $4, $5, $6}'
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
