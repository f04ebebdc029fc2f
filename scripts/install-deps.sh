#!/usr/bin/env bash
# Installs everything Carvallo needs on Debian bookworm, from Debian packages and npm only.
# Idempotent: skips what is present. Stops with a clear message when something cannot be installed.
# Used by serve.sh and test.sh; safe to run by hand.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Third-party sources are unpacked outside the repository, in a per-user cache shared by every clone
# (web/CMakeLists.txt looks in the same place).
third_party="${CARVALLO_DEPS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/carvallo}"

die() { echo "install-deps: ERROR: $*" >&2; exit 1; }
say() { echo "install-deps: $*"; }

packages=(cmake ninja-build g++ emscripten node-acorn libeigen3-dev catch2 libglfw3-dev
          nlohmann-json3-dev chromium dpkg-dev gnuplot-nox)  # gnuplot: docs/plots/make_plots.sh
# xbyak: the x86-64 assembler of the recorded programs' machine code (CARVALLO_MACHINE_CODE, the native presets).
if [ "$(dpkg --print-architecture 2>/dev/null)" = amd64 ]; then packages+=(libxbyak-dev); fi
# The symbolic peer of bench/bicycle_peer_bench (SymPy derives the Whipple bicycle; built on request only).
packages+=(python3-sympy)
# The playground's UI font: DejaVu Sans, subset at build time by fonttools' pyftsubset (web/CMakeLists.txt).
packages+=(fonts-dejavu-core fonttools)
# wasm-split (binaryen): the page's WebAssembly in two parts, the first frame's and the rest (scripts/package_site.mjs).
packages+=(binaryen)
# ccache: every build compiles through it (scripts/compiler_cache.sh), so CI's clean clone recompiles only
# what changed since this machine's last build.
packages+=(ccache)
# The native-debug preset (ASan + UBSan tests, libFuzzer harnesses): clang 14, its sanitizer and libFuzzer
# runtimes (libclang-rt-14-dev) and llvm-symbolizer (llvm-14) for readable reports.
packages+=(clang-14 libclang-rt-14-dev llvm-14)

# npm: Debian's package on a bare machine; an existing node/npm installation (e.g. a newer nodejs) is kept.
command -v npm >/dev/null || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || die "not root and no sudo; install as root: ${missing[*]:-}"
  sudo_cmd=(sudo)
fi

apt_updated=0
apt_update() {
  [ "$apt_updated" -eq 1 ] && return
  say "apt-get update"
  "${sudo_cmd[@]}" apt-get update -qq || die "apt-get update failed (no access to Debian's package archive?)"
  apt_updated=1
}

if [ "${#missing[@]}" -gt 0 ]; then
  say "installing Debian packages: ${missing[*]}"
  apt_update
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" \
    || die "apt-get install failed for: ${missing[*]}"
else
  say "Debian packages present"
fi

# Dear ImGui 1.86 sources come from Debian's imgui source package (libimgui-dev has no backends).
imgui_dir="$third_party/imgui"
if [ ! -f "$imgui_dir/imgui.cpp" ] || [ ! -f "$imgui_dir/backends/imgui_impl_opengl3.cpp" ]; then
  if ! grep -rqs '^deb-src\|^Types:.*deb-src' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    say "adding a deb-src entry for bookworm"
    printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
      | "${sudo_cmd[@]}" tee /etc/apt/sources.list.d/carvallo-deb-src.sources >/dev/null
    apt_updated=0
  fi
  apt_update
  work="$(mktemp -d)"
  say "fetching the imgui source package"
  (cd "$work" && apt-get source -qq --download-only imgui >/dev/null 2>&1 && dpkg-source -x --skip-debianization ./imgui_*.dsc src >/dev/null) \
    || die "could not get Debian's imgui source package (apt-get source imgui)"
  rm -rf "$imgui_dir"; mkdir -p "$third_party"
  mv "$work/src" "$imgui_dir"; rm -rf "$work"
  [ -f "$imgui_dir/imgui.cpp" ] || die "imgui source package has no imgui.cpp"
fi
ver="$(grep -m1 '#define IMGUI_VERSION ' "$imgui_dir/imgui.h" | awk '{print $3}')"
say "Dear ImGui $ver at $imgui_dir"

# From npm, pinned by package-lock.json: playwright-core (the browser tests; it never downloads a browser)
# qrcode-generator (bundled into the playground) and axe-core (the accessibility checks of
# tests/e2e/access.test.mjs, injected into the page). npm ci again when one of package.json's is missing.
npm_missing="$(cd "$root" && node -e 'const p = require("./package.json"), fs = require("fs");
  const all = Object.keys({ ...p.dependencies, ...p.devDependencies });
  console.log(all.filter((n) => !fs.existsSync("node_modules/" + n + "/package.json")).join(" "));')"
if [ -n "$npm_missing" ]; then
  say "npm ci ($npm_missing)"
  (cd "$root" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error) || die "npm ci failed"
fi
say "done"
