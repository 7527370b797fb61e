//! The embedding API as a Rust host uses it.

use super::*;
use num_bigint::BigInt;

fn sandbox() -> Sandbox {
    Sandbox::builder("t")
        .heap(32 << 20)
        .timeout(Some(Duration::from_secs(5)))
        .build()
}

fn int(i: i64) -> HostValue {
    HostValue::from(i)
}

#[test]
fn run_returns_the_last_expression_and_state_persists() {
    let mut sb = sandbox();
    assert_eq!(sb.run("x = 40").unwrap(), HostValue::None);
    assert_eq!(sb.run("x + 2").unwrap(), int(42));
    assert_eq!(
        sb.run("y = x\nfor i in range(3): y += i\ny").unwrap(),
        int(43)
    );
    // Only a last *expression statement* has a value.
    assert_eq!(sb.run("z = 1\nif z:\n    z\n").unwrap(), HostValue::None);
    assert_eq!(
        sb.run("'lone string'").unwrap(),
        HostValue::from("lone string")
    );
}

#[test]
fn values_convert_both_ways() {
    let mut sb = sandbox();
    let big = BigInt::parse_bytes(b"123456789012345678901234567890", 10).unwrap();
    let v = HostValue::List(vec![
        HostValue::None,
        HostValue::Bool(true),
        HostValue::Int(big.clone()),
        HostValue::Float(1.5),
        HostValue::Complex(1.0, -2.0),
        HostValue::from("é"),
        HostValue::Bytes(b"ab".to_vec()),
        HostValue::ByteArray(b"cd".to_vec()),
        HostValue::Tuple(vec![int(1), HostValue::Tuple(vec![])]),
        HostValue::Dict(vec![(HostValue::from("k"), HostValue::List(vec![int(2)]))]),
        HostValue::Set(vec![int(3)]),
        HostValue::FrozenSet(vec![int(4)]),
    ]);
    sb.set("v", &v).unwrap();
    let types = sb.run("[type(x).__name__ for x in v]").unwrap();
    let names: Vec<HostValue> = [
        "NoneType",
        "bool",
        "int",
        "float",
        "complex",
        "str",
        "bytes",
        "bytearray",
        "tuple",
        "dict",
        "set",
        "frozenset",
    ]
    .iter()
    .map(|&s| HostValue::from(s))
    .collect();
    assert_eq!(types, HostValue::List(names));
    assert_eq!(sb.get("v").unwrap(), v);
    assert_eq!(sb.run("v[2] * 2").unwrap(), HostValue::Int(big * 2));
}

#[test]
fn other_objects_cross_as_opaque_handles() {
    let mut sb = sandbox();
    sb.run("class C:\n    def __init__(self): self.n = 7\nc = C()")
        .unwrap();
    let HostValue::Opaque(id) = sb.get("c").unwrap() else {
        panic!("not opaque")
    };
    // The same object keeps its handle, and comes back as itself.
    assert_eq!(sb.get("c").unwrap(), HostValue::Opaque(id));
    sb.run("def n_of(o): return o.n").unwrap();
    assert_eq!(
        sb.call("n_of", &[HostValue::Opaque(id)], &[]).unwrap(),
        int(7)
    );
    assert!(sb.release(id));
    let e = sb.call("n_of", &[HostValue::Opaque(id)], &[]).unwrap_err();
    assert_eq!(e.kind.name(), "ValueError");
    // A list holding itself: the inner occurrence is a handle.
    let v = sb.run("l = [1]\nl.append(l)\nl").unwrap();
    let HostValue::List(items) = v else { panic!() };
    assert!(matches!(items[1], HostValue::Opaque(_)));
}

#[test]
fn call_with_args_and_kwargs() {
    let mut sb = sandbox();
    sb.run("def f(a, b=0, *, c=1): return (a + b) * c").unwrap();
    let kw = [("c".to_string(), int(10))];
    assert_eq!(sb.call("f", &[int(1), int(2)], &kw).unwrap(), int(30));
    let e = sb.call("nope", &[], &[]).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Exception("NameError".into()));
}

