print("ab" + "cd", "ab" * 3, 3 * "x", "" * 5)
print("abc" < "abd", "abc" < "ab", "Z" < "a", "a" == "a")
print(ord("A"), chr(97), ord("é"), chr(0x263A))
print(str(123), str(1.5), str(None), str([1, "a"]), repr("it's"), repr('say "hi"'))
print(repr("tab\there\n"), repr("\x00\x7f"), repr("é"))
s = ""
for i in range(5):
    s += str(i)
print(s)
print(hash("abc") == hash("ab" + "c"))
print(sorted(["banana", "Apple", "cherry", "apple"]))
