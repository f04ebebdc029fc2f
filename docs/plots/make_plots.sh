#!/bin/sh
# Regenerates the plots of docs/examples.md from the command line's output: every time series
# is a CSV written by `carvallo simulate --model <name> ... --csv`, i.e. the registry models run by the
# engine exactly as a user would run them, and gnuplot (Debian's gnuplot-nox, installed by
# scripts/install-deps.sh) draws them into docs/plots/*.svg. The tables of docs/examples.md come from the
# same runs' JSON summaries (docs/plots/data/summaries.jsonl).
#
#   docs/plots/make_plots.sh [build-dir]        (default build dir: build/native; run from the repo root)
#
# Takes a few minutes natively (the epicyclic gear train's three 15 s runs dominate).
set -eu
build=${1:-build/native}
root=$(cd "$(dirname "$0")/../.." && pwd)
carvallo="$root/$build/bin/carvallo"
[ -x "$carvallo" ] || { echo "make_plots: $carvallo not found (build the native preset first)" >&2; exit 1; }
command -v gnuplot >/dev/null || { echo "make_plots: gnuplot not found (scripts/install-deps.sh installs gnuplot-nox)" >&2; exit 1; }
data="$root/docs/plots/data"
mkdir -p "$data"
: > "$data/summaries.jsonl"
run() {  # run <csv name> <simulate options...>
  name=$1; shift
  echo "make_plots: carvallo simulate $*" >&2
  "$carvallo" simulate "$@" --csv "$data/$name.csv" --json >> "$data/summaries.jsonl"
}
# 002: the paper's methods (registry defaults), and the angles + augmented + RGCPA + RK4 cross-check.
for m in four-bar slider-crank double-inverted-pendulum quick-return; do
  run "$m" --model "$m" --csv-every 10
  run "$m-angles" --model "$m" --variant angles --solver augmented --stabilization rgcpa --integrator rk4 --csv-every 10
done
# 001 Example 1: both modellings, without and with RGCPA (non-Pfaffian velocity analysis).
for v in nonlinear linear; do
  run "appell-hamel-$v-none" --model appell-hamel --variant "$v" --stabilization none
  run "appell-hamel-$v-rgcpa" --model appell-hamel --variant "$v" --stabilization rgcpa
done
# 001 Example 2: 500 s at 1e-3 s (violation bound; the paper's fixed-step Kutta-Merson, its adaptive
# variant and classical RK4), and 1 h at 0.1 s (Fig. 16).
run sliding-particle-nonminimal-500s --model sliding-particle --variant nonminimal --csv-every 100
run sliding-particle-baumgarte-500s --model sliding-particle --variant baumgarte --csv-every 100
run sliding-particle-baumgarte-adaptive-500s --model sliding-particle --variant baumgarte --integrator kutta-merson-adaptive --csv-every 100
run sliding-particle-baumgarte-rk4-500s --model sliding-particle --variant baumgarte --integrator rk4 --csv-every 100
for v in minimal nonminimal baumgarte; do
  run "sliding-particle-$v-1h" --model sliding-particle --variant "$v" --dt 0.1 --t 3600
done
# 004: full coordinates, RGCPA, selective partitioning.
for v in full rgcpa selective; do
  run "epicyclic-gear-$v" --model epicyclic-gear --variant "$v" --csv-every 10
done
cd "$root/docs/plots"
gnuplot <<'GP'
set datafile separator ","
set terminal svg size 800,420 dynamic font "sans,11"
set key autotitle columnhead
set grid

set output "planar-violations.svg"
set title "002 mechanisms: constraint violation ||C|| (UK + direct correction + AB4, dt = 1e-3 s)"
set logscale y
set format y "%.0e"
set xlabel "t [s]"; set ylabel "||C||_inf [m]"
plot "data/four-bar.csv" u 1:"position_violation" w l t "four-bar", "data/slider-crank.csv" u 1:"position_violation" w l t "slider-crank", \
     "data/double-inverted-pendulum.csv" u 1:"position_violation" w l t "double inverted pendulum", "data/quick-return.csv" u 1:"position_violation" w l t "quick-return"
unset logscale y; set format y "%g"

set output "planar-trajectories.svg"
set title "002 Figs 6-9: y(G2) four-bar, x(G3) slider-crank, y(G3) pendulum, x(G5) quick-return; lines NACF, points angles+RGCPA"
set ylabel "[m]"
plot "data/four-bar.csv" u 1:"y_bar2" w l t "four-bar y(G2)", "data/four-bar-angles.csv" every 20 u 1:"y_bar2" w p pt 6 notitle, \
     "data/slider-crank.csv" u 1:"x_slider" w l t "slider-crank x(G3)", "data/slider-crank-angles.csv" every 20 u 1:"x_slider" w p pt 6 notitle, \
     "data/double-inverted-pendulum.csv" u 1:"y_link2" w l t "pendulum y(G3)", "data/double-inverted-pendulum-angles.csv" every 20 u 1:"y_link2" w p pt 6 notitle, \
     "data/quick-return.csv" u 1:"x_ram" w l t "quick-return x(G5)", "data/quick-return-angles.csv" every 20 u 1:"x_ram" w p pt 6 notitle

