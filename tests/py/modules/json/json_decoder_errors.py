# Checks json.JSONDecoder errors: JSONDecodeError message, msg, pos, lineno, colno for malformed documents, raw_decode errors, type errors.
import json

dec = json.JSONDecoder()
bad = ['', ' ', '[1,]', '{"a":1,}', '{a:1}', '{"a" 1}', '{"a":1 "b":2}', '[1 2]', '"abc',
       '"a\\qb"', '"\\u12"', '"\\u12zz"', '"a\tb"', 'tru', 'nul', '[', '{', '{"a"', '{"a":',
       '-', '-a', '01', '1.', '1e', '.5', '1 2', '[1]x', 'NaN1', '{"a":1}}', '"\\', '"\\u',
       '[1,\n2,\n]', '  [1, 2', '1.5e+', '"\x7f\x1f"', '[]]', '{\n  "a": 1,\n  "b" 2\n}',
       '"ab\\ud83d\\uzzzz"', '[true, falsy]']
for s in bad:
    try:
        print(repr(s), repr(dec.decode(s)))
    except json.JSONDecodeError as e:
        print(repr(s), "|", e, "|", e.msg, e.pos, e.lineno, e.colno, e.doc == s)
try:
    json.loads('{"a": nope}', cls=json.JSONDecoder)
except ValueError as e:
    print(type(e).__name__, isinstance(e, json.JSONDecodeError), e.args)
for s, i in [(' [1]', 0), ('1', 5), ('{"a":1}', -1), ('[1', 0)]:
    try:
        print(dec.raw_decode(s, i))
    except ValueError as e:
        print(repr(s), i, type(e).__name__ + ":", e)
for arg in [5, None]:
    try:
        dec.decode(arg)
    except TypeError as e:
        print("TypeError:", e)
    try:
        dec.raw_decode(arg)
    except TypeError as e:
        print("TypeError:", e)
try:
    json.loads(5, cls=json.JSONDecoder)
except TypeError as e:
    print("TypeError:", e)
try:
    json.loads('\ufeff[1]', cls=json.JSONDecoder)
except json.JSONDecodeError as e:
    print("JSONDecodeError:", e)
try:
    dec.scan_once('  1', 0)
except StopIteration as e:
    print("StopIteration", e.value)
print(dec.scan_once('[7] x', 0))
