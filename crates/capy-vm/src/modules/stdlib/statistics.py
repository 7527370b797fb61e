"""statistics for capy: basic descriptive statistics.

Covers CPython 3.11's averages and spread functions: mean, fmean (with
weights), geometric_mean, harmonic_mean (with weights), median,
median_low, median_high, median_grouped, mode, multimode, quantiles
(exclusive and inclusive methods), pvariance, variance, pstdev, stdev,
and StatisticsError.

Like CPython, mean/variance and friends add the data up exactly (as
fractions), divide exactly and convert once at the end, so results are
the same to the last digit for ints, floats, bools and Fractions;
stdev/pstdev take a correctly rounded square root of that exact value.
The result type follows the data: ints give an int when exact and a
float otherwise, any float gives a float, Fractions give a Fraction.

Not covered: decimal.Decimal data (capy has no decimal module),
NormalDist, covariance, correlation and linear_regression.
"""

import math
from fractions import Fraction

__all__ = [
    "StatisticsError", "fmean", "geometric_mean", "harmonic_mean",
    "mean", "median", "median_grouped", "median_high", "median_low",
    "mode", "multimode", "pstdev", "pvariance", "quantiles", "stdev",
    "variance",
]


class StatisticsError(ValueError):
    pass


# -- exact summation -------------------------------------------------------

def _result_type(t, s):
    """The type a result should have once values of type s join values
    of type t (t starts as int). int and bool give way to anything; a
    float beats a Fraction; a subclass beats its base."""
    if t is s or s is int or s is bool:
        return t
    if t is int:
        return s
    if issubclass(s, t):
        return s
    if issubclass(t, s):
        return t
    if issubclass(t, int):
        return s
    if issubclass(s, int):
        return t
    if issubclass(t, Fraction) and issubclass(s, float):
        return s
    if issubclass(t, float) and issubclass(s, Fraction):
        return t
    raise TypeError("don't know how to coerce %s and %s"
                    % (t.__name__, s.__name__))


def _ratio(x):
    """(numerator, denominator) of x exactly; (x, None) for infinities
    and NaN, which cannot be written as a ratio."""
    try:
        return x.as_integer_ratio()
    except (OverflowError, ValueError):
        return (x, None)
    except AttributeError:
        pass
    raise TypeError("can't convert type '%s' to numerator/denominator"
                    % type(x).__name__)


def _exact_sum(data):
    """(result type, exact total, count). The total is a Fraction, or a
    float when some value was infinite or NaN."""
    t = int
    count = 0
    # Numerators grouped by denominator: adding ints is cheap, and only
    # one Fraction per distinct denominator gets built at the end.
    by_den = {}
    last_type = None
    for x in data:
        # The value is converted before its type is merged in, so a bad
        # value reports itself before a type clash does (as in CPython).
        n, d = _ratio(x)
        tx = type(x)
        if tx is not last_type:
            t = _result_type(t, tx)
            last_type = tx
        count += 1
        by_den[d] = by_den.get(d, 0) + n
    if None in by_den:
        total = by_den[None]
    else:
        total = Fraction(0)
        for d, n in by_den.items():
            total += Fraction(n, d)
    return t, total, count


def _convert(value, t):
    """The exact result value (a Fraction) as type t; an int type that
    cannot hold it exactly becomes float."""
    if type(value) is t:
        return value
    if issubclass(t, int) and value.denominator != 1:
        t = float
    return t(value)


def _sum_squares(data, center=None):
    """(result type, exact sum of squared deviations, count). Without
    `center` the deviations are from the exact mean; with it, each
    x - center is computed in the data's own arithmetic (as CPython
    does) and only the squares are summed exactly."""
    if center is not None:
        t, total, count = _exact_sum((x - center) * (x - center)
                                     for x in data)
        return t, total, count
    t = int
    count = 0
    sx = {}
    sxx = {}
    last_type = None
    for x in data:
        n, d = _ratio(x)
        tx = type(x)
        if tx is not last_type:
            t = _result_type(t, tx)
            last_type = tx
        count += 1
        sx[d] = sx.get(d, 0) + n
        if d is not None:
            sxx[d] = sxx.get(d, 0) + n * n
    if not count:
        return t, Fraction(0), 0
    if None in sx:
        # An infinity or NaN: CPython reports the (non-finite) float sum
        # itself as the spread.
        return t, sx[None], count
    s1 = Fraction(0)
    for d, n in sx.items():
        s1 += Fraction(n, d)
    s2 = Fraction(0)
    for d, n in sxx.items():
        s2 += Fraction(n, d * d)
    return t, (count * s2 - s1 * s1) / count, count


