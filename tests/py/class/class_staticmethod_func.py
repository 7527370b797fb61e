# classmethod/staticmethod expose the wrapped function.


def f(x):
    return x


cm = classmethod(f)
sm = staticmethod(f)
print(cm.__func__ is f, sm.__func__ is f)
print(classmethod(len).__func__, staticmethod(len).__func__)


class C:
    @classmethod
    def c(cls):
        return cls.__name__

    @staticmethod
    def s(v):
        return v * 2


print(C.__dict__["c"].__func__(C), C.__dict__["s"].__func__(4))
print(C.__dict__["c"].__func__.__name__, C.__dict__["s"].__func__.__name__)
try:
    C.__dict__["c"].nope
except AttributeError as e:
    print("AttributeError", e)
