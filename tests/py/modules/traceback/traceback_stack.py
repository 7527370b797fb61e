# traceback's stack functions: extract_stack, format_stack, print_stack,
# print_list and walk_stack over the running frames.
import traceback, sys
def inner():
    traceback.print_stack(file=sys.stdout)
    print(traceback.format_stack(limit=1))
    st = traceback.extract_stack()
    print([(fs.name, fs.lineno, fs.line) for fs in st][-3:])
    print([(fs.name) for fs in traceback.extract_stack(limit=-1)])
    print([(f.f_code.co_name, n) for f, n in traceback.walk_stack(None)][:2])
def outer():
    inner()
outer()
traceback.print_list([("a.py", 3, "fn", "x = 1")], file=sys.stdout)
