# Indexing, slicing and iterating non-ASCII strs around the offset index's
# stride (32 code points), compared with CPython.
import random
random.seed(5)
alph = 'aé€😀b ' 
for n in (0, 1, 5, 31, 32, 33, 64, 65, 97):
    s = ''.join(alph[(i * 7 + n) % len(alph)] for i in range(n))
    out = [len(s)]
    for i in range(-n - 2, n + 2):
        try:
            out.append(s[i])
        except IndexError:
            out.append('IE')
    for a in range(-n - 1, n + 2, 3):
        for b in range(-n - 1, n + 2, 5):
            out.append(s[a:b])
            out.append(s[a:b:2])
            out.append(s[a:b:-1])
    out.append(''.join(c for c in s))
    out.append(list(enumerate(s))[-3:])
    out.append(''.join(reversed(s)))
    print(hash(tuple(out)) if False else len(str(out)), str(out)[:60], s.find('€', 3), s[5:].upper()[:4])
