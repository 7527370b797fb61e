# list.sort is stable in CPython (MicroPython's is not); capy follows CPython here.
words = ["pear", "Apple", "fig", "banana", "kiwi", "apple"]
print(sorted(words, key=len))
recs = [("x", 3), ("y", 1), ("z", 3), ("w", 1)]
print(sorted(recs, key=lambda r: r[1]))
print(sorted(words, key=str.lower, reverse=True))
