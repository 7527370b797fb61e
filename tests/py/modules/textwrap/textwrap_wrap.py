import textwrap

text = ("The quick brown fox jumps over the lazy dog. Pack my box with five dozen "
        "liquor jugs! How vexingly quick daft zebras jump; the five boxing wizards "
        "jump quickly.")
for width in (10, 20, 33, 70, 200):
    print(width, textwrap.wrap(text, width))
print(textwrap.fill(text, 25))
print(textwrap.fill(text, width=30, initial_indent="* ", subsequent_indent="  "))
print(textwrap.wrap("", 10), textwrap.wrap("   ", 10), textwrap.fill("", 5) == "")

# long words
print(textwrap.wrap("supercalifragilisticexpialidocious is long", 10))
print(textwrap.wrap("supercalifragilisticexpialidocious is long", 10, break_long_words=False))
print(textwrap.wrap("a verylongwordhere b", 6))
print(textwrap.wrap("xxxxxxxxxxxxxxxx", 1))

# hyphens
print(textwrap.wrap("a well-known state-of-the-art multi-line text-wrapping function", 12))
print(textwrap.wrap("a well-known state-of-the-art multi-line text-wrapping function", 12, break_on_hyphens=False))
print(textwrap.wrap("e-mail x-ray 3-4 pre--post ab-cd-ef-gh foo---bar -abc- co-op", 6))
print(textwrap.wrap("Hello there -- how are you--really? word--", 8))
print(textwrap.wrap("this-is-a-very-long-hyphenated-identifier", 15))
print(textwrap.wrap("12345-67890-12345 abc-def", 7))

# whitespace handling
print(textwrap.wrap("tab\there\tand\nnewline\x0bvt", 12))
print(textwrap.wrap("tab\there", 40, expand_tabs=False))
print(textwrap.wrap("tab\there", 40, expand_tabs=False, replace_whitespace=False))
print(textwrap.wrap("a\tb", 40, tabsize=4), textwrap.wrap("a\tb", 40, tabsize=2))
print(textwrap.wrap("  leading and trailing   ", 10))
print(textwrap.wrap("  leading and trailing   ", 10, drop_whitespace=False))
print(textwrap.wrap("one two  three   four", 7, drop_whitespace=False))

# sentence endings
print(textwrap.fill("It was late. He left! Did she? Yes. Dr. Smith said 'hi.' Then", 80, fix_sentence_endings=True))
print(textwrap.wrap("end. next", 80, fix_sentence_endings=True))

# max_lines and placeholder
for n in (1, 2, 3, 10):
    print(n, textwrap.wrap(text, 30, max_lines=n))
print(textwrap.wrap(text, 30, max_lines=2, placeholder="..."))
print(textwrap.wrap("Hello world", 11, max_lines=1))
print(textwrap.wrap("Hello  world", 11, max_lines=1))
print(textwrap.wrap("abcdefghijklmnop qr", 10, max_lines=1, placeholder="~"))
try:
    textwrap.wrap(text, 5, max_lines=2, placeholder=" [truncated...]")
except ValueError as e:
    print("ValueError:", e)
try:
    textwrap.wrap(text, 0)
except ValueError as e:
    print("ValueError:", e)

w = textwrap.TextWrapper(width=15, subsequent_indent="> ")
print(w.wrap("reuse the same wrapper for several texts"))
w.width = 25
print(w.fill("reuse the same wrapper for several texts"))
print(w.initial_indent == "", w.max_lines, w.placeholder, w.tabsize, w.break_on_hyphens)
