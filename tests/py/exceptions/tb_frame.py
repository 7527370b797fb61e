# Traceback objects: e.__traceback__ and sys.exc_info()[2] have tb_frame,
# tb_lineno and tb_next; a frame has f_code, f_lineno, f_globals, f_locals.
import sys
import traceback


def inner(n):
    local_value = n * 2
    raise ValueError(local_value)


def middle():
    inner(21)


try:
    middle()
except ValueError as e:
    tb = e.__traceback__
    names = []
    lines = []
    while tb is not None:
        names.append(tb.tb_frame.f_code.co_name)
        lines.append(tb.tb_lineno)
        tb = tb.tb_next
    print(names, lines)
    top = e.__traceback__
    print(top.tb_frame.f_globals is globals(), top.tb_frame.f_globals["__name__"])
    print(top.tb_frame.f_code.co_filename.endswith("tb_frame.py"))
    print(type(top.tb_frame.f_locals) is dict)
    print(sys.exc_info()[2].tb_lineno == top.tb_lineno)
    print([(f.f_code.co_name, n) for f, n in traceback.walk_tb(top)])
    print([fs.name for fs in traceback.extract_tb(top.tb_next)])
    print(top.tb_next.tb_frame.f_back.f_code.co_name)


def catcher():
    secret = "here"
    try:
        raise KeyError("k")
    except KeyError as e:
        frame = e.__traceback__.tb_frame
        return frame.f_code.co_name, frame.f_locals["secret"], frame.f_lineno > 0


print(catcher())
try:
    raise OSError("x")
except OSError:
    t, v, tb = sys.exc_info()
    print(t.__name__, tb.tb_next, tb.tb_frame.f_code.co_name)
print(ValueError().__traceback__)
