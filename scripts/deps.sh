#!/usr/bin/env bash
# Installs the Debian packages cliplab needs, only those that are missing.
#   scripts/deps.sh build   what building needs
#   scripts/deps.sh test    also what the tests need (Xvfb, OpenArena data, clang-format, lld, clang for fuzzing)
#   scripts/deps.sh fuzz    building plus clang and its libFuzzer runtime
set -euo pipefail

build_packages=(
  cmake g++ make ninja-build pkg-config
  libsdl2-dev libglm-dev libimgui-dev libgtest-dev googletest libbenchmark-dev
  libstb-dev libphysfs-dev python3-glad khronos-api zlib1g-dev
)
test_packages=(
  xvfb xauth mesa-utils clang-format lld
  openarena-081-maps openarena-081-textures openarena-data openarena-oacmp1
  openarena-081-misc openarena-088-data
)

fuzz_packages=(clang libclang-rt-14-dev)

wanted=("${build_packages[@]}")
case "${1:-build}" in
  test) wanted+=("${test_packages[@]}" "${fuzz_packages[@]}") ;;
  fuzz) wanted+=("${fuzz_packages[@]}") ;;
esac

missing=()
for p in "${wanted[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if ((${#missing[@]} == 0)); then
  exit 0
fi

echo "cliplab: installing missing Debian packages: ${missing[*]}"
sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then
  sudo_cmd=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
