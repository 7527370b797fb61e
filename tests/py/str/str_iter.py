for ch in "héy":
    print(ch, ord(ch))
print([c for c in "abc" if c != "b"])
print(list(enumerate("xy")), list(zip("ab", "cd")))
print(max("hello"), min("hello"), sorted("hello"))
