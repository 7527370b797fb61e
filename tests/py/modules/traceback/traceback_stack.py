# traceback's stack functions: extract_stack, format_stack, print_stack,
# print_list and walk_stack over the running frames. (File names are cut
# to their last part: CPython names the script by its absolute path.)
import io
import re
import sys
import traceback


def show(text):
    print(re.sub(r'File "[^"]*/', 'File "', text), end="")


def inner():
    buf = io.StringIO()
    traceback.print_stack(file=buf)
    show(buf.getvalue())
    show("".join(traceback.format_stack(limit=1)))
    st = traceback.extract_stack()
    print([(fs.name, fs.lineno, fs.line) for fs in st][-3:])
    print([(fs.name) for fs in traceback.extract_stack(limit=-1)])
    print([(f.f_code.co_name, n) for f, n in traceback.walk_stack(None)][:2])


def outer():
    inner()


outer()
traceback.print_list([("a.py", 3, "fn", "x = 1")], file=sys.stdout)
