# Generated inputs (a fixed LCG, no random module): every decoder of
# base64 on short strings of mixed alphabets, and the encoders' options.
import base64, binascii
seed = 12345
def rnd(n):
    global seed
    seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
    return seed % n
alpha = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_ \n!#$%&()*+;<>?@^`{|}~zyu01"
for i in range(1500):
    n = rnd(14)
    s = bytes(alpha[rnd(len(alpha))] for _ in range(n))
    out = []
    for f in (base64.b64decode, base64.b32decode, base64.b85decode, base64.a85decode, base64.b16decode, base64.urlsafe_b64decode, base64.b32hexdecode):
        try:
            out.append(f(s))
        except Exception as e:
            out.append(type(e).__name__ + ":" + str(e))
    for kw in ({"validate": True},):
        try: out.append(base64.b64decode(s, **kw))
        except Exception as e: out.append(type(e).__name__ + ":" + str(e))
    try: out.append(base64.a85decode(s, foldspaces=True))
    except Exception as e: out.append(type(e).__name__ + ":" + str(e))
    try: out.append(base64.b32decode(s, casefold=True, map01=b"L"))
    except Exception as e: out.append(type(e).__name__ + ":" + str(e))
    print(s, out)
for i in range(300):
    n = rnd(20)
    s = bytes(rnd(256) for _ in range(n))
    print(base64.a85encode(s, wrapcol=rnd(8), adobe=rnd(2) == 1, pad=rnd(2) == 1, foldspaces=rnd(2) == 1), base64.b85encode(s, pad=rnd(2) == 1), base64.b32encode(s))
