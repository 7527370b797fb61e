# Classes hash by identity unless their metaclass says otherwise; a
# class's own __hash__ / __eq__ concern its instances, not the class.
class Eq:
    def __eq__(self, other):
        return True


class H:
    def __hash__(self):
        return 5


class Meta(type):
    def __hash__(cls):
        return 42


class E(metaclass=Meta):
    pass


class F(E):
    pass


print({Eq: 1}[Eq], {H: 2}[H], Eq.__hash__ is None, hash(H()))
print(hash(E), hash(F), {E: 3}[E], E in {42}, F in {E: 1}, E in [F], E in (F, E))
print(int in {int: 1}, str in frozenset({int, str}), bytes in (str, bytes), list in {dict, tuple})
print(type(1.5) in {int, float}, type(None) in {type(None)}, hash(int) == hash(int))
try:
    hash(Eq())
except TypeError as e:
    print("TypeError", e)
d = {}
for c in (int, str, Eq, H, E, F, object, type):
    d[c] = c.__name__
print(sorted(d.values()), d[E], d[type])
