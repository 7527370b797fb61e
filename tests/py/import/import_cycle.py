import _cyc_a
print(_cyc_a.use(), _cyc_a._cyc_b.name)
