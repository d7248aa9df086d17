#!/usr/bin/env bash
# Traces/s of `cliplab bench-trace` (semantics quake3, robust and quake3e) side by side with the
# games' own collision code on the same reference traces: ioquake3's (../shared/tools/q3ref) for
# quake3 and robust, Quake3e's (q3ref-quake3e beside it) for quake3e; interleaved round by round so
# all of them see the same machine load. Prints each map's median rates, the ratios ours/game and
# their geometric mean. For developers: skips (exit 0) when q3ref is absent.
#   scripts/compare-trace-speed.sh [BUILD_DIR]        default build/rel
# Environment: ROUNDS (5), REPEAT (passes over each set per run, 40), MASK (33619969),
# CURVES (off|on), MAPS (oa_dm1 q3dm6ish oa_minia ps37ctf kaos2), MAPDIR (/tmp/maps; a missing
# map is extracted there from OpenArena's pak1-maps.pk3), Q3REF (../shared/tools/q3ref),
# Q3REF_QUAKE3E (q3ref-quake3e beside q3ref; without it quake3e is timed alone),
# SEMANTICS (quake3 robust quake3e), BEFORE (another cliplab binary, e.g. the build before a
# change: timed in quake3 in the same rounds, its column and ratio after ours).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build/rel}
cliplab="$build/app/cliplab"
source "$root/scripts/q3ref-common.sh"
find_q3ref compare-trace-speed
[[ -x $cliplab ]] || { echo "compare-trace-speed: $cliplab not built" >&2; exit 1; }
q3e=${Q3REF_QUAKE3E:-$(dirname "$q3ref")/q3ref-quake3e}
[[ -x $q3e ]] || q3e=""
before=${BEFORE:-}
[[ -z $before || -x $before ]] || { echo "compare-trace-speed: BEFORE=$before is not a program" >&2; exit 1; }
rounds=${ROUNDS:-5}
repeat=${REPEAT:-40}
mask=${MASK:-33619969}
curves=${CURVES:-off}
maps=(${MAPS:-oa_dm1 q3dm6ish oa_minia ps37ctf kaos2})
semantics=(${SEMANTICS:-quake3 robust quake3e})
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

# The columns: ours per semantics, the build before, then the games.
columns=("${semantics[@]}")
[[ -n $before ]] && columns+=(before)
columns+=(ioquake3)
[[ -n $q3e ]] && columns+=(Quake3e)

rate() { sed -n 's/.*traces_per_sec=\([0-9.]*\).*/\1/p' | tail -1; }
echo "machine: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores; mask $mask, curves $curves, $rounds rounds x $repeat passes"
for ((r = 1; r <= rounds; ++r)); do
  for m in "${maps[@]}"; do
    for sem in "${semantics[@]}"; do
      "$cliplab" bench-trace "$mapdir/$m.bsp" --mask "$mask" --curves "$curves" --semantics "$sem" --repeat "$repeat" \
        < "$work/$m.in" | rate >> "$work/$m.$sem"
    done
    if [[ -n $before ]]; then
      "$before" bench-trace "$mapdir/$m.bsp" --mask "$mask" --curves "$curves" --semantics quake3 --repeat "$repeat" \
        < "$work/$m.in" | rate >> "$work/$m.before"
    fi
    "$q3ref" bench "$mapdir/$m.bsp" "$mask" "$nocurves" "$repeat" < "$work/$m.in" | rate >> "$work/$m.ioquake3"
    if [[ -n $q3e ]]; then
      "$q3e" bench "$mapdir/$m.bsp" "$mask" "$nocurves" "$repeat" < "$work/$m.in" | rate >> "$work/$m.Quake3e"
    fi
  done
  echo "round $r/$rounds done, load average $(cut -d' ' -f1-3 /proc/loadavg)"
done

median() { sort -g "$1" | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
# Ratios: each semantics against its game (quake3e against Quake3e when timed, the others against
# ioquake3), and the build before against ours in quake3.
ratio_names=()
for sem in "${semantics[@]}"; do
  if [[ $sem == quake3e && -n $q3e ]]; then ratio_names+=("$sem/Quake3e"); else ratio_names+=("$sem/ioq3"); fi
done
[[ -n $before ]] && ratio_names+=("quake3/before")
printf '%-10s' map
for c in "${columns[@]}"; do printf ' %12s' "$c/s"; done
for n in "${ratio_names[@]}"; do printf ' %14s' "$n"; done
echo
for m in "${maps[@]}"; do
  declare -A med=()
  for c in "${columns[@]}"; do med[$c]=$(median "$work/$m.$c"); done
  line="$m"
  for c in "${columns[@]}"; do line+=" ${med[$c]}"; done
  for sem in "${semantics[@]}"; do
    game=ioquake3
    [[ $sem == quake3e && -n $q3e ]] && game=Quake3e
    line+=" $(awk -v a="${med[$sem]}" -v b="${med[$game]}" 'BEGIN {print a / b}')"
  done
  if [[ -n $before ]]; then
    line+=" $(awk -v a="${med[quake3]:-0}" -v b="${med[before]}" 'BEGIN {print a / b}')"
  fi
  echo "$line"
  unset med
done | awk -v ncol="${#columns[@]}" -v nrat="${#ratio_names[@]}" '
  {printf "%-10s", $1; for (i = 2; i <= 1 + ncol; ++i) printf " %12.0f", $i
   for (j = 1; j <= nrat; ++j) {v = $(1 + ncol + j); printf " %14.2f", v; l[j] += log(v)}
   n++; printf "\n"}
  END {printf "%-10s", "geomean"; for (i = 1; i <= ncol; ++i) printf " %12s", ""
       for (j = 1; j <= nrat; ++j) printf " %14.2f", exp(l[j] / n); printf "\n"}'
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
