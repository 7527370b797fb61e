fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("cheri") {
        let stdin = std::io::stdin();
        let mut inp = stdin.lock();
        let stdout = std::io::stdout();
        let mut out = std::io::BufWriter::new(stdout.lock());
        let code = cheri::cli::run(&args[2..], &mut inp, &mut out, &mut std::io::stderr());
        drop(out);
        std::process::exit(code);
    }
    eprintln!("capy: interpreter not built yet");
    std::process::exit(2);
}
