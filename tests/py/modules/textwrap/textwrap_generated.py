# Many generated texts, wrapped at many widths with various options: the
# word splitting (hyphens, em-dashes, punctuation) must agree with CPython's
# on all of them. A small LCG makes the texts, so both runs see the same.
import textwrap

state = 12345

def rnd(n):
    global state
    state = (state * 1103515245 + 12345) % 2147483648
    return (state >> 8) % n

PIECES = ["a", "to", "the", "word", "longer", "extraordinarily", "x-ray", "well-known",
          "state-of-the-art", "--", "---", "-", "a-", "-b", "1-2", "ab-12", "e.g.", "end.",
          "Yes!", "why?", "'quoted.'", "\"q\"", "semi;colon", "co--op", "9-to-5", "re-re-do",
          "mid-", "ünï-cödé", "__init__", "a_b-c_d", "...", "--x", "x--", "Hi--there"]
SEPS = [" ", " ", " ", "  ", "\t", "\n", " -- ", "-", ""]

for case in range(60):
    words = []
    for _ in range(3 + rnd(14)):
        words.append(PIECES[rnd(len(PIECES))])
        words.append(SEPS[rnd(len(SEPS))])
    text = "".join(words)
    width = 1 + rnd(25)
    opts = {}
    if rnd(3) == 0:
        opts["break_on_hyphens"] = False
    if rnd(4) == 0:
        opts["break_long_words"] = False
    if rnd(4) == 0:
        opts["drop_whitespace"] = False
    if rnd(4) == 0:
        opts["fix_sentence_endings"] = True
    if rnd(5) == 0 and width > 8:
        opts["max_lines"] = 1 + rnd(3)
    if rnd(5) == 0:
        opts["initial_indent"] = "> "
        opts["subsequent_indent"] = "."
        width += 3
    print(case, width, sorted(opts.items()))
    print(textwrap.wrap(text, width, **opts))
