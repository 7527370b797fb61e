class A:
    x = 1
    def __init__(self):
        self.y = 2
a = A()
print(a.__dict__)
a.z = 3
print(a.z, sorted(a.__dict__))
print(A.__name__, type(a).__name__, a.__class__ is A)
print("x" in A.__dict__, isinstance(A, type), type(A).__name__)
