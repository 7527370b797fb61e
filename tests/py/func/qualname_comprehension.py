# __qualname__ of functions defined in comprehensions: a comprehension adds
# its own name but no ".<locals>" (only function and lambda scopes do).
class K:
    def m(self):
        return (
            [lambda: 0 for _ in range(1)][0],
            {1: lambda: 0 for _ in range(1)}[1],
            list(lambda: 0 for _ in range(1))[0],
            {lambda: 0 for _ in range(1)}.pop(),
            (lambda: [lambda: 0 for _ in range(1)])()[0],
            [[lambda: 0 for _ in range(1)][0] for _ in range(1)][0],
        )


for fn in K().m():
    print(fn.__qualname__, fn.__name__)


def g():
    return [lambda: 0 for _ in range(1)][0]


print(g().__qualname__)
print([lambda: 0 for _ in range(1)][0].__qualname__)
print([(lambda: (lambda: 0))() for _ in range(1)][0].__qualname__)
