import json
print(json.loads("1"), json.loads("-2.5"), json.loads('"s"'), json.loads("null"), json.loads("true"))
print(json.loads("[1, 2, [3]]"), json.loads('{"a": {"b": [null]}}'))
print(json.loads('"\\u00e9\\n"'), json.loads(' { "x" : 1 } '))
d = json.loads('{"z": 1, "a": 2}')
print(sorted(d.items()))
for bad in ("[1,", "{", "tru", ""):
    try:
        json.loads(bad)
        print("no error for", repr(bad))
    except ValueError:
        print("ValueError", repr(bad))
print(json.loads(json.dumps({"round": [1, 2.5, "trip"]})))
