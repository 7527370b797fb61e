value = 42
calls = 0
def greet(name):
    global calls
    calls += 1
    return "hello " + name
class Thing:
    kind = "thing"
print("_helper imported")
