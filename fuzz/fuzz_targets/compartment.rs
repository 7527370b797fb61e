//! Hostile code inside a compartment: arbitrary UTF-8 source runs in a
//! compartment with small limits, granted two host functions (one calls
//! back whatever it is given, so crossings nest and re-enter), a tuple
//! and a dict (read-only inside), and then in one whose exceptions cross as
//! themselves, from a host program that then checks it is unchanged (its
//! globals, its builtins, the dict, an object it did not grant) and still
//! usable, and in one the host drops while holding handles into it (freed
//! at a collection, its slot reused). Whatever the
//! source does, the host must end by printing `HOST OK`: a missing line
//! means a fault escaped the compartment or the host was changed.
#![no_main]

use capy_fuzz::run_capture;
use capy_vm::Limits;
use libfuzzer_sys::fuzz_target;
use std::time::Duration;

const HOST: &str = r#"
import compartment
secret = "S"
box = [1, 2, 3]
data = (1, "two", 3.0)
cfg = {"k": [1, 2], "n": {"x": 1}}
calls = []
def peek(x):
    calls.append(1)
    return x
def apply(f, *a):
    # Calls back into the compartment: crossings nest and re-enter
    # (host -> evil -> host -> evil -> ...), each side suspended in turn.
    calls.append(2)
    return f(*a)
c = compartment.Compartment("evil", heap="2M", steps=100000, timeout=0.2,
                            recursion=100, grants={"peek": peek, "apply": apply,
                                                   "data": data, "cfg": cfg})
for run in (c.exec, c.exec):
    try:
        run(SRC)
    except compartment.CompartmentError:
        pass
p = compartment.Compartment("prop", heap="2M", steps=100000, timeout=0.2,
                            recursion=100, exceptions="propagate", grants={"cfg": cfg})
try:
    p.exec(SRC)
except BaseException as e:
    # Propagated: SystemExit and ordinary exceptions cross as themselves.
    try:
        str(e)
    except Exception:
        pass
p.close()
try:
    r = c.eval("[k for k in globals() if not k.startswith('_')]")
    len(r)
except compartment.CompartmentError:
    pass
c.reset()
assert c.eval("1 + 1") == 2
c.close()
# Dropped without close(): freed at a collection while the host still
# holds handles into it, its slot then reused; the handles keep it alive.
d = compartment.Compartment("drop", heap="2M", steps=100000, timeout=0.2,
                            recursion=100, grants={"peek": peek})
try:
    d.exec(SRC)
    kept = d.eval("[g for g in globals().values()]")
except BaseException:
    kept = None
del d
import gc
gc.collect()
e = compartment.Compartment("reuse", heap="1M")
assert e.eval("2 * 3") == 6
if kept is not None:
    for g in kept:
        try:
            g()
        except BaseException:
            pass
del kept
gc.collect()
assert e.eval("3 * 3") == 9
assert secret == "S" and box == [1, 2, 3] and data == (1, "two", 3.0)
assert cfg == {"k": [1, 2], "n": {"x": 1}}
assert len([1, 2]) == 2 and int("7") == 7
print("HOST OK")
"#;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    let hex: String = source.bytes().map(|b| format!("{b:02x}")).collect();
    let program = format!("SRC = bytes.fromhex('{hex}').decode('utf-8')\n{HOST}");
    let limits = Limits {
        heap_bytes: 32 << 20,
        recursion: 400,
        timeout: Some(Duration::from_secs(10)),
        ..Limits::default()
    };
    let Some(run) = run_capture(program, limits) else {
        return;
    };
    let out = String::from_utf8_lossy(&run.stdout);
    assert!(
        out.ends_with("HOST OK\n"),
        "the host did not finish unchanged: {:?}\nstdout: {out}",
        run.uncaught
    );
});
