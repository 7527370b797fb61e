counter = 0
def bump():
    global counter
    counter += 1
    return counter
bump(); bump()
print(counter)

def outer():
    x = 1
    def inner():
        nonlocal x
        x += 10
        return x
    inner()
    inner()
    return x
print(outer())

def make():
    global newname
    newname = "made"
make()
print(newname)

def shadow():
    counter = 100
    return counter
print(shadow(), counter)
