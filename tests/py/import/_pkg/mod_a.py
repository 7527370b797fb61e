from . import mod_b
def a():
    return "a+" + mod_b.b()
