# Every codec of base64 over inputs of every length up to 41 bytes (all
# remainders of the 3-, 4- and 5-byte groups), with each option, and the
# errors of malformed input with their messages.
import base64
import binascii
import hashlib

data = bytes((i * 73 + 41) % 256 for i in range(300))
zeros_and_spaces = b"\0\0\0\0    \0\0\0\0ab    \0\0\0"

encoders = [
    ("b64", base64.b64encode, base64.b64decode),
    ("b64alt", lambda d: base64.b64encode(d, b"*-"), lambda e: base64.b64decode(e, b"*-")),
    ("urlsafe", base64.urlsafe_b64encode, base64.urlsafe_b64decode),
    ("b32", base64.b32encode, base64.b32decode),
    ("b32hex", base64.b32hexencode, base64.b32hexdecode),
    ("b16", base64.b16encode, base64.b16decode),
    ("b85", base64.b85encode, base64.b85decode),
    ("b85pad", lambda d: base64.b85encode(d, pad=True), base64.b85decode),
    ("a85", base64.a85encode, base64.a85decode),
    ("a85fold", lambda d: base64.a85encode(d, foldspaces=True),
     lambda e: base64.a85decode(e, foldspaces=True)),
    ("a85adobe", lambda d: base64.a85encode(d, adobe=True, wrapcol=7),
     lambda e: base64.a85decode(e, adobe=True)),
    ("a85pad", lambda d: base64.a85encode(d, pad=True), base64.a85decode),
]

for name, enc, dec in encoders:
    h = hashlib.sha256()
    for source in (data, zeros_and_spaces * 2):
        for n in range(42):
            piece = source[n:n + n]
            coded = enc(piece)
            h.update(coded)
            back = dec(coded)
            if not name.endswith("pad"):
                assert back == piece, (name, n, coded, back)
            else:
                assert back[:len(piece)] == piece, (name, n)
    print(name, h.hexdigest()[:16], enc(data[:11]), enc(zeros_and_spaces))

# Decoding options.
print(base64.b32decode(b"mzxw6ytb", casefold=True))
print(base64.b32decode(b"MZXW6YTB", map01=b"L"))
print(base64.b32decode(b"0Z1W6YTB", map01=b"L"), base64.b32decode(b"0Z1W6YTB", map01=b"I"))
print(base64.b16decode(b"00ff7a", casefold=True), base64.b16decode("00FF7A"))
print(base64.a85decode(b"9jqo^\nBl bD-", ignorechars=b" \n"))
print(base64.a85decode("<~9jqo^BlbD-~>", adobe=True), base64.a85decode("9jqo^BlbD-~>", adobe=True))

# Malformed input: the exception type and CPython's message.
bad = [
    (base64.b32decode, (b"MZXW6YT",)),
    (base64.b32decode, (b"MZXW6YT1",)),
    (base64.b32decode, (b"MZXW6===",)),
    (base64.b32decode, (b"========",)),
    (base64.b32decode, (b"mzxw6ytb",)),
    (base64.b16decode, (b"0f",)),
    (base64.b16decode, (b"ABC",)),
    (base64.b16decode, (b"AG",)),
    (base64.b85decode, (b"0000\"",)),
    (base64.b85decode, (b"|NsC1|",)),
    (base64.a85decode, (b"9jz",)),
    (base64.a85decode, (b"9jy",), {"foldspaces": True}),
    (base64.a85decode, (b"s8W-\"",)),
    (base64.a85decode, (b"9j\x00",)),
    (base64.a85decode, (b"<~9jqo",), {"adobe": True}),
    (base64.b32encode, ("text",)),
    (base64.b85encode, ("text",)),
    (base64.a85encode, (12,)),
    (base64.b32decode, ("\u00e9",)),
]
for f, args, *kw in bad:
    try:
        f(*args, **(kw[0] if kw else {}))
        print("no error", f.__name__, args)
    except binascii.Error as e:
        print(f.__name__, "binascii.Error", e)
    except (ValueError, TypeError) as e:
        print(f.__name__, type(e).__name__, e)
for f in (base64.b16encode, base64.b64encode, base64.urlsafe_b64encode):
    try:
        f("text")
    except TypeError as e:
        print(f.__name__, e)
