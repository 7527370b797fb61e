# A plugin loaded by importlib_util.py through a spec, not by import.
NAME = "greeter"
loaded_as = __name__


def greet(who):
    return "hello, " + who
