# expect: exit=1
print("before")
def inner():
    raise ValueError("something went wrong")
def outer():
    inner()
outer()
print("never")
