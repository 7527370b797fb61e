import json
print(json.dumps({"b": 1, "a": [1, 2, {"c": None}]}, indent=2))
print(json.dumps({"b": 1, "a": 2}, sort_keys=True))
print(json.dumps([1, 2], separators=(",", ":")))
print(json.dumps({"x": [1, {}], "y": []}, indent=0))
print(json.dumps({"k": "v"}, indent="\t"))
print(json.dumps("caf\u00e9 \U0001f600"), json.dumps("caf\u00e9", ensure_ascii=False))
print(json.dumps([float("nan"), float("inf"), -float("inf"), 0.1, 1e100, -0.0]))
print(json.dumps({1: "a", 2.5: "b", True: "c", None: "d"}))
print(json.dumps("\x00\x1f\x7f"))
try:
    json.dumps(float("nan"), allow_nan=False)
except ValueError as e:
    print("ValueError", e)
try:
    json.dumps({(1, 2): 3})
except TypeError as e:
    print("TypeError", e)
try:
    json.dumps(object)
except TypeError as e:
    print("TypeError", e)
print(json.dumps({(1, 2): 3, "a": 1}, skipkeys=True))
print(json.dumps(set([1]), default=list))
l = []
l.append(l)
try:
    json.dumps(l)
except ValueError as e:
    print("ValueError", e)
