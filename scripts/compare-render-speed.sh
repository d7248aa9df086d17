#!/usr/bin/env bash
# Times `cliplab shot` against the game itself (OpenArena with its OpenGL1 renderer, no HUD) at the
# three oa_dm1 views of docs/performance.md, interleaved run by run so both see the same machine
# load, and both showing the same view with the items drawn.
#
# The game cannot be put at a view directly: `setviewpos` teleports the player (origin = eye - 26),
# the teleport pushes it forward at 400 u/s and it comes to rest about 100 units further on, on the
# floor. So each game run waits until the player has settled, asks `viewpos` where the eye is
# (it prints the view origin), then times its frames (com_speeds, median of the last FRAMES settled
# frames), and cliplab is then timed at exactly that eye (median of frames 2..FRAMES, models on).
# FRAMES (default 300, several seconds each) is long enough that a burst of load from other jobs on
# a shared machine moves the medians little.
#
# Needs xvfb and the `openarena` package (not a test dependency).
#   scripts/compare-render-speed.sh BUILD_DIR [ROUNDS] [SHOTS_DIR]
# With BASELINE=/path/to/another/cliplab, that build is timed too, at the same eye right after
# ours (to show what a change did, side by side with the game, in one run).
# With SHOTS_DIR, both pictures of each view are kept there (game-N.png, cliplab-N.png; the game's
# TGA screenshot is stored bottom-up and is flipped). Prints one line per view and round.
set -euo pipefail
build=${1:?usage: compare-render-speed.sh BUILD_DIR [ROUNDS] [SHOTS_DIR]}
rounds=${2:-1}
shots=${3:-}
cliplab="$build/app/cliplab"
game_bin=${OPENARENA:-/usr/games/openarena}
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
xvfb=(xvfb-run -a -s "-screen 0 1280x720x24")
# Where the game is told to go: eye position and yaw (the original views of docs/performance.md).
views=("1128 1424 98 225" "-560 768 50 0" "324 1156 50 180")
frames=${FRAMES:-300}
[[ -n "$shots" ]] && mkdir -p "$shots"

# ratio GAME OURS: the game's frame time over ours, two decimals ("nan" when either is missing).
ratio() { awk -v g="$1" -v o="$2" 'BEGIN {if (o > 0 && g == g + 0) printf "%.2f", g / o; else print "nan"}'; }
median() { sort -n | awk '{a[NR]=$1} END {if (NR == 0) print "nan"; else if (NR % 2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }

for ((r = 0; r < rounds; ++r)); do
  n=0
  for v in "${views[@]}"; do
    n=$((n + 1))
    read -r x y z yaw <<<"$v"
    rm -rf "$home/baseoa/screenshots"
    log="$home/game.log"
    # `wait N` lasts N/2 frames (the game runs its command buffer twice a frame): 150 frames for
    # the teleport slide to end; then the eye, a screenshot and FRAMES + 20 more.
    # Every "+set" is applied at start-up whatever its place on the line, so com_speeds reports
    # every frame; the last $frames are the settled ones.
    timeout 600 "${xvfb[@]}" "$game_bin" +set fs_homepath "$home" +set cl_renderer opengl1 +set r_mode -1 \
      +set r_customwidth 1280 +set r_customheight 720 +set r_fullscreen 0 +set com_introplayed 1 \
      +set s_initsound 0 +set cg_drawgun 0 +set cg_draw2D 0 +set con_notifytime 0 +set com_maxfps 0 +set r_swapInterval 0 \
      +set com_speeds 1 +devmap oa_dm1 +wait 200 +setviewpos "$x" "$y" "$((z - 26))" "$yaw" +wait 300 +viewpos \
      +screenshot +wait "$((2 * (frames + 20)))" +quit > "$log" 2>&1 || true
    eye=$(sed -n 's/^(\(-\?[0-9]*\) \(-\?[0-9]*\) \(-\?[0-9]*\)) : .*/\1 \2 \3/p' "$log" | tail -1)
    game=$({ grep -o 'all: *[0-9]*' "$log" || true; } | awk '{print $2}' | tail -"$frames" | median)
    if [[ -z "$eye" ]]; then
      echo "view $n: the game did not report its view (see $log)"; cp "$log" "/tmp/compare-render-game-$n.log"; continue
    fi
    read -r ex ey ez <<<"$eye"
    out="$home/shot.png"
    [[ -n "$shots" ]] && out="$shots/cliplab-$n.png"
    ours=$("${xvfb[@]}" "$cliplab" shot oa_dm1 --pos "$ex" "$ey" "$ez" --angles 0 "$yaw" --size 1280x720 \
      --out "$out" --frames "$frames" 2>/dev/null | tail -1 | sed 's/.*ms_per_frame=//')
    if [[ -n "$shots" ]]; then
      tga=$(find "$home/baseoa/screenshots" -name '*.tga' 2>/dev/null | head -1)
      [[ -n "$tga" ]] && convert "$tga" -flip "$shots/game-$n.png"
    fi
    speedup=$(ratio "$game" "$ours")
    baseline=""
    if [[ -n "${BASELINE:-}" ]]; then
      base=$("${xvfb[@]}" "$BASELINE" shot oa_dm1 --pos "$ex" "$ey" "$ez" --angles 0 "$yaw" --size 1280x720 \
        --out "$home/base.png" --frames "$frames" 2>/dev/null | tail -1 | sed 's/.*ms_per_frame=//')
      baseline=" baseline ${base} ms (game/baseline $(ratio "$game" "$base")x),"
    fi
    echo "view $n: told ($x $y $z) yaw $yaw, settled eye ($ex $ey $ez): cliplab ${ours} ms, game ${game} ms," \
      "game/cliplab ${speedup}x,${baseline} load $(cut -d' ' -f1 /proc/loadavg)"
  done
done
