# String building, splitting, joining, searching and formatting.
import sys

WORDS = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta",
         "iota", "kappa", "lambda", "mu"]

def build_text(lines):
    out = []
    for i in range(lines):
        w = WORDS[i % len(WORDS)]
        v = WORDS[(i * 7) % len(WORDS)]
        out.append("%d: %s and %s, value=%.2f; tag=<%s>" % (i, w, v.upper(), i / 7.0, w[:3]))
    return "\n".join(out)

def process(text):
    total = 0
    counts = {}
    caps = 0
    for line in text.split("\n"):
        head, _, rest = line.partition(": ")
        total += int(head)
        parts = rest.split(", ")
        for word in parts[0].split(" and "):
            counts[word] = counts.get(word, 0) + 1
            if word.isupper():
                caps += 1
        val = parts[1].split(";")[0].split("=")[1]
        total += int(float(val) * 100)
        if line.find("<ga") >= 0:
            total += 1
    return total, caps, len(counts)

def reformat(text):
    res = []
    for line in text.split("\n")[:2000]:
        s = line.replace("and", "&").strip()
        res.append("{:>60}|{}".format(s[:40], len(s)))
    joined = "".join(res)
    return len(joined), joined.count("&")

N = int(sys.argv[1]) if len(sys.argv) > 1 else 150000
t = build_text(N)
print("strings", N, len(t), process(t), reformat(t))
