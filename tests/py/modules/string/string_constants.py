import string

for name in ["ascii_letters", "ascii_lowercase", "ascii_uppercase", "digits",
             "hexdigits", "octdigits", "punctuation", "printable", "whitespace"]:
    v = getattr(string, name)
    print(name, len(v), repr(v))
print(all(c in string.printable for c in string.ascii_letters + string.digits))
print("".join(c for c in "Hello, World! 42" if c in string.ascii_letters))

print(string.capwords("hello world"))
print(string.capwords("  hello   WORLD  again "))
print(string.capwords("hello-world foo-bar", "-"))
print(string.capwords("a,b,,c", ","))
print(string.capwords(""), repr(string.capwords("   ")))
print(string.capwords("o'neil mcdonald 3rd"))
print(string.capwords("tab\tsep\nnew"))
