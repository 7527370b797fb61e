# gc-stress: every=500 (it pickles thousands of values: a collection per allocation takes minutes)
# Checks that dumps writes CPython 3.11's exact bytes for builtin values,
# containers, shared/recursive structures, globals and plain instances in
# protocols 0-5, protocol 4+ framing of big pickles, and the error messages.
# (Sets hold small ints inserted in hash order: capy's sets keep insertion order.)
import pickle
class A: pass
a=A(); a.x=1; a.y=[1,2]
def f():
    def g(): pass
    return g
class O:
    class I: pass
lst=[1]; lst.append(lst)
shared=[1,2]
tests = [None, True, False, 0, 5, -5, 255, 256, 300, 65535, 65536, 70000, -2**31, 2**31-1, 2**31, -2**31-1, 2**100, -2**100, -128, -129, 127, 128, 2**63, 1.5, -0.0, 1e100, 1+2j, 'abc', '', 'é\n\\\x00\r\x1a\u1234\U0001f600', 'x'*300, b'', b'ab', b'\x00\xff'*200, bytearray(), bytearray(b'xy'), (), (1,), (1,2), (1,2,3), (1,2,3,4), [], [1,'a'], {}, {1:2}, {1:2,3:4,'k':[1]}, set(), {1,2,3}, frozenset(), frozenset({3}), a, A, len, f, O.I, O, [shared, shared, (shared,)], lst, (lst, lst), [a, a], ['abc','abc', 'abc'], list(range(1001)), list(range(2000)), {i: i for i in range(1000)}, {i:i for i in range(1001)}, {i:None for i in range(2000)}, range(1,10,2), type(None), ..., NotImplemented, [b'a', b'b', b'a'], object, getattr, str, int, range, ValueError, OSError]
for i, t in enumerate(tests):
    for p in range(6):
        try: r = pickle.dumps(t, p)
        except Exception as e: r = '%s: %s' % (type(e).__name__, e)
        print(i, p, r)
for bad in [lambda: 0, f()]:
    try: pickle.dumps(bad)
    except Exception as e: print(type(e).__name__, str(e).split(' at ')[0])
def h(d):
    # cheap checksum without hashlib
    s = 0
    for i, b in enumerate(d):
        s = (s * 131 + b) % 1000000007
    return s
def show(x, p=4):
    d = pickle.dumps(x, p)
    print(len(d), h(d), d[:12], d[-20:])
    y = pickle.loads(d)
    print(y == x)
show(list(range(30000)))
show(['x'*70000])
show([b'x'*70000])
show([1, b'x'*70000, 2])
show([1, 'y'*65536, 2, 'z'*65535])
show([b'x'*70000, b'y'*10])
show(b'q'*70000)
show(bytearray(b'q'*70000), 5)
show([bytearray(b'q'*70000)], 5)
show([[i]*3 for i in range(10000)])
show({i: str(i) for i in range(10000)})
show([str(i) for i in range(20000)], 3)
show([str(i) for i in range(20000)], 0)
