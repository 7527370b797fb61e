# list.sort empties the list while it sorts; a key function that allocates
# (and so may collect) must still find every item alive.
words = ["w%d" % i for i in range(300)]
f = lambda w: "".join(reversed([c for c in w]))
words.sort(key=f)
print(words[:4], words[-2:])
words.sort(key=lambda w: (len(w), w[::-1]), reverse=True)
print(words[:4])
print(sorted(("x%d" % i for i in range(50)), key=lambda w: [w[-1], w])[:5])
