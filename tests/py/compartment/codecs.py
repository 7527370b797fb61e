# The codec modules hold no authority: a compartment imports them. Entropy
# (secrets, uuid4) is allowed; gzip.open on a path goes through open(),
# which has no file system to reach; output that a compartment inflates
# counts against its own heap quota.
import compartment

c = compartment.Compartment("codecs")
c.exec("import hashlib, hmac, zlib, gzip, base64, uuid, secrets, io")
print(c.eval("hashlib.sha256(b'abc').hexdigest()"))
print(c.eval("hmac.new(b'k', b'm', 'sha1').hexdigest()"))
print(c.eval("zlib.decompress(zlib.compress(b'x' * 100)) == b'x' * 100"))
print(c.eval("gzip.decompress(gzip.compress(b'hi'))"))
print(c.eval("len(secrets.token_bytes(8)), uuid.uuid4().version"))
print(c.eval("str(uuid.uuid5(uuid.NAMESPACE_DNS, 'example.org'))"))
print(c.eval("base64.b64encode(b'hi')"))
c.exec("import deflate, platform")
print(c.eval("deflate.DeflateIO(io.BytesIO(zlib.compress(b'hi'))).read()"))
try:
    c.exec("gzip.open('x.gz')")
except Exception as e:
    print(type(e).__name__, e)

small = compartment.Compartment("small", heap="4M")
small.exec("import zlib")
try:
    small.exec(
        "c = zlib.compressobj()\n"
        "z = b''.join([c.compress(bytes(1 << 20)) for _ in range(64)]) + c.flush()\n"
        "zlib.decompress(z)\n"
    )
except Exception as e:
    print(type(e).__name__, e)
print(small.eval("len(zlib.decompress(zlib.compress(bytes(1000))))"))
