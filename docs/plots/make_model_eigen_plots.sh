#!/bin/sh
# Regenerates the eigenvalue figures of docs/examples.md (rolling disk, Chaplygin sleigh) from the command
# line's output: `carvallo eig --model <name> --param speed --range <lo>:<hi>:<n> --csv`, drawn by gnuplot
# (Debian's gnuplot-nox, installed by scripts/install-deps.sh) into docs/plots/*-eigenvalues.svg.
#
#   docs/plots/make_model_eigen_plots.sh [build-dir]   (default build dir: build/native; run from the repo root)
set -eu
build=${1:-build/native}
root=$(cd "$(dirname "$0")/../.." && pwd)
carvallo="$root/$build/bin/carvallo"
[ -x "$carvallo" ] || { echo "make_model_eigen_plots: $carvallo not found (build the native preset first)" >&2; exit 1; }
command -v gnuplot >/dev/null || { echo "make_model_eigen_plots: gnuplot not found" >&2; exit 1; }
data="$root/docs/plots/data"
mkdir -p "$data"
"$carvallo" eig --model rolling-disk --param speed --range 0:3:301 --csv > "$data/rolling-disk-eigenvalues.csv"
"$carvallo" eig --model chaplygin-sleigh --param speed --range -3:3:61 --csv > "$data/chaplygin-sleigh-eigenvalues.csv"
cd "$root/docs/plots"
gnuplot <<'GP'
set datafile separator ","
set terminal svg size 800,420 dynamic font "sans,11"
set grid
set xlabel "speed v [m/s]"; set ylabel "eigenvalue [1/s]"

set output "rolling-disk-eigenvalues.svg"
set title "Upright rolling disk (r = 0.3 m): lean/heading pair; critical speed sqrt(g r / 3) = 0.9905 m/s"
vc = sqrt(9.81 * 0.3 / 3)
set arrow 1 from vc, graph 0 to vc, graph 1 nohead dt 2 lc rgb "#2a7a2a"
plot "data/rolling-disk-eigenvalues.csv" u 1:2 w l lw 2 lc rgb "#1f64be" t "Re s1", \
     "" u 1:4 w l lw 2 lc rgb "#d62728" t "Re s2", \
     "" u 1:3 w l dt 3 lc rgb "#1f64be" t "Im s1", \
     "" u 1:5 w l dt 3 lc rgb "#d62728" t "Im s2"
unset arrow 1

set output "chaplygin-sleigh-eigenvalues.svg"
set title "Chaplygin sleigh (m = 1 kg, I = 0.05 kg m^2, a = 0.3 m): lambda = -m a v / (I + m a^2)"
plot "data/chaplygin-sleigh-eigenvalues.csv" u 1:2 w lp pt 7 ps 0.4 lw 2 lc rgb "#1f64be" t "lambda (engine)", \
     -0.3 * x / 0.14 w l dt 2 lc rgb "black" t "closed form"
GP
echo "make_model_eigen_plots: wrote docs/plots/rolling-disk-eigenvalues.svg, chaplygin-sleigh-eigenvalues.svg" >&2
