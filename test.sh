#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite in five layers:
#   1. native release build of the CLI: the command-line tests (label cli_command), the papers'
#      longest mechanism reproductions and every method on every model (label long_reproduction). The unit tests are compiled once natively,
#      in layer 2: compiling them twice (release and sanitized) does not fit CI's 35 minutes on 2 cores.
#      `cmake --build --preset native && ctest --preset native` builds and runs everything in release.
#   2. the unit tests under AddressSanitizer and UndefinedBehaviorSanitizer (native-debug preset: clang 14,
#      -O1; every report is fatal; test cases tagged [slow], minutes under the sanitizers, are left out),
#      the command-line tests again, and the fuzz harnesses' corpora replayed. The test files are compiled
#      8 to a translation unit (unity build, tests/CMakeLists.txt); ctest runs two tests at a time in
#      every layer (CMakePresets.json), as the machine has 2 cores.
#   3. the libFuzzer harnesses, 5 s each (scripts/fuzz.sh; reuses layer 2's build)
#   4. the engine's and the playground logic's unit tests (tests/core, tests/web) compiled to WebAssembly,
#      run under node (ctest's emulator)
#   5. browser end-to-end tests (playwright-core driving Debian's chromium, node's test runner)
# Every layer runs even if an earlier one fails; the script fails if any layer fails or runs no test.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
scripts/install-deps.sh || exit 1
export NODE_PATH=/usr/share/nodejs   # Emscripten's link step needs Debian's acorn
source scripts/compiler_cache.sh

logs=build/test-logs
mkdir -p "$logs"
declare -a names results
overall=0
start_all=$SECONDS

run_layer() {  # name, then the command
  local name="$1"; shift
  local t0=$SECONDS
  echo; echo "=== layer: $name ==="
  "$@" 2>&1 | tee "$logs/$name.log"
  local rc=${PIPESTATUS[0]}
  names+=("$name"); results+=("$rc ($((SECONDS - t0)) s)")
  [ "$rc" -eq 0 ] || overall=1
}

native() {
  cmake --preset native && cmake --build --preset native --target carvallo carvallo_reproduction_tests &&
    ctest --preset native -L 'cli_command|long_reproduction'
}
sanitize() { cmake --preset native-debug && cmake --build --preset native-debug && ctest --preset native-debug; }
fuzz() { scripts/fuzz.sh 5; }
wasm() { cmake --preset wasm && cmake --build --preset wasm && ctest --preset wasm; }
e2e() {
  [ -f build/wasm/web/carvallo.wasm ] || { echo "e2e: the wasm build did not produce the playground"; return 1; }
  node --test --test-reporter=tap tests/e2e/ > "$logs/e2e.tap"; local rc=$?
  cat "$logs/e2e.tap"
  local n; n=$(sed -n 's/^# tests \([0-9]*\)$/\1/p' "$logs/e2e.tap" | tail -1)
  [ "${n:-0}" -gt 0 ] || { echo "e2e: no test ran"; return 1; }
  return $rc
}

run_layer native native
run_layer sanitize sanitize
run_layer fuzz fuzz
run_layer wasm wasm
run_layer e2e e2e

echo; echo "=== summary ($((SECONDS - start_all)) s) ==="
for i in "${!names[@]}"; do
  summary=$(grep -E "tests passed|^# (pass|fail) |^fuzz: [0-9]+ passed" "$logs/${names[$i]}.log" | tr '\n' ' ')
  echo "  ${names[$i]}: exit ${results[$i]}  ${summary}"
done
[ "$overall" -eq 0 ] && echo "all layers passed" || echo "FAILED"
exit "$overall"
