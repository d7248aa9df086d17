# Sourced by the compare-*-speed.sh scripts: finding ioquake3's collision tool and the maps.
#   find_q3ref NAME        sets q3ref (Q3REF, or ../shared/tools/q3ref beside the repository or a
#                          worktree of it); without it, says so and exits 0 (nothing to compare against)
#   extract_maps NAME DIR MAP...   puts DIR/MAP.bsp from OpenArena's pak1-maps.pk3 where missing

find_q3ref() {
  q3ref=${Q3REF:-$root/../shared/tools/q3ref}
  [[ -x $q3ref ]] || q3ref=$root/../../shared/tools/q3ref # a worktree under <repo>/../wt/NAME
  if [[ ! -x $q3ref ]]; then
    echo "$1: no q3ref (../shared/tools/q3ref, or set Q3REF); nothing to compare against, skipped"
    exit 0
  fi
}

extract_maps() {
  local name=$1 dir=$2 m
  shift 2
  local pk3=/usr/share/games/openarena/baseoa/pak1-maps.pk3
  mkdir -p "$dir"
  for m in "$@"; do
    if [[ ! -s $dir/$m.bsp ]]; then
      unzip -p "$pk3" "maps/$m.bsp" > "$dir/$m.bsp" || { echo "$name: cannot extract $m from $pk3" >&2; exit 1; }
    fi
  done
}