def _sqrt_frac(n, m):
    """sqrt(n/m) correctly rounded to a float, for ints n >= 0, m > 0.

    Scales n/m by 4**k so its integer square root has well over 53
    significant bits, rounds that root "to odd" (sets the low bit when
    inexact, so the final rounding cannot be a false tie), and lets the
    correctly rounded int / int division finish."""
    k = (n.bit_length() - m.bit_length() - 2 * 53 - 3) // 2
    if k >= 0:
        m <<= 2 * k
    else:
        n <<= -2 * k
    root = math.isqrt(n // m)
    if root * root * m != n:
        root |= 1
    if k >= 0:
        return float(root << k)
    return root / (1 << -k)


def _as_list(data):
    # Functions that walk the data twice need a re-iterable sequence.
    if iter(data) is data:
        return list(data)
    return data


# -- averages ----------------------------------------------------------------

def mean(data):
    """Arithmetic mean, computed exactly then converted to the data's
    type."""
    data = _as_list(data)
    t, total, n = _exact_sum(data)
    if n < 1:
        raise StatisticsError("mean requires at least one data point")
    return _convert(total / n, t)


def fmean(data, weights=None):
    """Fast float mean (math.fsum based), optionally weighted."""
    if weights is None:
        try:
            n = len(data)
        except TypeError:
            data = list(data)
            n = len(data)
        total = math.fsum(data)
        if not n:
            raise StatisticsError("fmean requires at least one data point")
        return total / n
    try:
        n = len(data)
    except TypeError:
        data = list(data)
        n = len(data)
    try:
        nw = len(weights)
    except TypeError:
        weights = list(weights)
        nw = len(weights)
    if n != nw:
        raise StatisticsError("data and weights must be the same length")
    num = math.fsum([x * w for x, w in zip(data, weights)])
    den = math.fsum(weights)
    if not den:
        raise StatisticsError("sum of weights must be non-zero")
    return num / den


def geometric_mean(data):
    """Geometric mean as a float, via the mean of the logarithms."""
    try:
        return math.exp(fmean([math.log(x) for x in data]))
    except ValueError:
        raise StatisticsError("geometric mean requires a non-empty dataset "
                              "containing positive numbers") from None


def _no_negatives(values, message):
    for x in values:
        if x < 0:
            raise StatisticsError(message)
        yield x


def harmonic_mean(data, weights=None):
    """Harmonic mean; 0 if any value is 0; negatives are an error."""
    data = _as_list(data)
    message = "harmonic mean does not support negative values"
    n = len(data)
    if n < 1:
        raise StatisticsError("harmonic_mean requires at least one data point")
    if n == 1 and weights is None:
        x = data[0]
        if isinstance(x, (int, float, Fraction)):
            if x < 0:
                raise StatisticsError(message)
            return x
        raise TypeError("unsupported type")
    if weights is None:
        weights = [1] * n
        sum_weights = n
    else:
        weights = list(weights)
        if len(weights) != n:
            raise StatisticsError("Number of weights does not match data size")
        sum_weights = _exact_sum(_no_negatives(weights, message))[1]
    try:
        # w / x in the data's own arithmetic (1 / int is a float), as
        # CPython does; only the sum is exact.
        t, total, count = _exact_sum(
            (w / x if w else 0)
            for w, x in zip(weights, _no_negatives(data, message)))
    except ZeroDivisionError:
        return 0
    if total <= 0:
        raise StatisticsError("Weighted sum must be positive")
    return _convert(sum_weights / total, t)


def median(data):
    """Middle value, or the mean of the two middle values."""
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    if n % 2 == 1:
        return data[n // 2]
    return (data[n // 2 - 1] + data[n // 2]) / 2


def median_low(data):
    """Middle value, or the smaller of the two middle values."""
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    if n % 2 == 1:
        return data[n // 2]
    return data[n // 2 - 1]


def median_high(data):
    """Middle value, or the larger of the two middle values."""
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    return data[n // 2]


def median_grouped(data, interval=1):
    """Median of data grouped in classes of width `interval` centred on
    the values, by interpolation inside the median class; a float."""
    data = sorted(data)
    n = len(data)
    if not n:
        raise StatisticsError("no median for empty data")
    x = data[n // 2]
    try:
        interval = float(interval)
        x = float(x)
    except ValueError:
        raise TypeError("Value cannot be converted to a float")
    # The run of values equal to x: `below` values precede it.
    below = 0
    while below < n and data[below] < x:
        below += 1
    end = below
    while end < n and not (x < data[end]):
        end += 1
    lower = x - interval / 2
    return lower + interval * (n / 2 - below) / (end - below)


def _counts(data):
    # value -> count, in first-seen order (ties go to the first seen).
    counts = {}
    for x in data:
        counts[x] = counts.get(x, 0) + 1
    return counts


def mode(data):
    """Most common value; on a tie, the first one met."""
    counts = _counts(data)
    best = None
    best_count = 0
    for x, c in counts.items():
        if c > best_count:
            best, best_count = x, c
    if not best_count:
        raise StatisticsError("no mode for empty data")
    return best


def multimode(data):
    """All most common values, in first-seen order ([] for no data)."""
    counts = _counts(data)
    if not counts:
        return []
    top = max(counts.values())
    return [x for x, c in counts.items() if c == top]


def quantiles(data, *, n=4, method="exclusive"):
    """The n - 1 cut points dividing the data into n equal-probability
    intervals, by linear interpolation between order statistics.

    'exclusive' places the i-th cut at position i*(len+1)/n in the
    sorted data (1-based, clamped to the data), 'inclusive' at
    i*(len-1)/n (0-based)."""
    if n < 1:
        raise StatisticsError("n must be at least 1")
    data = sorted(data)
    size = len(data)
    if size < 2:
        raise StatisticsError("must have at least two data points")
    cuts = []
    if method == "inclusive":
        m = size - 1
        for i in range(1, n):
            j, frac = divmod(i * m, n)
            cuts.append((data[j] * (n - frac) + data[j + 1] * frac) / n)
        return cuts
    if method == "exclusive":
        m = size + 1
        for i in range(1, n):
            j = min(max(i * m // n, 1), size - 1)
            frac = i * m - j * n
            cuts.append((data[j - 1] * (n - frac) + data[j] * frac) / n)
        return cuts
    raise ValueError("Unknown method: %r" % (method,))


# -- spread ------------------------------------------------------------------

def variance(data, xbar=None):
    """Sample variance (divides by n - 1)."""
    data = _as_list(data)
    t, ss, n = _sum_squares(data, xbar)
    if n < 2:
        raise StatisticsError("variance requires at least two data points")
    return _convert(ss / (n - 1), t)


def pvariance(data, mu=None):
    """Population variance (divides by n)."""
    data = _as_list(data)
    t, ss, n = _sum_squares(data, mu)
    if n < 1:
        raise StatisticsError("pvariance requires at least one data point")
    return _convert(ss / n, t)


def stdev(data, xbar=None):
    """Sample standard deviation, a float: the correctly rounded square
    root of the exact sample variance."""
    data = _as_list(data)
    t, ss, n = _sum_squares(data, xbar)
    if n < 2:
        raise StatisticsError("stdev requires at least two data points")
    v = ss / (n - 1)
    return _sqrt_frac(v.numerator, v.denominator)


def pstdev(data, mu=None):
    """Population standard deviation, a float."""
    data = _as_list(data)
    t, ss, n = _sum_squares(data, mu)
    if n < 1:
        raise StatisticsError("pstdev requires at least one data point")
    v = ss / n
    return _sqrt_frac(v.numerator, v.denominator)
