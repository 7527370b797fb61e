import textwrap

print(repr(textwrap.dedent("""\
    def f():
        return 1
    """)))
print(repr(textwrap.dedent("  a\n    b\n  c")))
print(repr(textwrap.dedent("  a\n\n   \n  b\n")))
print(repr(textwrap.dedent("\ta\n\tb")))
print(repr(textwrap.dedent("\ta\n  b")))
print(repr(textwrap.dedent("  \ta\n  b")))
print(repr(textwrap.dedent("    a\n  \tb")))
print(repr(textwrap.dedent("no indent\n  some")))
print(repr(textwrap.dedent("")), repr(textwrap.dedent("   ")), repr(textwrap.dedent("\n\n")))
print(repr(textwrap.dedent("  x\r\n  y\r\n")))
print(repr(textwrap.dedent("   x  \n   y\t\n")))

print(repr(textwrap.indent("a\nb\n\nc", "> ")))
print(repr(textwrap.indent("a\n  \nb\r\nc", "+")))
print(repr(textwrap.indent("a\nb", "# ", lambda line: True)))
print(repr(textwrap.indent("keep\nskip\nkeep\n", "* ", lambda line: line.startswith("k"))))
print(repr(textwrap.indent("", "x")))

print(textwrap.shorten("Hello  world!", width=12))
print(textwrap.shorten("Hello  world!", width=11))
print(textwrap.shorten("Hello world!", width=10, placeholder="..."))
print(textwrap.shorten("  The   quick brown\tfox  ", 15))
print(textwrap.shorten("short", 100))
print(textwrap.shorten("a" * 30, 10))
try:
    textwrap.shorten("text", 3)
except ValueError as e:
    print("ValueError:", e)

print(textwrap.fill(textwrap.dedent("""
    Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do
    eiusmod tempor incididunt ut labore et dolore magna aliqua.
    """).strip(), 40))
