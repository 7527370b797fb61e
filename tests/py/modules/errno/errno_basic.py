import errno
print(errno.ENOENT, errno.EEXIST, errno.EINVAL, errno.EAGAIN, errno.EBADF)
print(errno.errorcode[errno.ENOENT])
try:
    open("/nonexistent/dir/file")
except OSError as e:
    print(e.errno == errno.ENOENT, e.args[0] == errno.ENOENT)
