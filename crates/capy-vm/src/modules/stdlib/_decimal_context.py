"""The Context class of capy's decimal (private module).

Holds Context (precision, rounding, exponent limits, capitals, clamp,
flags and traps, validated with the C implementation's messages; its
arithmetic methods convert int operands and call the Decimal methods),
and the predefined DefaultContext, BasicContext and ExtendedContext.
The current context (getcontext, setcontext, localcontext) is kept in
decimal.py.  Context's __module__ is 'decimal'; import it from there.
"""

from _decimal_base import (
    Clamped, ConversionSyntax, DivisionByZero, FloatOperation,
    InvalidOperation, Overflow, Underflow, MAX_EMAX, MAX_PREC, MIN_EMIN,
    ROUND_HALF_EVEN, ROUND_HALF_UP, _BITS, _INVALID_CONDS, _INV_BITS, _NAN,
    _ROUNDINGS, _SIGNALS, _SNAN, _dec_from_int, _finish, _from_float, _mk,
    _parse, _quiet, _signal_dict,
)

# The Decimal class, set by decimal.py once it is defined (decimal.py
# imports this module, so this one cannot import it).
Decimal = None


def _conv_op(x, ctx, name="operand"):
    """Operand of a Context method: Decimal or int, else TypeError."""
    if isinstance(x, Decimal):
        return x
    if isinstance(x, int):
        return _dec_from_int(x)
    raise TypeError("conversion from %s to Decimal is not supported"
                    % type(x).__name__)


