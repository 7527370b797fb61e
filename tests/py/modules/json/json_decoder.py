# Checks json.JSONDecoder: decode, raw_decode, object_hook, object_pairs_hook, parse_float, parse_int, parse_constant, strict, loads(cls=...).
import json
from decimal import Decimal

dec = json.JSONDecoder()
print(dec.decode(' {"a": [1, 2.5, -0, 1E2, true, false, null], "b": "x\\u00e9\\ud83d\\ude00\\n"} '))
print(dec.raw_decode('[1, 2] trailing'))
print(dec.raw_decode('xx{"k": "v"}yy', 2))
print(dec.raw_decode('"abc"'))
print(json.JSONDecoder(object_hook=lambda d: sorted(d.items())).decode('{"b": 1, "a": {"c": 2}}'))
print(json.JSONDecoder(object_pairs_hook=list).decode('{"b": 1, "a": 2, "b": 3}'))
print(json.JSONDecoder(object_pairs_hook=list, object_hook=dict).decode('{"x": {}}'))
print(json.JSONDecoder(parse_float=Decimal).decode('[1.10, 2, 3e-1]'))
print(json.JSONDecoder(parse_int=float).decode('[1, 22, -3]'))
print(json.JSONDecoder(parse_int=str, parse_float=str).decode('[10, 1.50, 1e5]'))
print(json.JSONDecoder(parse_constant=lambda c: "const:" + c).decode('[NaN, Infinity, -Infinity]'))
print(json.JSONDecoder().decode('[NaN, Infinity, -Infinity, 12345678901234567890]'))
print(repr(json.JSONDecoder(strict=False).decode('"tab\there"')))
print(json.JSONDecoder().decode('{"dup": 1, "dup": 2}'), json.JSONDecoder().decode('[]'), json.JSONDecoder().decode('{}'))


class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __repr__(self):
        return "Point(%r, %r)" % (self.x, self.y)


class PointDecoder(json.JSONDecoder):
    def __init__(self, **kw):
        super().__init__(object_hook=self.hook, **kw)

    def hook(self, d):
        if set(d) == {"x", "y"}:
            return Point(d["x"], d["y"])
        return d


print(json.loads('{"p": {"x": 1, "y": 2}, "q": [{"x": 0, "y": -1}]}', cls=PointDecoder))
print(json.loads('{"p": {"x": 1.5, "y": 2}}', cls=PointDecoder, parse_float=str))
print(json.loads(b'{"bytes": true}', cls=json.JSONDecoder))
text = '{"v": 1} {"v": 2}   [3]'
pos = 0
while pos < len(text):
    obj, pos = dec.raw_decode(text, pos)
    print(obj, pos)
    while pos < len(text) and text[pos] == " ":
        pos += 1
