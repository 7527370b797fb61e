café = 3
π = 3.14159
print(café, π)
def größe(a):
    return a * 2
print(größe(21))
print("héllo wörld ✓", len("✓"), len("héllo".encode()))
