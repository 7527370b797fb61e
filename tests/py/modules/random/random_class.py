# random.Random: instances with their own state (seeded alike, alike sequences),
# getstate/setstate, randbytes, choices, the distributions, SystemRandom;
# only properties are printed (capy's generator is not the Mersenne Twister).
import random
r = random.Random(42)
r2 = random.Random(42)
a = [r.random() for _ in range(5)]
print(a == [r2.random() for _ in range(5)], all(0 <= x < 1 for x in a))
s = r.getstate(); x = r.random(); r.setstate(s); print(x == r.random())
print(len(r.randbytes(10)), len(random.randbytes(3)), type(random.Random()).__name__)
print(sorted(r.sample(range(10), 3))[0] >= 0, r.choice("abc") in "abc", 1 <= r.randint(1, 6) <= 6)
print(len(r.choices("ab", weights=[1, 3], k=5)), type(r.gauss()).__name__, r.triangular(0, 1) <= 1)
print(0 <= random.random() < 1, isinstance(random.SystemRandom().random(), float))
random.seed(5); v = random.random(); random.seed(5); print(v == random.random())
l = list(range(10)); r.shuffle(l); print(sorted(l) == list(range(10)))
print(r.expovariate(2) > 0, r.gammavariate(2, 1) > 0, 0 <= r.betavariate(2, 3) <= 1)
