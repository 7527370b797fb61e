"""secrets for capy: random numbers and tokens for security purposes.

Frozen into the binary (modules/frozen.rs), compiled on first import.

Covers CPython 3.11's secrets: token_bytes, token_hex, token_urlsafe
(DEFAULT_ENTROPY = 32 bytes), randbelow, randbits, choice,
compare_digest (hmac's) and SystemRandom (random, getrandbits,
randrange, randint, choice, shuffle, sample, uniform).

Every number comes from the operating system's entropy source (the
native _entropy module), never from the seeded generator of `random`.
"""

import base64 as _base64
from _entropy import urandom as _urandom
from hmac import compare_digest

__all__ = ["choice", "randbelow", "randbits", "SystemRandom",
           "token_bytes", "token_hex", "token_urlsafe", "compare_digest"]

DEFAULT_ENTROPY = 32  # bytes


class SystemRandom:
    """Random numbers from the operating system's entropy source."""

    def getrandbits(self, k):
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k == 0:
            return 0
        nbytes = (k + 7) // 8
        return int.from_bytes(_urandom(nbytes), "big") >> (nbytes * 8 - k)

    def random(self):
        # 53 random bits: a float in [0.0, 1.0).
        return self.getrandbits(53) * (1.0 / 9007199254740992.0)

    def _randbelow(self, n):
        # Rejection sampling: uniform in range(n), n > 0.
        k = n.bit_length()
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def randrange(self, start, stop=None, step=1):
        if stop is None:
            if start > 0:
                return self._randbelow(start)
            raise ValueError("empty range for randrange()")
        width = stop - start
        if step == 1:
            if width > 0:
                return start + self._randbelow(width)
            raise ValueError(
                "empty range for randrange() (%d, %d, %d)" % (start, stop, width)
            )
        if step > 0:
            n = (width + step - 1) // step
        elif step < 0:
            n = (width + step + 1) // step
        else:
            raise ValueError("zero step for randrange()")
        if n <= 0:
            raise ValueError("empty range for randrange()")
        return start + step * self._randbelow(n)

    def randint(self, a, b):
        return self.randrange(a, b + 1)

    def choice(self, seq):
        if not len(seq):
            raise IndexError("Cannot choose from an empty sequence")
        return seq[self._randbelow(len(seq))]

    def shuffle(self, x):
        for i in range(len(x) - 1, 0, -1):
            j = self._randbelow(i + 1)
            x[i], x[j] = x[j], x[i]

    def sample(self, population, k):
        pool = list(population)
        n = len(pool)
        if not 0 <= k <= n:
            raise ValueError("Sample larger than population or is negative")
        out = []
        for i in range(k):
            j = i + self._randbelow(n - i)
            pool[i], pool[j] = pool[j], pool[i]
            out.append(pool[i])
        return out

    def uniform(self, a, b):
        return a + (b - a) * self.random()

    def seed(self, *args, **kwargs):
        # Entropy cannot be seeded: ignored, as by CPython.
        return None


_sysrand = SystemRandom()

randbits = _sysrand.getrandbits
choice = _sysrand.choice


def randbelow(exclusive_upper_bound):
    """A random int in range(exclusive_upper_bound)."""
    if exclusive_upper_bound <= 0:
        raise ValueError("Upper bound must be positive.")
    return _sysrand._randbelow(exclusive_upper_bound)


def token_bytes(nbytes=None):
    """nbytes random bytes (DEFAULT_ENTROPY when None)."""
    if nbytes is None:
        nbytes = DEFAULT_ENTROPY
    return _urandom(nbytes)


def token_hex(nbytes=None):
    """nbytes random bytes as 2*nbytes hexadecimal digits."""
    return token_bytes(nbytes).hex()


def token_urlsafe(nbytes=None):
    """nbytes random bytes in URL-safe Base64, without padding."""
    tok = token_bytes(nbytes)
    return _base64.urlsafe_b64encode(tok).rstrip(b"=").decode("ascii")
