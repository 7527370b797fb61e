"""fractions for capy: exact rational numbers.

Covers CPython 3.11's Fraction: construction from int, bool, Fraction,
float, a (numerator, denominator) pair of ints/Fractions, and strings
such as '3/4', '-1.25', '.5', '2e-3', '1_000/3' (surrounding whitespace
allowed); normalised numerator/denominator; + - * / // % divmod ** with
ints, Fractions, floats and complex numbers mixed the way CPython mixes
them; comparisons; hashing equal to the hash of an equal int or float;
limit_denominator, from_float, as_integer_ratio, round/floor/ceil/trunc,
int(), float(), bool(), abs(), str() and repr().

Not covered: the numbers ABCs (capy has no numbers module, so only int,
bool and Fraction count as rationals and only float as a real) and
decimal.Decimal (capy has no decimal module; from_decimal accepts ints
and rejects everything else with CPython's TypeError). Arithmetic on a
subclass returns a plain Fraction, as in CPython.
"""

import math
import sys

__all__ = ["Fraction"]

# Modulus and infinity hash of the numeric hashing scheme documented in
# "Hashing of numeric types": hash(n/d) = (|n| * d^-1 mod P) with sign.
_HASH_MODULUS = sys.hash_info.modulus
_HASH_INF = sys.hash_info.inf


def _is_int(x):
    # bool is an int subclass, so True/False count as rationals too.
    return isinstance(x, int)


def _digits_end(s, i):
    """Index just past a run of digits starting at i, where single
    underscores may separate digits ("1_000"). Returns i when no digit
    is at i. A trailing or doubled underscore ends the run before it."""
    n = len(s)
    j = i
    if j >= n or not ("0" <= s[j] <= "9"):
        return i
    while j < n and "0" <= s[j] <= "9":
        j += 1
    while j + 1 < n and s[j] == "_" and "0" <= s[j + 1] <= "9":
        j += 1
        while j < n and "0" <= s[j] <= "9":
            j += 1
    return j


def _parse(text):
    """(numerator, denominator) for a Fraction literal, or None when the
    text is not one. Denominator may be 0; the caller reports that."""
    s = text.strip()
    n = len(s)
    i = 0
    neg = False
    if i < n and s[i] in "+-":
        neg = s[i] == "-"
        i += 1
    j = _digits_end(s, i)
    int_part = s[i:j]
    i = j
    if i < n and s[i] == "/":
        # "num/den": both parts plain digit runs, nothing after.
        if not int_part:
            return None
        j = _digits_end(s, i + 1)
        if j == i + 1 or j != n:
            return None
        num = int(int_part)
        den = int(s[i + 1:j])
        return (-num if neg else num), den
    frac_part = ""
    if i < n and s[i] == ".":
        j = _digits_end(s, i + 1)
        frac_part = s[i + 1:j]
        i = j
    # At least one digit must be present, before or after the point.
    if not int_part and not frac_part:
        return None
    exp = 0
    if i < n and s[i] in "eE":
        k = i + 1
        eneg = False
        if k < n and s[k] in "+-":
            eneg = s[k] == "-"
            k += 1
        j = _digits_end(s, k)
        if j == k:
            return None
        exp = int(s[k:j])
        if eneg:
            exp = -exp
        i = j
    if i != n:
        return None
    digits = (int_part + frac_part).replace("_", "")
    num = int(digits)
    den = 1
    shift = exp - len(frac_part.replace("_", ""))
    if shift >= 0:
        num *= 10 ** shift
    else:
        den = 10 ** -shift
    return (-num if neg else num), den


