# str.join over every kind of iterable and item, and its errors.


class S(str):
    pass


print("-".join(["a", "bc", ""]))
print("".join(("x", "y")))
print(", ".join(str(i) for i in range(5)))
print("|".join(S("sub") for _ in range(2)))
print(S("+").join(["p", S("q")]))
print("é".join(["ü", "ß", "日本"]))
print(repr("".join([])))
print(repr("ab".join(["only"])))
print(len("·".join(["x"] * 1000)))
print("".join({"k": 1, "l": 2}))
for bad in (["a", 1], [b"x"], ["a", "b", None], [S("s"), 2.5]):
    try:
        ",".join(bad)
    except TypeError as e:
        print("TypeError:", e)
try:
    "".join(5)
except TypeError as e:
    print("TypeError:", e)
try:
    str.join(1, ["a"])
except TypeError as e:
    print("TypeError", type(e).__name__)
