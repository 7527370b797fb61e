//! The binary layer of a file object: an OS file with a read-ahead buffer
//! and a write-behind buffer, as `io.BufferedRandom` keeps them.
//!
//! Reads and writes interleave correctly: a write first gives back what
//! was read ahead (seeking the OS file to the logical position), a read
//! first writes out what is pending. `tell` is the logical position.
//! Dropping the core writes out what is pending, so a file the program
//! forgot to close still gets its data, as in CPython.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};

/// Bytes buffered before a write reaches the OS (CPython's default).
pub const BUF: usize = 8192;

pub struct FileCore {
    file: Option<File>,
    pub readable: bool,
    pub writable: bool,
    /// Bytes read from the OS and not yet consumed: `rbuf[rpos..]`.
    rbuf: Vec<u8>,
    rpos: usize,
    wbuf: Vec<u8>,
    /// FileIO (buffering=0): every write goes straight to the OS.
    pub unbuffered: bool,
}

impl FileCore {
    pub fn new(file: File, readable: bool, writable: bool, unbuffered: bool) -> FileCore {
        FileCore {
            file: Some(file),
            readable,
            writable,
            rbuf: Vec::new(),
            rpos: 0,
            wbuf: Vec::new(),
            unbuffered,
        }
    }

    pub fn is_closed(&self) -> bool {
        self.file.is_none()
    }

    /// Host bytes held, for the heap quota.
    pub fn size(&self) -> usize {
        std::mem::size_of::<FileCore>() + self.rbuf.capacity() + self.wbuf.capacity()
    }

    fn os(&mut self) -> io::Result<&mut File> {
        self.file
            .as_mut()
            .ok_or_else(|| io::Error::other("I/O operation on closed file"))
    }

    pub fn fd(&self) -> Option<i64> {
        #[cfg(unix)]
        {
            use std::os::fd::AsRawFd;
            self.file.as_ref().map(|f| f.as_raw_fd() as i64)
        }
        #[cfg(not(unix))]
        {
            None
        }
    }

    pub fn file(&self) -> Option<&File> {
        self.file.as_ref()
    }

    /// Writes out the write-behind buffer.
    pub fn flush(&mut self) -> io::Result<()> {
        if self.wbuf.is_empty() {
            return Ok(());
        }
        let data = std::mem::take(&mut self.wbuf);
        let r = self.os()?.write_all(&data);
        self.wbuf = data;
        self.wbuf.clear();
        r
    }

    /// Gives back what was read ahead: the OS position becomes the
    /// logical one again.
    fn unread(&mut self) -> io::Result<()> {
        let ahead = (self.rbuf.len() - self.rpos) as i64;
        self.rbuf.clear();
        self.rpos = 0;
        if ahead > 0 {
            self.os()?.seek(SeekFrom::Current(-ahead))?;
        }
        Ok(())
    }

    /// What has been read ahead and not consumed.
    pub fn buffered(&self) -> &[u8] {
        &self.rbuf[self.rpos..]
    }

    pub fn consume(&mut self, n: usize) {
        self.rpos = (self.rpos + n).min(self.rbuf.len());
    }

    /// Reads up to `want` more bytes from the OS behind what is buffered;
    /// 0 at the end of the file.
    pub fn fill(&mut self, want: usize) -> io::Result<usize> {
        self.flush()?;
        if self.rpos > 0 && self.rpos == self.rbuf.len() {
            self.rbuf.clear();
            self.rpos = 0;
        }
        let old = self.rbuf.len();
        self.rbuf.resize(old + want.max(1), 0);
        let r = loop {
            let file = self.file.as_mut();
            let Some(file) = file else {
                break Err(io::Error::other("I/O operation on closed file"));
            };
            match file.read(&mut self.rbuf[old..]) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                r => break r,
            }
        };
        let n = *r.as_ref().unwrap_or(&0);
        self.rbuf.truncate(old + n);
        r
    }

    pub fn write(&mut self, data: &[u8]) -> io::Result<()> {
        self.unread()?;
        if self.unbuffered {
            return self.os()?.write_all(data);
        }
        self.wbuf.extend_from_slice(data);
        if self.wbuf.len() >= BUF {
            self.flush()?;
        }
        Ok(())
    }

    /// The logical position.
    pub fn tell(&mut self) -> io::Result<u64> {
        self.flush()?;
        let ahead = (self.rbuf.len() - self.rpos) as u64;
        Ok(self.os()?.stream_position()?.saturating_sub(ahead))
    }

    pub fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        self.flush()?;
        self.unread()?;
        self.os()?.seek(to)
    }

    /// Cuts (or extends) the file to `size`, by default at the logical
    /// position; the position does not move.
    pub fn truncate(&mut self, size: Option<u64>) -> io::Result<u64> {
        self.flush()?;
        self.unread()?;
        let size = match size {
            Some(s) => s,
            None => self.os()?.stream_position()?,
        };
        self.os()?.set_len(size)?;
        Ok(size)
    }

    /// Writes out what is pending and lets go of the OS file.
    pub fn close(&mut self) -> io::Result<()> {
        if self.file.is_none() {
            return Ok(());
        }
        let r = self.flush();
        self.file = None;
        self.rbuf = Vec::new();
        self.wbuf = Vec::new();
        r
    }
}

impl Drop for FileCore {
    fn drop(&mut self) {
        // A file nobody closed: its data still reaches the disk (an error
        // here has nobody left to report to, as in CPython's finaliser).
        let _ = self.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> std::path::PathBuf {
        std::env::temp_dir().join(format!("capy-core-{name}-{}", std::process::id()))
    }

    fn open_rw(p: &std::path::Path) -> FileCore {
        let f = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(p)
            .unwrap();
        FileCore::new(f, true, true, false)
    }

    #[test]
    fn reads_and_writes_interleave_at_the_logical_position() {
        let p = temp("rw");
        let mut c = open_rw(&p);
        c.write(b"hello world").unwrap();
        c.seek(SeekFrom::Start(0)).unwrap();
        c.fill(100).unwrap();
        c.consume(6);
        assert_eq!(c.tell().unwrap(), 6);
        c.write(b"WORLD").unwrap();
        c.close().unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"hello WORLD");
        std::fs::remove_file(&p).unwrap();
    }

    #[test]
    fn dropping_writes_out_what_is_pending() {
        let p = temp("drop");
        {
            let mut c = open_rw(&p);
            c.write(b"kept").unwrap();
        }
        assert_eq!(std::fs::read(&p).unwrap(), b"kept");
        std::fs::remove_file(&p).unwrap();
    }
}
