#!/usr/bin/env bash
# The CPU work of a frame, cliplab against the game (OpenArena, OpenGL1 renderer, no HUD), at the
# three oa_dm1 views of scripts/compare-render-speed.sh (same settled eye for both). Both draw
# with Mesa's llvmpipe, so a frame's work is the process's CPU time over it, the rasteriser's
# worker threads included: a figure other jobs on a shared machine disturb far less than wall
# time. The game's is the difference of two runs that differ only in how long they hold the
# settled view (so loading and settling cancel out), over the difference of their frame counts
# (com_speeds lines: `wait N` lasts N/2 frames, as the game runs its command buffer twice a
# frame); cliplab's is `shot --frames 300`'s cpu_ms_per_frame.
# Each line also gives the shading work: the samples that pass the depth test in a frame's colour
# passes. cliplab's is `shot`'s colour_samples, as drawn (nearest first), with a depth pre-pass
# and in the game's shader order; the game's
# is Mesa's own counter (GALLIUM_HUD samples-passed, not drawn, written to a file by a third run
# so that it cannot disturb the CPU figures).
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

# game_args X Y Z YAW WAIT: the game's command line for a run that holds the settled view for WAIT/2
# frames.
game_args() {
  args=(timeout 900 "${xvfb[@]}" "$game_bin" +set fs_homepath "$home" \
    +set cl_renderer opengl1 +set r_mode -1 +set r_customwidth 1280 +set r_customheight 720 +set r_fullscreen 0 \
    +set com_introplayed 1 +set s_initsound 0 +set cg_drawgun 0 +set cg_draw2D 0 +set com_maxfps 0 \
    +set r_swapInterval 0 +set com_speeds 1 +devmap oa_dm1 +wait 200 +setviewpos "$1" "$2" "$(($3 - 26))" "$4" +wait 300 +viewpos \
    +wait "$5" +quit)
}

# game_cpu X Y Z YAW WAIT: prints the "user+sys seconds" of that run and its frame count.
game_cpu() {
  game_args "$@"
  /usr/bin/time -f "%U %S" -o "$home/time.txt" "${args[@]}" > "$home/game.log" 2>&1 || true
  echo "$(awk '{print $1 + $2}' "$home/time.txt") $(grep -c 'all:' "$home/game.log" || true)"
}

# game_samples X Y Z YAW: the median over its last 50 frames of the samples passed per frame.
game_samples() {
  rm -rf "$home/hud" && mkdir -p "$home/hud"
  game_args "$@" 140
  GALLIUM_HUD=samples-passed GALLIUM_HUD_VISIBLE=false GALLIUM_HUD_PERIOD=0 GALLIUM_HUD_DUMP_DIR="$home/hud" "${args[@]}" > "$home/hud.log" 2>&1 || true
  tail -50 "$home/hud/samples_passed" 2>/dev/null | sort -n | awk '{a[NR]=$1} END {print (NR ? a[int((NR+1)/2)] : "nan")}'
}

for ((r = 0; r < rounds; ++r)); do
  n=0
  for v in "${views[@]}"; do
    n=$((n + 1))
    read -r x y z yaw <<<"$v"
    short=$(game_cpu "$x" "$y" "$z" "$yaw" 200)
    eye=$(sed -n 's/^(\(-\?[0-9]*\) \(-\?[0-9]*\) \(-\?[0-9]*\)) : .*/\1 \2 \3/p' "$home/game.log" | tail -1)
    long=$(game_cpu "$x" "$y" "$z" "$yaw" 1000)
    game=$(awk -v a="$short" -v b="$long" 'BEGIN {split(a, s, " "); split(b, l, " ");
      if (l[2] > s[2]) printf "%.1f", (l[1] - s[1]) / (l[2] - s[2]) * 1000; else print "nan"}')
    read -r ex ey ez <<<"${eye:-$x $y $z}"
    shot=("${xvfb[@]}" "$cliplab" shot oa_dm1 --pos "$ex" "$ey" "$ez" --angles 0 "$yaw" --size 1280x720 \
      --out "$home/shot.png")
    report=$("${shot[@]}" --frames 300 2>/dev/null)
    ours=$(sed -n 's/^cpu_ms_per_frame=//p' <<<"$report")
    samples=$(sed -n 's/^colour_samples=//p' <<<"$report")
    samplesPrepass=$("${shot[@]}" --depth-prepass 2>/dev/null | sed -n 's/^colour_samples=//p')
    samplesShaderOrder=$("${shot[@]}" --shader-order 2>/dev/null | sed -n 's/^colour_samples=//p')
    gameSamples=$(game_samples "$x" "$y" "$z" "$yaw")
    ratio=$(awk -v g="$game" -v o="$ours" 'BEGIN {if (o > 0) printf "%.2f", g / o; else print "nan"}')
    echo "view $n: eye ($ex $ey $ez) yaw $yaw: cliplab ${ours} ms CPU, game ${game} ms CPU, game/cliplab ${ratio}x;" \
      "samples shaded: cliplab ${samples} (${samplesPrepass} with a depth pre-pass, ${samplesShaderOrder} in shader order)," \
      "game ${gameSamples};" \
      "load $(cut -d' ' -f1 /proc/loadavg)"
  done
done
