#!/usr/bin/env bash
# Installs what is missing, builds the WebAssembly playground and serves it on 127.0.0.1:${PORT:-8080}.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
scripts/install-deps.sh
export NODE_PATH=/usr/share/nodejs   # Emscripten's link step needs Debian's acorn
source scripts/compiler_cache.sh
cmake --preset wasm >/dev/null
cmake --build --preset wasm --target carvallo_web
exec node scripts/serve.mjs --port "${PORT:-8080}"
