#!/usr/bin/env bash
# Builds the libFuzzer harnesses (tests/fuzz/, native-debug preset: clang 14, ASan + UBSan) and runs each one
# for [seconds] (default 10) or [runs] inputs, whichever ends first, on a copy of its corpus, one after the
# other (the machine has 2 cores). Naming harnesses runs only those.
#   scripts/fuzz.sh                          # about a minute in all: part of ./test.sh
#   scripts/fuzz.sh 3600 1000000             # the long run recorded in docs/hardening.md: 10^6 inputs each
#   scripts/fuzz.sh 3600 1000000 fuzz_link   # one harness
# Fails if a harness crashes, breaks an invariant, trips a sanitizer or times out on one input; the failing
# input is kept as build/fuzz/<harness>/crash-* (add it to tests/fuzz/corpus/<harness>/ with the fix).
# New coverage found during the run stays in build/fuzz/<harness>/corpus (not in the repository): minimize it
# into the corpus by hand (`<harness> -merge=1 tests/fuzz/corpus/<harness> build/fuzz/<harness>/corpus`)
# when it is worth keeping.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
seconds="${1:-10}"
runs_limit="${2:--1}"   # libFuzzer's -runs: -1 is no limit
harnesses=(fuzz_link fuzz_state_json fuzz_bike_json fuzz_cli_args fuzz_numbers)
[ $# -gt 2 ] && harnesses=("${@:3}")

cmake --preset native-debug >/dev/null || exit 1
cmake --build --preset native-debug --target fuzz_harnesses || exit 1

export ASAN_OPTIONS="halt_on_error=1:abort_on_error=1:detect_leaks=1:strict_string_checks=1"
export UBSAN_OPTIONS="halt_on_error=1:abort_on_error=1:print_stacktrace=1"
[ -x /usr/lib/llvm-14/bin/llvm-symbolizer ] && export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-14/bin/llvm-symbolizer

failed=0
total_runs=0
for h in "${harnesses[@]}"; do
  work="build/fuzz/$h"
  rm -rf "$work"; mkdir -p "$work/corpus"
  cp tests/fuzz/corpus/"$h"/* "$work/corpus/" 2>/dev/null
  # -timeout: one input taking over 10 s is a hang (a bug); -rss_limit_mb: the machine is shared.
  (cd "$work" && "../../native-debug/bin/$h" -max_total_time="$seconds" -runs="$runs_limit" -timeout=10 -rss_limit_mb=2048 \
      -max_len=4096 -print_final_stats=1 corpus > log.txt 2>&1)
  rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log.txt" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$work/log.txt" | tail -1)
  crashes=$(find "$work" -maxdepth 1 \( -name 'crash-*' -o -name 'timeout-*' -o -name 'leak-*' -o -name 'oom-*' \) | wc -l)
  echo "fuzz: $h: ${runs:-0} inputs (limits ${seconds} s, ${runs_limit} inputs), ${cov:-cov: ?}, exit $rc, $crashes failing inputs"
  total_runs=$((total_runs + ${runs:-0}))
  if [ "$rc" -ne 0 ] || [ "$crashes" -ne 0 ] || [ "${runs:-0}" -eq 0 ]; then
    failed=$((failed + 1))
    tail -40 "$work/log.txt"
  fi
done
echo "fuzz: $((${#harnesses[@]} - failed)) passed, $failed failed ($total_runs inputs in all)"
[ "$failed" -eq 0 ]
