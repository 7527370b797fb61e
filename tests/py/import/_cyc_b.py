import _cyc_a
name = "B"
