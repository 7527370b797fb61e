//! Poor man's fuzzer: mutates `.py` files under a directory (byte flips,
//! splices, truncations) and checks `compile` never panics and its output
//! always passes the verifier. `mutate_fuzz <dir> <iterations> [seed]`
use std::path::Path;

fn walk(dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|x| x == "py") {
            if let Ok(s) = std::fs::read_to_string(&p) {
                if s.len() < 20_000 {
                    out.push(s);
                }
            }
        }
    }
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const PIECES: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ":",
    "\n",
    "    ",
    "\t",
    "*",
    "**",
    "=",
    ":=",
    "yield ",
    "await ",
    "async ",
    "lambda: ",
    "nonlocal x\n",
    "global x\n",
    "return ",
    "break\n",
    "continue\n",
    "try:\n",
    "finally:\n",
    "except E as e:\n",
    "with a as b:\n",
    "for x in y:\n",
    "class C:\n",
    "def f(a, *b, c=1, **d):\n",
    "f'{x!r:{y}}'",
    "[x for x in y if (z := x)]",
    "'''",
    "\"",
    "\\",
    "super()",
    "del x\n",
    "@d\n",
    "-",
    "not ",
    "1e5j",
    "0x",
];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut corpus = Vec::new();
    walk(
        Path::new(args.get(1).map(|s| s.as_str()).unwrap_or(".")),
        &mut corpus,
    );
    let iters: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let mut rng = Rng(args
        .get(3)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x9e3779b97f4a7c15));
    let (mut ok, mut err) = (0, 0);
    for _ in 0..iters {
        let base = &corpus[rng.below(corpus.len())];
        let mut s: Vec<u8> = base.as_bytes().to_vec();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(s.len() + 1);
            match rng.below(4) {
                0 => {
                    let p = PIECES[rng.below(PIECES.len())];
                    s.splice(at..at, p.bytes());
                }
                1 => s.truncate(at),
                2 if at < s.len() => {
                    let end = (at + rng.below(40)).min(s.len());
                    s.drain(at..end);
                }
                _ => {
                    let other = corpus[rng.below(corpus.len())].as_bytes();
                    let from = rng.below(other.len());
                    let end = (from + rng.below(200)).min(other.len());
                    s.splice(at..at, other[from..end].iter().copied());
                }
            }
        }
        let src = String::from_utf8_lossy(&s).into_owned();
        for mode in [capy_compiler::Mode::Exec, capy_compiler::Mode::Single] {
            match capy_compiler::compile(&src, "<fuzz>", mode) {
                Ok(code) => {
                    if let Err(e) = capy_compiler::validate::validate(&code) {
                        std::fs::write("/tmp/fuzz_invalid.py", &src).ok();
                        panic!("invalid output: {e}");
                    }
                    ok += 1;
                }
                Err(_) => err += 1,
            }
        }
    }
    println!("compiled {ok}, errors {err}");
}
