#pragma once
// Published reference values for the benchmark bicycle, copied from
//   J. P. Meijaard, J. M. Papadopoulos, A. Ruina, A. L. Schwab (2007), Linearized dynamics equations for the
//   balance and steer of a bicycle: a benchmark and review, Proc. R. Soc. A 463:1955-1982,
// Table 1 (parameters), Appendix A (intermediate values; here as recomputed in 40-digit arithmetic, which agree
// with the published 14-digit values), Table 2 (critical speeds, eigenvalues versus speed).
// Kept in the library (header only) so the tests (native and WebAssembly), the docs and the playground can
// show the published numbers beside ours without any file outside the repository.

#include <array>

namespace meijaard2007 {

// Appendix A, intermediate values for the benchmark.
inline constexpr double mT = 94, xT = 0.34212765957446808511, zT = -0.86117021276595744681;
inline constexpr double ITxx = 80.81722, ITxz = 28.93344, ITzz = 17.01908;
inline constexpr double mA = 7, xA = 0.95142857142857142857, zA = -0.55;
inline constexpr double IAxx = 0.40942, IAxz = -0.07956, IAzz = 0.17226571428571428571;
inline constexpr double uA = 0.028659521628083981113;
inline constexpr double IAll = 0.15389731601426779513, IAlx = 0.16119083966867188346, IAlz = 0.33012145207623619522;
inline constexpr double mu = 0.074592667944717927225, SR = 0.4, SF = 0.8, ST = 1.2, SA = 2.5995168524987164073;

// The matrices of M q'' + v C1 q' + (g K0 + v^2 K2) q = f, row-major [[11, 12], [21, 22]].
inline constexpr std::array<double, 4> M = {80.81722, 2.3194133220870913477, 2.3194133220870913477,
                                            0.29784188199685552999};
inline constexpr std::array<double, 4> C1 = {0, 33.866413914924943883, -0.85035641456978437036,
                                             1.6854039739755967411};
inline constexpr std::array<double, 4> K0 = {-80.95, -2.5995168524987164073, -2.5995168524987164073,
                                             -0.80329488458617688081};
inline constexpr std::array<double, 4> K2 = {0, 76.597345895732221519, 0, 2.6543152379460402523};

// Table 2a: critical speeds (m/s).
inline constexpr double weave_speed = 4.29238253634111;
inline constexpr double weave_frequency = 3.43503384866144;  // eigenvalues +-i * this at the weave speed
inline constexpr double capsize_speed = 6.02426201538837;
inline constexpr double merge_speed = 0.68428307889246;      // the two unstable real roots merge
inline constexpr double merge_root = 3.78290405129320;

// Table 2b-c: eigenvalues at v = 0, 1, ..., 10 m/s: castering (real), capsize (real), weave (re, im >= 0;
// at v = 0 the "weave" entries are the two real roots 3.13164324790656 and 5.53094371765393).
struct Row {
  double v, castering, capsize, weave_re, weave_im;
};
inline constexpr std::array<Row, 11> table2 = {{
    {0, -5.53094371765393, -3.13164324790656, 0, 0},  // v = 0: special (four real roots), see below
    {1, -7.11008014637442, -3.13423125066578, 3.52696170990070, 0.80774027519930},
    {2, -8.67387984831735, -3.07158645641514, 2.68234517512745, 1.68066296590675},
    {3, -10.3510146724592, -2.63366137253667, 1.70675605663975, 2.31582447384325},
    {4, -12.1586142657644, -1.42944427361326, 0.41325331521125, 3.07910818603206},
    {5, -14.0783896927982, -0.32286642900409, -0.77534188219585, 4.46486771378823},
    {6, -16.0853712309803, -0.00406690076970, -1.52644486584142, 5.87673060598709},
    {7, -18.1578846612520, 0.10268170574766, -2.13875644258362, 7.19525913329805},
    {8, -20.2794089439457, 0.14327879765713, -2.69348683581097, 8.46037971396931},
    {9, -22.4378855904086, 0.15790184030917, -3.21675402252491, 9.69377351531782},
    {10, -24.6245963501740, 0.16105338653172, -3.72016840437287, 10.90681139476287},
}};
inline constexpr std::array<double, 4> eigenvalues_at_rest = {-5.53094371765393, -3.13164324790656,
                                                              3.13164324790656, 5.53094371765393};

}  // namespace meijaard2007
