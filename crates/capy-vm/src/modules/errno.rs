//! `errno`: the Linux error numbers (the values CPython reports on the
//! hosts capy runs on) and `errorcode`, number -> name.

use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

/// Names that own their number in `errorcode`.
const CODES: &[(&str, i64)] = &[
    ("EPERM", 1),
    ("ENOENT", 2),
    ("ESRCH", 3),
    ("EINTR", 4),
    ("EIO", 5),
    ("ENXIO", 6),
    ("E2BIG", 7),
    ("ENOEXEC", 8),
    ("EBADF", 9),
    ("ECHILD", 10),
    ("EAGAIN", 11),
    ("ENOMEM", 12),
    ("EACCES", 13),
    ("EFAULT", 14),
    ("ENOTBLK", 15),
    ("EBUSY", 16),
    ("EEXIST", 17),
    ("EXDEV", 18),
    ("ENODEV", 19),
    ("ENOTDIR", 20),
    ("EISDIR", 21),
    ("EINVAL", 22),
    ("ENFILE", 23),
    ("EMFILE", 24),
    ("ENOTTY", 25),
    ("ETXTBSY", 26),
    ("EFBIG", 27),
    ("ENOSPC", 28),
    ("ESPIPE", 29),
    ("EROFS", 30),
    ("EMLINK", 31),
    ("EPIPE", 32),
    ("EDOM", 33),
    ("ERANGE", 34),
    ("EDEADLOCK", 35),
    ("ENAMETOOLONG", 36),
    ("ENOLCK", 37),
    ("ENOSYS", 38),
    ("ENOTEMPTY", 39),
    ("ELOOP", 40),
    ("ENOMSG", 42),
    ("ENODATA", 61),
    ("ETIME", 62),
    ("EOVERFLOW", 75),
    ("EILSEQ", 84),
    ("ENOTSOCK", 88),
    ("EDESTADDRREQ", 89),
    ("EMSGSIZE", 90),
    ("EPROTOTYPE", 91),
    ("ENOPROTOOPT", 92),
    ("EPROTONOSUPPORT", 93),
    ("ESOCKTNOSUPPORT", 94),
    ("ENOTSUP", 95),
    ("EPFNOSUPPORT", 96),
    ("EAFNOSUPPORT", 97),
    ("EADDRINUSE", 98),
    ("EADDRNOTAVAIL", 99),
    ("ENETDOWN", 100),
    ("ENETUNREACH", 101),
    ("ENETRESET", 102),
    ("ECONNABORTED", 103),
    ("ECONNRESET", 104),
    ("ENOBUFS", 105),
    ("EISCONN", 106),
    ("ENOTCONN", 107),
    ("ESHUTDOWN", 108),
    ("ETIMEDOUT", 110),
    ("ECONNREFUSED", 111),
    ("EHOSTDOWN", 112),
    ("EHOSTUNREACH", 113),
    ("EALREADY", 114),
    ("EINPROGRESS", 115),
    ("ESTALE", 116),
    ("EDQUOT", 122),
    ("ECANCELED", 125),
];

/// Second names for a number; `errorcode` keeps the first.
const ALIASES: &[(&str, i64)] = &[("EWOULDBLOCK", 11), ("EDEADLK", 35), ("EOPNOTSUPP", 95)];

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("errno")?;
    let d = crate::import::module_dict(vm, m);
    let codes = vm.new_dict()?;
    for &(name, n) in CODES {
        vm.dict_set_str(d, name, Value::Int(n))?;
        let s = vm.new_str(name)?;
        vm.dict_set(codes, Value::Int(n), s)?;
    }
    for &(name, n) in ALIASES {
        vm.dict_set_str(d, name, Value::Int(n))?;
    }
    vm.dict_set_str(d, "errorcode", codes)?;
    Ok(m)
}
