"""Arithmetic of capy's decimal (private module).

Holds the operation functions behind Decimal's arithmetic methods
(add/subtract, multiply, divide, divmod and remainder, quantize, sqrt,
exp, ln/log10, power) and the fixed-point integer transcendentals they
use.  Each operation takes Decimal operands, a Context and a list that
collects the signals raised; the caller applies the list to the context
(so a trapped signal is raised after the result is known, as in C).
"""

import math as _math

from _decimal_base import (
    Clamped, DivisionByZero, DivisionImpossible, DivisionUndefined,
    Inexact, InvalidOperation, Rounded, Subnormal, Underflow, MAX_EMAX,
    MIN_EMIN, ROUND_FLOOR, ROUND_HALF_EVEN, _INF, _NAN, _finish, _invalid,
    _mk, _nans, _nd, _round_int, _strip,
)
from _decimal_context import Context


# ------------------------------------------------ integer transcendentals
#
# Fixed point: an int v stands for v / 10**w. The functions return values
# within a few units of the true result; callers check the rounding with
# an explicit error bound and retry with more digits (Ziv's strategy).

def _atanh_inv(k, w):
    """atanh(1/k) * 10**w, error below (terms) units."""
    one = 10 ** w
    k2 = k * k
    term = one // k
    total = term
    n = 1
    while term:
        term //= k2
        n += 2
        total += term // n
    return total


_LN_CACHE = {}


def _ln2(w):
    v = _LN_CACHE.get(("2", w))
    if v is None:
        g = 10
        v = 2 * _atanh_inv(3, w + g) // 10 ** g
        _LN_CACHE[("2", w)] = v
    return v


def _ln10(w):
    v = _LN_CACHE.get(("10", w))
    if v is None:
        g = 10
        W = w + g
        v = (3 * 2 * _atanh_inv(3, W) + 2 * _atanh_inv(9, W)) // 10 ** g
        _LN_CACHE[("10", w)] = v
    return v


def _exp_small(x, w):
    """exp(x / 10**w) * 10**w for |x / 10**w| < 3, error <= 2 units."""
    s = 8
    g = 6 + len(str(w)) + 3
    W = w + g
    one = 10 ** W
    y = (x * 10 ** g) >> s
    term = one
    total = one
    k = 1
    while term:
        term = term * y // (one * k)
        total += term
        k += 1
    for _ in range(s):
        total = total * total // one
    return total // 10 ** g


def _ln_fixed(c, e, w):
    """ln(c * 10**e) * 10**w (c > 0), absolute error <= 4 units."""
    g = 8 + len(str(w))
    W = w + g
    nd = _nd(c)
    k = e + nd - 1  # x = m * 10**k, 1 <= m < 10
    one = 10 ** W
    m = c * one // 10 ** (nd - 1) if nd - 1 <= 0 else \
        c * 10 ** W // 10 ** (nd - 1)
    # bring m to [0.75, 1.5) by powers of two
    j = 0
    while m >= 3 * one // 2:
        m = m // 2
        j += 1
    # atanh series on |z| (floor division of negatives never reaches 0)
    zneg = m < one
    z = abs(m - one) * one // (m + one)
    z2 = z * z // one
    term = z
    total = z
    n = 1
    while term:
        term = term * z2 // one
        n += 2
        total += term // n
    if zneg:
        total = -total
    r = 2 * total + j * _ln2(W) + k * _ln10(W + len(str(abs(k))) + 1) \
        // 10 ** (len(str(abs(k))) + 1)
    return r // 10 ** g if r >= 0 else -((-r) // 10 ** g)


