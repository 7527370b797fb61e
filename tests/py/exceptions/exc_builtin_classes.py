# The built-in exception hierarchy as CPython 3.11 has it: the OSError
# subclasses, the rest of the warnings, ReferenceError and
# UnicodeTranslateError (each a class of its own, caught by its parents).
names = [
    "BlockingIOError", "ChildProcessError", "ConnectionError",
    "BrokenPipeError", "ConnectionAbortedError", "ConnectionRefusedError",
    "ConnectionResetError", "FileExistsError", "FileNotFoundError",
    "InterruptedError", "IsADirectoryError", "NotADirectoryError",
    "PermissionError", "ProcessLookupError", "TimeoutError",
    "ReferenceError", "UnicodeTranslateError",
    "Warning", "UserWarning", "DeprecationWarning",
    "PendingDeprecationWarning", "RuntimeWarning", "SyntaxWarning",
    "FutureWarning", "ImportWarning", "UnicodeWarning", "BytesWarning",
    "ResourceWarning", "EncodingWarning",
]
for n in names:
    cls = globals()["__builtins__"][n] if isinstance(__builtins__, dict) else getattr(__builtins__, n)
    parents = [b.__name__ for b in cls.__mro__[1:]]
    print(n, cls.__name__, parents)

for cls in (FileNotFoundError, FileExistsError, IsADirectoryError, ConnectionResetError):
    try:
        raise cls("it failed")
    except OSError as e:
        print("caught as OSError:", type(e).__name__, e.args)

try:
    raise FileNotFoundError("no such file")
except (FileExistsError, PermissionError):
    print("wrong handler")
except FileNotFoundError as e:
    print("right handler:", e)

try:
    try:
        raise ConnectionRefusedError("refused")
    except ConnectionResetError:
        print("wrong")
except ConnectionError as e:
    print("ConnectionError caught", type(e).__name__)

print(issubclass(BrokenPipeError, ConnectionError), issubclass(TimeoutError, OSError))
print(issubclass(ResourceWarning, Warning), issubclass(ReferenceError, Exception))
print(issubclass(FileNotFoundError, IOError), IOError is OSError, EnvironmentError is OSError)
