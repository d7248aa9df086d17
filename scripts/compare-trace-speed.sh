#!/usr/bin/env bash
# Traces/s of `cliplab bench-trace` (semantics quake3 and robust) side by side with ioquake3's own
# collision code (../shared/tools/q3ref), on the same reference traces, interleaved round by round
# so all three see the same machine load. Prints each map's median rates, the ratios ours/game and
# their geometric mean. For developers: skips (exit 0) when q3ref is absent.
#   scripts/compare-trace-speed.sh [BUILD_DIR]        default build/rel
# Environment: ROUNDS (5), REPEAT (passes over each set per run, 40), MASK (33619969),
# CURVES (off|on), MAPS (oa_dm1 q3dm6ish oa_minia ps37ctf kaos2), MAPDIR (/tmp/maps; a missing
# map is extracted there from OpenArena's pak1-maps.pk3), Q3REF (../shared/tools/q3ref).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build/rel}
cliplab="$build/app/cliplab"
source "$root/scripts/q3ref-common.sh"
find_q3ref compare-trace-speed
[[ -x $cliplab ]] || { echo "compare-trace-speed: $cliplab not built" >&2; exit 1; }
rounds=${ROUNDS:-5}
repeat=${REPEAT:-40}
mask=${MASK:-33619969}
curves=${CURVES:-off}
maps=(${MAPS:-oa_dm1 q3dm6ish oa_minia ps37ctf kaos2})
mapdir=${MAPDIR:-/tmp/maps}
nocurves=1
[[ $curves == on ]] && nocurves=0
ref=$root/tests/data/reference
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

extract_maps compare-trace-speed "$mapdir" "${maps[@]}"
for m in "${maps[@]}"; do
  in=$ref/traces/$m.in.gz
  [[ -f $in ]] || in=$ref/traces-more/$m.in.gz
  zcat "$in" > "$work/$m.in"
done

rate() { sed -n 's/.*traces_per_sec=\([0-9.]*\).*/\1/p' | tail -1; }
echo "machine: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores; mask $mask, curves $curves, $rounds rounds x $repeat passes"
for ((r = 1; r <= rounds; ++r)); do
  for m in "${maps[@]}"; do
    for sem in quake3 robust; do
      "$cliplab" bench-trace "$mapdir/$m.bsp" --mask "$mask" --curves "$curves" --semantics "$sem" --repeat "$repeat" \
        < "$work/$m.in" | rate >> "$work/$m.$sem"
    done
    "$q3ref" bench "$mapdir/$m.bsp" "$mask" "$nocurves" "$repeat" < "$work/$m.in" | rate >> "$work/$m.game"
  done
  echo "round $r/$rounds done, load average $(cut -d' ' -f1-3 /proc/loadavg)"
done

median() { sort -g "$1" | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
printf '%-10s %12s %12s %12s %8s %8s\n' map quake3/s robust/s game/s quake3x robustx
for m in "${maps[@]}"; do
  printf '%s %s %s %s\n' "$m" "$(median "$work/$m.quake3")" "$(median "$work/$m.robust")" "$(median "$work/$m.game")"
done | awk '{q = $2 / $4; r = $3 / $4; lq += log(q); lr += log(r); n++
             printf "%-10s %12.0f %12.0f %12.0f %8.2f %8.2f\n", $1, $2, $3, $4, q, r}
            END {printf "%-10s %12s %12s %12s %8.2f %8.2f\n", "geomean", "", "", "", exp(lq / n), exp(lr / n)}'
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
