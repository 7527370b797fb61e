pairs = [(ZeroDivisionError, ArithmeticError), (OverflowError, ArithmeticError), (KeyError, LookupError),
         (IndexError, LookupError), (ValueError, Exception), (Exception, BaseException),
         (KeyboardInterrupt, Exception), (StopIteration, Exception), (NotImplementedError, RuntimeError),
         (OSError, Exception), (UnicodeError, ValueError),
         (AssertionError, Exception), (AttributeError, Exception), (ImportError, Exception),
         (SystemExit, BaseException), (GeneratorExit, Exception), (MemoryError, Exception),
         (TypeError, Exception), (NameError, Exception), (EOFError, Exception), (SyntaxError, Exception),
         (IndentationError, SyntaxError), (StopAsyncIteration, Exception)]
for a, b in pairs:
    print(a.__name__, b.__name__, issubclass(a, b))
try:
    1 / 0
except ArithmeticError as e:
    print("caught via base:", type(e).__name__)
try:
    raise KeyError
except LookupError:
    print("KeyError as LookupError")
