#!/usr/bin/env bash
# Soak test (not part of ./test.sh): long runs through the command line, one after the other, at low priority.
#   scripts/soak.sh [seconds] [preset] [filter]
#     seconds: simulated time per run, default 3600 (one hour); preset: the build preset, default native
#     (native-debug: the same runs under ASan + UBSan); filter: run only the runs whose name matches this
#     extended regular expression (e.g. 'epicyclic|appell'), default all
# Runs the bicycle (benchmark, 5 m/s, kicked with a roll rate of 0.5 rad/s, the playground's step 5 ms and
# methods) and every registered model and variant (`carvallo models`) with its paper's methods and step, and
# Appell-Hamel (whose weight falls for ever, so its speeds grow without bound) also under the correcting
# stabilizers.
# A run passes when it finishes without a solver failure (the bicycle also without falling) and, for the
# correcting stabilizers (rgcpa, selective, direct), its largest violations stay within the stabilizer's
# tolerances (`simulate --json`: position_tolerance, velocity_tolerance); Baumgarte and no stabilization
# promise no bound, so their violations are reported only. The energy drift is reported for every run.
# Output: build/soak/<run>.json (the summaries), build/soak/summary.md (the table for docs/hardening.md).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
seconds="${1:-3600}"
preset="${2:-native}"
filter="${3:-.}"
out=build/soak
mkdir -p "$out"

cmake --preset "$preset" >/dev/null && nice -n 19 cmake --build --preset "$preset" --target carvallo || exit 1
exe="build/$preset/bin/carvallo"
export ASAN_OPTIONS="halt_on_error=1:abort_on_error=1:detect_leaks=1" UBSAN_OPTIONS="halt_on_error=1:abort_on_error=1:print_stacktrace=1"

# name|arguments after `simulate`
runs=("bicycle|--model bicycle --bike benchmark --speed 5 --roll-rate 0.5 --dt 0.005")
while IFS= read -r line; do runs+=("$line"); done < <(
  "$exe" models --json | node -e '
    let text = ""; process.stdin.on("data", d => text += d).on("end", () => {
      for (const m of JSON.parse(text)) {
        if (m.name === "bicycle") continue;  // above, with its speed and kick
        const variants = m.variants.length ? m.variants : [""];
        for (const v of variants)
          console.log(`${m.name}${v ? "-" + v : ""}|--model ${m.name}${v ? " --variant " + v : ""}`);
      }
    });')
for v in nonlinear linear; do
  for s in direct rgcpa; do runs+=("appell-hamel-$v-$s|--model appell-hamel --variant $v --stabilization $s"); done
done
selected=()
for run in "${runs[@]}"; do [[ "${run%%|*}" =~ $filter ]] && selected+=("$run"); done
runs=("${selected[@]}")
[ "${#runs[@]}" -gt 0 ] || { echo "soak: no run matches '$filter'"; exit 2; }

for run in "${runs[@]}"; do
  name="${run%%|*}"; args="${run#*|}"
  echo "soak: $name: carvallo simulate $args --t $seconds --json"
  # shellcheck disable=SC2086  # the arguments are words
  nice -n 19 "$exe" simulate $args --t "$seconds" --json > "$out/$name.json" 2> "$out/$name.err"
  echo "$?" > "$out/$name.rc"
done

names=(); for run in "${runs[@]}"; do names+=("${run%%|*}"); done
node - "$out" "$seconds" "$preset" "${names[@]}" <<'JS'
const fs = require('fs');
const [dir, seconds, preset, ...names] = process.argv.slice(2);
const correcting = new Set(['rgcpa', 'selective', 'direct']);
const rows = [`| run | methods | dt (s) | t_end (s) | steps | wall (s) | max position violation (tolerance) | max velocity violation (tolerance) | max energy drift (rel.) | result |`,
              `|---|---|---|---|---|---|---|---|---|---|`];
let failed = 0;
for (const name of names) {
  const rc = Number(fs.readFileSync(`${dir}/${name}.rc`, 'utf8'));
  let s = {};
  try { s = JSON.parse(fs.readFileSync(`${dir}/${name}.json`, 'utf8')); } catch (e) { s = {}; }
  const problems = [];
  if (rc !== 0) problems.push(`exit ${rc}: ${fs.readFileSync(`${dir}/${name}.err`, 'utf8').trim()}`);
  if (s.error) problems.push(s.error);
  if (name === 'bicycle' && s.fell) problems.push(`fell at ${s.fell_at} s`);
  const stabilizer = String(s.methods || '').split(', ').pop();
  const bounded = correcting.has(stabilizer);
  if (bounded && !(s.max_position_violation <= s.position_tolerance)) problems.push('position violation above the tolerance');
  if (bounded && !(s.max_velocity_violation <= s.velocity_tolerance)) problems.push('velocity violation above the tolerance');
  const ended = s.fell && name !== 'bicycle' ? ` (ended at ${s.fell_at} s: ${s.fell_reason})` : '';
  const g = (x) => (typeof x === 'number' ? x.toPrecision(3) : String(x));
  const tol = (x) => (bounded ? ` (${g(x)})` : ' (none)');
  if (problems.length) failed++;
  rows.push(`| ${name} | ${s.methods} | ${s.dt} | ${g(s.t_end)}${ended} | ${s.steps} | ${(s.wall_ms / 1000).toFixed(0)} | ` +
            `${g(s.max_position_violation)}${tol(s.position_tolerance)} | ${g(s.max_velocity_violation)}${tol(s.velocity_tolerance)} | ` +
            `${g(s.max_energy_drift_rel)} | ${problems.length ? 'FAIL: ' + problems.join('; ') : 'pass'} |`);
}
const text = `Soak: ${seconds} s of simulated time per run (build preset ${preset}).\n\n${rows.join('\n')}\n`;
fs.writeFileSync(`${dir}/summary.md`, text);
console.log(text);
console.log(`soak: ${names.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
JS
