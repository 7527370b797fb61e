//! The file system as the running instance may reach it.
//!
//! An instance sees the file system in one of two ways ([`FsView`]):
//! - **ambient**: the user's own program run from the command line, which
//!   reaches every path the process can, as CPython does;
//! - **granted**: a program run with `--sandbox`, or a compartment, which
//!   reaches only the directories it holds as [`DirCap`]s: a directory
//!   opened once, by the host, as a `cap_std::fs::Dir`.
//!
//! Under grants a path is first made absolute against the instance's own
//! current directory and its `.` and `..` are folded, then matched against
//! the granted directories by prefix; what is left is opened *inside* the
//! matching directory through cap-std, which refuses every way out (a `..`
//! that climbs above it, an absolute symbolic link, a link that leads
//! outside) with the kernel's help. The prefix match only picks the
//! directory and words the error; the confinement is cap-std's.

use std::ffi::OsString;
use std::io;
use std::path::{Component, Path, PathBuf};
use std::rc::Rc;

/// A directory granted to an instance.
pub struct DirCap {
    pub dir: cap_std::fs::Dir,
    /// Where the host opened it (absolute, folded): grants are matched and
    /// reported by it.
    pub path: PathBuf,
    pub write: bool,
    /// A grant of a single file: the directory holding it, limited to
    /// this name.
    pub only: Option<OsString>,
}

impl std::fmt::Debug for DirCap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DirCap")
            .field("path", &self.path)
            .field("write", &self.write)
            .field("only", &self.only)
            .finish()
    }
}

impl DirCap {
    /// Opens `path` with the host's authority, for granting. A file is
    /// granted as its directory limited to it.
    pub fn open(path: &Path, write: bool) -> io::Result<DirCap> {
        let abs = fold(&std::env::current_dir()?.join(path));
        let meta = std::fs::metadata(&abs)?;
        let (dir_path, only) = if meta.is_dir() {
            (abs.clone(), None)
        } else {
            let parent = abs.parent().unwrap_or(Path::new("/")).to_path_buf();
            (parent, abs.file_name().map(|n| n.to_os_string()))
        };
        let dir = cap_std::fs::Dir::open_ambient_dir(&dir_path, cap_std::ambient_authority())?;
        Ok(DirCap {
            dir,
            path: abs,
            write,
            only,
        })
    }
}

impl DirCap {
    /// The directory `rel` inside `parent`, opened through it (so never
    /// outside it), writable only if both say so.
    pub fn within(parent: &DirCap, rel: &Path, write: bool) -> io::Result<DirCap> {
        if parent.only.is_some() {
            return Err(io::Error::from_raw_os_error(ENOTDIR));
        }
        let dir = parent.dir.open_dir(rel)?;
        Ok(DirCap {
            dir,
            path: fold(&parent.path.join(rel)),
            write: write && parent.write,
            only: None,
        })
    }
}

/// Why a path is out of reach, for the message of the `PermissionError`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confinement {
    /// `capy --sandbox`: the message names the flag that would allow it.
    Sandbox,
    /// A compartment: only a grant can allow it.
    Compartment,
}

/// What an operation does to the path it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    Read,
    Write,
}

#[derive(Default)]
pub enum FsView {
    #[default]
    Ambient,
    Granted {
        dirs: Vec<Rc<DirCap>>,
        /// The instance's current directory (`os.getcwd`, `os.chdir`):
        /// the process's for a sandboxed program, the first granted
        /// directory for a compartment.
        cwd: PathBuf,
        why: Confinement,
    },
}

/// A path resolved for one operation.
#[derive(Debug)]
pub enum Target {
    /// A path the OS reads as it is (ambient instances).
    Host(PathBuf),
    /// A path inside a granted directory, relative to it (never empty:
    /// the directory itself is `.`).
    In(Rc<DirCap>, PathBuf),
}

/// A path out of reach, and why.
#[derive(Debug)]
pub struct Denied {
    /// The folded absolute path asked for.
    pub path: PathBuf,
    pub access: Access,
    pub why: Confinement,
    /// A grant covers the path, but read-only.
    pub read_only: bool,
}

impl std::fmt::Display for Denied {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let flag = match self.access {
            Access::Read => "--allow-read",
            Access::Write => "--allow-write",
        };
        match (self.why, self.read_only) {
            (Confinement::Sandbox, _) => write!(
                f,
                "Permission denied (run capy with {flag}={} to allow it)",
                self.path.display()
            ),
            (Confinement::Compartment, true) => {
                f.write_str("Permission denied (the directory is granted read-only)")
            }
            (Confinement::Compartment, false) => {
                f.write_str("Permission denied (not granted to this compartment)")
            }
        }
    }
}

