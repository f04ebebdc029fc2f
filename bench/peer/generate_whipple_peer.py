#!/usr/bin/env python3
"""Generates the symbolic peer of bench/bicycle_peer_bench.cpp: SymPy's own Whipple bicycle, compiled as C.

The peer is the strongest practical alternative to Carvallo for simulating the nonlinear benchmark bicycle:
equations of motion derived symbolically in minimal coordinates (Kane's method), the benchmark's numbers
substituted, common subexpressions eliminated, printed as C and compiled with -O3 (issue 17).

The model is not ours: it is `test_bicycle` of SymPy's own test suite
(sympy/physics/mechanics/tests/test_kane3.py, Debian's python3-sympy), which builds the Meijaard et al. (2007)
benchmark with KanesMethod and checks its linearization against the paper. This script runs that function
from the installed package unchanged and stops it (a trace hook) right after it has formed Kane's equations
and its numeric parameter table `val_dict`, before its slow linearization; it takes the KanesMethod object and
the numbers from the function's own locals. Nothing of SymPy is copied into this repository.

Output: one C++ file (plain C code with C++ linkage, `-O3` like everything else) defining

    void whipple_peer_terms(const double q[4], const double u[6], double M[36], double f[6], double B[18]);

q = [q1 yaw, q2 roll, q4 frame pitch, q5 steer] and u = [u1 .. u6] in test_kane3's names and order: yaw rate,
roll rate, rear wheel rate, pitch rate, steer rate, front wheel rate. M (row-major 6x6) and f are
KanesMethod.mass_matrix and .forcing: M(q, u) du/dt = f(q, u), Kane's three dynamical equations for the
independent speeds (u2, u3, u5) and the time derivatives of the three nonholonomic constraints. B (row-major
3x6) is the constraints' matrix, B(q) u = 0, for consistent initial speeds. q1', q2', q4', q5' = u1, u2, u4, u5.

Usage: generate_whipple_peer.py <output.cpp>   (prints the symbolic time and the expression counts on stderr)
"""
import sys
import time
import types

import sympy as sm
from sympy.physics.mechanics import msubs
from sympy.printing.c import C99CodePrinter
from sympy.physics.mechanics.tests import test_kane3


class _Captured(Exception):
    def __init__(self, names):
        super().__init__("captured test_bicycle's locals")
        self.names = names


def _kane_bicycle():
    """Runs test_kane3.test_bicycle until its parameter table exists; returns that frame's locals."""
    # @slow wraps the test: trace the function it wraps, found by name in the test module's file.
    def is_test(frame):
        return frame.f_code.co_name == 'test_bicycle' and frame.f_code.co_filename == test_kane3.__file__

    def local_trace(frame, event, arg):
        # `val_dict` is assigned after kanes_equations and before linearize(): stop at the next line.
        if event == 'line' and 'val_dict' in frame.f_locals:
            raise _Captured(dict(frame.f_locals))
        return local_trace

    def global_trace(frame, event, arg):
        return local_trace if is_test(frame) else None

    # SymPy 1.11's test imports the function `evalf` but calls `evalf.N` (its @slow mark keeps the test out of
    # ordinary runs, so nobody noticed): give the name the attribute it expects, sympy.N.
    if not hasattr(test_kane3.evalf, 'N'):
        test_kane3.evalf = types.SimpleNamespace(N=sm.N)
    # One change to the model as the test builds it: the order of its three velocity constraints. KanesMethod
    # eliminates the dependent speeds (u1, u4, u6) symbolically (LU without numerical pivoting), and in the
    # test's order (front contact velocity along x, y, z of the yaw frame) the first pivot is
    # d(v.x)/d(u1), which is zero upright: M and f are 0/0 (NaN) at the very state the benchmark starts from.
    # In the order y, z, x the pivots are the wheelbase, -the wheelbase and -rF upright. The equations are the
    # same three; only their order differs.
    kanes_method = test_kane3.KanesMethod

    def kanes_method_y_z_x(*args, velocity_constraints, **kwargs):
        x, y, z = velocity_constraints
        return kanes_method(*args, velocity_constraints=[y, z, x], **kwargs)

    test_kane3.KanesMethod = kanes_method_y_z_x
    sys.settrace(global_trace)
    try:
        test_kane3.test_bicycle()
    except _Captured as captured:
        return captured.names
    finally:
        sys.settrace(None)
        test_kane3.KanesMethod = kanes_method
    raise RuntimeError('test_kane3.test_bicycle finished without building its parameter table')


