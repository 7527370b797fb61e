print(float("3.25"), float("  -1e3 "), float("inf"), float("-Infinity"), float(" nan "))
print(float(7), float(2 ** 60), float(True))
print(int(2.9), int(-2.9), round(2.5), round(3.5), round(-2.5), round(0.5))
print(round(1.23456, 3), round(-1.5), round(12345.678, -2))
print(float("1_5.5"))
for bad in ("x", "", "1.2.3"):
    try:
        float(bad)
    except ValueError:
        print("ValueError", repr(bad))
try:
    int(float("inf"))
except OverflowError:
    print("OverflowError")
try:
    int(float("nan"))
except ValueError:
    print("ValueError nan")
