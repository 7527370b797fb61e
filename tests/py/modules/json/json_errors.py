import json
for bad in ["", "[1,", "{", "tru", "[1 2]", '{"a" 1}', "1 2", '"abc', '"\\x"', "[1,]", '{"a":1,}', "-", "01", '"\\u12"', "[\n1,\n?]", '"a\nb"']:
    try:
        json.loads(bad)
        print("ok", repr(bad))
    except ValueError as e:
        print(type(e).__name__, e)
print(json.loads("NaN"), json.loads("-Infinity"), json.loads("1e400"), json.loads("1E2"))
print(json.loads('"\\ud83d\\ude00"') == "\U0001f600", json.loads('"\\/"'))
print(json.loads("123456789012345678901234567890"))
print(json.loads('{"a": 1, "a": 2}'))
print(json.loads(b'[1, "x"]'))
print(json.loads('{"a": [1.5]}', object_hook=lambda d: sorted(d.items())))
print(json.loads('{"a": 1, "b": 2}', object_pairs_hook=lambda p: p))
print(json.loads('[1, 2.5]', parse_int=str, parse_float=str))
print(issubclass(json.JSONDecodeError, ValueError))
try:
    json.loads(1)
except TypeError as e:
    print("TypeError", e)
