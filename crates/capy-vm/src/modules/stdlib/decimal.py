"""decimal for capy: decimal floating point arithmetic.

A pure-Python implementation written for capy, following the General
Decimal Arithmetic specification as exposed by CPython 3.11's decimal
module (whose C implementation, libmpdec, is what results are compared
against).

Covers:
- Decimal built from int, str (underscores, surrounding whitespace,
  Unicode digits, Infinity/NaN/sNaN with payloads), float (exact), a
  (sign, digits, exponent) tuple or another Decimal; Decimal.from_float.
- str/repr/to_eng_string, __format__ ('', e, E, f, F, g, G, n, %, fill,
  align, sign, 'z', '0', width, ',' grouping, precision), int/float/
  complex/bool conversion, hash compatible with int and float, exact
  comparisons against int and float.
- Arithmetic (+ - * / // % ** divmod, abs, unary +/-), rounded to the
  context with all eight rounding modes, trailing zeros and ideal
  exponents as the specification requires; fma, sqrt, exp, ln, log10
  (correctly rounded, computed on Python ints with guard digits), power
  with integer and non-integer exponents, quantize, normalize,
  to_integral_value/_exact, scaleb, compare, max/min, copy_sign/abs/
  negate, as_tuple, as_integer_ratio, adjusted, the is_* predicates,
  round/floor/ceil/trunc.
- Context (prec, rounding, Emin, Emax, capitals, clamp, flags, traps),
  its arithmetic methods, getcontext/setcontext/localcontext,
  BasicContext/ExtendedContext/DefaultContext, and every signal class
  with the C implementation's hierarchy and messages.

Not covered (these raise NotImplementedError naming the operation):
the logical_* operations, rotate/shift, next_plus/next_minus/
next_toward, remainder_near, compare_total/_mag, number_class, logb,
power with a modulo argument. The context is a single module-level
object (capy has no threads), not a thread-local one.

Numbers are stored as a sign (0/1), an integer coefficient (a Python
int, so arithmetic is integer arithmetic rather than digit strings), an
exponent and a "special" code (finite, infinity, quiet or signaling
NaN).

Layout: this file holds Decimal and the current-context functions; the
constants, signals and number helpers are in _decimal_base.py, Context
and the predefined contexts in _decimal_context.py, the arithmetic
operations in _decimal_math.py and __format__ in _decimal_format.py.
Every public name (and the __module__ of every class) is decimal's.
"""

import math as _math

import _decimal_base
import _decimal_context
# Public names defined in the helper modules.
from _decimal_base import (
    ROUND_DOWN, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_CEILING, ROUND_FLOOR,
    ROUND_UP, ROUND_HALF_DOWN, ROUND_05UP, MAX_PREC, MAX_EMAX, MIN_EMIN,
    MIN_ETINY, HAVE_THREADS, HAVE_CONTEXTVAR, DecimalTuple,
    DecimalException, Clamped, InvalidOperation, ConversionSyntax,
    DivisionByZero, DivisionImpossible, DivisionUndefined, Inexact,
    InvalidContext, Rounded, Subnormal, Overflow, Underflow, FloatOperation,
)
from _decimal_context import (
    Context, DefaultContext, BasicContext, ExtendedContext,
)
# Private helpers used by Decimal.
from _decimal_base import (
    _FINITE, _INF, _NAN, _SNAN, _dec_from_int, _finish, _from_float,
    _invalid, _mk, _nans, _nd, _parse, _quiet, _round_int, _strip,
)
from _decimal_context import _UNIMPLEMENTED, _conv_op
from _decimal_math import (
    _add, _div, _divmod, _exp, _ln, _mul, _power, _quantize, _sqrt,
)
from _decimal_format import _format

__version__ = "1.70"
__libmpdec_version__ = "2.5.1"


# ---------------------------------------------------------------- context

_current = None


def getcontext():
    """The current context (a single module-level context in capy)."""
    global _current
    if _current is None:
        _current = Context()
    return _current