#[test]
fn host_functions_are_called_with_converted_values() {
    let mut sb = Sandbox::builder("t")
        .grant_fn("add", |args, kw| {
            let mut n = BigInt::from(0);
            for a in args.iter().chain(kw.iter().map(|(_, v)| v)) {
                match a {
                    HostValue::Int(i) => n += i,
                    _ => return Err(HostError::new("TypeError", "ints only")),
                }
            }
            Ok(HostValue::Int(n))
        })
        .grant_fn("fail", |_, _| Err(HostError::new("KeyError", "missing")))
        .grant_fn("odd", |_, _| Err(HostError::new("MyError", "custom")))
        .grant_value("limit", int(3))
        .build();
    assert_eq!(sb.run("add(1, 2, x=limit)").unwrap(), int(6));
    assert_eq!(
        sb.run("repr(add)").unwrap(),
        HostValue::from("<host function add>")
    );
    // The error reaches the code as the built-in type, catchable there.
    let caught = "try:\n    fail()\nexcept KeyError as e:\n    r = 'caught ' + str(e)\nr";
    assert_eq!(sb.run(caught).unwrap(), HostValue::from("caught 'missing'"));
    let e = sb.run("add('x')").unwrap_err();
    assert_eq!(e.kind.name(), "TypeError");
    assert_eq!(e.message, "ints only");
    assert_eq!(sb.run("odd()").unwrap_err().kind.name(), "RuntimeError");
}

#[test]
fn errors_carry_a_traceback_with_the_sandbox_file_and_lines() {
    let mut sb = sandbox();
    let e = sb
        .run("x = 1\ndef f():\n    return 1 / 0\nf()")
        .unwrap_err();
    assert_eq!(e.kind.name(), "ZeroDivisionError");
    assert_eq!(e.to_string(), "ZeroDivisionError: division by zero");
    assert!(
        e.traceback.contains("File \"<t>\", line 4"),
        "{}",
        e.traceback
    );
    assert!(
        e.traceback.contains("File \"<t>\", line 3, in f"),
        "{}",
        e.traceback
    );
    let e = sb.run("1 +").unwrap_err();
    assert_eq!(e.kind.name(), "SyntaxError");
    // Still usable.
    assert_eq!(sb.run("x").unwrap(), int(1));
}

#[test]
fn limits_are_errors_of_their_own_and_the_sandbox_survives() {
    let mut sb = Sandbox::builder("t")
        .heap(16 << 20)
        .timeout(Some(Duration::from_millis(200)))
        .recursion(100)
        .build();
    sb.run("keep = 5").unwrap();
    let e = sb.run("while True: pass").unwrap_err();
    assert_eq!(e.kind, ErrorKind::Timeout);
    let e = sb
        .run("l = []\nwhile True: l.append('x' * 1000)")
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::MemoryLimit);
    sb.run("del l").unwrap();
    let e = sb.run("def r(n): return r(n + 1)\nr(0)").unwrap_err();
    assert_eq!(e.kind, ErrorKind::RecursionLimit);
    // Raised by the code itself, they are ordinary exceptions.
    let e = sb.run("raise MemoryError('mine')").unwrap_err();
    assert_eq!(e.kind.name(), "MemoryError");
    assert_eq!(sb.run("keep").unwrap(), int(5));
    let mut steps = Sandbox::builder("s").steps(Some(1000)).build();
    assert_eq!(
        steps.run("while True: pass").unwrap_err().kind,
        ErrorKind::Timeout
    );
    assert_eq!(steps.run("1").unwrap(), int(1));
}

#[test]
fn output_is_captured_or_given_to_a_callback() {
    let mut sb = sandbox();
    sb.run("print('a', 1)\nimport sys\nsys.stdout.write('b\\n')")
        .unwrap();
    assert_eq!(sb.output(), "a 1\nb\n");
    assert_eq!(sb.output(), "");
    let seen = Arc::new(Mutex::new(String::new()));
    let s2 = seen.clone();
    let mut sb = Sandbox::builder("t")
        .stdout(Stdout::callback(move |s| s2.lock().unwrap().push_str(s)))
        .build();
    sb.run("print('hello')").unwrap();
    assert_eq!(&*seen.lock().unwrap(), "hello\n");
}

#[test]
fn reset_forgets_state_but_keeps_grants() {
    let mut sb = Sandbox::builder("t").grant_value("g", int(1)).build();
    sb.run("x = 2\nobj = object()").unwrap();
    let h = sb.get("obj").unwrap();
    sb.reset();
    assert_eq!(sb.run("g").unwrap(), int(1));
    assert_eq!(sb.run("x").unwrap_err().kind.name(), "NameError");
    assert!(matches!(h, HostValue::Opaque(id) if !sb.release(id)));
}

#[test]
fn the_sandbox_has_no_ambient_authority() {
    let mut sb = sandbox();
    let e = sb.run("open('/etc/passwd')").unwrap_err();
    assert!(e.kind.name().ends_with("Error"), "{e}");
    assert!(sb.run("import os\nos.listdir('/')").is_err());
}

