//! Modules written in Python and frozen into the binary: compiled to
//! bytecode at build time (`build.rs`), decoded on first import (nothing is
//! paid at start-up) and run in a fresh module, as an imported `.py` file
//! would be. The source is embedded too: tracebacks quote its lines, and it
//! is compiled instead should the image come from another compiler.
//!
//! `asyncio.py` sits next to this file; the standard-library modules of
//! issue 13 live in `stdlib/`, one file each, with a header saying what
//! they cover. Each is checked against CPython by `tests/py/modules/NAME/`.

use crate::errors::ExcKind;
use crate::value::{Gc, Value};
use crate::vm::{ModuleInit, Vm};
use crate::PyResult;
use capy_compiler::serialize::{self, FrozenError};
use capy_compiler::Code;
use std::rc::Rc;

/// The build script's image of frozen module `$name`.
macro_rules! image {
    ($name:literal) => {
        include_bytes!(concat!(env!("OUT_DIR"), "/frozen/", $name, ".capyf"))
    };
}

/// `asyncio`: the coroutine scheduler (see the header of `asyncio.py`).
const ASYNCIO: Frozen = Frozen {
    name: "asyncio",
    source: include_str!("asyncio.py"),
    image: image!("asyncio"),
};

pub fn init_asyncio(vm: &mut Vm) -> PyResult<Gc> {
    load(vm, &ASYNCIO)
}

/// One init function per frozen module (a `ModuleInit` is a plain `fn`,
/// so the name, source and image are baked into each), and the tables.
macro_rules! frozen_stdlib {
    ($($init:ident $name:literal;)*) => {
        /// The frozen standard-library modules' source and images.
        const MODULES: &[Frozen] = &[$(Frozen {
            name: $name,
            source: include_str!(concat!("stdlib/", $name, ".py")),
            image: image!($name),
        }),*];
        $(
            fn $init(vm: &mut Vm) -> PyResult<Gc> {
                match MODULES.iter().find(|m| m.name == $name) {
                    Some(m) => load(vm, m),
                    None => Err(vm.error(ExcKind::ImportError, concat!("no frozen module ", $name))),
                }
            }
        )*
        /// The frozen standard-library modules, importable beside [`super::NATIVE`].
        pub const STDLIB: &[(&str, ModuleInit)] = &[$(($name, $init)),*];
    };
}

frozen_stdlib! {
    init_future "__future__";
    init_collections_extra "_collections_extra";
    init_heapq_extra "_heapq_extra";
    init_json_extra "_json_extra";
    init_string_formatter "_string_formatter";
    init_tempfile "tempfile";
    init_shutil "shutil";
    init_collections_abc "_collections_abc";
    init_functools "functools";
    init_itertools "itertools";
    init_operator "operator";
    init_bisect "bisect";
    init_copy "copy";
    init_contextlib "contextlib";
    init_string "string";
    init_textwrap "textwrap";
    init_abc "abc";
    init_typing "typing";
    init_genericalias "_genericalias";
    init_base64 "base64";
    init_hmac "hmac";
    init_uuid "uuid";
    init_secrets "secrets";
    init_gzip "gzip";
    init_mappingproxy "_mappingproxy";
    init_dataclasses "dataclasses";
    init_enum "enum";
    init_datetime "datetime";
    init_datetime_text "_datetime_text";
    init_datetime_calendar "_datetime_calendar";
    init_pickle "pickle";
    init_pickle_ops "_pickle_ops";
    init_pickle_load "_pickle_load";
    init_copyreg "copyreg";
    init_decimal "decimal";
    init_decimal_base "_decimal_base";
    init_decimal_context "_decimal_context";
    init_decimal_math "_decimal_math";
    init_decimal_format "_decimal_format";
    init_time_text "_time_text";
    init_os "os";
    init_posixpath "posixpath";
    init_fnmatch "fnmatch";
    init_glob "glob";
    init_pathlib "pathlib";
    init_traceback "traceback";
    init_fractions "fractions";
    init_statistics "statistics";
    init_pprint "pprint";
    init_csv "csv";
    init_shlex "shlex";
    init_warnings "warnings";
    init_logging "logging";
    init_argparse "argparse";
    init_unittest "unittest";
    init_random_extra "_random_extra";
    init_importlib "importlib";
    init_importlib_util "_importlib_util";
    init_iowrap "_iowrap";
    init_frame "_frame";
}

/// `collections.abc` is `_collections_abc`, as in CPython.
fn init_collections_abc_alias(vm: &mut Vm) -> PyResult<Gc> {
    match vm.import_dotted("_collections_abc")? {
        Value::Obj(m) => Ok(m),
        _ => Err(vm.type_error("_collections_abc is not a module")),
    }
}

/// `os.path` is `posixpath`, as in CPython on POSIX.
fn init_os_path_alias(vm: &mut Vm) -> PyResult<Gc> {
    match vm.import_dotted("posixpath")? {
        Value::Obj(m) => Ok(m),
        _ => Err(vm.type_error("posixpath is not a module")),
    }
}