impl FsView {
    /// A granted view with no directories yet (a compartment's start).
    /// A sandboxed program starts in the process's current directory; a
    /// compartment in its first granted one (`/` until it has one).
    pub fn none(why: Confinement) -> FsView {
        let cwd = match why {
            Confinement::Sandbox => std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/")),
            Confinement::Compartment => PathBuf::from("/"),
        };
        FsView::Granted {
            dirs: Vec::new(),
            cwd,
            why,
        }
    }

    /// Adds a granted directory; the first a compartment receives becomes
    /// its current directory.
    pub fn grant(&mut self, d: Rc<DirCap>) {
        if let FsView::Granted { dirs, cwd, why } = self {
            if dirs.is_empty() && *why == Confinement::Compartment && d.only.is_none() {
                *cwd = d.path.clone();
            }
            if !dirs.iter().any(|x| Rc::ptr_eq(x, &d)) {
                dirs.push(d);
            }
        }
    }

    pub fn cwd(&self) -> io::Result<PathBuf> {
        match self {
            FsView::Ambient => std::env::current_dir(),
            FsView::Granted { cwd, .. } => Ok(cwd.clone()),
        }
    }

    /// Where `path` leads for an operation of kind `access`.
    pub fn resolve(&self, path: &str, access: Access) -> Result<Target, Denied> {
        let FsView::Granted { dirs, cwd, why } = self else {
            return Ok(Target::Host(PathBuf::from(path)));
        };
        let abs = fold(&cwd.join(path));
        let mut read_only = false;
        // The longest granted prefix: a writable subdirectory inside a
        // read-only grant is reached through its own grant.
        let mut best: Option<(&Rc<DirCap>, PathBuf)> = None;
        for d in dirs {
            let base = if d.only.is_some() {
                d.path.parent().unwrap_or(Path::new("/"))
            } else {
                &d.path
            };
            let Ok(rest) = abs.strip_prefix(base) else {
                continue;
            };
            if let Some(name) = &d.only {
                if rest.as_os_str() != name.as_os_str() {
                    continue;
                }
            }
            if access == Access::Write && !d.write {
                read_only = true;
                continue;
            }
            let longer = best
                .as_ref()
                .is_none_or(|(b, _)| b.path.as_os_str().len() < d.path.as_os_str().len());
            if longer {
                best = Some((d, rest.to_path_buf()));
            }
        }
        match best {
            Some((d, rest)) => {
                let rest = if rest.as_os_str().is_empty() {
                    PathBuf::from(".")
                } else {
                    rest
                };
                Ok(Target::In(d.clone(), rest))
            }
            None => Err(Denied {
                path: abs,
                access,
                why: *why,
                read_only,
            }),
        }
    }

    /// Changes the instance's current directory.
    pub fn chdir(&mut self, path: &str) -> Result<io::Result<()>, Denied> {
        let target = self.resolve(path, Access::Read)?;
        if let Target::Host(p) = &target {
            return Ok(std::env::set_current_dir(p));
        }
        let found = stat(&target, true);
        let FsView::Granted { cwd, .. } = self else {
            return Ok(Ok(()));
        };
        Ok(match found {
            Ok(s) if s.is_dir() => {
                *cwd = fold(&cwd.join(path));
                Ok(())
            }
            Ok(_) => Err(io::Error::from_raw_os_error(ENOTDIR)),
            Err(e) => Err(e),
        })
    }
}

const ENOTDIR: i32 = 20;
const EISDIR: i32 = 21;
const EXDEV: i32 = 18;

/// `path` with `.` dropped and each `..` taking away the component before
/// it (never above the root), without asking the file system.
pub fn fold(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    if out.as_os_str().is_empty() {
        out.push("/");
    }
    out
}

// ---------------------------------------------------------------- operations

/// How `open` opens: the flags of its mode string.
#[derive(Clone, Copy, Default)]
pub struct OpenFlags {
    pub read: bool,
    pub write: bool,
    pub append: bool,
    pub truncate: bool,
    pub create: bool,
    pub create_new: bool,
}

