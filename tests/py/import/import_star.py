from _helper import *
print(value, greet("star"))
def local_scope():
    import _helper
    return _helper.value
print(local_scope())
