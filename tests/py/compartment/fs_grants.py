# Directory capabilities: compartment.fs() grants a directory; inside, open
# and os work relative to it and never outside it; read-only grants refuse
# writes; a compartment without a grant has no file system; a Dir crossing
# as an argument works through its own methods; the environment is not
# reachable.
import compartment
import os

d = "tmp_fs_grants_" + str(os.getpid())
os.makedirs(d + "/ro/sub")
os.makedirs(d + "/rw")
with open(d + "/ro/in.txt", "w") as f:
    f.write("inside\n")
with open(d + "/secret.txt", "w") as f:
    f.write("secret\n")

ro = compartment.fs(d + "/ro")
rw = compartment.fs(d + "/rw", write=True)
print(type(ro).__name__, ro.writable, rw.writable, repr(ro).endswith("/ro' read-only>"))
print(ro.listdir(), ro.exists("in.txt"), ro.exists("nope"), ro.open("in.txt").read().strip())

c = compartment.Compartment("reader", grants={"data": ro})
print(c.eval("open('in.txt').read().strip()"))
print(c.eval("sorted(__import__('os').listdir())"), c.eval("__import__('os').path.isdir('sub')"))
print(c.eval("[e.name for e in __import__('os').scandir('.')]"))
attempts = [
    "open('../secret.txt')",
    "open('sub/../../secret.txt')",
    "open('/etc/passwd')",
    "open('in.txt', 'w')",
    "open('in.txt', 'a')",
    "__import__('os').remove('in.txt')",
    "__import__('os').mkdir('new')",
    "__import__('os').chdir('..')",
    "__import__('os').environ['HOME']",
    "__import__('os').getenv('PATH')",
    "data.open('new.txt', 'w')",
]
for src in attempts:
    try:
        c.eval(src)
        print("NOT REFUSED:", src)
    except compartment.CompartmentError as e:
        print(e.kind, "|", e.message.replace(os.getcwd(), "CWD"))

bare = compartment.Compartment("bare")
for src in ["open('x')", "__import__('os').listdir()", "__import__('os').getcwd()"]:
    try:
        print(bare.eval(src))
    except compartment.CompartmentError as e:
        print(e.kind, "|", e.message)

w = compartment.Compartment("writer", grants={"out": rw})
w.exec("with open('made.txt', 'w') as f:\n    f.write('written inside')")
w.exec("import os\nos.mkdir('sub')\nos.rename('made.txt', 'sub/made.txt')")
print(open(d + "/rw/sub/made.txt").read())
w.exec("def peek(dd, name):\n    return dd.open(name).read().strip()")
print(w.get("peek")(ro, "in.txt"))
try:
    w.get("peek")(ro, "../secret.txt")
except compartment.CompartmentError as e:
    print(e.kind, "|", e.message)
w.reset()
print(w.eval("open('sub/made.txt').read()"))

for root, dirs, files in os.walk(d, topdown=False):
    for f in files:
        os.remove(os.path.join(root, f))
    os.rmdir(root)
print(os.path.exists(d))
