#!/bin/sh
# Draws docs/plots/bicycle-stability-map.png, the classic design chart of bicycle self-stability: the width
# of the self-stable speed range over trail and head angle (head angle = 90 deg - steer-axis tilt lambda),
# every other parameter the benchmark's (Meijaard et al. 2007, Table 1), speeds searched up to 10 m/s.
# The numbers come from the command line exactly as a user would get them:
#
#   carvallo map --bike benchmark --x trail:-0.1:0.3:200 --y steer_axis_tilt:0:0.7:200 --vmax 10 --csv <file>
#
# and gnuplot (Debian's gnuplot-nox, installed by scripts/install-deps.sh) draws them.
#
#   docs/plots/make_stability_map.sh [build-dir]   (default build dir: build/native; run from the repo root)
#
# Takes about a second natively. The 40 000-point CSV (3 MB) is written to <build-dir>/plots/, not committed.
set -eu
build=${1:-build/native}
root=$(cd "$(dirname "$0")/../.." && pwd)
carvallo="$root/$build/bin/carvallo"
[ -x "$carvallo" ] || { echo "make_stability_map: $carvallo not found (build the native preset first)" >&2; exit 1; }
command -v gnuplot >/dev/null || { echo "make_stability_map: gnuplot not found (scripts/install-deps.sh installs gnuplot-nox)" >&2; exit 1; }
data="$root/$build/plots"
mkdir -p "$data"
"$carvallo" map --bike benchmark --x trail:-0.1:0.3:200 --y steer_axis_tilt:0:0.7:200 --vmax 10 --csv "$data/stability-map.csv"
# gnuplot's image style reads a grid as scans separated by blank lines: one scan per steer-axis tilt.
awk -F, 'NR == 1 { next } { if (NR > 2 && $2 != previous) print ""; previous = $2; print }' \
  "$data/stability-map.csv" > "$data/stability-map.grid"
cd "$root/docs/plots"
gnuplot <<GP
set datafile separator ","
set terminal pngcairo size 900,640 font "sans,11"
set output "bicycle-stability-map.png"
set xlabel "trail c [m]"
set ylabel "head angle 90° − λ [deg]"
set cblabel "width of the self-stable speed range within 0–10 m/s [m/s]"
set palette defined (0 "white", 0.01 "#d8e8f8", 2 "#4a90d9", 5 "#08306b")
set cbrange [0:5]
set xrange [-0.1:0.3]; set yrange [90 - 0.7 * 180 / pi:90]
set key top left opaque box
set title "Benchmark bicycle: self-stable speed range over trail and head angle (white: never self-stable)"
plot "$data/stability-map.grid" using 1:(90 - \$2 * 180 / pi):5 with image notitle, \
     "-" using 1:2 with points pt 7 ps 1.5 lc "red" title "benchmark: c = 0.08 m, head angle 72° (4.29–6.02 m/s)"
0.08,72
e
GP
echo "wrote $root/docs/plots/bicycle-stability-map.png"
