# Flag and IntFlag: operators, membership, iteration, pseudo-members,
# boundaries, auto() powers of two.
from enum import Flag, IntFlag, auto, STRICT, CONFORM, EJECT, KEEP, FlagBoundary


class Perm(Flag):
    R = 4
    W = 2
    X = 1
    RWX = 7


rw = Perm.R | Perm.W
print(repr(rw), str(rw), rw.name, rw.value, format(rw), f"{rw}")
print(repr(~Perm.R), repr(Perm(0)), str(Perm(0)), Perm(0).name, repr(Perm.RWX), Perm(7) is Perm.RWX)
print(list(Perm), len(Perm), list(Perm.__members__))
print(list(Perm.R | Perm.X), len(Perm.R | Perm.X), len(Perm(0)), list(Perm(0)))
print(Perm.R in Perm.RWX, Perm.X in rw, rw in Perm.RWX, Perm(0) in rw)
print(bool(Perm(0)), bool(Perm.X), repr(Perm.R ^ Perm.RWX), repr(Perm.R & Perm.W), repr(rw & Perm.W))
print(Perm.R | Perm.W is rw, (Perm.R | Perm.W | Perm.X) is Perm.RWX, repr(~Perm.RWX), repr(~Perm(0)))
print(Perm(6), Perm(3), isinstance(rw, Perm), type(rw).__name__, Perm, repr(Perm))


class Color(Flag):
    RED = auto()
    GREEN = auto()
    BLUE = auto()
    WHITE = RED | GREEN | BLUE
    NONE = 0


print(list(Color), [c.value for c in Color], repr(Color.WHITE), repr(Color(0)), Color.NONE is Color(0))
print(Color.__members__)
print(repr(Color.RED | Color.BLUE), repr(~Color.RED), Color._flag_mask_ if hasattr(Color, "_flag_mask_") else "")
for v in (3, 5, 6):
    c = Color(v)
    print(v, repr(c), [m.name for m in c], c.name)


def attempt(label, fn):
    try:
        print(label, repr(fn()))
    except Exception as e:
        print(label, type(e).__name__, e)


attempt("strict 8", lambda: Perm(8))
attempt("strict -1", lambda: Perm(-1))
attempt("strict 'a'", lambda: Perm("a"))
attempt("int in flag", lambda: 1 in Perm.R)
attempt("flag | int", lambda: Perm.R | 1)
attempt("flag & other", lambda: Perm.R & Color.RED)
attempt("float value", lambda: Perm(2.0))


class G(Flag, boundary=CONFORM):
    A = 1
    B = 2


class H(Flag, boundary=EJECT):
    A = 1


class K(Flag, boundary=KEEP):
    A = 1
    B = 4


attempt("conform 7", lambda: G(7))
attempt("eject 3", lambda: H(3))
attempt("keep 3", lambda: K(3))
attempt("keep ~A", lambda: ~K.A)
attempt("keep ~2", lambda: ~K(2))
print(G._boundary_, K._boundary_, Perm._boundary_, FlagBoundary.KEEP, list(FlagBoundary))

# IntFlag: ints that are flags.


class P(IntFlag):
    A = auto()
    B = auto()
    C = auto()


ab = P.A | P.B
print(repr(ab), str(ab), ab, ab + 1, ab == 3, P.A | 8, repr(P.A | 8), repr(P(8)), repr(~P.A))
print(repr(P(0)), str(P(0)), format(ab), f"{ab:04b}", P.A + 1, isinstance(ab, int), int(ab))
print(repr(P.A | 24), repr(P(24)), repr(P(-1)), repr(~P(24)), repr(~P(0)), repr(P.A ^ 3), repr(3 | P.A))
print(repr(P.A & 0), list(P.A | 24), P(5).name, P(0).name, P(8).name, list(P), len(P))
print({P.A: "a"}[1], hash(P.B) == hash(2), sorted([P.C, P.A, P.B]), P.C > P.A, P.B in ab)
print(P._boundary_, repr(P), P.A.value, type(P.A.value).__name__, P.A.name)


class Big(IntFlag):
    LOW = 1
    HIGH = 1 << 40


print(repr(Big.LOW | Big.HIGH), Big(1 << 40), list(Big.LOW | Big.HIGH))
