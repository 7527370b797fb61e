# Class instances and attribute access in the spirit of the classic
# Dhrystone/pystone mix (original code): records linked together, updated
# through methods, with globals, small branches and string comparisons.
import sys

class Record:
    def __init__(self, kind=0, value=0, text="", link=None):
        self.kind = kind
        self.value = value
        self.text = text
        self.link = link

    def copy_into(self, other):
        other.kind = self.kind
        other.value = self.value
        other.text = self.text
        other.link = self.link

class State:
    def __init__(self):
        self.counter = 0
        self.flag = False
        self.letter = "A"
        self.table = [0] * 64
        self.grid = [[0] * 16 for _ in range(16)]

def proc_a(st, rec):
    nxt = rec.link
    rec.copy_into(nxt)
    rec.value = 5
    nxt.value = rec.value
    nxt.link = rec.link
    if nxt.kind == 1:
        nxt.value = 6
        nxt.kind = proc_c(st, rec.kind)
        nxt.link = st.glob.link
        nxt.value = proc_b(nxt.value, 10)
    else:
        rec.copy_into(nxt)
    return nxt

def proc_b(a, b):
    return a + b + 2

def proc_c(st, kind):
    if kind == 1:
        return 2
    if kind == 2:
        return 3 if st.flag else 1
    return kind

def proc_d(st, i, j):
    st.table[i % 64] = j
    st.table[(i + 1) % 64] = st.table[i % 64]
    row = st.grid[i % 16]
    row[j % 16] += 1
    st.grid[(i + 5) % 16][(j + 3) % 16] = row[j % 16]
    return st.table[(i + 1) % 64]

def compare(a, b):
    return 1 if a == b else 0

def run(loops):
    st = State()
    st.glob = Record(1, 40, "GLOBAL RECORD", None)
    st.glob.link = Record(0, 0, "", st.glob)
    checksum = 0
    for i in range(loops):
        st.flag = (i % 3 == 0)
        a = 2
        b = 3
        text1 = "STRING ONE %d" % (i % 7)
        text2 = "STRING TWO %d" % (i % 5)
        c = compare(text1, text2)
        while a < b:
            x = 5 * a - b
            x = proc_b(a, x)
            a += 1
        r = proc_a(st, st.glob)
        y = proc_d(st, i, x)
        st.letter = "B" if st.letter == "A" else "A"
        checksum = (checksum + x + y + c + r.value + r.kind) % 1000000007
    return checksum, st.table[7], st.grid[3][5]

N = int(sys.argv[1]) if len(sys.argv) > 1 else 350000
print("pystone_like", N, run(N))
