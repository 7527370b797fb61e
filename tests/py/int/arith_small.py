for a in (0, 1, -1, 7, -7, 100, -255):
    for b in (1, -1, 3, -3, 16):
        print(a, b, a + b, a - b, a * b, a // b, a % b, divmod(a, b))
