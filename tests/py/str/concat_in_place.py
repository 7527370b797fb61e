# `t += piece` appends in place to a buffer shared with the earlier strs
# (strdata.rs): every str made along the way keeps its own value, whoever
# appends after it.

# Branching from one prefix: neither branch sees the other's bytes.
a = 'a' * 100
b = a + 'x'
c = a + 'y'
b2 = b + '1'
c2 = c + '2'
b3 = b + '3'
print(a[-3:], b[-3:], c[-3:], b2[-3:], c2[-3:], b3[-3:], len(a), len(b2), len(b3))
print(b2 == 'a' * 100 + 'x1', b3 == 'a' * 100 + 'x3', c2 == 'a' * 100 + 'y2', a == 'a' * 100)

# A loop read at every step: the last character, the length, membership.
d = {}
t = ''
seen = []
for i in range(3000):
    c = 'xyzé€😀'[i % 6]
    t += c
    if t[-1] != c or len(t) != i + 1 or t in d:
        print('bad step', i)
    d[t] = i
    if i % 997 == 0:
        seen.append(t)
print(len(t), len(d), [len(s) for s in seen], [s[-2:] for s in seen])
print(d[t], d['xyzé€😀' * 500], t == 'xyzé€😀' * 500, t.count('😀'), t.find('€', 2990))
print(t[2995:], t[-7:-1], t[::-500], t.encode()[-8:])

# Built strs and literals are equal, hash equally and find each other as keys.
lit = 'hello world, this string is long enough to share its buffer........'
built = ''
for ch in lit:
    built += ch
print(built == lit, hash(built) == hash(lit), {lit: 1}[built], {built: 2}[lit], built is lit)
print(sorted({built, lit}), len({built: 1, lit: 2}), lit in {built}, built.upper()[:5])
words = {}
for w in ('alpha', 'beta', 'alpha'):
    key = 'k' * 70
    key += w
    words[key] = words.get(key, 0) + 1
print(sorted((k[-5:], v) for k, v in words.items()))

# Doubling: t += t, and t + t kept aside.
t = 'ab' * 40
kept = []
for i in range(8):
    kept.append(t)
    t += t
print(len(t), [len(k) for k in kept], t[-4:], t[:4], kept[3] == 'ab' * 320)
print(t == 'ab' * (40 << 8), t.count('ba'), hash(t) == hash('ab' * (40 << 8)))

# Very long strings, built by pieces of several sizes.
parts = []
s = ''
for i in range(20000):
    piece = str(i) * (i % 5)
    s += piece
    parts.append(piece)
print(len(s), s == ''.join(parts), s[-10:], s[123456:123466])

# Appending to an older str after a newer one was made from it.
base = 'q' * 80
newer = base + 'N'
older = base
older += 'O'
print(newer[-2:], older[-2:], base[-2:], newer == base + 'N')
for k in range(3):
    older += 'O'
    newer += 'N'
print(newer[-5:], older[-5:], len(newer), len(older))

# A str subclass: `+=` makes a plain str, the subclass is untouched.
class S(str):
    pass
u = S('s' * 70)
v = u
v += 'tail'
print(type(u).__name__, type(v).__name__, len(u), len(v), v[-4:], u[-2:])
w = 'w' * 70
w += S('sub')
print(type(w).__name__, w[-4:])

# Lone surrogates on either side.
sur = '\ud800' * 40 + 'z' * 40
x = sur + '\udc00'
y = sur + 'é'
x += 'end'
print(ascii(x[-6:]), ascii(y[-3:]), len(x), len(y), ascii(sur[39:41]))
g = 'g' * 80
g += '\udfff'
g += 'h'
print(ascii(g[-3:]), len(g), g == 'g' * 80 + '\udfff' + 'h', hash(g) == hash('g' * 80 + '\udfff' + 'h'))

# Empty operands and other str-making operations on built strs.
e = 'e' * 70
e += ''
f = e + ''
print(e == 'e' * 70, f == e, (e + 'x').replace('e', '')[:3], (e + 'Ω').lower()[-2:])
print(repr(('y' * 64 + "'q")[-3:]), (('.' * 64) + 'a b').split()[-1], f'{e + "!"}'[-2:])
