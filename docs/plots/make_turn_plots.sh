#!/bin/sh
# Regenerates the steady-turn plots of docs/bicycle.md ("Steady turns") from the command line's output:
# `carvallo turn --leans ... --csv` continues every family of steady turns of the benchmark bicycle over
# lean, with the linear stability of each turn, and gnuplot (gnuplot-nox) draws speed against lean,
# coloured by stability, into docs/plots/turns-*.svg.
#
#   docs/plots/make_turn_plots.sh [build-dir]   (default build dir: build/native; run from the repo root)
#
# A few seconds natively (the families continued through 290 leans, with their stability).
set -eu
build=${1:-build/native}
root=$(cd "$(dirname "$0")/../.." && pwd)
carvallo="$root/$build/bin/carvallo"
[ -x "$carvallo" ] || { echo "make_turn_plots: $carvallo not found (build the native preset first)" >&2; exit 1; }
command -v gnuplot >/dev/null || { echo "make_turn_plots: gnuplot not found (scripts/install-deps.sh installs gnuplot-nox)" >&2; exit 1; }
data="$root/docs/plots/data"
mkdir -p "$data"
echo "make_turn_plots: carvallo turn --bike benchmark --leans 0.005:1.45:290 --csv" >&2
"$carvallo" turn --bike benchmark --leans 0.005:1.45:290 --csv > "$data/turns-benchmark.csv"
cd "$root/docs/plots"
gnuplot <<'GP'
set datafile separator ","
set terminal svg size 800,480 dynamic font "sans,11"
set grid
set key top left
set xlabel "lean [rad] (right positive; the families are mirror-symmetric)"
set ylabel "forward speed of the rear contact [m/s]"
set output "turns-benchmark-speed.svg"
set title "Benchmark bicycle: hands-free steady turns (carvallo turn --leans), coloured by linear stability"
set yrange [0:20]
plot "data/turns-benchmark.csv" u (strcol(2) eq "handlebar-forward" && $9 == 0 ? $3 : 1/0):4 w p pt 7 ps 0.25 lc rgb "#788aba" t "handlebar forward, unstable", \
     "" u (strcol(2) eq "handlebar-reversed" && $9 == 0 ? $3 : 1/0):4 w p pt 6 ps 0.25 lc rgb "#c4805c" t "handlebar reversed, unstable", \
     "" u (strcol(2) eq "handlebar-forward" && $9 == 1 ? $3 : 1/0):4 w p pt 7 ps 0.6 lc rgb "#1f4e9c" t "handlebar forward, stable", \
     "" u (strcol(2) eq "handlebar-reversed" && $9 == 1 ? $3 : 1/0):4 w p pt 7 ps 0.6 lc rgb "#c0392b" t "handlebar reversed, stable", \
     "+" u (0):(6.0242620153883589) w p pt 2 ps 1.5 lc rgb "black" t "capsize speed (Meijaard 2007)"
set output "turns-benchmark-steer.svg"
set title "Benchmark bicycle: steer of the steady turns against lean"
set ylabel "steer [rad]"
set yrange [-3.2:3.2]
plot "data/turns-benchmark.csv" u ($9 == 0 ? $3 : 1/0):5 w p pt 7 ps 0.25 lc rgb "#9a9a9a" t "unstable", \
     "" u ($9 == 1 ? $3 : 1/0):5 w p pt 7 ps 0.6 lc rgb "#c0392b" t "stable"
GP
echo "make_turn_plots: wrote docs/plots/turns-benchmark-speed.svg, turns-benchmark-steer.svg" >&2
