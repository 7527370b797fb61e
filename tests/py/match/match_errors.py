# match statement: the errors CPython reports, at compile time (SyntaxError)
# and at run time (TypeError, ValueError).
class P:
    __match_args__ = ("x", "y")
    def __init__(s, x, y): s.x, s.y = x, y
class Q:
    __match_args__ = ["x"]
class R:
    __match_args__ = (1,)
class S: pass
tests = [
 lambda: eval_match(1, "case len(): pass"),
 lambda: eval_match(P(1,2), "case P(1,2,3): pass"),
 lambda: eval_match(Q(), "case Q(1): pass"),
 lambda: eval_match(R(), "case R(1): pass"),
 lambda: eval_match(S(), "case S(1): pass"),
 lambda: eval_match(5, "case int(1, 2): pass"),
 lambda: eval_match(P(1,2), "case P(1, x=2): pass"),
 lambda: eval_match({'a':1}, "case {'a': 1, 'a': 2}: pass"),
 lambda: eval_match(1, "case x: pass\n    case 1: pass"),
 lambda: eval_match(1, "case _: pass\n    case 1: pass"),
 lambda: eval_match(1, "case [x, x]: pass"),
 lambda: eval_match(1, "case [x] | [y]: pass"),
 lambda: eval_match(1, "case x | 1: pass"),
 lambda: eval_match(1, "case P(x=1, x=2): pass"),
 lambda: eval_match(1, "case [*a, *b]: pass"),
]
def eval_match(v, body):
    src = "match v:\n    " + body + "\n"
    exec(compile(src, "<m>", "exec"), {"v": v, "P": P, "Q": Q, "R": R, "S": S})
    return "ok"
for t in tests:
    try: print(t())
    except Exception as e: print(type(e).__name__, e)