pub fn open(t: &Target, f: OpenFlags) -> io::Result<std::fs::File> {
    let file = match t {
        Target::Host(p) => std::fs::OpenOptions::new()
            .read(f.read)
            .write(f.write)
            .append(f.append)
            .truncate(f.truncate)
            .create(f.create)
            .create_new(f.create_new)
            .open(p)?,
        Target::In(d, rel) => {
            let mut o = cap_std::fs::OpenOptions::new();
            o.read(f.read)
                .write(f.write)
                .append(f.append)
                .truncate(f.truncate)
                .create(f.create)
                .create_new(f.create_new);
            d.dir.open_with(rel, &o)?.into_std()
        }
    };
    // A directory opens for reading on Linux; Python refuses it.
    if file.metadata()?.is_dir() {
        return Err(io::Error::from_raw_os_error(EISDIR));
    }
    Ok(file)
}

/// What `os.stat` reports.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stat {
    pub mode: u32,
    pub ino: u64,
    pub dev: u64,
    pub nlink: u64,
    pub uid: u32,
    pub gid: u32,
    pub size: u64,
    pub atime: f64,
    pub mtime: f64,
    pub ctime: f64,
}

impl Stat {
    pub fn is_dir(&self) -> bool {
        self.mode & 0o170000 == 0o040000
    }
    pub fn is_file(&self) -> bool {
        self.mode & 0o170000 == 0o100000
    }
    pub fn is_symlink(&self) -> bool {
        self.mode & 0o170000 == 0o120000
    }
}

/// A [`Stat`] from either kind of metadata (std's and cap-std's have
/// the same accessors under different `MetadataExt` traits).
macro_rules! stat_from {
    ($m:expr) => {{
        let m = $m;
        let t = |s: i64, ns: i64| s as f64 + ns as f64 * 1e-9;
        Stat {
            mode: m.mode(),
            ino: m.ino(),
            dev: m.dev(),
            nlink: m.nlink(),
            uid: m.uid(),
            gid: m.gid(),
            size: m.size(),
            atime: t(m.atime(), m.atime_nsec()),
            mtime: t(m.mtime(), m.mtime_nsec()),
            ctime: t(m.ctime(), m.ctime_nsec()),
        }
    }};
}

#[cfg(unix)]
fn stat_of_std(m: &std::fs::Metadata) -> Stat {
    use std::os::unix::fs::MetadataExt;
    stat_from!(m)
}

#[cfg(unix)]
fn stat_of_cap(m: &cap_std::fs::Metadata) -> Stat {
    use cap_std::fs::MetadataExt;
    stat_from!(m)
}

/// The status of what `t` names; `follow`: of what a symbolic link names.
pub fn stat(t: &Target, follow: bool) -> io::Result<Stat> {
    match t {
        Target::Host(p) => {
            let m = if follow {
                std::fs::metadata(p)?
            } else {
                std::fs::symlink_metadata(p)?
            };
            Ok(stat_of_std(&m))
        }
        Target::In(d, rel) => {
            let m = if follow {
                d.dir.metadata(rel)?
            } else {
                d.dir.symlink_metadata(rel)?
            };
            Ok(stat_of_cap(&m))
        }
    }
}

/// The status of an open file.
pub fn fstat(f: &std::fs::File) -> io::Result<Stat> {
    Ok(stat_of_std(&f.metadata()?))
}

/// One entry of a directory listing.
pub struct Entry {
    pub name: OsString,
    /// The entry's type bits (`S_IFDIR`, `S_IFREG`, `S_IFLNK`...), 0 when
    /// unknown.
    pub kind: u32,
    pub ino: u64,
}

/// The type bits of an entry (std's and cap-std's file types answer the
/// same three questions).
fn kind_bits(symlink: bool, dir: bool, file: bool) -> u32 {
    match (symlink, dir, file) {
        (true, _, _) => 0o120000,
        (_, true, _) => 0o040000,
        (_, _, true) => 0o100000,
        _ => 0,
    }
}

