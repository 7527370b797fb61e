"""Foundations of capy's decimal (private module).

Holds what every other part of decimal builds on:
- the rounding-mode names, the limits (MAX_PREC, ...) and DecimalTuple;
- the signal classes, with the C implementation's hierarchy (their
  __module__ is 'decimal', so they print as decimal.InvalidOperation;
  decimal.py re-exports them), and the flags/traps mapping;
- the number representation (sign, integer coefficient, exponent,
  special code) and its helpers: building a Decimal without checks
  (_mk), rounding a coefficient, fitting an exact result to a context
  (_finish), NaN propagation;
- parsing of numeric strings, and exact conversion of floats.

Import the public names from decimal, not from here.
"""

import math as _math
from collections import namedtuple as _namedtuple

ROUND_DOWN = "ROUND_DOWN"
ROUND_HALF_UP = "ROUND_HALF_UP"
ROUND_HALF_EVEN = "ROUND_HALF_EVEN"
ROUND_CEILING = "ROUND_CEILING"
ROUND_FLOOR = "ROUND_FLOOR"
ROUND_UP = "ROUND_UP"
ROUND_HALF_DOWN = "ROUND_HALF_DOWN"
ROUND_05UP = "ROUND_05UP"
_ROUNDINGS = (ROUND_DOWN, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_CEILING,
              ROUND_FLOOR, ROUND_UP, ROUND_HALF_DOWN, ROUND_05UP)

MAX_PREC = 999999999999999999
MAX_EMAX = 999999999999999999
MIN_EMIN = -999999999999999999
MIN_ETINY = MIN_EMIN - (MAX_PREC - 1)
HAVE_THREADS = False
HAVE_CONTEXTVAR = False

DecimalTuple = _namedtuple("DecimalTuple", "sign digits exponent",
                           module="decimal")


# ---------------------------------------------------------------- signals
#
# __module__: they are defined here so that every part of decimal can
# raise them, but they are decimal's classes.

class DecimalException(ArithmeticError):
    __module__ = "decimal"


class Clamped(DecimalException):
    __module__ = "decimal"


class InvalidOperation(DecimalException):
    __module__ = "decimal"


class ConversionSyntax(InvalidOperation):
    __module__ = "decimal"


class DivisionByZero(DecimalException, ZeroDivisionError):
    __module__ = "decimal"


class DivisionImpossible(InvalidOperation):
    __module__ = "decimal"


class DivisionUndefined(InvalidOperation, ZeroDivisionError):
    __module__ = "decimal"


class Inexact(DecimalException):
    __module__ = "decimal"


class InvalidContext(InvalidOperation):
    __module__ = "decimal"


class Rounded(DecimalException):
    __module__ = "decimal"


class Subnormal(DecimalException):
    __module__ = "decimal"


class Overflow(Inexact, Rounded):
    __module__ = "decimal"


class Underflow(Inexact, Rounded, Subnormal):
    __module__ = "decimal"


class FloatOperation(DecimalException, TypeError):
    __module__ = "decimal"


# The order the C implementation uses for the flags dictionary and for
# the list carried by a raised signal.
_SIGNALS = (InvalidOperation, FloatOperation, DivisionByZero, Overflow,
            Underflow, Subnormal, Inexact, Rounded, Clamped)
# Conditions that are reported as InvalidOperation.
_INVALID_CONDS = (ConversionSyntax, DivisionImpossible, DivisionUndefined,
                  InvalidContext)


class _SignalDict(dict):
    """The flags/traps mapping: only signals are keys; repr as C's."""

    __module__ = "decimal"

    # libmpdec keeps one bit per condition; InvalidOperation covers
    # several and Context.__repr__ lists it where its lowest set bit
    # falls. _invpos is that bit (2 when set through the mapping).
    _invpos = 2

    def __setitem__(self, key, value):
        if key not in _SIGNALS:
            raise KeyError(key)
        if key is InvalidOperation:
            self._invpos = 2
        dict.__setitem__(self, key, bool(value))

    def __repr__(self):
        return "{" + ", ".join("<class 'decimal.%s'>:%s" % (k.__name__, v)
                               for k, v in self.items()) + "}"

    def copy(self):
        d = _SignalDict()
        for k in _SIGNALS:
            dict.__setitem__(d, k, self[k])
        d._invpos = self._invpos
        return d