class Fraction:
    """A rational number numerator/denominator in lowest terms, with a
    positive denominator."""

    __slots__ = ("_numerator", "_denominator")

    def __new__(cls, numerator=0, denominator=None, *, _normalize=True):
        self = super(Fraction, cls).__new__(cls)
        if denominator is None:
            if type(numerator) is int:
                self._numerator = numerator
                self._denominator = 1
                return self
            if isinstance(numerator, Fraction):
                self._numerator = numerator._numerator
                self._denominator = numerator._denominator
                return self
            if _is_int(numerator):
                numerator = int(numerator)
                denominator = 1
            elif isinstance(numerator, float):
                # Raises ValueError for nan, OverflowError for infinities,
                # with the messages CPython gives.
                self._numerator, self._denominator = numerator.as_integer_ratio()
                return self
            elif isinstance(numerator, str):
                parsed = _parse(numerator)
                if parsed is None:
                    raise ValueError(
                        "Invalid literal for Fraction: %r" % numerator)
                numerator, denominator = parsed
            else:
                raise TypeError("argument should be a string "
                                "or a Rational instance")
        elif _is_int(numerator) and _is_int(denominator):
            numerator = int(numerator)
            denominator = int(denominator)
        elif (isinstance(numerator, (int, Fraction))
              and isinstance(denominator, (int, Fraction))):
            # Either may be a Fraction: n1/d1 / (n2/d2) = n1*d2 / (d1*n2).
            n1, d1 = _pair(numerator)
            n2, d2 = _pair(denominator)
            numerator = n1 * d2
            denominator = d1 * n2
        else:
            raise TypeError("both arguments should be "
                            "Rational instances")
        if denominator == 0:
            raise ZeroDivisionError("Fraction(%s, 0)" % numerator)
        if _normalize:
            g = math.gcd(numerator, denominator)
            if denominator < 0:
                g = -g
            numerator //= g
            denominator //= g
        self._numerator = numerator
        self._denominator = denominator
        return self

    @classmethod
    def from_float(cls, f):
        """The exact value of float f (an int is accepted too)."""
        if _is_int(f):
            return cls(f)
        if not isinstance(f, float):
            raise TypeError("%s.from_float() only takes floats, not %r (%s)"
                            % (cls.__name__, f, type(f).__name__))
        return cls(*f.as_integer_ratio())

    @classmethod
    def from_decimal(cls, dec):
        """capy has no decimal module: only ints are accepted."""
        if _is_int(dec):
            return cls(int(dec))
        raise TypeError("%s.from_decimal() only takes Decimals, not %r (%s)"
                        % (cls.__name__, dec, type(dec).__name__))

    def as_integer_ratio(self):
        return (self._numerator, self._denominator)

    def limit_denominator(self, max_denominator=1000000):
        """The closest Fraction to self whose denominator is at most
        max_denominator (on a tie, the continued-fraction convergent)."""
        if max_denominator < 1:
            raise ValueError("max_denominator should be at least 1")
        if self._denominator <= max_denominator:
            return Fraction(self)
        # Walk the continued-fraction expansion of n/d, keeping the last
        # two convergents (p_prev/q_prev, p_cur/q_cur), until the next
        # convergent's denominator would exceed the limit.
        p_prev, q_prev, p_cur, q_cur = 0, 1, 1, 0
        n, d = self._numerator, self._denominator
        while True:
            a = n // d
            q_next = q_prev + a * q_cur
            if q_next > max_denominator:
                break
            p_prev, q_prev, p_cur, q_cur = p_cur, q_cur, p_prev + a * p_cur, q_next
            n, d = d, n - a * d
        # The best approximation is either the last convergent or the
        # largest semiconvergent that still fits under the limit.
        k = (max_denominator - q_prev) // q_cur
        semi = Fraction(p_prev + k * p_cur, q_prev + k * q_cur)
        conv = Fraction(p_cur, q_cur)
        if abs(conv - self) <= abs(semi - self):
            return conv
        return semi

    @property
    def numerator(a):
        return a._numerator

    @property
    def denominator(a):
        return a._denominator

    def __repr__(self):
        return "%s(%s, %s)" % (self.__class__.__name__,
                               self._numerator, self._denominator)

    def __str__(self):
        if self._denominator == 1:
            return str(self._numerator)
        return "%s/%s" % (self._numerator, self._denominator)

    # -- arithmetic ----------------------------------------------------
    # Each operator: Fraction op (int | Fraction) stays exact; with a
    # float the Fraction is converted to float first; with a complex, to
    # complex; anything else gets NotImplemented.

    def __add__(a, b):
        if isinstance(b, (int, Fraction)):
            nb, db = _pair(b)
            return Fraction(a._numerator * db + nb * a._denominator,
                            a._denominator * db)
        if isinstance(b, (float, complex)):
            return _real(a, b) + b
        return NotImplemented

    def __radd__(b, a):
        if _is_int(a):
            return Fraction(a) + b
        if isinstance(a, (float, complex)):
            return a + _real(b, a)
        return NotImplemented

    def __sub__(a, b):
        if isinstance(b, (int, Fraction)):
            nb, db = _pair(b)
            return Fraction(a._numerator * db - nb * a._denominator,
                            a._denominator * db)
        if isinstance(b, (float, complex)):
            return _real(a, b) - b
        return NotImplemented

    def __rsub__(b, a):
        if _is_int(a):
            return Fraction(a) - b
        if isinstance(a, (float, complex)):
            return a - _real(b, a)
        return NotImplemented

    def __mul__(a, b):
        if isinstance(b, (int, Fraction)):
            nb, db = _pair(b)
            return Fraction(a._numerator * nb, a._denominator * db)
        if isinstance(b, (float, complex)):
            return _real(a, b) * b
        return NotImplemented

    def __rmul__(b, a):
        if _is_int(a):
            return Fraction(a) * b
        if isinstance(a, (float, complex)):
            return a * _real(b, a)
        return NotImplemented

    def __truediv__(a, b):
        if isinstance(b, (int, Fraction)):
            return _div(a, b)
        if isinstance(b, (float, complex)):
            return _real(a, b) / b
        return NotImplemented

    def __rtruediv__(b, a):
        if _is_int(a):
            return _div(Fraction(a), b)
        if isinstance(a, (float, complex)):
            return a / _real(b, a)
        return NotImplemented

    def __floordiv__(a, b):
        if isinstance(b, (int, Fraction)):
            return _floordiv(a, b)
        if isinstance(b, (float, complex)):
            return _real(a, b) // b
        return NotImplemented

    def __rfloordiv__(b, a):
        if _is_int(a):
            return _floordiv(Fraction(a), b)
        if isinstance(a, (float, complex)):
            return a // _real(b, a)
        return NotImplemented

    def __mod__(a, b):
        if isinstance(b, (int, Fraction)):
            return _mod(a, b)
        if isinstance(b, (float, complex)):
            return _real(a, b) % b
        return NotImplemented

    def __rmod__(b, a):
        if _is_int(a):
            return _mod(Fraction(a), b)
        if isinstance(a, (float, complex)):
            return a % _real(b, a)
        return NotImplemented

    def __divmod__(a, b):
        if isinstance(b, (int, Fraction)):
            return _divmod(a, b)
        if isinstance(b, (float, complex)):
            return divmod(_real(a, b), b)
        return NotImplemented

    def __rdivmod__(b, a):
        if _is_int(a):
            return _divmod(Fraction(a), b)
        if isinstance(a, (float, complex)):
            return divmod(a, _real(b, a))
        return NotImplemented

    def __pow__(a, b):
        """a ** b: exact for an integral exponent, float otherwise."""
        if isinstance(b, (int, Fraction)):
            nb, db = _pair(b)
            if db != 1:
                return float(a) ** float(b)
            n, d = a._numerator, a._denominator
            if nb >= 0:
                return Fraction(n ** nb, d ** nb, _normalize=False)
            # Negative power: invert, keeping the sign on the numerator.
            if n == 0:
                raise ZeroDivisionError("Fraction(%s, 0)" % (d ** -nb))
            if n > 0:
                return Fraction(d ** -nb, n ** -nb, _normalize=False)
            return Fraction((-d) ** -nb, (-n) ** -nb, _normalize=False)
        return float(a) ** b

    def __rpow__(b, a):
        """a ** b with b a Fraction and a not one."""
        if b._denominator == 1 and b._numerator >= 0:
            return a ** b._numerator
        if _is_int(a):
            return Fraction(a) ** b
        if b._denominator == 1:
            return a ** b._numerator
        return a ** float(b)

    def __pos__(a):
        return Fraction(a._numerator, a._denominator, _normalize=False)

    def __neg__(a):
        return Fraction(-a._numerator, a._denominator, _normalize=False)

    def __abs__(a):
        return Fraction(abs(a._numerator), a._denominator, _normalize=False)

    def __int__(a):
        # Truncates toward zero.
        if a._numerator < 0:
            return -(-a._numerator // a._denominator)
        return a._numerator // a._denominator

    def __trunc__(a):
        return a.__int__()

    def __floor__(a):
        return a._numerator // a._denominator

    def __ceil__(a):
        return -(-a._numerator // a._denominator)

    def __round__(self, ndigits=None):
        """round(x) gives an int (halves to even); round(x, n) gives a
        Fraction rounded to n decimal places the same way."""
        if ndigits is None:
            q, r = divmod(self._numerator, self._denominator)
            if r * 2 < self._denominator:
                return q
            if r * 2 > self._denominator:
                return q + 1
            return q if q % 2 == 0 else q + 1
        shift = 10 ** abs(ndigits)
        if ndigits > 0:
            return Fraction(round(self * shift), shift)
        return Fraction(round(self / shift) * shift)

    def __float__(a):
        # int / int is correctly rounded, so this is the nearest float.
        return a._numerator / a._denominator

    def __complex__(a):
        return complex(float(a))

    def __bool__(a):
        return a._numerator != 0

    def __hash__(self):
        # The documented rule for rationals: |n| times the inverse of d
        # modulo P; a denominator divisible by P hashes as infinity.
        d_inv = pow(self._denominator, _HASH_MODULUS - 2, _HASH_MODULUS)
        if d_inv == 0:
            h = _HASH_INF
        else:
            h = abs(self._numerator) % _HASH_MODULUS * d_inv % _HASH_MODULUS
        if self._numerator < 0:
            h = -h
        return -2 if h == -1 else h

    # -- comparisons ---------------------------------------------------

    def __eq__(a, b):
        if type(b) is int:
            return a._numerator == b and a._denominator == 1
        if isinstance(b, (int, Fraction)):
            nb, db = _pair(b)
            return a._numerator == nb and a._denominator == db
        if isinstance(b, complex):
            if b.imag != 0:
                return False
            b = b.real
        if isinstance(b, float):
            if math.isnan(b) or math.isinf(b):
                return False
            return a == Fraction(b)
        return NotImplemented

    def _cmp(a, b):
        """Sign of a - b as -1/0/1, None for NaN, NotImplemented for an
        unsupported type. Infinities compare like floats."""
        if isinstance(b, (int, Fraction)):
            nb, db = _pair(b)
        elif isinstance(b, float):
            if math.isnan(b):
                return None
            if math.isinf(b):
                return -1 if b > 0 else 1
            nb, db = b.as_integer_ratio()
        else:
            return NotImplemented
        x = a._numerator * db
        y = nb * a._denominator
        return (x > y) - (x < y)

    def __lt__(a, b):
        c = a._cmp(b)
        if c is NotImplemented:
            return c
        return c is not None and c < 0

    def __le__(a, b):
        c = a._cmp(b)
        if c is NotImplemented:
            return c
        return c is not None and c <= 0

    def __gt__(a, b):
        c = a._cmp(b)
        if c is NotImplemented:
            return c
        return c is not None and c > 0

    def __ge__(a, b):
        c = a._cmp(b)
        if c is NotImplemented:
            return c
        return c is not None and c >= 0

    # -- copying and pickling support -----------------------------------

    def __reduce__(self):
        return (self.__class__, (str(self),))

    def __copy__(self):
        if type(self) is Fraction:
            return self
        return self.__class__(self._numerator, self._denominator)

    def __deepcopy__(self, memo):
        if type(self) is Fraction:
            return self
        return self.__class__(self._numerator, self._denominator)


def _real(f, other):
    """f as a float, or as a complex when other is complex (CPython
    converts to the other operand's type before falling back)."""
    if isinstance(other, complex):
        return complex(float(f))
    return float(f)


def _pair(x):
    """(numerator, denominator) of an int or Fraction."""
    if isinstance(x, Fraction):
        return x._numerator, x._denominator
    return int(x), 1


def _div(a, b):
    nb, db = _pair(b)
    if nb == 0:
        # CPython reduces first, so the message shows the sign of a only.
        na = a._numerator
        raise ZeroDivisionError("Fraction(%d, 0)" % ((na > 0) - (na < 0)))
    return Fraction(a._numerator * db, a._denominator * nb)


def _floordiv(a, b):
    nb, db = _pair(b)
    if nb == 0:
        raise ZeroDivisionError("integer division or modulo by zero")
    return (a._numerator * db) // (a._denominator * nb)


def _mod(a, b):
    nb, db = _pair(b)
    if nb == 0:
        raise ZeroDivisionError("integer modulo by zero")
    return Fraction((a._numerator * db) % (nb * a._denominator),
                    a._denominator * db)


def _divmod(a, b):
    nb, db = _pair(b)
    if nb == 0:
        raise ZeroDivisionError("integer division or modulo by zero")
    q, r = divmod(a._numerator * db, a._denominator * nb)
    return q, Fraction(r, a._denominator * db)
