# Checks json.JSONEncoder: a subclass whose default() serialises a dataclass and a set, sort_keys, indent, separators, ensure_ascii, skipkeys, allow_nan, and dumps(cls=...).
import json
from dataclasses import dataclass, asdict


@dataclass
class Item:
    name: str
    price: float
    tags: list


class MyEncoder(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, Item):
            return {"__item__": asdict(o)}
        if isinstance(o, (set, frozenset)):
            return sorted(o)
        return super().default(o)


data = {"b": Item("pen", 1.5, ["office"]), "a": {3, 1, 2}, "c": [frozenset({"x"}), None, True]}
print(MyEncoder().encode(data))
print(MyEncoder(sort_keys=True).encode(data))
print(MyEncoder(sort_keys=True, indent=2).encode(data))
print(MyEncoder(indent="\t", separators=(";", "=")).encode([1, {"k": []}, {}]))
print(json.dumps(data, cls=MyEncoder, sort_keys=True, separators=(",", ":")))
print(json.dumps([Item("cup", 2.0, [])], cls=MyEncoder, indent=0))
print(json.dumps({"x": {1, 2}}, default=sorted))
enc = json.JSONEncoder()
print(enc.item_separator, enc.key_separator, json.JSONEncoder(indent=4).item_separator)
print(enc.encode("héllo \u2028 \U0001f600 \x00\x7f\"\\\n\t"))
print(json.JSONEncoder(ensure_ascii=False).encode(["héllo \U0001f600 \x00\x7f\"\\\n\t"]))
print(enc.encode({1: "int", 2.5: "float", True: "t", None: "n", "s": (1, 2)}))
print(json.JSONEncoder(skipkeys=True).encode({(1, 2): "skipped", "kept": 1}))
print(enc.encode([float("nan"), float("inf"), -float("inf"), 1e100, 0.1, -0.0, 10**20]))
print("".join(MyEncoder(indent=1).iterencode({"a": [1, {2, 3}]})))
print(type(enc.iterencode([1])).__name__ != "list")
