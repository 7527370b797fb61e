# exceptions="propagate": an ordinary exception crosses as itself (a
# built-in type with copied arguments, or a mirror of the callee's class);
# budget and quota faults stay CompartmentError; exceptions are values.
import compartment

c = compartment.Compartment("lib", exceptions="propagate", steps=100000)
c.exec("""
class ParseError(ValueError):
    code = 7
    def __init__(self, msg, line):
        super().__init__(msg)
        self.line = line
    def secret(self):
        return "owner only"

class Deeper(ParseError):
    pass

def parse(text):
    if not text:
        raise ParseError("empty input", 1)
    if text == "deep":
        raise Deeper("deeper", 2)
    if text == "key":
        return {}[text]
    if text == "spin":
        while True:
            pass
    if text == "big":
        return [0] * 10**9
    return text.upper()
""")
parse = c.get("parse")
ParseError = c.get("ParseError")
Deeper = c.get("Deeper")
print(type(ParseError).__name__, ParseError.__name__, ParseError.code)
print(issubclass(ParseError, ValueError), issubclass(Deeper, ParseError))
print(c.get("ParseError") is ParseError)

print(parse("ok"))
for text in ["", "deep", "key"]:
    try:
        parse(text)
    except ParseError as e:
        print("ParseError", type(e).__name__, e, e.line, e.args)
    except KeyError as e:
        print("KeyError", e)

# The mirror has the original's name, base and data, not its methods.
try:
    parse("")
except ValueError as e:
    print(hasattr(e, "secret"), isinstance(e, ParseError))

# Budget and quota faults stay CompartmentError.
for text in ["spin", "big"]:
    try:
        parse(text)
    except compartment.CompartmentError as e:
        print("CompartmentError", e.kind)

# Calling the mirror runs the original's __init__ in its owner.
made = ParseError("made here", 9)
print(type(made).__name__, made, made.line, made.args)
try:
    raise made
except ParseError as caught:
    print("caught own", caught.line)

# A local subclass of a mirror is an ordinary local exception class.
class Mine(ParseError):
    pass

m = Mine("mine", 3)
print(isinstance(m, ParseError), m.args)

# Exceptions are values: they cross as copies in both modes.
plain = compartment.Compartment("plain")
v = plain.eval("ValueError('as a value', 2)")
print(type(v).__name__, v.args)
try:
    plain.exec("raise ValueError('contained')")
except compartment.CompartmentError as e:
    print("contained", e.kind, e.message)

# A caller's exception passed in comes back as the caller's own class.
echo = c.eval("lambda e: e")
back = echo(made)
print(type(back) is ParseError, back.line)

try:
    compartment.Compartment("x", exceptions="swallow")
except ValueError as e:
    print("ValueError", e)
