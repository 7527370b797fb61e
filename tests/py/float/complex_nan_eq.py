# A complex number holding NaN is not equal to itself, like a float NaN.
nan = float("nan")
for z in (complex(nan, 0), complex(0, nan), complex(1, 2)):
    w = z
    print(z == w, z != w, z == z, [z] == [z])
print(float("nan") == float("nan"), 1.5 == 1.5)
