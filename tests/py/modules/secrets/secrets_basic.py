# secrets against CPython, by properties only (the values are random):
# lengths, types, ranges, alphabets, errors; compare_digest exactly.
import secrets
print(len(secrets.token_bytes()), len(secrets.token_bytes(5)), len(secrets.token_hex(5)), len(secrets.token_hex()), type(secrets.token_urlsafe(9)).__name__, len(secrets.token_urlsafe(9)), len(secrets.token_urlsafe()))
print(all(c in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_" for c in secrets.token_urlsafe(100)))
print(all(0 <= secrets.randbelow(10) < 10 for _ in range(200)), len({secrets.randbelow(10) for _ in range(500)}))
print(all(0 <= secrets.randbits(7) < 128 for _ in range(200)), secrets.randbits(0), secrets.randbelow(1), secrets.randbits(200) < 2 ** 200)
print(secrets.choice("abc") in "abc", secrets.choice([42]), secrets.DEFAULT_ENTROPY)
for f, a in [(secrets.randbelow, 0), (secrets.randbelow, -5), (secrets.randbits, -1), (secrets.choice, []), (secrets.token_bytes, -1)]:
    try: f(a)
    except Exception as e: print(type(e).__name__, e)
print(secrets.compare_digest(b"abc", b"abc"), secrets.compare_digest("abc", "abd"), secrets.compare_digest(b"a", b"ab"), secrets.compare_digest(bytearray(b"x"), memoryview(b"x")))
for a, b in [("a", b"a"), ("é", "é"), (1, 1)]:
    try: secrets.compare_digest(a, b)
    except TypeError as e: print("TypeError", e)
sr = secrets.SystemRandom()
x = list(range(20)); sr.shuffle(x); print(sorted(x) == list(range(20)), 0 <= sr.random() < 1, 1 <= sr.randint(1, 3) <= 3, len(sr.sample(range(10), 4)), len(set(sr.sample(range(10), 10))))
print(sr.randrange(5, 6), sr.randrange(10, 0, -10), 0 <= sr.uniform(0, 1) <= 1)
for a, b in [(b"a", "a"), (b"a", 1), (None, "x")]:
    try: secrets.compare_digest(a, b)
    except TypeError as e: print("TypeError", e)

