# A strip or replace that changes nothing returns the same str object.
s = "abc"
print(s.strip() is s, s.lstrip("x") is s, s.rstrip("z") is s, s.strip("abc"))
print(s.replace("x", "y") is s, s.replace("b", "b") is s, s.replace("b", "B", 0) is s)
print(s.replace("", "-"), s.replace("b", "B"), " a ".strip(), "".strip() == "")
class S(str):
    pass
t = S(" abc ")
u = S("abc")
print(type(t.strip()).__name__, type(u.strip()).__name__, type(u.replace("x", "y")).__name__)
print(u.strip() == "abc", u.replace("q", "r") == "abc")
