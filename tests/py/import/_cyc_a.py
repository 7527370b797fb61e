import _cyc_b
name = "A"
def use():
    return "A sees " + _cyc_b.name