def setcontext(context):
    global _current
    if not isinstance(context, Context):
        raise TypeError("argument must be a context")
    if context is DefaultContext or context is BasicContext \
            or context is ExtendedContext:
        context = context.copy()
        context.clear_flags()
    _current = context


class _LocalContext:
    def __init__(self, ctx):
        self.new_context = ctx

    def __enter__(self):
        self.saved_context = getcontext()
        setcontext(self.new_context)
        return self.new_context

    def __exit__(self, *args):
        setcontext(self.saved_context)
        return False


_CTX_KEYS = ("prec", "rounding", "Emin", "Emax", "capitals", "clamp",
             "flags", "traps")


def localcontext(ctx=None, **kwargs):
    """A context manager making a copy of ctx (default: the current
    context), changed by kwargs, current inside the with block."""
    if ctx is None:
        ctx = getcontext()
    new = ctx.copy()
    for k, v in kwargs.items():
        if k not in _CTX_KEYS:
            raise TypeError("'%s' is an invalid keyword argument for this "
                            "function" % k)
        setattr(new, k, v)
    return _LocalContext(new)


# ---------------------------------------------------------------- Decimal

def _convert_other(x, allow_float=False):
    if isinstance(x, Decimal):
        return x
    if isinstance(x, int):
        return _dec_from_int(x)
    if allow_float and isinstance(x, float):
        return _from_float(x)
    return NotImplemented


def _coerce(a, other, op, reflected=False):
    # The other operand of an arithmetic dunder as a Decimal; or
    # NotImplemented, for the other side to try; or, where the other side
    # is a built-in type that will not (float, str...), CPython's TypeError
    # raised here.
    o = _convert_other(other)
    if o is NotImplemented and _no_reflect(other, op):
        raise _binop_error(op, other, a) if reflected else _binop_error(op, a, other)
    return o


def _binop_error(op, a, b):
    return TypeError("unsupported operand type(s) for %s: '%s' and '%s'"
                     % (op, _tname(a), _tname(b)))


_SEQ_TYPES = (str, bytes, bytearray, list, tuple)
_OTHER_TYPES = (float, complex, dict, set, frozenset, type(None))


def _no_reflect(other, op):
    """True for built-in operands whose own reflected method cannot
    accept a Decimal: the TypeError is raised here so it names
    'decimal.Decimal' as CPython does (capy's generic message would use
    the bare class name). Sequences are left alone for '*', where they
    produce their own repetition error."""
    if isinstance(other, _OTHER_TYPES):
        return True
    return op != "*" and isinstance(other, _SEQ_TYPES)


def _tname(x):
    if isinstance(x, Decimal):
        return "decimal.Decimal"
    return type(x).__name__


