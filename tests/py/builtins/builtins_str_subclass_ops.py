# Instances of str subclasses where str methods take strs.
class S(str):
    pass


class L(list):
    pass


a, b = S("ab"), S("cd")
print("-".join([a, b]), "".join((a, "x", b)), S(",").join(["1", S("2")]), type("-".join([a])).__name__)
print(" ".join(S(c) for c in "xyz"))
try:
    "-".join([a, 1])
except TypeError as e:
    print("TypeError", e)
try:
    "-".join([L()])
except TypeError as e:
    print("TypeError", e)
print(a + b, a * 2, a.upper(), a in "xabx", "a" in a, a == "ab", sorted([b, a]), a < b)
