#!/usr/bin/env bash
# The CPU work of a frame, cliplab against the game (OpenArena, OpenGL1 renderer, no HUD), at the
# three oa_dm1 views of scripts/compare-render-speed.sh (same settled eye for both). Both draw
# with Mesa's llvmpipe, so a frame's work is the process's CPU time over it, the rasteriser's
# worker threads included: a figure other jobs on a shared machine disturb far less than wall
# time. The game's is the difference of two runs that differ only by 400 settled frames (so
# loading and settling cancel out); cliplab's is `shot --frames 60`'s cpu_ms_per_frame.
# Needs xvfb and the `openarena` package.
#   scripts/compare-render-work.sh BUILD_DIR [ROUNDS]
set -euo pipefail
build=${1:?usage: compare-render-work.sh BUILD_DIR [ROUNDS]}
rounds=${2:-1}
cliplab="$build/app/cliplab"
game_bin=${OPENARENA:-/usr/games/openarena}
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
xvfb=(xvfb-run -a -s "-screen 0 1280x720x24")
views=("1128 1424 98 225" "-560 768 50 0" "324 1156 50 180")

# game_cpu X Y Z YAW FRAMES: prints "user+sys seconds" of a game run holding the settled view for
# FRAMES frames, and leaves its log (with viewpos) in $home/game.log.
game_cpu() {
  /usr/bin/time -f "%U %S" -o "$home/time.txt" timeout 900 "${xvfb[@]}" "$game_bin" +set fs_homepath "$home" \
    +set cl_renderer opengl1 +set r_mode -1 +set r_customwidth 1280 +set r_customheight 720 +set r_fullscreen 0 \
    +set com_introplayed 1 +set s_initsound 0 +set cg_drawgun 0 +set cg_draw2D 0 +set com_maxfps 0 \
    +set r_swapInterval 0 +devmap oa_dm1 +wait 200 +setviewpos "$1" "$2" "$(($3 - 26))" "$4" +wait 300 +viewpos \
    +wait "$5" +quit > "$home/game.log" 2>&1 || true
  awk '{print $1 + $2}' "$home/time.txt"
}

for ((r = 0; r < rounds; ++r)); do
  n=0
  for v in "${views[@]}"; do
    n=$((n + 1))
    read -r x y z yaw <<<"$v"
    short=$(game_cpu "$x" "$y" "$z" "$yaw" 100)
    eye=$(sed -n 's/^(\(-\?[0-9]*\) \(-\?[0-9]*\) \(-\?[0-9]*\)) : .*/\1 \2 \3/p' "$home/game.log" | tail -1)
    long=$(game_cpu "$x" "$y" "$z" "$yaw" 500)
    game=$(awk -v a="$short" -v b="$long" 'BEGIN {printf "%.1f", (b - a) / 400 * 1000}')
    read -r ex ey ez <<<"${eye:-$x $y $z}"
    ours=$("${xvfb[@]}" "$cliplab" shot oa_dm1 --pos "$ex" "$ey" "$ez" --angles 0 "$yaw" --size 1280x720 \
      --out "$home/shot.png" --frames 60 2>/dev/null | sed -n 's/^cpu_ms_per_frame=//p')
    ratio=$(awk -v g="$game" -v o="$ours" 'BEGIN {if (o > 0) printf "%.2f", g / o; else print "nan"}')
    echo "view $n: eye ($ex $ey $ez) yaw $yaw: cliplab ${ours} ms CPU, game ${game} ms CPU, game/cliplab ${ratio}x," \
      "load $(cut -d' ' -f1 /proc/loadavg)"
  done
done
