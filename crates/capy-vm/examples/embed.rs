//! A Rust host running untrusted code in a capy sandbox.
//!
//! ```sh
//! cargo run --release -p capy-vm --example embed
//! ```

use capy_vm::embed::{ErrorKind, HostError, HostValue, Sandbox, Stdout};
use std::time::{Duration, Instant};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Limits are on by default (256 MiB heap, 30 s per run, recursion
    // 1000); these are tighter.
    let mut sb = Sandbox::builder("plugin")
        .heap(32 << 20)
        .timeout(Some(Duration::from_millis(500)))
        .grant_value("greeting", HostValue::from("hello"))
        .grant_fn("lookup", |args, _kwargs| match args {
            [HostValue::Str(k)] if k == "answer" => Ok(HostValue::from(42)),
            [HostValue::Str(k)] => Err(HostError::new("KeyError", k.clone())),
            _ => Err(HostError::new("TypeError", "lookup() takes one str")),
        })
        .stdout(Stdout::callback(|text| print!("[sandbox] {text}")))
        .build();

    // State persists between runs; a run's value is its last expression's.
    sb.run("def total(xs, scale=1):\n    return sum(xs) * scale")?;
    let v = sb.run("print(greeting)\nlookup('answer') + 1")?;
    println!("run -> {v:?}");

    // Call a function with converted arguments (ints of any size).
    let big = HostValue::Int("100000000000000000000".parse()?);
    let args = [HostValue::List(vec![HostValue::from(1), big])];
    let kw = [("scale".to_string(), HostValue::from(2))];
    println!("call -> {:?}", sb.call("total", &args, &kw)?);

    // A host error reaches the code as the built-in exception it names.
    let v = sb.run("try:\n    lookup('nope')\nexcept KeyError as e:\n    r = 'no ' + str(e)\nr")?;
    println!("caught -> {v:?}");

    // Errors: kind, message and a traceback in the sandbox's own terms.
    let e = sb.run("def f():\n    return 1 / 0\nf()").unwrap_err();
    println!("error -> {e}\n{}", e.traceback);

    // Limits are errors of their own; the sandbox stays usable.
    let e = sb.run("while True:\n    pass").unwrap_err();
    assert_eq!(e.kind, ErrorKind::Timeout);
    println!("timeout -> {e}");
    let e = sb
        .run("l = []\nwhile True:\n    l.append('x' * 4096)")
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::MemoryLimit);
    println!("memory -> {e}");
    println!("still usable -> {:?}", sb.run("total([1, 2, 3])")?);

    // Warm latency of a trivial run.
    let n = 20_000;
    let t = Instant::now();
    for _ in 0..n {
        sb.run("1+1")?;
    }
    let us = t.elapsed().as_secs_f64() * 1e6 / n as f64;
    println!("warm run(\"1+1\"): {us:.2} µs");
    Ok(())
}
