import errno
print(errno.EPERM, errno.EIO, errno.ENOMEM, errno.EACCES, errno.ENOTDIR, errno.EISDIR, errno.ENOSPC, errno.EPIPE)
print(errno.ERANGE, errno.EDOM, errno.ETIMEDOUT, errno.ECONNRESET, errno.ECONNREFUSED, errno.EINPROGRESS)
print(errno.EWOULDBLOCK == errno.EAGAIN, errno.errorcode[errno.EAGAIN], errno.errorcode[errno.EINVAL])
print(errno.errorcode[1], errno.errorcode[2], errno.EEXIST in errno.errorcode, type(errno.errorcode).__name__)
e = OSError(errno.ENOENT, "nope")
print(e.args[0] == errno.ENOENT)