def main():
    if len(sys.argv) != 2:
        sys.exit('usage: generate_whipple_peer.py <output.cpp>')
    start = time.perf_counter()
    names = _kane_bicycle()
    KM = names['KM']
    q = [names[n] for n in ('q1', 'q2', 'q4', 'q5')]
    u = [names[n] for n in ('u1', 'u2', 'u3', 'u4', 'u5', 'u6')]
    # The benchmark's numbers; the table also holds the upright state (q, u), which stays symbolic here.
    numbers = {k: v for k, v in names['val_dict'].items() if k not in q and k not in u and not k.has(sm.Symbol('v'))}

    plain = {s: sm.Symbol(str(s.func)) for s in q + u}  # q1(t) -> q1 for the printer
    kin = KM.kindiffdict()                             # q' -> u (the kinematic equations)

    def numeric(m):
        return msubs(msubs(m, kin), numbers, plain)

    # KanesMethod orders the speeds independent first (u2, u3, u5, u1, u4, u6): M's columns follow it.
    # Reorder them to u1 .. u6, the generated function's order.
    columns = [list(KM.u).index(s) for s in u]
    M = numeric(KM.mass_matrix.extract(list(range(6)), columns))
    f = numeric(KM.forcing)
    B = numeric(sm.Matrix(names['conlist_speed']).jacobian(u))
    if M.shape != (6, 6) or f.shape != (6, 1) or B.shape != (3, 6):
        raise RuntimeError(f'unexpected shapes M {M.shape}, f {f.shape}, B {B.shape}')
    derived = time.perf_counter()

    outputs = [('M', i, M[i // 6, i % 6]) for i in range(36)] + \
              [('f', i, f[i]) for i in range(6)] + \
              [('B', i, B[i // 6, i % 6]) for i in range(18)]
    replacements, reduced = sm.cse([e for _, _, e in outputs], symbols=sm.numbered_symbols('x'))
    printer = C99CodePrinter()
    lines = [
        '// Generated by bench/peer/generate_whipple_peer.py from SymPy ' + sm.__version__ +
        "'s test_kane3.test_bicycle (do not edit, not committed).",
        '#include <cmath>',
        'void whipple_peer_terms(const double q[4], const double u[6], double M[36], double f[6], double B[18]) {',
    ]
    used = {str(s) for e in reduced for s in e.free_symbols} | \
           {str(s) for _, e in replacements for s in e.free_symbols}
    for i, name in enumerate(('q1', 'q2', 'q4', 'q5')):
        if name in used:  # yaw is cyclic: it appears nowhere
            lines.append(f'  const double {name} = q[{i}];')
    for i in range(6):
        if f'u{i + 1}' in used:
            lines.append(f'  const double u{i + 1} = u[{i}];')
    for sym, expr in replacements:
        lines.append(f'  const double {sym} = {printer.doprint(expr)};')
    for (array, index, _), expr in zip(outputs, reduced):
        lines.append(f'  {array}[{index}] = {printer.doprint(expr)};')
    lines.append('  (void)q;')  # no warning if a future SymPy leaves every coordinate out
    lines.append('}')
    unknown = used - {str(s) for s in plain.values()} - {str(s) for s, _ in replacements}
    if unknown:
        raise RuntimeError(f'symbols left without a value: {sorted(unknown)}')
    with open(sys.argv[1], 'w') as out:
        out.write('\n'.join(lines) + '\n')
    done = time.perf_counter()
    print(f'whipple peer: Kane equations and substitution {derived - start:.1f} s, cse and C {done - derived:.1f} s, '
          f'{len(replacements)} subexpressions', file=sys.stderr)


if __name__ == '__main__':
    main()
