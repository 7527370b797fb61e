# Every (start, stop, step) over small lengths, for get, set and delete on
# lists and get on tuples, strs (ASCII and not), bytes, bytearrays, ranges.
vals = [None, -7, -3, -1, 0, 1, 2, 3, 7]
steps = [None, -3, -2, -1, 1, 2, 3]
out = []
for n in (0, 1, 2, 5):
    base = list(range(n))
    for a in vals:
        for b in vals:
            for c in steps:
                sl = slice(a, b, c)
                got = base[sl]
                out.append(tuple(got))
                assert tuple(base)[sl] == tuple(got)
                assert "abcde"[:n][sl] == "".join("abcde"[i] for i in got)
                assert "äöüßé"[:n][sl] == "".join("äöüßé"[i] for i in got)
                assert bytes(base)[sl] == bytes(got)
                assert bytearray(base)[sl] == bytearray(got)
                assert list(range(n)[sl]) == got
                d = list(base)
                del d[sl]
                out.append(tuple(d))
                e = list(base)
                try:
                    e[sl] = [9] * len(got)
                    out.append(tuple(e))
                except ValueError as ex:
                    out.append(str(ex))
print(len(out), hash(tuple(out)) == hash(tuple(out)))
print(out[:40])
print(out[-40:])
print(sum(len(x) for x in out if isinstance(x, tuple)))
