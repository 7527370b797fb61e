# hashlib against CPython: digests of every algorithm, the hash objects'
# attributes, bytes-like inputs, copy, pbkdf2_hmac and the errors.
import hashlib
for name in ["md5", "sha1", "sha224", "sha256", "sha384", "sha512"]:
    for data in [b"", b"abc", b"a" * 1000, bytes(range(256)) * 3]:
        h = getattr(hashlib, name)(data)
        h2 = hashlib.new(name, data)
        h3 = hashlib.new(name.upper())
        h3.update(bytearray(data[:10])); h3.update(memoryview(data)[10:])
        print(name, h.hexdigest(), h.digest() == h2.digest() == h3.digest(), h.name, h.digest_size, h.block_size)
    c = h.copy(); c.update(b"x"); print(c.hexdigest() != h.hexdigest())
print(sorted(hashlib.algorithms_guaranteed & {"md5", "sha1", "sha224", "sha256", "sha384", "sha512"}))
print(type(hashlib.md5()).__name__)
for bad in ["abc", 123, None]:
    try: hashlib.sha256(bad)
    except TypeError as e: print("TypeError", e)
    try: hashlib.md5().update(bad)
    except TypeError as e: print("TypeError", e)
try: hashlib.new("foo")
except ValueError as e: print("ValueError", e)
print(hashlib.sha256(string=b"abc").hexdigest())
print(hashlib.md5(b"x", usedforsecurity=False).hexdigest())
print(hashlib.pbkdf2_hmac("sha256", b"password", b"salt", 1).hex())
print(hashlib.pbkdf2_hmac("sha1", b"password", b"salt", 4096, 25).hex())
print(hashlib.pbkdf2_hmac("sha512", b"k" * 200, b"salt", 10, 100).hex())
print(hashlib.pbkdf2_hmac(hash_name="md5", password=b"p", salt=b"s", iterations=3, dklen=5).hex())
for args in [("sha256", b"p", b"s", 0), ("sha256", b"p", b"s", 1, 0), ("sha256", "p", b"s", 1), ("sha256", b"p", b"s", "1"), (5, b"p", b"s", 1)]:
    try: hashlib.pbkdf2_hmac(*args)
    except Exception as e: print(type(e).__name__, e)
# CPython (OpenSSL) words this one differently; both are ValueErrors.
try: hashlib.pbkdf2_hmac("nope", b"p", b"s", 1)
except ValueError as e: print("ValueError")
h = hashlib.sha1()
for i in range(100): h.update(str(i).encode())
print(h.hexdigest())
print(hashlib.sha256(b"a" * 3000000).hexdigest())
