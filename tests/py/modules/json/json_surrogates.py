# json and lone surrogates: dumps escapes them (ensure_ascii) or keeps
# them; loads makes them from \u escapes (a valid pair combines) and from
# the source text.
import json

print(json.dumps('\ud800'), json.dumps(['a\udc80b', '\U0001f600']))
print(json.dumps({'\ud800': '\udfff'}, sort_keys=True), json.dumps({1: '\ud800', '\udc00': 2}))
r = json.dumps(['\ud800', 'é\udc80'], ensure_ascii=False)
print(ascii(r), len(r), r == '["\ud800", "é\udc80"]')
r = json.dumps({'\ud800k': ['\udfff']}, ensure_ascii=False, indent=1)
print(ascii(r))
print(ascii(json.dumps('\ufffd\ud800', ensure_ascii=False)))

for src in ['"\\ud800"', '"\\udc00x"', '"\\ud83d\\ude00"', '"\\ud800\\u0041"',
            '"\\udc00\\ud800"', '"\\ud800\\ud800\\udc00"', '{"\\ud800": "\\udfff"}',
            '["\\ud800", "\\uDFFF"]']:
    v = json.loads(src)
    print(ascii(v), len(v))
raw = json.loads('["\ud800", {"k\udc80": "\udfff"}]')
print(ascii(raw))
s = 'x\ud800\U0001f600\udc80'
print(json.loads(json.dumps(s)) == s, json.loads(json.dumps(s, ensure_ascii=False)) == s)