set output "planar-energy.svg"
set title "002 mechanisms: total energy (gravity + springs; dampers dissipate)"
set ylabel "E [J]"
plot "data/four-bar.csv" u 1:"energy" w l t "four-bar", "data/slider-crank.csv" u 1:"energy" w l t "slider-crank", \
     "data/double-inverted-pendulum.csv" u 1:"energy" w l t "double inverted pendulum", "data/quick-return.csv" u 1:"energy" w l t "quick-return"

GP
gnuplot <<'GP'
set datafile separator ","
set terminal svg size 800,420 dynamic font "sans,11"
set grid
set key autotitle columnhead
set output "appell-hamel-energy.svg"
set title "001 Fig. 9: Appell-Hamel energy integral E(t) - E(0) (RK4, dt = 0.01 s)"
set xlabel "t [s]"; set ylabel "dE [J]"
stats "data/appell-hamel-nonlinear-none.csv" u "energy" every ::0::0 nooutput name "NN"
stats "data/appell-hamel-linear-none.csv" u "energy" every ::0::0 nooutput name "LN"
stats "data/appell-hamel-nonlinear-rgcpa.csv" u "energy" every ::0::0 nooutput name "NR"
stats "data/appell-hamel-linear-rgcpa.csv" u "energy" every ::0::0 nooutput name "LR"
plot "data/appell-hamel-linear-none.csv" u 1:(column("energy")-LN_min) w l t "linear (Eqs 101-102), no stabilization", \
     "data/appell-hamel-nonlinear-none.csv" u 1:(column("energy")-NN_min) w l t "nonlinear (Eq 57), no stabilization", \
     "data/appell-hamel-linear-rgcpa.csv" u 1:(column("energy")-LR_min) w l t "linear, RGCPA", \
     "data/appell-hamel-nonlinear-rgcpa.csv" u 1:(column("energy")-NR_min) w l t "nonlinear, RGCPA (non-Pfaffian velocity analysis)"

set output "appell-hamel-theta.svg"
set title "001 Figs 2, 4, 6: theta settles to a constant, theta_dot -> 0"
set ylabel "theta [rad], theta_dot [rad/s]"
plot "data/appell-hamel-nonlinear-rgcpa.csv" u 1:"theta" w l t "theta", "" u 1:"theta_dot" w l t "theta_dot", "" u 1:"phi_dot" w l t "phi_dot"

set output "sliding-particle-violation.svg"
set title "001 Figs 12, 15: sliding particle |phi|, dt = 1e-3 s (every 100th step)"
set logscale y; set format y "%.0e"
set ylabel "|phi| [m]"
plot "data/sliding-particle-nonminimal-500s.csv" u 1:"position_violation" w l t "nonminimal, G = 0 (Kutta-Merson)", \
     "data/sliding-particle-baumgarte-rk4-500s.csv" u 1:"position_violation" w l t "Baumgarte G1 = -20, G2 = -100, RK4", \
     "data/sliding-particle-baumgarte-500s.csv" u 1:"position_violation" w l t "Baumgarte, Kutta-Merson (001's scheme)", \
     "data/sliding-particle-baumgarte-adaptive-500s.csv" u 1:"position_violation" w l t "Baumgarte, adaptive Kutta-Merson", \
     2.0e-11 w l dt 2 lc rgb "black" t "001's bound 2.0e-11 m"
unset logscale y; set format y "%g"

set output "sliding-particle-1h.svg"
set title "001 Fig. 16: sliding particle y over the last 20 s of 1 h, dt = 0.1 s"
set ylabel "y [m]"
set xrange [3580:3600]
plot "data/sliding-particle-minimal-1h.csv" u 1:"y" w lp t "M minimal (Eq 137)", "data/sliding-particle-nonminimal-1h.csv" u 1:"y" w lp t "N nonminimal", \
     "data/sliding-particle-baumgarte-1h.csv" u 1:"y" w lp t "DN damped nonminimal"
set autoscale x

set output "epicyclic-gear-violations.svg"
set title "004 Figs 4, 6: gear train constraint errors (AB4, dt = 1e-3 s)"
set logscale y; set format y "%.0e"
set ylabel "norm"
plot "data/epicyclic-gear-full.csv" u 1:"position_violation" w l t "full coordinates ||C||", "" u 1:"velocity_violation" w l t "full coordinates ||[Cdot; D]||", \
     "data/epicyclic-gear-rgcpa.csv" u 1:"position_violation" w l t "RGCPA ||C||", "" u 1:"velocity_violation" w l t "RGCPA ||[Cdot; D]||", \
     "data/epicyclic-gear-selective.csv" u 1:"position_violation" w l t "selective ||C||", "" u 1:"velocity_violation" w l t "selective ||[Cdot; D]||"
unset logscale y; set format y "%g"

set output "epicyclic-gear-speeds.svg"
set title "004 Figs 5, 7: angular velocities (selective partitioning)"
set ylabel "omega_z [rad/s]"
plot "data/epicyclic-gear-selective.csv" u 1:"omega_sun" w l t "sun", "" u 1:"omega_arm" w l t "arm", "" u 1:"omega_planet1" w l t "planet 1", "" u 1:"omega_planet2" w l t "planet 2"
GP
echo "wrote $root/docs/plots/*.svg and $data/summaries.jsonl"
