# OSError(errno, strerror[, filename]) fields and message.
e = OSError(2, "No such file")
print(e.args, e.errno, e.strerror, e.filename, str(e))
e = OSError(13, "Permission denied", "f.txt")
print(e.args, e.errno, e.strerror, e.filename, str(e))
e = OSError(2, "x", "a", None, "b")
print(str(e), e.filename2, e.args)
e = OSError("plain")
print(e.args, e.errno, e.strerror, str(e))
e = OSError()
print(repr(str(e)), e.errno, e.strerror)
e.errno = 5
e.strerror = "set"
print(e.errno, e.strerror)
class MyOSError(OSError):
    pass
x = MyOSError(13, "denied")
print(x.errno, x.strerror, str(x), isinstance(x, OSError))
x.strerror = "changed"
print(str(x))
t = TimeoutError(110, "timed out")
print(isinstance(t, OSError), t.errno, str(t))
try:
    raise OSError(22, "Invalid argument")
except OSError as err:
    print("caught", err.errno, err)
