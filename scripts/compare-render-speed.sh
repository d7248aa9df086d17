#!/usr/bin/env bash
# Times `cliplab shot` against the game itself (OpenArena, its OpenGL1 renderer) at the three
# oa_dm1 views of docs/performance.md, interleaved so both see the same machine load.
# Needs xvfb and the `openarena` package (not a test dependency). Prints one line per run.
#   scripts/compare-render-speed.sh BUILD_DIR [ROUNDS]
set -euo pipefail
build=${1:?usage: compare-render-speed.sh BUILD_DIR [ROUNDS]}
rounds=${2:-1}
cliplab="$build/app/cliplab"
game_bin=${OPENARENA:-/usr/games/openarena}
home=$(mktemp -d)
xvfb=(xvfb-run -a -s "-screen 0 1280x720x24")
views=("1128 1424 98 225" "-560 768 50 0" "324 1156 50 180")

median() { sort -n | awk '{a[NR]=$1} END {if (NR == 0) print "nan"; else if (NR % 2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }

for ((r = 0; r < rounds; ++r)); do
  for v in "${views[@]}"; do
    read -r x y z yaw <<<"$v"
    ours=$("${xvfb[@]}" "$cliplab" shot oa_dm1 --pos "$x" "$y" "$z" --angles 0 "$yaw" --size 1280x720 \
      --out "$home/shot.png" --frames 60 2>/dev/null | tail -1 | sed 's/.*ms_per_frame=//')
    ours_nocull=$("${xvfb[@]}" "$cliplab" shot oa_dm1 --pos "$x" "$y" "$z" --angles 0 "$yaw" --size 1280x720 \
      --out "$home/shot.png" --frames 60 --no-pvs --no-frustum 2>/dev/null | tail -1 | sed 's/.*ms_per_frame=//')
    # setviewpos takes the player origin: the eye is 26 units higher. com_speeds prints each frame's
    # total milliseconds ("all:"); the last 80 frames are after the view settled.
    game=$(timeout 180 "${xvfb[@]}" "$game_bin" +set fs_homepath "$home" +set cl_renderer opengl1 +set r_mode -1 \
      +set r_customwidth 1280 +set r_customheight 720 +set r_fullscreen 0 +set com_introplayed 1 \
      +set s_initsound 0 +set cg_drawgun 0 +set cg_draw2D 0 +set com_maxfps 0 +set r_swapInterval 0 \
      +devmap oa_dm1 +wait 200 +setviewpos "$x" "$y" "$((z - 26))" "$yaw" +wait 150 +set com_speeds 1 \
      +wait 100 +quit 2>&1 | { grep -o 'all: *[0-9]*' || true; } | awk '{print $2}' | tail -80 | median)
    echo "view ($x $y $z) yaw $yaw: cliplab ${ours} ms (no culling ${ours_nocull} ms), game ${game} ms," \
      "load $(cut -d' ' -f1 /proc/loadavg)"
  done
done
rm -rf "$home"
