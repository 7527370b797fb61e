"""The parts of `random` written in Python: the `Random` class (each
instance with a generator state of its own), `randbytes`, and the
distributions CPython's module offers, over the native generator
(modules/random.rs, xoshiro256**: sequences differ from CPython's
Mersenne Twister by design, as MicroPython's do).

`random` itself is native; when it is first imported it calls `install`
with its namespace and the unbound natives.
"""
import math as _math

_NATIVES = ("seed", "getrandbits", "random", "uniform", "randrange",
            "randint", "choice", "shuffle", "sample")


def install(ns, natives):
    f = dict(zip(_NATIVES, natives))

    class Random:
        """A generator with a state of its own: Random(seed)."""

        def __init__(self, x=None):
            self._state = bytearray(32)
            self.seed(x)

        def seed(self, a=None, version=2):
            if a is None:
                # From the module's generator, itself seeded from the clock.
                a = ns["getrandbits"](64)
            elif isinstance(a, (str, bytes, bytearray)):
                a = int.from_bytes(a.encode() if isinstance(a, str) else bytes(a), "big")
            elif isinstance(a, float):
                a = hash(a)
            elif not isinstance(a, int):
                raise TypeError(
                    "The only supported seed types are: None,\n"
                    "int, float, str, bytes, and bytearray.")
            f["seed"](self._state, a)

        def getstate(self):
            return bytes(self._state)

        def setstate(self, state):
            if not isinstance(state, (bytes, bytearray)) or len(state) != 32:
                raise ValueError("state must be what getstate() returned")
            self._state[:] = state

        def getrandbits(self, k):
            return f["getrandbits"](self._state, k)

        def random(self):
            return f["random"](self._state)

        def uniform(self, a, b):
            return f["uniform"](self._state, a, b)

        def randrange(self, *args):
            return f["randrange"](self._state, *args)

        def randint(self, a, b):
            return f["randint"](self._state, a, b)

        def choice(self, seq):
            return f["choice"](self._state, seq)

        def shuffle(self, x):
            return f["shuffle"](self._state, x)

        def sample(self, population, k, *, counts=None):
            if counts is not None:
                population = [p for p, c in zip(population, counts) for _ in range(c)]
            return f["sample"](self._state, population, k)

        def randbytes(self, n):
            if n < 0:
                raise ValueError("negative argument not allowed")
            return self.getrandbits(n * 8).to_bytes(n, "little") if n else b""

        def choices(self, population, weights=None, *, cum_weights=None, k=1):
            n = len(population)
            if cum_weights is None:
                if weights is None:
                    return [population[int(self.random() * n)] for _ in range(k)]
                cum_weights = []
                total = 0
                for w in weights:
                    total += w
                    cum_weights.append(total)
            elif weights is not None:
                raise TypeError("Cannot specify both weights and cumulative weights")
            if len(cum_weights) != n:
                raise ValueError("The number of weights does not match the population")
            total = cum_weights[-1] + 0.0
            if total <= 0.0:
                raise ValueError("Total of weights must be greater than zero")
            import bisect
            hi = n - 1
            return [population[bisect.bisect(cum_weights, self.random() * total, 0, hi)]
                    for _ in range(k)]

        def triangular(self, low=0.0, high=1.0, mode=None):
            u = self.random()
            try:
                c = 0.5 if mode is None else (mode - low) / (high - low)
            except ZeroDivisionError:
                return low
            if u > c:
                u = 1.0 - u
                c = 1.0 - c
                low, high = high, low
            return low + (high - low) * _math.sqrt(u * c)

        def gauss(self, mu=0.0, sigma=1.0):
            # Box-Muller; one value per call.
            u1 = 1.0 - self.random()
            u2 = self.random()
            z = _math.sqrt(-2.0 * _math.log(u1)) * _math.cos(2.0 * _math.pi * u2)
            return mu + z * sigma

        normalvariate = gauss

        def lognormvariate(self, mu, sigma):
            return _math.exp(self.gauss(mu, sigma))

        def expovariate(self, lambd=1.0):
            return -_math.log(1.0 - self.random()) / lambd

        def betavariate(self, alpha, beta):
            y = self.gammavariate(alpha, 1.0)
            if y:
                return y / (y + self.gammavariate(beta, 1.0))
            return 0.0

        def gammavariate(self, alpha, beta):
            if alpha <= 0.0 or beta <= 0.0:
                raise ValueError("gammavariate: alpha and beta must be > 0.0")
            if alpha < 1.0:
                # Boost to alpha + 1, then scale (Marsaglia and Tsang).
                return self.gammavariate(alpha + 1.0, beta) * self.random() ** (1.0 / alpha)
            d = alpha - 1.0 / 3.0
            c = 1.0 / _math.sqrt(9.0 * d)
            while True:
                x = self.gauss()
                v = (1.0 + c * x) ** 3
                if v <= 0.0:
                    continue
                u = self.random()
                if _math.log(u) < 0.5 * x * x + d - d * v + d * _math.log(v):
                    return d * v * beta

        def paretovariate(self, alpha):
            return 1.0 / (1.0 - self.random()) ** (1.0 / alpha)

        def weibullvariate(self, alpha, beta):
            return alpha * (-_math.log(1.0 - self.random())) ** (1.0 / beta)

        def vonmisesvariate(self, mu, kappa):
            if kappa <= 1e-6:
                return 2.0 * _math.pi * self.random()
            s = 0.5 / kappa
            r = s + _math.sqrt(1.0 + s * s)
            while True:
                z = _math.cos(_math.pi * self.random())
                d = z / (r + z)
                u = self.random()
                if u < 1.0 - d * d or u <= (1.0 - d) * _math.exp(d):
                    break
            q = 1.0 / r
            f_ = (q + z) / (1.0 + q * z)
            theta = _math.acos(f_) if self.random() > 0.5 else -_math.acos(f_)
            return (mu + theta) % (2.0 * _math.pi)

    class SystemRandom(Random):
        """Random numbers from the OS's entropy (no state to seed)."""

        def random(self):
            return (int.from_bytes(_entropy(7), "big") >> 3) * 2.0 ** -53

        def getrandbits(self, k):
            if k < 0:
                raise ValueError("number of bits must be non-negative")
            n = (k + 7) // 8
            return int.from_bytes(_entropy(n), "big") >> (n * 8 - k) if k else 0

        def seed(self, *args, **kwds):
            return None

    def _entropy(n):
        import _entropy
        return _entropy.urandom(n)

    ns["Random"] = Random
    ns["SystemRandom"] = SystemRandom
    # The module-level functions that are Python here run on the module's
    # own generator through a Random whose state is the module's.
    shared = Random.__new__(Random)
    shared._state = natives_state(ns)
    for name in ("randbytes", "choices", "triangular", "gauss", "normalvariate",
                 "lognormvariate", "expovariate", "betavariate", "gammavariate",
                 "paretovariate", "weibullvariate", "vonmisesvariate",
                 "getstate", "setstate"):
        ns[name] = getattr(shared, name)


def natives_state(ns):
    # The module's functions are natives bound to its state bytearray.
    return ns["random"].__self__
