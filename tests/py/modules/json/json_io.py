import json, io
s = io.StringIO()
json.dump({"a": [1, 2]}, s)
print(s.getvalue())
print(json.load(io.StringIO('[1, {"b": 2}]')))
