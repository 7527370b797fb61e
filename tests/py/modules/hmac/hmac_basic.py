# hmac against CPython: digests with names, constructors and long keys,
# copy, the one-shot digest(), compare_digest and the errors.
import hmac, hashlib
for dm in ["md5", "sha1", "sha256", hashlib.sha512, hashlib.sha224]:
    h = hmac.new(b"key", b"The quick brown fox", dm)
    print(h.hexdigest(), h.name, h.digest_size, h.block_size)
h = hmac.new(b"k" * 200, digestmod="sha384"); h.update(b"a"); c = h.copy(); c.update(b"b"); h.update(b"b")
print(h.hexdigest() == c.hexdigest(), h.digest() == hmac.digest(b"k" * 200, b"ab", "sha384"))
print(hmac.new(bytearray(b""), b"", "sha256").hexdigest())
for args in [("key", b"m", "sha256"), (b"key", b"m"), (b"key", b"m", "nope")]:
    try: hmac.new(*args)
    except Exception as e: print(type(e).__name__, e)
print(hmac.compare_digest(hmac.new(b"a", b"b", "md5").digest(), hmac.new(b"a", b"b", "md5").digest()))
# RFC 4231 test case 2 (HMAC-SHA-256)
print(hmac.new(b"Jefe", b"what do ya want for nothing?", hashlib.sha256).hexdigest())
print(hmac.new(b"\x0b" * 20, b"Hi There", "sha512").hexdigest())