fn image() -> snapshot::Image {
    snapshot::Image {
        name: "t".into(),
        heap: 1 << 20,
        timeout_nanos: Some(5),
        recursion: 100,
        values: vec![(
            "v".into(),
            HostValue::List(vec![int(1), HostValue::from("é")]),
        )],
        functions: vec![("f".into(), snapshot::FnKind::External)],
        steps: vec![
            snapshot::Step::Run("x = 1".into()),
            snapshot::Step::Call(
                "g".into(),
                vec![int(2)],
                vec![("k".into(), HostValue::None)],
            ),
            snapshot::Step::Release(3),
        ],
        answers: vec![(0, snapshot::Answer::Error(HostError::new("KeyError", "k")))],
        outcomes: vec![None, Some("ValueError".into())],
        tape: vec![1, 2, 3],
        ..Default::default()
    }
}

const KEY: &[u8] = b"0123456789abcdef0123456789abcdef";

#[test]
fn snapshot_round_trips_and_refuses_any_change() {
    let data = snapshot::seal(&image(), KEY).unwrap();
    assert_eq!(snapshot::open(&data, KEY).unwrap(), image());
    for i in 0..data.len() {
        let mut bad = data.clone();
        bad[i] ^= 1;
        assert!(snapshot::open(&bad, KEY).is_err(), "byte {i} changed");
    }
    for n in 0..data.len() {
        assert!(snapshot::open(&data[..n], KEY).is_err(), "cut at {n}");
    }
    let e = snapshot::open(&data, b"another key of 16+ bytes").unwrap_err();
    assert!(e.0.contains("not authentic"), "{e}");
    assert!(snapshot::seal(&image(), b"short").is_err());
}

#[test]
fn snapshot_decoder_refuses_malformed_images() {
    let good = snapshot::encode_image(&image());
    assert_eq!(snapshot::decode_image(&good).unwrap(), image());
    for n in 0..good.len() {
        assert!(snapshot::decode_image(&good[..n]).is_err());
    }
    // A huge count must not allocate: it is more than the bytes left.
    let mut huge = good.clone();
    huge[8..16].copy_from_slice(&u64::MAX.to_le_bytes());
    assert!(snapshot::decode_image(&huge).is_err());
    // Nesting deeper than MAX_DEPTH is refused, not a stack overflow.
    let mut deep = Vec::new();
    deep.extend_from_slice(&[0u8; 8]); // empty name
    deep.extend_from_slice(&[0u8; 8]); // heap
    deep.push(0); // no timeout
    deep.extend_from_slice(&[0u8; 8]); // recursion
    deep.push(0); // no step limit
    deep.push(0); // stdout captured
    deep.extend_from_slice(&1u64.to_le_bytes()); // one value
    deep.extend_from_slice(&0u64.to_le_bytes()); // named ''
    for _ in 0..100_000 {
        deep.push(8);
        deep.extend_from_slice(&1u64.to_le_bytes());
    }
    let e = snapshot::decode_image(&deep).unwrap_err();
    assert!(e.0.contains("truncated") || e.0.contains("deep"), "{e}");
}

#[test]
fn a_recorded_tape_replays_clocks_and_entropy() {
    let code =
        "import time, random, os\n(time.time(), random.random(), os.urandom(8), time.ticks_ms())";
    let tape = Tape::new();
    let mut sb = Sandbox::builder("t").record(tape.clone()).build();
    let first = sb.run(code).unwrap();
    let recorded = tape.recorded();
    assert!(!recorded.is_empty());
    let again = Tape::replaying(recorded.clone());
    let mut sb2 = Sandbox::builder("t").record(again.clone()).build();
    assert_eq!(sb2.run(code).unwrap(), first);
    assert!(!again.replaying_now());
    // Past the tape, readings come from the world again (and are kept).
    sb2.run("time.time()").unwrap();
    assert!(again.recorded().len() > recorded.len());
}

#[test]
fn a_granted_directory_is_the_file_system() {
    let dir = std::env::temp_dir().join(format!("capy-embed-dir-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("a.txt"), "hello").unwrap();
    let mut sb = Sandbox::builder("t")
        .grant_dir(&dir, false)
        .unwrap()
        .build();
    assert_eq!(
        sb.run("open('a.txt').read()").unwrap(),
        HostValue::from("hello")
    );
    let e = sb.run("open('b.txt', 'w')").unwrap_err();
    assert_eq!(e.kind.name(), "PermissionError");
    let e = sb.run("open('../x', 'r')").unwrap_err();
    assert_eq!(e.kind.name(), "PermissionError", "{e}");
    sb.reset();
    assert_eq!(
        sb.run("import os\nos.listdir('.')").unwrap(),
        HostValue::List(vec![HostValue::from("a.txt")])
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