/// `importlib.util` and `importlib.machinery` are one frozen module
/// (importlib is a plain module here, not a package).
fn init_importlib_util_alias(vm: &mut Vm) -> PyResult<Gc> {
    match vm.import_dotted("_importlib_util")? {
        Value::Obj(m) => Ok(m),
        _ => Err(vm.type_error("_importlib_util is not a module")),
    }
}

/// Frozen modules known by a second name.
pub const ALIASES: &[(&str, ModuleInit)] = &[
    ("collections.abc", init_collections_abc_alias),
    ("os.path", init_os_path_alias),
    ("importlib.util", init_importlib_util_alias),
    ("importlib.machinery", init_importlib_util_alias),
];

/// A module frozen into the binary.
pub struct Frozen {
    pub name: &'static str,
    pub source: &'static str,
    /// Bytecode compiled by the build script (a frozen image of
    /// `capy_compiler::serialize`).
    pub image: &'static [u8],
}

/// The source of the frozen module whose code has file name `filename`
/// (`<frozen NAME>`), for the lines tracebacks quote.
pub fn source_of(filename: &str) -> Option<&'static str> {
    let name = filename.strip_prefix("<frozen ")?.strip_suffix('>')?;
    std::iter::once(&ASYNCIO)
        .chain(MODULES)
        .find(|m| m.name == name)
        .map(|m| m.source)
}

/// The module's code: its image, or, for an image made by another compiler
/// (a build that did not rerun the build script), its source compiled
/// now. A corrupt image is an ImportError, not a guess.
pub fn code_of(vm: &mut Vm, m: &Frozen) -> PyResult<Rc<Code>> {
    match serialize::from_frozen(m.image) {
        Ok(code) => Ok(code),
        Err(FrozenError::Stale) => {
            let filename = format!("<frozen {}>", m.name);
            vm.compile(m.source, &filename, capy_compiler::Mode::Exec)
        }
        Err(e @ FrozenError::Corrupt(_)) => Err(vm.error(
            ExcKind::ImportError,
            format!("frozen module {}: bytecode image {e}", m.name),
        )),
    }
}

fn load(vm: &mut Vm, frozen: &Frozen) -> PyResult<Gc> {
    let code = code_of(vm, frozen)?;
    let name = frozen.name;
    let m = vm.new_module(name)?;
    let d = crate::import::module_dict(vm, m);
    let b = Value::Obj(vm.builtins);
    vm.dict_set_str(d, "__builtins__", b)?;
    vm.run_code(&code, d, Value::Null)?;
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Limits;

    fn all() -> impl Iterator<Item = &'static Frozen> {
        std::iter::once(&ASYNCIO).chain(MODULES)
    }

    /// Every embedded image is this compiler's (not stale) and is exactly
    /// what compiling the embedded source gives now.
    #[test]
    fn images_are_current() {
        assert_eq!(MODULES.len(), STDLIB.len());
        for m in all() {
            let image = serialize::from_frozen(m.image)
                .unwrap_or_else(|e| panic!("image of {}: {e}", m.name));
            let filename = format!("<frozen {}>", m.name);
            let now = capy_compiler::compile(m.source, &filename, capy_compiler::Mode::Exec)
                .unwrap_or_else(|e| panic!("{}: {e}", m.name));
            assert!(serialize::same_code(&image, &now), "{} differs", m.name);
        }
    }

    #[test]
    fn frozen_sources_by_file_name() {
        assert_eq!(source_of("<frozen asyncio>"), Some(ASYNCIO.source));
        let decimal = MODULES
            .iter()
            .find(|m| m.name == "decimal")
            .map(|m| m.source);
        assert!(decimal.is_some());
        assert_eq!(source_of("<frozen decimal>"), decimal);
        assert_eq!(source_of("<frozen nosuch>"), None);
        assert_eq!(source_of("decimal"), None);
    }

    /// A stale image is compiled from source instead; a corrupt one is an
    /// ImportError naming the module.
    #[test]
    fn stale_and_corrupt_images() {
        let real = MODULES.iter().find(|m| m.name == "bisect").unwrap();
        let mut vm = Vm::new(Limits::default());
        let mut stale = real.image.to_vec();
        stale[0] = b'X';
        let stale = Frozen {
            image: Box::leak(stale.into_boxed_slice()),
            ..*real
        };
        let code = code_of(&mut vm, &stale).unwrap();
        let want = serialize::from_frozen(real.image).unwrap();
        assert!(serialize::same_code(&code, &want));

        let corrupt = &real.image[..real.image.len() - 3];
        let corrupt = Frozen {
            image: corrupt,
            ..*real
        };
        let err = code_of(&mut vm, &corrupt).unwrap_err();
        assert!(vm.err_is(err, ExcKind::ImportError));
        let text = vm.format_exception_full(err);
        assert!(
            text.contains("frozen module bisect: bytecode image corrupt"),
            "{text}"
        );
    }
}
