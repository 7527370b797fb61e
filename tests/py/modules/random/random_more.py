# Properties only: capy's generator is not CPython's.
import random
random.seed(7)
a = [random.getrandbits(70) for _ in range(200)]
print(all(0 <= v < 2**70 for v in a), max(a) > 2**60, random.getrandbits(0))
r = [random.randrange(5, 50, 5) for _ in range(500)]
print(all(v % 5 == 0 and 5 <= v < 50 for v in r), len(set(r)) == 9)
r = [random.randrange(10, 0, -3) for _ in range(300)]
print(sorted(set(r)))
big = random.randrange(10**30)
print(0 <= big < 10**30)
l = list(range(20))
random.shuffle(l)
print(sorted(l) == list(range(20)))
s = random.sample(range(100), 10)
print(len(s), len(set(s)), all(0 <= v < 100 for v in s))
print(random.choice([42]), random.randint(5, 5), random.uniform(1.0, 1.0))
for bad in (lambda: random.randrange(0), lambda: random.randint(3, 1), lambda: random.choice([]),
            lambda: random.randrange(1, 5, 0), lambda: random.getrandbits(-1)):
    try:
        bad()
    except (ValueError, IndexError) as e:
        print(type(e).__name__)
random.seed(123)
x = [random.randint(0, 1000) for _ in range(10)]
random.seed(123)
print(x == [random.randint(0, 1000) for _ in range(10)])
random.seed()
