import json
print(json.dumps(1), json.dumps("s"), json.dumps(None), json.dumps(True), json.dumps(1.5))
print(json.dumps([1, "a", None, [2, 3]]))
print(json.dumps({"a": 1}), json.dumps({"k": [1, {"n": False}]}))
print(json.dumps("quote\" backslash\\ newline\n tab\t"))
print(json.dumps([]), json.dumps({}), json.dumps(()))
print(json.dumps(10 ** 20))
