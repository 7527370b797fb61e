# Only properties that hold for any generator are printed: the sequences of
# CPython's Mersenne Twister and MicroPython's generator differ by design.
import random
random.seed(1)
vals = [random.random() for _ in range(1000)]
print(all(0.0 <= v < 1.0 for v in vals), len(set(vals)) > 900)
ints = [random.randint(3, 7) for _ in range(1000)]
print(min(ints) >= 3, max(ints) <= 7, sorted(set(ints)) == [3, 4, 5, 6, 7])
r = [random.randrange(10) for _ in range(500)]
print(all(0 <= v < 10 for v in r))
g = [random.getrandbits(8) for _ in range(500)]
print(all(0 <= v < 256 for v in g))
print(random.choice("abc") in "abc")
u = random.uniform(2.0, 3.0)
print(2.0 <= u <= 3.0)
random.seed(42)
a = [random.random() for _ in range(5)]
random.seed(42)
b = [random.random() for _ in range(5)]
print(a == b)