def _exp_fixed(t, W, w):
    """exp(t / 10**W) as (E, n) with exp ~ E * 10**(n - w), E in
    [10**w, 10**(w+1)) approximately, relative error <= ~3 units of E
    provided t is exact. |t / 10**W| must be moderate (< 10**7)."""
    # t / ln10 = q + f ; exp(t) = 10**q * exp(f * ln10)
    nq = len(str(abs(t) // 10 ** W + 1)) + 2
    WL = max(W, w) + nq + 4
    L = _ln10(WL)
    tt = t * 10 ** (WL - W)
    q = tt // L
    r = tt - q * L  # in [0, L)
    rw = r // 10 ** (WL - w - 2)
    E = _exp_small(rw, w + 2)
    return E // 100, q


def _ziv_round(sign, approx, err, exp, ctx, mode):
    """Round the value approx*10**exp known within err units; None when
    the rounding direction is not yet certain."""
    s1 = []
    s2 = []
    lo = approx - err
    if lo <= 0:
        return None
    r1 = _finish(sign, lo, exp, ctx, s1, mode)
    r2 = _finish(sign, approx + err, exp, ctx, s2, mode)
    if r1._special != r2._special or r1._int != r2._int \
            or r1._exp != r2._exp:
        return None
    if Inexact not in s1:
        s1.append(Inexact)
    if Rounded not in s1:
        s1.append(Rounded)
    return r1, s1


# ------------------------------------------------------------ operations

def _add(a, b, ctx, sig, negate_b):
    r = _nans(a, b, ctx, sig)
    if r is not None:
        return r
    bsign = b._sign ^ negate_b
    if a._special or b._special:
        if a._special and b._special and a._sign != bsign:
            return _invalid(sig)
        if a._special:
            return _mk(a._sign, 0, 0, _INF)
        return _mk(bsign, 0, 0, _INF)
    asign = a._sign
    ca, ea, cb, eb = a._int, a._exp, b._int, b._exp
    exp = ea if ea < eb else eb
    if ca == 0 or cb == 0:
        if ca == 0 and cb == 0:
            if asign == bsign:
                sign = asign
            else:
                sign = 1 if ctx.rounding == ROUND_FLOOR else 0
            return _finish(sign, 0, exp, ctx, sig)
        if ca == 0:
            # the zero's exponent can still lower the result's exponent
            return _finish(bsign, cb * 10 ** (eb - exp), exp, ctx, sig)
        return _finish(asign, ca * 10 ** (ea - exp), exp, ctx, sig)
    # When one operand lies far below the other's last kept digit, it
    # only matters as a "sticky" amount: replace it by a tiny stand-in so
    # huge exponent gaps do not build huge integers.
    prec = ctx.prec
    adj_a = ea + _nd(ca) - 1
    adj_b = eb + _nd(cb) - 1
    if adj_a > adj_b:
        floor_e = min(ea, adj_a - prec) - 2
        if adj_b < floor_e:
            cb, eb = 1, floor_e
    else:
        floor_e = min(eb, adj_b - prec) - 2
        if adj_a < floor_e:
            ca, ea = 1, floor_e
    exp = ea if ea < eb else eb
    va = ca * 10 ** (ea - exp)
    vb = cb * 10 ** (eb - exp)
    if asign:
        va = -va
    if bsign:
        vb = -vb
    s = va + vb
    if s == 0:
        sign = 1 if ctx.rounding == ROUND_FLOOR else 0
        return _finish(sign, 0, exp, ctx, sig)
    if s < 0:
        return _finish(1, -s, exp, ctx, sig)
    return _finish(0, s, exp, ctx, sig)


def _mul(a, b, ctx, sig, rounded):
    r = _nans(a, b, ctx, sig)
    if r is not None:
        return r
    sign = a._sign ^ b._sign
    if a._special or b._special:
        if (not a._special and a._int == 0) or \
                (not b._special and b._int == 0):
            return _invalid(sig)
        return _mk(sign, 0, 0, _INF)
    return _finish(sign, a._int * b._int, a._exp + b._exp, ctx, sig)


def _div(a, b, ctx, sig):
    r = _nans(a, b, ctx, sig)
    if r is not None:
        return r
    sign = a._sign ^ b._sign
    if a._special or b._special:
        if a._special and b._special:
            return _invalid(sig)
        if a._special:
            return _mk(sign, 0, 0, _INF)
        sig.append(Clamped)
        return _mk(sign, 0, ctx.Etiny())
    if b._int == 0:
        if a._int == 0:
            return _invalid(sig, DivisionUndefined)
        sig.append(DivisionByZero)
        return _mk(sign, 0, 0, _INF)
    ideal = a._exp - b._exp
    if a._int == 0:
        return _finish(sign, 0, ideal, ctx, sig)
    ca, cb = a._int, b._int
    shift = _nd(cb) - _nd(ca) + ctx.prec + 1
    if shift >= 0:
        q, rem = divmod(ca * 10 ** shift, cb)
    else:
        q, rem = divmod(ca, cb * 10 ** (-shift))
    exp = ideal - shift
    if rem == 0:
        q, exp = _strip(q, exp, ideal)
    else:
        # q has at least prec+1 digits: a last digit of 0 or 5 would
        # look like an exact half or exact cut, so nudge it.
        if q % 5 == 0:
            q += 1
    return _finish(sign, q, exp, ctx, sig)


def _divmod(a, b, ctx, sig, want):
    """Integer quotient (truncated) and remainder; want is a subset of
    'qr'. Returns (q, r), unwanted parts may be None."""
    r = _nans(a, b, ctx, sig)
    if r is not None:
        return r, r
    sign = a._sign ^ b._sign
    if a._special:
        if b._special:
            n = _invalid(sig)
            return n, n
        if want == "r":
            n = _invalid(sig)
            return n, n
        if want == "qr":
            sig.append(InvalidOperation)
            return _mk(sign, 0, 0, _INF), _mk(0, 0, 0, _NAN)
        return _mk(sign, 0, 0, _INF), None
    if b._special:
        q = _mk(sign, 0, 0)
        rr = _finish(a._sign, a._int, a._exp, ctx, sig) if "r" in want \
            else None
        return q, rr
    if b._int == 0:
        if a._int == 0:
            n = _invalid(sig, DivisionUndefined)
            return n, n
        if want == "q":
            sig.append(DivisionByZero)
            return _mk(sign, 0, 0, _INF), None
        if want == "r":
            n = _invalid(sig)
            return n, n
        sig.append(DivisionByZero)
        sig.append(InvalidOperation)
        return _mk(sign, 0, 0, _INF), _mk(0, 0, 0, _NAN)
    ca, ea, cb, eb = a._int, a._exp, b._int, b._exp
    exp = ea if ea < eb else eb
    if ca == 0:
        qv, rem = 0, 0
    else:
        adj_a = ea + _nd(ca) - 1
        adj_b = eb + _nd(cb) - 1
        if adj_a - adj_b > ctx.prec:
            n = _invalid(sig, DivisionImpossible)
            return n, n
        if adj_a < adj_b:
            qv, rem = 0, ca * 10 ** (ea - exp)
        else:
            qv, rem = divmod(ca * 10 ** (ea - exp), cb * 10 ** (eb - exp))
    if _nd(qv) > ctx.prec:
        n = _invalid(sig, DivisionImpossible)
        return n, n
    q = _mk(sign, qv, 0)
    rr = None
    if "r" in want:
        rr = _finish(a._sign, rem, exp, ctx, sig)
    return q, rr


def _quantize(a, b, ctx, sig, mode):
    r = _nans(a, b, ctx, sig)
    if r is not None:
        return r
    if a._special or b._special:
        if a._special == _INF and b._special == _INF:
            return _mk(a._sign, 0, 0, _INF)
        return _invalid(sig)
    te = b._exp
    if te > ctx.Emax or te < ctx.Etiny():
        return _invalid(sig)
    if a._int == 0:
        res = _mk(a._sign, 0, te)
        inexact = False
    elif te <= a._exp:
        res = _mk(a._sign, a._int * 10 ** (a._exp - te), te)
        inexact = False
    else:
        c, inexact = _round_int(a._int, te - a._exp, a._sign, mode)
        res = _mk(a._sign, c, te)
    if res._int and _nd(res._int) > ctx.prec:
        return _invalid(sig)
    if res._int and res.adjusted() > ctx.Emax:
        return _invalid(sig)
    if res._int and res.adjusted() < ctx.Emin:
        sig.append(Subnormal)
        if inexact:
            sig.append(Underflow)
    if te > a._exp:
        if inexact:
            sig.append(Inexact)
        if a._int:
            sig.append(Rounded)
    if ctx.clamp and te > ctx.Etop():
        # IEEE-style clamping: the exponent may not exceed Etop
        top = ctx.Etop()
        res = _mk(res._sign, res._int * 10 ** (te - top), top)
        sig.append(Clamped)
    return res


def _sqrt(a, ctx, sig):
    r = _nans(a, None, ctx, sig)
    if r is not None:
        return r
    if a._special:
        if a._sign:
            return _invalid(sig)
        return a
    ideal = a._exp // 2
    if a._int == 0:
        return _finish(a._sign, 0, ideal, ctx, sig)
    if a._sign:
        return _invalid(sig)
    c, e = a._int, a._exp
    if e & 1:
        c *= 10
        e -= 1
    prec = ctx.prec
    s = prec + 1 - (_nd(c) + 1) // 2 + 1
    if s < 0:
        s = 0
    v = c * 10 ** (2 * s)
    root = _math.isqrt(v)
    exp = e // 2 - s
    if root * root == v:
        root, exp = _strip(root, exp, ideal)
    elif root % 5 == 0:
        root += 1
    # libmpdec rounds square roots half-even whatever the context says
    return _finish(0, root, exp, ctx, sig, ROUND_HALF_EVEN)


def _exp(a, ctx, sig):
    r = _nans(a, None, ctx, sig)
    if r is not None:
        return r
    if a._special:
        if a._sign:
            return _mk(0, 0, 0)
        return a
    if a._int == 0:
        return _mk(0, 1, 0)
    prec = ctx.prec
    mode = ROUND_HALF_EVEN
    adj = a.adjusted()
    if adj < -(prec + 2):
        # exp(x) is 1 + x + ..., well inside one unit of the last place.
        p = prec + 3
        c = 10 ** p + (-1 if a._sign else 1)
        res = _finish(0, c, -p, ctx, sig, mode)
        return res
    # Far outside the exponent range: certain overflow or underflow.
    limit = len(str(max(ctx.Emax, -ctx.Etiny()))) + 1
    if adj >= limit:
        if a._sign:
            return _finish(0, 1, ctx.Etiny() - 2, ctx, sig, mode)
        return _finish(0, 1, ctx.Emax + 2, ctx, sig, mode)
    w = prec + 8
    while True:
        W = w + 4
        if a._exp >= -W:
            t = a._int * 10 ** (a._exp + W)
        else:
            t = a._int // 10 ** (-a._exp - W)
        if a._sign:
            t = -t
        E, q = _exp_fixed(t, W, w + 2)
        res = _ziv_round(0, E, 8, q - w - 2, ctx, mode)
        if res is not None:
            sig.extend(res[1])
            return res[0]
        w += prec + 10


def _ln(a, ctx, sig, base10):
    r = _nans(a, None, ctx, sig)
    if r is not None:
        return r
    if a._special:
        if a._sign:
            return _invalid(sig)
        return a
    if a._int == 0:
        return _mk(1, 0, 0, _INF)
    if a._sign:
        return _invalid(sig)
    c, e = _strip(a._int, a._exp, 1 << 62)
    if c == 1:
        if not base10:
            if e == 0:
                return _mk(0, 0, 0)
        else:
            # log10 of a power of ten is an exact integer
            return _finish(1 if e < 0 else 0, abs(e), 0, ctx, sig)
    prec = ctx.prec
    mode = ROUND_HALF_EVEN
    # Leading zeros of the result when the argument is close to 1.
    d = _mk(0, 0, 0)
    extra = 0
    nd = _nd(c)
    if nd + e - 1 in (0, -1):
        one_e = min(e, 0)
        diff = abs(c * 10 ** (e - one_e) - 10 ** (-one_e))
        if diff:
            extra = max(0, -(one_e + _nd(diff) - 1))
    w = prec + 8 + extra
    while True:
        v = _ln_fixed(c, e, w + 4)
        err = 6
        if base10:
            L = _ln10(w + 8)
            v = v * 10 ** (w + 8) // L
            err = 10
        sign = 0
        if v < 0:
            sign = 1
            v = -v
        if v > err:
            res = _ziv_round(sign, v, err, -(w + 4), ctx, mode)
            if res is not None:
                sig.extend(res[1])
                return res[0]
        w += prec + 10


def _is_integral(d):
    if d._exp >= 0 or d._int == 0:
        return True
    return d._int % 10 ** (-d._exp) == 0


def _int_value(d):
    if d._exp >= 0:
        n = d._int * 10 ** d._exp
    else:
        n = d._int // 10 ** (-d._exp)
    return -n if d._sign else n


def _power(a, b, ctx, sig):
    r = _nans(a, b, ctx, sig)
    if r is not None:
        return r
    prec = ctx.prec
    b_int = not b._special and _is_integral(b)
    # A huge integral exponent is only integral here; its parity is
    # checked on the coefficient, not by materialising it.
    odd = False
    if b_int:
        if b._exp > 0 or b._int == 0:
            odd = b._exp == 0 and b._int & 1 == 1
        else:
            odd = (b._int // 10 ** (-b._exp)) & 1 == 1 if -b._exp < 40 \
                else (b._int // 10 ** (-b._exp)) & 1 == 1
    bzero = not b._special and b._int == 0
    bneg = b._sign == 1
    # ---- zero base
    if not a._special and a._int == 0:
        if bzero:
            return _invalid(sig)
        if a._sign and not b_int:
            # -0 ** non-integer: sign is positive
            pass
        sign = a._sign if (b_int and odd) else 0
        if bneg:
            return _mk(sign, 0, 0, _INF)
        return _mk(sign, 0, 0)
    # ---- infinite base
    if a._special == _INF:
        if bzero:
            return _mk(0, 1, 0)
        if a._sign and not b_int:
            return _invalid(sig)
        sign = a._sign if (b_int and odd) else 0
        if bneg:
            return _mk(sign, 0, 0)
        return _mk(sign, 0, 0, _INF)
    # ---- finite nonzero base
    if b._special == _INF:
        if a._sign:
            return _invalid(sig)
        cmp1 = a._cmp(_mk(0, 1, 0))
        if cmp1 == 0:
            sig.append(Inexact)
            sig.append(Rounded)
            return _mk(0, 10 ** (prec - 1), 1 - prec)
        if (cmp1 > 0) != bneg:
            return _mk(0, 0, 0, _INF)
        return _mk(0, 0, 0)
    if bzero:
        return _mk(0, 1, 0)
    if a._sign and not b_int:
        return _invalid(sig)
    if b_int:
        return _power_int(a, b, odd, ctx, sig)
    return _power_real(a, b, ctx, sig)


def _power_int(a, b, odd, ctx, sig):
    """a ** b for integral b, by binary powering.

    Uses libmpdec's recipe so results match CPython's even where they
    are not correctly rounded: every multiplication is rounded
    half-even to prec + (digits of b) + (exponent of b) + 2 digits (one
    more, after first taking 1/a, for negative b), and the result is
    then rounded to the context."""
    sign = a._sign if odd else 0
    wp = ctx.prec + _nd(b._int) + b._exp + 2
    if b._sign:
        wp += 1
    work = Context(prec=wp, rounding=ROUND_HALF_EVEN, Emin=ctx.Emin,
                   Emax=ctx.Emax, clamp=0, traps=[])
    wsig = []
    base = _mk(0, a._int, a._exp)
    if b._sign:
        base = _div(_mk(0, 1, 0), base, work, wsig)
    n = abs(_int_value(b))
    result = base
    for bit in bin(n)[3:]:
        result = _mul(result, result, work, wsig, True)
        if bit == "1":
            result = _mul(result, base, work, wsig, True)
        if result._special or (result._int == 0 and Clamped in wsig):
            break
    sig.extend(wsig)
    if result._special == _INF:
        # an overflowed intermediate: let the context pick Infinity or
        # its largest finite number
        return _finish(sign, 1, ctx.Emax + 1, ctx, sig)
    return _finish(sign, result._int, result._exp, ctx, sig)


def _power_real(a, b, ctx, sig, sign=0):
    """a ** b for a > 0 and non-integral b.

    Follows libmpdec's recipe so results agree with CPython digit for
    digit: ln(a), then b * ln(a), then exp of that, each rounded
    (half-even) to a working precision of max(digits of a, prec) + 23,
    and the result rounded once more to the context. That double
    rounding is why an exact power such as 4 ** 0.5 comes out as
    2.000...0 (prec digits, Inexact) in every rounding mode."""
    prec = ctx.prec
    c, e = a._int, a._exp
    if c * 10 ** max(e, 0) == 10 ** max(-e, 0):
        # a == 1: the result is 1 padded to the precision, inexact.
        sig.append(Inexact)
        sig.append(Rounded)
        return _mk(sign, 10 ** (prec - 1), 1 - prec)
    # Certain overflow/underflow, decided from magnitudes alone.
    amag = abs(e + _nd(c) - 1) + 1
    if b.adjusted() + len(str(amag)) > 22:
        big = (a._cmp(_mk(0, 1, 0)) > 0) != (b._sign == 1)
        if big:
            return _finish(sign, 1, ctx.Emax + 2, ctx, sig)
        return _finish(sign, 1, ctx.Etiny() - 2, ctx, sig)
    wp = max(_nd(c), prec) + 23
    work = Context(prec=wp, rounding=ROUND_HALF_EVEN, Emin=MIN_EMIN,
                   Emax=MAX_EMAX, traps=[])
    junk = []
    lna = _ln(_mk(0, c, e), work, junk, False)
    t = _mul(lna, b, work, junk, True)
    if t.adjusted() > 21:
        if not t._sign:
            return _finish(sign, 1, ctx.Emax + 2, ctx, sig)
        return _finish(sign, 1, ctx.Etiny() - 2, ctx, sig)
    wsig = []
    r = _exp(t, work, wsig)
    sig.append(Inexact)
    sig.append(Rounded)
    return _finish(sign, r._int, r._exp, ctx, sig)