/// The entries of a directory, sorted by name (the OS's order is not
/// stable across file systems; sorted, a listing is reproducible).
pub fn list(t: &Target) -> io::Result<Vec<Entry>> {
    let mut out = Vec::new();
    match t {
        Target::Host(p) => {
            for e in std::fs::read_dir(p)? {
                let e = e?;
                let kind = e
                    .file_type()
                    .map(|ft| kind_bits(ft.is_symlink(), ft.is_dir(), ft.is_file()))
                    .unwrap_or(0);
                out.push(Entry {
                    name: e.file_name(),
                    kind,
                    ino: ino_of(&e),
                });
            }
        }
        Target::In(d, rel) => {
            if d.only.is_some() {
                return Err(io::Error::from_raw_os_error(ENOTDIR));
            }
            for e in d.dir.read_dir(rel)? {
                let e = e?;
                let ft = e.file_type()?;
                let kind = kind_bits(ft.is_symlink(), ft.is_dir(), ft.is_file());
                out.push(Entry {
                    name: e.file_name(),
                    kind,
                    ino: 0,
                });
            }
        }
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(out)
}

#[cfg(unix)]
fn ino_of(e: &std::fs::DirEntry) -> u64 {
    use std::os::unix::fs::DirEntryExt;
    e.ino()
}

pub fn mkdir(t: &Target) -> io::Result<()> {
    match t {
        Target::Host(p) => std::fs::create_dir(p),
        Target::In(d, rel) => d.dir.create_dir(rel),
    }
}

pub fn remove_file(t: &Target) -> io::Result<()> {
    match t {
        Target::Host(p) => std::fs::remove_file(p),
        Target::In(d, rel) => d.dir.remove_file(rel),
    }
}

pub fn remove_dir(t: &Target) -> io::Result<()> {
    match t {
        Target::Host(p) => std::fs::remove_dir(p),
        Target::In(d, rel) => d.dir.remove_dir(rel),
    }
}

pub fn rename(from: &Target, to: &Target) -> io::Result<()> {
    match (from, to) {
        (Target::Host(a), Target::Host(b)) => std::fs::rename(a, b),
        (Target::In(da, a), Target::In(db, b)) => da.dir.rename(a, &db.dir, b),
        // One view never yields both kinds.
        _ => Err(io::Error::from_raw_os_error(EXDEV)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let p = std::env::temp_dir().join(format!("capy-fs-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(p.join("inner")).unwrap();
        std::fs::write(p.join("inner/a.txt"), b"a").unwrap();
        std::fs::write(p.join("secret.txt"), b"s").unwrap();
        p
    }

    fn granted(dir: &Path, write: bool) -> FsView {
        let mut v = FsView::none(Confinement::Compartment);
        v.grant(Rc::new(DirCap::open(dir, write).unwrap()));
        v
    }

    #[test]
    fn folding_never_climbs_above_the_root() {
        assert_eq!(fold(Path::new("/a/./b/../c")), PathBuf::from("/a/c"));
        assert_eq!(fold(Path::new("/../../x")), PathBuf::from("/x"));
        assert_eq!(fold(Path::new("/a/..")), PathBuf::from("/"));
    }

    #[test]
    fn a_grant_reaches_inside_and_nothing_outside() {
        let root = scratch("grant");
        let v = granted(&root.join("inner"), false);
        let t = v.resolve("a.txt", Access::Read).unwrap();
        assert!(stat(&t, true).unwrap().is_file());
        let out = v.resolve("../secret.txt", Access::Read);
        assert!(out.is_err(), "a .. above the grant must be refused");
        let abs = root.join("secret.txt");
        assert!(v.resolve(abs.to_str().unwrap(), Access::Read).is_err());
        let w = v.resolve("a.txt", Access::Write).unwrap_err();
        assert!(w.read_only);
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_out_of_the_grant_is_refused_by_cap_std() {
        let root = scratch("link");
        std::os::unix::fs::symlink(root.join("secret.txt"), root.join("inner/out")).unwrap();
        std::os::unix::fs::symlink("../secret.txt", root.join("inner/rel")).unwrap();
        let v = granted(&root.join("inner"), true);
        for name in ["out", "rel"] {
            let t = v.resolve(name, Access::Read).unwrap();
            let flags = OpenFlags {
                read: true,
                ..Default::default()
            };
            let e = open(&t, flags).unwrap_err();
            assert_eq!(e.kind(), io::ErrorKind::PermissionDenied, "{name}: {e}");
        }
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_file_grant_reaches_that_file_only() {
        let root = scratch("file");
        let mut v = FsView::none(Confinement::Sandbox);
        v.grant(Rc::new(
            DirCap::open(&root.join("secret.txt"), false).unwrap(),
        ));
        let p = root.join("secret.txt");
        assert!(v.resolve(p.to_str().unwrap(), Access::Read).is_ok());
        let q = root.join("inner/a.txt");
        let e = v.resolve(q.to_str().unwrap(), Access::Read).unwrap_err();
        assert!(e.to_string().contains("--allow-read="), "{e}");
        std::fs::remove_dir_all(&root).unwrap();
    }
}