_BITS = {Clamped: 1, DivisionByZero: 4, Inexact: 64, FloatOperation: 1024,
         Overflow: 2048, Rounded: 4096, Subnormal: 8192, Underflow: 16384}
_INV_BITS = {ConversionSyntax: 2, DivisionImpossible: 8,
             DivisionUndefined: 16, InvalidContext: 128,
             InvalidOperation: 256}


def _signal_dict(spec, name):
    d = _SignalDict()
    for s in _SIGNALS:
        dict.__setitem__(d, s, False)
    if spec is None:
        return d
    if isinstance(spec, dict):
        for k, v in spec.items():
            if k not in _SIGNALS:
                raise KeyError("invalid signal dict")
            dict.__setitem__(d, k, bool(v))
        return d
    for k in spec:
        if k not in _SIGNALS:
            raise KeyError("invalid signal dict")
        dict.__setitem__(d, k, True)
    return d


# ---------------------------------------------------------------- helpers

# The Decimal class.  decimal.py defines it (it needs everything here)
# and then sets this name, so that _mk can build instances without an
# import cycle.
Decimal = None

_FINITE = 0
_INF = 1
_NAN = 2
_SNAN = 3


def _nd(n):
    """Number of decimal digits of the non-negative int n (0 has 1)."""
    return len(str(n))


def _mk(sign, coeff, exp, special=_FINITE):
    d = object.__new__(Decimal)
    d._sign = sign
    d._int = coeff
    d._exp = exp
    d._special = special
    return d


def _strip(coeff, exp, limit):
    """Remove trailing zeros from coeff while exp < limit."""
    if coeff == 0:
        return 0, exp
    while exp < limit and coeff % 10 == 0:
        coeff //= 10
        exp += 1
    return coeff, exp


def _round_int(coeff, n, sign, mode):
    """Drop the n (> 0) lowest digits of coeff with rounding mode `mode`.
    Returns (new coefficient, inexact)."""
    p = 10 ** n
    q, r = divmod(coeff, p)
    if r == 0:
        return q, False
    if mode == ROUND_HALF_EVEN:
        up = 2 * r > p or (2 * r == p and q & 1)
    elif mode == ROUND_HALF_UP:
        up = 2 * r >= p
    elif mode == ROUND_HALF_DOWN:
        up = 2 * r > p
    elif mode == ROUND_DOWN:
        up = False
    elif mode == ROUND_UP:
        up = True
    elif mode == ROUND_CEILING:
        up = not sign
    elif mode == ROUND_FLOOR:
        up = bool(sign)
    else:  # ROUND_05UP: away from zero only if the kept last digit is 0/5
        up = q % 5 == 0
    return (q + 1 if up else q), True


def _overflow_result(sign, ctx, mode, sig):
    sig.append(Overflow)
    sig.append(Inexact)
    sig.append(Rounded)
    if mode in (ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_HALF_DOWN, ROUND_UP) \
            or (mode == ROUND_CEILING and not sign) \
            or (mode == ROUND_FLOOR and sign):
        return _mk(sign, 0, 0, _INF)
    return _mk(sign, 10 ** ctx.prec - 1, ctx.Emax - ctx.prec + 1)