class Decimal(object):
    """A decimal floating point number."""

    __slots__ = ("_sign", "_int", "_exp", "_special")

    def __new__(cls, value="0", context=None):
        self = object.__new__(cls)
        if isinstance(value, str):
            p = _parse(value)
            if p is None:
                ctx = context if context is not None else getcontext()
                ctx._apply([ConversionSyntax])
                p = (0, 0, 0, _NAN)
            self._sign, self._int, self._exp, self._special = p
            return self
        if isinstance(value, bool) or isinstance(value, int):
            value = int(value)
            self._sign = 1 if value < 0 else 0
            self._int = -value if value < 0 else value
            self._exp = 0
            self._special = _FINITE
            return self
        if isinstance(value, Decimal):
            self._sign = value._sign
            self._int = value._int
            self._exp = value._exp
            self._special = value._special
            return self
        if isinstance(value, float):
            ctx = context if context is not None else getcontext()
            ctx._apply([FloatOperation])
            d = _from_float(value)
            self._sign, self._int, self._exp, self._special = \
                d._sign, d._int, d._exp, d._special
            return self
        if isinstance(value, (tuple, list)):
            if len(value) != 3:
                raise ValueError("argument must be a sequence of length 3")
            sign, digits, exp = value
            if sign not in (0, 1) or isinstance(sign, bool) \
                    or not isinstance(sign, int):
                raise ValueError("sign must be an integer with the value "
                                 "0 or 1")
            if exp == "F":
                self._sign, self._int, self._exp = sign, 0, 0
                self._special = _INF
                return self
            if exp in ("n", "N"):
                special = _NAN if exp == "n" else _SNAN
            elif isinstance(exp, int) and not isinstance(exp, bool):
                special = _FINITE
            else:
                raise ValueError("exponent must be an integer")
            if not isinstance(digits, (tuple, list)):
                raise ValueError("coefficient must be a tuple of digits")
            coeff = 0
            for dg in digits:
                if not isinstance(dg, int) or isinstance(dg, bool) \
                        or not 0 <= dg <= 9:
                    raise ValueError("coefficient must be a tuple of digits")
                coeff = coeff * 10 + dg
            self._sign = sign
            self._int = coeff
            self._exp = exp if special == _FINITE else 0
            self._special = special
            return self
        raise TypeError("conversion from %s to Decimal is not supported"
                        % type(value).__name__)

    @classmethod
    def from_float(cls, f):
        if isinstance(f, int):
            d = _dec_from_int(f)
        elif isinstance(f, float):
            d = _from_float(f)
        else:
            raise TypeError("argument must be int or float")
        if cls is Decimal:
            return d
        return cls(d)

    # ------------------------------------------------------------ text

    def __str__(self, eng=False, context=None):
        if context is None:
            context = _current if _current is not None else getcontext()
        sign = "-" if self._sign else ""
        sp = self._special
        if sp:
            if sp == _INF:
                return sign + "Infinity"
            name = "NaN" if sp == _NAN else "sNaN"
            return sign + name + (str(self._int) if self._int else "")
        digits = str(self._int)
        exp = self._exp
        n = len(digits)
        adj = exp + n - 1
        if exp <= 0 and adj >= -6:
            if exp == 0:
                return sign + digits
            point = n + exp
            if point > 0:
                return sign + digits[:point] + "." + digits[point:]
            return sign + "0." + "0" * (-point) + digits
        e_chr = "E" if context.capitals else "e"
        if not eng:
            mant = digits[0] + ("." + digits[1:] if n > 1 else "")
            return sign + mant + e_chr + ("+" if adj >= 0 else "") + str(adj)
        if self._int == 0:
            # Exponent raised to a multiple of three, zeros after a point.
            e3 = exp + (-exp) % 3
            mant = "0" + ("." + "0" * (e3 - exp) if e3 != exp else "")
            ee = e3
        else:
            ee = adj - adj % 3
            left = adj - ee + 1
            if n <= left:
                mant = digits + "0" * (left - n)
            else:
                mant = digits[:left] + "." + digits[left:]
        if ee == 0:
            return sign + mant
        return sign + mant + e_chr + ("+" if ee >= 0 else "") + str(ee)

    def __repr__(self):
        return "Decimal('%s')" % self.__str__()

    def to_eng_string(self, context=None):
        return self.__str__(eng=True, context=context)

    # ------------------------------------------------------------ queries

    def as_tuple(self):
        if self._special == _INF:
            return DecimalTuple(self._sign, (0,), "F")
        if self._special:
            digits = tuple(int(c) for c in str(self._int)) if self._int \
                else ()
            return DecimalTuple(self._sign, digits,
                                "n" if self._special == _NAN else "N")
        return DecimalTuple(self._sign, tuple(int(c) for c in
                                              str(self._int)), self._exp)

    def as_integer_ratio(self):
        if self._special:
            if self._special == _INF:
                raise OverflowError("cannot convert Infinity to integer "
                                    "ratio")
            raise ValueError("cannot convert NaN to integer ratio")
        n = self._int
        if self._exp >= 0:
            n *= 10 ** self._exp
            d = 1
        else:
            d = 10 ** (-self._exp)
            g = _math.gcd(n, d)
            n //= g
            d //= g
        return (-n if self._sign else n), d

    def adjusted(self):
        if self._special:
            return 0
        return self._exp + _nd(self._int) - 1

    def is_nan(self):
        return self._special >= _NAN

    def is_qnan(self):
        return self._special == _NAN

    def is_snan(self):
        return self._special == _SNAN

    def is_infinite(self):
        return self._special == _INF

    def is_finite(self):
        return self._special == _FINITE

    def is_zero(self):
        return self._special == _FINITE and self._int == 0

    def is_signed(self):
        return self._sign == 1

    def is_canonical(self):
        return True

    def canonical(self):
        return self

    def is_normal(self, context=None):
        if self._special or self._int == 0:
            return False
        ctx = context if context is not None else getcontext()
        return self.adjusted() >= ctx.Emin

    def is_subnormal(self, context=None):
        if self._special or self._int == 0:
            return False
        ctx = context if context is not None else getcontext()
        return self.adjusted() < ctx.Emin

    def same_quantum(self, other, context=None):
        other = _conv_op(other, None)
        if self._special or other._special:
            return (self._special >= _NAN and other._special >= _NAN) or \
                (self._special == _INF and other._special == _INF)
        return self._exp == other._exp

    def radix(self):
        return Decimal(10)

    def conjugate(self):
        return self

    @property
    def real(self):
        return self

    @property
    def imag(self):
        return Decimal(0)

    def __reduce__(self):
        return (self.__class__, (str(self),))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __getattr__(self, name):
        if name in _UNIMPLEMENTED:
            raise NotImplementedError("decimal: Decimal.%s is not "
                                      "implemented in capy" % name)
        raise AttributeError("'decimal.Decimal' object has no attribute "
                             "'%s'" % name)

    # ------------------------------------------------------------ copies

    def copy_abs(self):
        return _mk(0, self._int, self._exp, self._special)

    def copy_negate(self):
        return _mk(1 - self._sign, self._int, self._exp, self._special)

    def copy_sign(self, other, context=None):
        other = _conv_op(other, None)
        return _mk(other._sign, self._int, self._exp, self._special)

    # ------------------------------------------------------------ conversion

    def __bool__(self):
        return bool(self._special) or self._int != 0

    def _to_int(self, mode):
        if self._special:
            if self._special >= _NAN:
                raise ValueError("cannot convert NaN to integer")
            raise OverflowError("cannot convert Infinity to integer")
        if self._exp >= 0:
            n = self._int * 10 ** self._exp
        else:
            n, _ = _round_int(self._int, -self._exp, self._sign, mode)
        return -n if self._sign else n

    def __int__(self):
        return self._to_int(ROUND_DOWN)

    def __trunc__(self):
        return self._to_int(ROUND_DOWN)

    def __floor__(self):
        return self._to_int(ROUND_FLOOR)

    def __ceil__(self):
        return self._to_int(ROUND_CEILING)

    def __index__(self):
        raise TypeError("'decimal.Decimal' object cannot be interpreted "
                        "as an integer")

    def __float__(self):
        if self._special >= _NAN:
            if self._special == _SNAN:
                raise ValueError("cannot convert signaling NaN to float")
            return float("-nan") if self._sign else float("nan")
        if self._special == _INF:
            return float("-inf") if self._sign else float("inf")
        return float(self.__str__())

    def __complex__(self):
        return complex(float(self))

    def __round__(self, n=None):
        if n is None:
            return self._to_int(ROUND_HALF_EVEN)
        if not isinstance(n, int):
            raise TypeError("optional arg must be an integer")
        return self.quantize(_mk(0, 1, -n))

    # ------------------------------------------------------------ hashing

    def __hash__(self):
        if self._special:
            if self._special == _SNAN:
                raise TypeError("Cannot hash a signaling NaN value")
            if self._special == _NAN:
                return object.__hash__(self)
            return -314159 if self._sign else 314159
        M = 2305843009213693951  # sys.hash_info.modulus
        if self._exp >= 0:
            h = self._int * pow(10, self._exp, M) % M
        else:
            # 10 is invertible modulo the prime M
            h = self._int * pow(pow(10, M - 2, M), -self._exp, M) % M
        if self._sign:
            h = -h
        return -2 if h == -1 else h

    # ------------------------------------------------------------ compare

    def _cmp(self, other):
        """-1, 0, 1 comparing two non-NaN Decimals numerically."""
        if self._special or other._special:
            a = 0 if not self._special else (-1 if self._sign else 1)
            b = 0 if not other._special else (-1 if other._sign else 1)
            if a or b:
                if a == b:
                    return 0
                if a:
                    return a
                return -b
        if self._int == 0:
            if other._int == 0:
                return 0
            return 1 if other._sign else -1
        if other._int == 0:
            return -1 if self._sign else 1
        if self._sign != other._sign:
            return -1 if self._sign else 1
        s = -1 if self._sign else 1
        a1 = self.adjusted()
        a2 = other.adjusted()
        if a1 != a2:
            return s if a1 > a2 else -s
        e = min(self._exp, other._exp)
        x = self._int * 10 ** (self._exp - e)
        y = other._int * 10 ** (other._exp - e)
        if x == y:
            return 0
        return s if x > y else -s

    def _compare_other(self, other, equality):
        if isinstance(other, float):
            ctx = getcontext()
            if equality:
                dict.__setitem__(ctx._flags, FloatOperation, True)
            else:
                ctx._apply([FloatOperation])
            return _from_float(other)
        if isinstance(other, complex) and equality:
            if other.imag != 0:
                return None
            return self._compare_other(other.real, True)
        return _convert_other(other)

    def __eq__(self, other):
        o = self._compare_other(other, True)
        if o is None:
            return False
        if o is NotImplemented:
            return o
        if self._special >= _NAN or o._special >= _NAN:
            if self._special == _SNAN or o._special == _SNAN:
                getcontext()._apply([InvalidOperation])
            return False
        return self._cmp(o) == 0

    def __ne__(self, other):
        r = self.__eq__(other)
        if r is NotImplemented:
            return r
        return not r

    def _order(self, other):
        o = self._compare_other(other, False)
        if o is NotImplemented:
            return None
        if self._special >= _NAN or o._special >= _NAN:
            getcontext()._apply([InvalidOperation])
            return False
        return self._cmp(o)

    def __lt__(self, other):
        c = self._order(other)
        if c is None:
            return NotImplemented
        return c is not False and c < 0

    def __le__(self, other):
        c = self._order(other)
        if c is None:
            return NotImplemented
        return c is not False and c <= 0

    def __gt__(self, other):
        c = self._order(other)
        if c is None:
            return NotImplemented
        return c is not False and c > 0

    def __ge__(self, other):
        c = self._order(other)
        if c is None:
            return NotImplemented
        return c is not False and c >= 0

    def compare(self, other, context=None):
        ctx = context if context is not None else getcontext()
        other = _conv_op(other, ctx)
        sig = []
        r = _nans(self, other, ctx, sig)
        if r is None:
            r = _dec_from_int(self._cmp(other))
        if sig:
            ctx._apply(sig)
        return r

    def compare_signal(self, other, context=None):
        ctx = context if context is not None else getcontext()
        other = _conv_op(other, ctx)
        if self._special >= _NAN or other._special >= _NAN:
            ctx._apply([InvalidOperation])
            return _mk(0, 0, 0, _NAN)
        return self.compare(other, ctx)

    def _minmax(self, other, ctx, want_max, mag):
        other = _conv_op(other, ctx)
        sig = []
        a, b = self, other
        if a._special >= _NAN or b._special >= _NAN:
            if a._special == _SNAN or b._special == _SNAN:
                r = _nans(a, b, ctx, sig)
            elif a._special == _NAN and b._special == _NAN:
                r = _quiet(a, ctx)
            else:
                num = b if a._special == _NAN else a
                r = self._plus(num, ctx, sig) if not num._special else num
            if sig:
                ctx._apply(sig)
            return r
        c = a.copy_abs()._cmp(b.copy_abs()) if mag else a._cmp(b)
        if c == 0:
            c = a._cmp(b)
        if c == 0:
            # equal values: order by sign, then by exponent
            if a._sign != b._sign:
                c = -1 if a._sign else 1
            elif a._exp != b._exp:
                c = 1 if a._exp > b._exp else -1
                if a._sign:
                    c = -c
        pick = a if (c >= 0) == want_max else b
        if c == 0:
            pick = a
        r = self._plus(pick, ctx, sig)
        if sig:
            ctx._apply(sig)
        return r

    @staticmethod
    def _plus(d, ctx, sig):
        if d._special:
            return d
        return _finish(d._sign, d._int, d._exp, ctx, sig)

    def max(self, other, context=None):
        ctx = context if context is not None else getcontext()
        return self._minmax(other, ctx, True, False)

    def min(self, other, context=None):
        ctx = context if context is not None else getcontext()
        return self._minmax(other, ctx, False, False)

    def max_mag(self, other, context=None):
        ctx = context if context is not None else getcontext()
        return self._minmax(other, ctx, True, True)

    def min_mag(self, other, context=None):
        ctx = context if context is not None else getcontext()
        return self._minmax(other, ctx, False, True)

    # ------------------------------------------------------------ unary

    def _unary(self, ctx, sign):
        sig = []
        r = _nans(self, None, ctx, sig)
        if r is None:
            if self._special:
                r = _mk(sign, 0, 0, _INF)
            else:
                if self._int == 0:
                    sign = 1 if ctx.rounding == ROUND_FLOOR and sign \
                        and self._sign else 0
                    if ctx.rounding != ROUND_FLOOR:
                        sign = 0
                r = _finish(sign, self._int, self._exp, ctx, sig)
        if sig:
            ctx._apply(sig)
        return r

    def __pos__(self, context=None):
        ctx = context if context is not None else getcontext()
        if not self._special and self._int == 0:
            sign = 1 if (self._sign and ctx.rounding == ROUND_FLOOR) else 0
            sig = []
            r = _finish(sign, 0, self._exp, ctx, sig)
            if sig:
                ctx._apply(sig)
            return r
        return self._unary(ctx, self._sign)

    def __neg__(self, context=None):
        ctx = context if context is not None else getcontext()
        if not self._special and self._int == 0:
            sign = 1 if (not self._sign and ctx.rounding == ROUND_FLOOR) \
                else 0
            sig = []
            r = _finish(sign, 0, self._exp, ctx, sig)
            if sig:
                ctx._apply(sig)
            return r
        return self._unary(ctx, 1 - self._sign)

    def __abs__(self, round=True, context=None):
        ctx = context if context is not None else getcontext()
        if not round:
            return self.copy_abs()
        if not self._special and self._int == 0:
            sig = []
            r = _finish(0, 0, self._exp, ctx, sig)
            if sig:
                ctx._apply(sig)
            return r
        return self._unary(ctx, 0)

    # ------------------------------------------------------------ add/sub

    def __add__(self, other, context=None):
        o = _coerce(self, other, "+")
        if o is NotImplemented:
            return o
        ctx = context if context is not None else getcontext()
        sig = []
        r = _add(self, o, ctx, sig, 0)
        if sig:
            ctx._apply(sig)
        return r

    def __radd__(self, other, context=None):
        o = _coerce(self, other, "+", reflected=True)
        if o is NotImplemented:
            return o
        return o.__add__(self, context)

    def __sub__(self, other, context=None):
        o = _coerce(self, other, "-")
        if o is NotImplemented:
            return o
        ctx = context if context is not None else getcontext()
        sig = []
        r = _add(self, o, ctx, sig, 1)
        if sig:
            ctx._apply(sig)
        return r

    def __rsub__(self, other, context=None):
        o = _coerce(self, other, "-", reflected=True)
        if o is NotImplemented:
            return o
        return o.__sub__(self, context)

    def __mul__(self, other, context=None):
        o = _coerce(self, other, "*")
        if o is NotImplemented:
            return o
        ctx = context if context is not None else getcontext()
        sig = []
        r = _mul(self, o, ctx, sig, True)
        if sig:
            ctx._apply(sig)
        return r

    def __rmul__(self, other, context=None):
        o = _coerce(self, other, "*", reflected=True)
        if o is NotImplemented:
            return o
        return o.__mul__(self, context)

    def __truediv__(self, other, context=None):
        o = _coerce(self, other, "/")
        if o is NotImplemented:
            return o
        ctx = context if context is not None else getcontext()
        sig = []
        r = _div(self, o, ctx, sig)
        if sig:
            ctx._apply(sig)
        return r

    def __rtruediv__(self, other, context=None):
        o = _coerce(self, other, "/", reflected=True)
        if o is NotImplemented:
            return o
        return o.__truediv__(self, context)

    def _divmod_parts(self, o, ctx, want):
        sig = []
        q, r = _divmod(self, o, ctx, sig, want)
        if sig:
            ctx._apply(sig)
        return q, r

    def __floordiv__(self, other, context=None):
        o = _coerce(self, other, "//")
        if o is NotImplemented:
            return o
        ctx = context if context is not None else getcontext()
        return self._divmod_parts(o, ctx, "q")[0]

    def __rfloordiv__(self, other, context=None):
        o = _coerce(self, other, "//", reflected=True)
        if o is NotImplemented:
            return o
        return o.__floordiv__(self, context)

    def __mod__(self, other, context=None):
        o = _coerce(self, other, "%")
        if o is NotImplemented:
            return o
        ctx = context if context is not None else getcontext()
        return self._divmod_parts(o, ctx, "r")[1]

    def __rmod__(self, other, context=None):
        o = _coerce(self, other, "%", reflected=True)
        if o is NotImplemented:
            return o
        return o.__mod__(self, context)

    def __divmod__(self, other, context=None):
        o = _coerce(self, other, "divmod()")
        if o is NotImplemented:
            return o
        ctx = context if context is not None else getcontext()
        return self._divmod_parts(o, ctx, "qr")

    def __rdivmod__(self, other, context=None):
        o = _coerce(self, other, "divmod()", reflected=True)
        if o is NotImplemented:
            return o
        return o.__divmod__(self, context)

    def __pow__(self, other, modulo=None, context=None):
        if modulo is not None:
            raise NotImplementedError("decimal: three-argument pow() is "
                                      "not implemented in capy")
        o = _convert_other(other)
        if o is NotImplemented:
            if _no_reflect(other, "**"):
                raise _binop_error("** or pow()", self, other)
            return o
        ctx = context if context is not None else getcontext()
        sig = []
        r = _power(self, o, ctx, sig)
        if sig:
            ctx._apply(sig)
        return r

    def __rpow__(self, other, modulo=None, context=None):
        o = _convert_other(other)
        if o is NotImplemented:
            if _no_reflect(other, "**"):
                raise _binop_error("** or pow()", other, self)
            return o
        return o.__pow__(self, modulo, context)

    # ------------------------------------------------------------ others

    def fma(self, other, third, context=None):
        ctx = context if context is not None else getcontext()
        other = _conv_op(other, ctx)
        third = _conv_op(third, ctx)
        sig = []
        r = _nans(self, other, ctx, sig)
        if r is None and third._special == _SNAN:
            r = _nans(third, None, ctx, sig)
        if r is None:
            if self._special or other._special:
                prod = _mul(self, other, ctx, sig, False)
                if prod._special >= _NAN:
                    r = prod
                else:
                    r = _add(prod, third, ctx, sig, 0)
            else:
                r = _nans(third, None, ctx, sig)
                if r is None:
                    prod = _mk(self._sign ^ other._sign,
                               self._int * other._int,
                               self._exp + other._exp)
                    r = _add(prod, third, ctx, sig, 0)
        if sig:
            ctx._apply(sig)
        return r

    def quantize(self, exp, rounding=None, context=None):
        ctx = context if context is not None else getcontext()
        exp = _conv_op(exp, ctx)
        sig = []
        r = _quantize(self, exp, ctx, sig, rounding or ctx.rounding)
        if sig:
            ctx._apply(sig)
        return r

    def to_integral_value(self, rounding=None, context=None):
        ctx = context if context is not None else getcontext()
        sig = []
        r = _nans(self, None, ctx, sig)
        if r is None:
            if self._special or self._exp >= 0:
                r = self
            else:
                c, _ = _round_int(self._int, -self._exp, self._sign,
                                  rounding or ctx.rounding)
                r = _mk(self._sign, c, 0)
        if sig:
            ctx._apply(sig)
        return r

    to_integral = to_integral_value

    def to_integral_exact(self, rounding=None, context=None):
        ctx = context if context is not None else getcontext()
        sig = []
        r = _nans(self, None, ctx, sig)
        if r is None:
            if self._special or self._exp >= 0:
                r = self
            else:
                c, inexact = _round_int(self._int, -self._exp, self._sign,
                                        rounding or ctx.rounding)
                r = _mk(self._sign, c, 0)
                if self._int:
                    sig.append(Rounded)
                if inexact:
                    sig.append(Inexact)
        if sig:
            ctx._apply(sig)
        return r

    def normalize(self, context=None):
        ctx = context if context is not None else getcontext()
        sig = []
        r = _nans(self, None, ctx, sig)
        if r is None:
            if self._special:
                r = self
            else:
                r = _finish(self._sign, self._int, self._exp, ctx, sig)
                if not r._special:
                    if r._int == 0:
                        r = _mk(r._sign, 0, 0)
                    else:
                        top = ctx.Etop() if ctx.clamp else ctx.Emax
                        c, e = _strip(r._int, r._exp, top)
                        r = _mk(r._sign, c, e)
        if sig:
            ctx._apply(sig)
        return r

    def scaleb(self, other, context=None):
        ctx = context if context is not None else getcontext()
        other = _conv_op(other, ctx)
        sig = []
        r = _nans(self, other, ctx, sig)
        if r is None:
            lim = 2 * (ctx.Emax + ctx.prec)
            if other._special or other._exp != 0 or \
                    other._int > lim:
                r = _invalid(sig)
            elif self._special:
                r = self
            else:
                n = -other._int if other._sign else other._int
                r = _finish(self._sign, self._int, self._exp + n, ctx, sig)
        if sig:
            ctx._apply(sig)
        return r

    def sqrt(self, context=None):
        ctx = context if context is not None else getcontext()
        sig = []
        r = _sqrt(self, ctx, sig)
        if sig:
            ctx._apply(sig)
        return r

    def exp(self, context=None):
        ctx = context if context is not None else getcontext()
        sig = []
        r = _exp(self, ctx, sig)
        if sig:
            ctx._apply(sig)
        return r

    def ln(self, context=None):
        ctx = context if context is not None else getcontext()
        sig = []
        r = _ln(self, ctx, sig, False)
        if sig:
            ctx._apply(sig)
        return r

    def log10(self, context=None):
        ctx = context if context is not None else getcontext()
        sig = []
        r = _ln(self, ctx, sig, True)
        if sig:
            ctx._apply(sig)
        return r

    # ------------------------------------------------------------ format

    def __format__(self, spec, _localeconv=None):
        return _format(self, spec)


# The helper modules build Decimals but cannot import this module (it
# imports them): hand them the class now that it exists.
_decimal_base.Decimal = Decimal
_decimal_context.Decimal = Decimal


def _use_native():
    """Decimal's hottest methods become _decnum's natives, which handle
    the common case and call the Python method kept as _py<name> for the
    rest (see modules/decnum.rs)."""
    import _decnum
    for name in ("__add__", "__radd__", "__sub__", "__rsub__", "__mul__",
                 "__rmul__", "quantize", "__str__"):
        setattr(Decimal, "_py" + name, getattr(Decimal, name))
        setattr(Decimal, name, getattr(_decnum, name))
    Context._pyquantize = Context.quantize
    Context.quantize = _decnum.context_quantize
    _decnum.adopt(Decimal, globals())


_use_native()
