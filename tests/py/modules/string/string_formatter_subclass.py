# Checks subclassing string.Formatter: overriding get_value, format_field, convert_field, check_unused_args, parse; and error cases.
from string import Formatter


class Defaulting(Formatter):
    # Missing keywords become "<name?>".
    def get_value(self, key, args, kwargs):
        if isinstance(key, str):
            return kwargs.get(key, "<%s?>" % key)
        return super().get_value(key, args, kwargs)


class Upper(Formatter):
    def format_field(self, value, format_spec):
        if format_spec.endswith("u"):
            return format(str(value).upper(), format_spec[:-1])
        return super().format_field(value, format_spec)

    def convert_field(self, value, conversion):
        if conversion == "l":
            return str(value).lower()
        return super().convert_field(value, conversion)


class Strict(Formatter):
    def check_unused_args(self, used_args, args, kwargs):
        unused = set(range(len(args))) | set(kwargs)
        unused -= used_args
        if unused:
            raise ValueError("unused: " + ", ".join(sorted(map(str, unused))))


class Logging(Formatter):
    def __init__(self):
        self.calls = []

    def parse(self, format_string):
        self.calls.append(format_string)
        return super().parse(format_string)


print(Defaulting().format("{a} and {b} and {0}", 1, a="A"))
u = Upper()
print(u.format("[{0:>6u}] [{1!l}] [{1!r}] [{2:.1f}]", "abc", "MiXeD", 2.25))
s = Strict()
print(s.format("{0}{x}", 1, x=2))
try:
    s.format("{0}", 1, 2, y=3)
except ValueError as e:
    print("ValueError:", e)
lg = Logging()
print(lg.format("{0:{1}}-{2}", 7, "03", "z"), lg.calls)

f = Formatter()
errors = [
    ("{0} {}", (1, 2), {}),
    ("{} {0}", (1, 2), {}),
    ("{0:{}}", (1, 2), {}),
    ("{:{0}}", (1, 2), {}),
    ("{2}", (1,), {}),
    ("{x}", (), {}),
    ("{0!z}", (1,), {}),
    ("{0:{1:{2}}}", (1, 2, 3), {}),
    ("{0.foo}", (1,), {}),
    ("{0[0]}", ({"0": 5},), {}),
    ("{0:d}", ("x",), {}),
    ("{.real}", (1,), {}),
    ("{0:{{}}}", (1,), {}),
]
for fmt, args, kwargs in errors:
    try:
        print(repr(fmt), f.vformat(fmt, args, kwargs))
    except (ValueError, KeyError, IndexError, AttributeError) as e:
        print(repr(fmt), type(e).__name__ + ":", e)
try:
    f.format()
except TypeError as e:
    print("TypeError raised")
print(f.format(format_string="{}", *[1]) if False else "ok")