def _finish(sign, coeff, exp, ctx, sig, mode=None):
    """Round the exact finite value (-1)**sign * coeff * 10**exp to the
    context: precision, overflow, subnormal range and clamping. Signals
    raised are appended to sig."""
    if mode is None:
        mode = ctx.rounding
    prec = ctx.prec
    emax = ctx.Emax
    emin = ctx.Emin
    etiny = emin - prec + 1
    etop = emax - prec + 1
    if coeff == 0:
        top = etop if ctx.clamp else emax
        if exp < etiny:
            exp = etiny
            sig.append(Clamped)
        elif exp > top:
            exp = top
            sig.append(Clamped)
        return _mk(sign, 0, exp)
    nd = _nd(coeff)
    adj = exp + nd - 1
    if adj > emax:
        return _overflow_result(sign, ctx, mode, sig)
    lo = exp + nd - prec
    if lo < etiny:
        lo = etiny
    if exp < lo:
        sub = adj < emin
        coeff, inexact = _round_int(coeff, lo - exp, sign, mode)
        exp = lo
        if _nd(coeff) > prec:
            coeff //= 10
            exp += 1
        sig.append(Rounded)
        if inexact:
            sig.append(Inexact)
        if sub:
            sig.append(Subnormal)
            if inexact:
                sig.append(Underflow)
            if coeff == 0:
                sig.append(Clamped)
        if coeff and exp + _nd(coeff) - 1 > emax:
            return _overflow_result(sign, ctx, mode, sig)
    elif adj < emin:
        sig.append(Subnormal)
    if ctx.clamp and exp > etop:
        coeff *= 10 ** (exp - etop)
        exp = etop
        sig.append(Clamped)
    return _mk(sign, coeff, exp)


def _quiet(d, ctx):
    """A NaN result from NaN operand d, payload cut to the precision."""
    payload = d._int
    limit = ctx.prec - ctx.clamp
    if payload and _nd(payload) > limit:
        payload = payload % (10 ** limit) if limit > 0 else 0
    return _mk(d._sign, payload, 0, _NAN)


def _nans(a, b, ctx, sig):
    """NaN propagation: result for operands a, b if either is a NaN."""
    if a._special == _SNAN:
        sig.append(InvalidOperation)
        return _quiet(a, ctx)
    if b is not None and b._special == _SNAN:
        sig.append(InvalidOperation)
        return _quiet(b, ctx)
    if a._special == _NAN:
        return _quiet(a, ctx)
    if b is not None and b._special == _NAN:
        return _quiet(b, ctx)
    return None


def _invalid(sig, cond=InvalidOperation):
    sig.append(cond)
    return _mk(0, 0, 0, _NAN)


def _dec_from_int(n):
    if n < 0:
        return _mk(1, -n, 0)
    return _mk(0, n, 0)


# ---------------------------------------------------------------- parsing

def _parse(text):
    """(sign, coeff, exp, special) for a numeric string, or None."""
    s = text.strip()
    if "_" in s:
        s = s.replace("_", "")
    if not s.isascii():
        s = "".join(str(int(c)) if c.isdecimal() else c for c in s)
        if not s.isascii():
            return None
    if not s:
        return None
    sign = 0
    if s[0] in "+-":
        sign = 1 if s[0] == "-" else 0
        s = s[1:]
    low = s.lower()
    if low in ("inf", "infinity"):
        return (sign, 0, 0, _INF)
    special = None
    if low.startswith("snan"):
        special, rest = _SNAN, low[4:]
    elif low.startswith("nan"):
        special, rest = _NAN, low[3:]
    if special is not None:
        if rest == "":
            return (sign, 0, 0, special)
        if not rest.isdigit():
            return None
        return (sign, int(rest), 0, special)
    epos = low.find("e")
    exp = 0
    if epos >= 0:
        etext = low[epos + 1:]
        low = low[:epos]
        digits = etext[1:] if etext[:1] in ("+", "-") else etext
        if not digits or not digits.isdigit():
            return None
        exp = int(etext)
    point = low.find(".")
    if point >= 0:
        intpart = low[:point]
        frac = low[point + 1:]
    else:
        intpart = low
        frac = ""
    if not intpart and not frac:
        return None
    if (intpart and not intpart.isdigit()) or (frac and not frac.isdigit()):
        return None
    return (sign, int(intpart + frac), exp - len(frac), _FINITE)


def _from_float(f):
    if _math.isnan(f):
        return _mk(1 if _math.copysign(1.0, f) < 0 else 0, 0, 0, _NAN)
    sign = 1 if _math.copysign(1.0, f) < 0 else 0
    if _math.isinf(f):
        return _mk(sign, 0, 0, _INF)
    n, d = abs(f).as_integer_ratio()
    k = d.bit_length() - 1  # d is 2**k
    return _mk(sign, n * 5 ** k, -k)
