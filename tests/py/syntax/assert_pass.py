assert True
assert 1 == 1, "never"
try:
    assert 1 == 2, "one is not two"
except AssertionError as e:
    print("caught", e.args)
try:
    assert False
except AssertionError as e:
    print("caught", e.args)
def f():
    pass
class K:
    pass
print(f(), K.__name__)