class Context(object):
    """Precision, rounding, exponent limits, flags and traps."""

    __module__ = "decimal"

    def __init__(self, prec=None, rounding=None, Emin=None, Emax=None,
                 capitals=None, clamp=None, flags=None, traps=None):
        base = DefaultContext if DefaultContext is not None else None
        self._prec = 28
        self._rounding = ROUND_HALF_EVEN
        self._Emin = -999999
        self._Emax = 999999
        self._capitals = 1
        self._clamp = 0
        if base is not None:
            self._prec = base._prec
            self._rounding = base._rounding
            self._Emin = base._Emin
            self._Emax = base._Emax
            self._capitals = base._capitals
            self._clamp = base._clamp
        if prec is not None:
            self.prec = prec
        if rounding is not None:
            self.rounding = rounding
        if Emin is not None:
            self.Emin = Emin
        if Emax is not None:
            self.Emax = Emax
        if capitals is not None:
            self.capitals = capitals
        if clamp is not None:
            self.clamp = clamp
        if traps is None:
            if base is not None:
                self._traps = base._traps.copy()
            else:
                self._traps = _signal_dict(
                    [InvalidOperation, DivisionByZero, Overflow], "traps")
        else:
            self._traps = _signal_dict(traps, "traps")
        self._flags = _signal_dict(flags, "flags")

    # Validated attributes, with the C implementation's messages.
    @property
    def prec(self):
        return self._prec

    @prec.setter
    def prec(self, v):
        if not isinstance(v, int):
            raise TypeError("an integer is required")
        if not 1 <= v <= MAX_PREC:
            raise ValueError("valid range for prec is [1, MAX_PREC]")
        self._prec = v

    @property
    def rounding(self):
        return self._rounding

    @rounding.setter
    def rounding(self, v):
        if v not in _ROUNDINGS:
            raise TypeError("valid values for rounding are:\n"
                            "  [ROUND_CEILING, ROUND_FLOOR, ROUND_UP, "
                            "ROUND_DOWN,\n   ROUND_HALF_UP, ROUND_HALF_DOWN, "
                            "ROUND_HALF_EVEN,\n   ROUND_05UP]")
        self._rounding = v

    @property
    def Emin(self):
        return self._Emin

    @Emin.setter
    def Emin(self, v):
        if not isinstance(v, int):
            raise TypeError("an integer is required")
        if not MIN_EMIN <= v <= 0:
            raise ValueError("valid range for Emin is [MIN_EMIN, 0]")
        self._Emin = v

    @property
    def Emax(self):
        return self._Emax

    @Emax.setter
    def Emax(self, v):
        if not isinstance(v, int):
            raise TypeError("an integer is required")
        if not 0 <= v <= MAX_EMAX:
            raise ValueError("valid range for Emax is [0, MAX_EMAX]")
        self._Emax = v

    @property
    def capitals(self):
        return self._capitals

    @capitals.setter
    def capitals(self, v):
        if not isinstance(v, int):
            raise TypeError("an integer is required")
        if v not in (0, 1):
            raise ValueError("valid values for capitals are 0 or 1")
        self._capitals = v

    @property
    def clamp(self):
        return self._clamp

    @clamp.setter
    def clamp(self, v):
        if not isinstance(v, int):
            raise TypeError("an integer is required")
        if v not in (0, 1):
            raise ValueError("valid values for clamp are 0 or 1")
        self._clamp = v

    @property
    def flags(self):
        return self._flags

    @flags.setter
    def flags(self, v):
        self._flags = _signal_dict(v, "flags")

    @property
    def traps(self):
        return self._traps

    @traps.setter
    def traps(self, v):
        self._traps = _signal_dict(v, "traps")

    def _apply(self, sig):
        """Set the flags for the conditions in sig and raise the first
        trapped one, listing every trapped condition as C does."""
        trapped = []
        first = None
        for s in _SIGNALS:
            hit = None
            for c in sig:
                if c is s or (s is InvalidOperation and c in _INVALID_CONDS):
                    hit = c
                    break
            if hit is None:
                continue
            if s is InvalidOperation:
                pos = _INV_BITS[hit]
                if not self._flags[s] or pos < self._flags._invpos:
                    self._flags._invpos = pos
            dict.__setitem__(self._flags, s, True)
            if self._traps[s]:
                if first is None:
                    first = s
                trapped.append(hit)
        if first is not None:
            raise first(trapped)

    def __repr__(self):
        def names(d):
            on = [(_BITS[k] if k is not InvalidOperation else d._invpos,
                   k.__name__) for k in _SIGNALS if d[k]]
            on.sort()
            return [n for _, n in on]
        fl = names(self._flags)
        tr = names(self._traps)
        return ("Context(prec=%d, rounding=%s, Emin=%d, Emax=%d, "
                "capitals=%d, clamp=%d, flags=[%s], traps=[%s])"
                % (self._prec, self._rounding, self._Emin, self._Emax,
                   self._capitals, self._clamp, ", ".join(fl), ", ".join(tr)))

    def copy(self):
        c = Context(self._prec, self._rounding, self._Emin, self._Emax,
                    self._capitals, self._clamp, None, None)
        c._flags = self._flags.copy()
        c._traps = self._traps.copy()
        return c

    __copy__ = copy

    def clear_flags(self):
        for s in _SIGNALS:
            dict.__setitem__(self._flags, s, False)

    def clear_traps(self):
        for s in _SIGNALS:
            dict.__setitem__(self._traps, s, False)

    def Etiny(self):
        return self._Emin - self._prec + 1

    def Etop(self):
        return self._Emax - self._prec + 1

    def radix(self):
        return Decimal(10)

    def create_decimal(self, num="0"):
        """Convert num and round it to this context."""
        if isinstance(num, str):
            p = _parse(num)
            if p is None:
                sig = [ConversionSyntax]
                r = _mk(0, 0, 0, _NAN)
                self._apply(sig)
                return r
            d = _mk(p[1] and p[0] or p[0], p[1], p[2], p[3])
        elif isinstance(num, float):
            self._apply([FloatOperation])
            d = _from_float(num)
        else:
            d = Decimal(num)
        sig = []
        if d._special:
            if d._special >= _NAN:
                r = _quiet(d, self)
                if d._special == _SNAN:
                    r = _mk(d._sign, r._int, 0, _SNAN)
            else:
                r = d
        else:
            r = _finish(d._sign, d._int, d._exp, self, sig)
        if sig:
            self._apply(sig)
        return r

    def create_decimal_from_float(self, f):
        d = Decimal.from_float(f)
        return self.create_decimal(d)

    # Arithmetic: each converts int operands and calls the Decimal method.
    def abs(self, a):
        return _conv_op(a, self).__abs__(context=self)

    def add(self, a, b):
        return _conv_op(a, self).__add__(_conv_op(b, self), context=self)

    def subtract(self, a, b):
        return _conv_op(a, self).__sub__(_conv_op(b, self), context=self)

    def multiply(self, a, b):
        return _conv_op(a, self).__mul__(_conv_op(b, self), context=self)

    def divide(self, a, b):
        return _conv_op(a, self).__truediv__(_conv_op(b, self),
                                             context=self)

    def divide_int(self, a, b):
        return _conv_op(a, self).__floordiv__(_conv_op(b, self),
                                              context=self)

    def remainder(self, a, b):
        return _conv_op(a, self).__mod__(_conv_op(b, self), context=self)

    def divmod(self, a, b):
        return _conv_op(a, self).__divmod__(_conv_op(b, self),
                                            context=self)

    def power(self, a, b, modulo=None):
        return _conv_op(a, self).__pow__(_conv_op(b, self), modulo,
                                         context=self)

    def plus(self, a):
        return _conv_op(a, self).__pos__(context=self)

    def minus(self, a):
        return _conv_op(a, self).__neg__(context=self)

    def sqrt(self, a):
        return _conv_op(a, self).sqrt(context=self)

    def exp(self, a):
        return _conv_op(a, self).exp(context=self)

    def ln(self, a):
        return _conv_op(a, self).ln(context=self)

    def log10(self, a):
        return _conv_op(a, self).log10(context=self)

    def compare(self, a, b):
        return _conv_op(a, self).compare(_conv_op(b, self), context=self)

    def compare_signal(self, a, b):
        return _conv_op(a, self).compare_signal(_conv_op(b, self),
                                                context=self)

    def max(self, a, b):
        return _conv_op(a, self).max(_conv_op(b, self), context=self)

    def min(self, a, b):
        return _conv_op(a, self).min(_conv_op(b, self), context=self)

    def max_mag(self, a, b):
        return _conv_op(a, self).max_mag(_conv_op(b, self), context=self)

    def min_mag(self, a, b):
        return _conv_op(a, self).min_mag(_conv_op(b, self), context=self)

    def fma(self, a, b, c):
        return _conv_op(a, self).fma(b, c, context=self)

    def quantize(self, a, b):
        return _conv_op(a, self).quantize(_conv_op(b, self), context=self)

    def normalize(self, a):
        return _conv_op(a, self).normalize(context=self)

    def scaleb(self, a, b):
        return _conv_op(a, self).scaleb(_conv_op(b, self), context=self)

    def to_integral_value(self, a):
        return _conv_op(a, self).to_integral_value(context=self)

    def to_integral_exact(self, a):
        return _conv_op(a, self).to_integral_exact(context=self)

    to_integral = to_integral_value

    def to_sci_string(self, a):
        return _conv_op(a, self).__str__(context=self)

    def to_eng_string(self, a):
        return _conv_op(a, self).to_eng_string(context=self)

    def copy_abs(self, a):
        return _conv_op(a, self).copy_abs()

    def copy_negate(self, a):
        return _conv_op(a, self).copy_negate()

    def copy_sign(self, a, b):
        return _conv_op(a, self).copy_sign(_conv_op(b, self))

    def copy_decimal(self, a):
        return Decimal(_conv_op(a, self))

    def is_finite(self, a):
        return _conv_op(a, self).is_finite()

    def is_infinite(self, a):
        return _conv_op(a, self).is_infinite()

    def is_nan(self, a):
        return _conv_op(a, self).is_nan()

    def is_qnan(self, a):
        return _conv_op(a, self).is_qnan()

    def is_snan(self, a):
        return _conv_op(a, self).is_snan()

    def is_signed(self, a):
        return _conv_op(a, self).is_signed()

    def is_zero(self, a):
        return _conv_op(a, self).is_zero()

    def is_normal(self, a):
        return _conv_op(a, self).is_normal(context=self)

    def is_subnormal(self, a):
        return _conv_op(a, self).is_subnormal(context=self)

    def is_canonical(self, a):
        return True

    def canonical(self, a):
        return _conv_op(a, self)

    def same_quantum(self, a, b):
        return _conv_op(a, self).same_quantum(_conv_op(b, self))

    def __getattr__(self, name):
        if name in _UNIMPLEMENTED:
            raise NotImplementedError("decimal: Context.%s is not "
                                      "implemented in capy" % name)
        raise AttributeError("'decimal.Context' object has no attribute "
                             "'%s'" % name)


_UNIMPLEMENTED = ("logical_and", "logical_or", "logical_xor",
                  "logical_invert", "rotate", "shift", "next_plus",
                  "next_minus", "next_toward", "remainder_near",
                  "compare_total", "compare_total_mag", "number_class",
                  "logb")

DefaultContext = None
DefaultContext = Context(prec=28, rounding=ROUND_HALF_EVEN, Emin=-999999,
                         Emax=999999, capitals=1, clamp=0,
                         traps=[DivisionByZero, Overflow, InvalidOperation])
BasicContext = Context(prec=9, rounding=ROUND_HALF_UP,
                       traps=[DivisionByZero, Overflow, InvalidOperation,
                              Clamped, Underflow])
ExtendedContext = Context(prec=9, rounding=ROUND_HALF_EVEN, traps=[])
