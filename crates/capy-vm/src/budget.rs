//! One instance's budget: everything a program may spend, in one place.
//!
//! A [`Budget`] owns the five limits of an instance and the meters that
//! count against them:
//!
//! | limit | meter | exceeded by | raised as |
//! |---|---|---|---|
//! | heap bytes | [`Memory`]: bytes of live objects, garbage not yet swept and native memory charged as external | an allocation or growth that does not fit, even after a full collection | `MemoryError` |
//! | recursion | nesting of Python frames and of native recursion (repr, eq, hash of nested data, natives calling back) | one level too many | `RecursionError` |
//! | native stack | the host thread's remaining stack | less than [`STACK_RESERVE`] left at a nesting | `RecursionError` |
//! | wall time | a deadline set when a run starts | a safe point past it, or uninterruptible work estimated to end past it | `TimeoutError` |
//! | steps | safe points passed (loop back-edges, calls, native loop steps) | one step too many | `TimeoutError` |
//!
//! plus the host's interrupt flag (Ctrl-C), seen at the same safe points
//! as the clock and raised as `KeyboardInterrupt`.
//!
//! The budget knows nothing of objects or exceptions: its checks return
//! [`Exceeded`], which the VM turns into the Python exception (and, for
//! memory, runs a collection first). Keeping it apart keeps it testable,
//! and lets a compartment be handed a budget of its own.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What an instance may spend; the CLI flags and embedders set these.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Heap bytes (MemoryError beyond).
    pub heap_bytes: usize,
    /// Nested Python calls and native recursion (RecursionError beyond).
    pub recursion: usize,
    /// Wall-clock budget of a run (TimeoutError once exceeded).
    pub timeout: Option<Duration>,
    /// Safe points a run may pass (TimeoutError beyond): a budget that
    /// does not depend on the machine's speed, for reproducible limits.
    pub steps: Option<u64>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            heap_bytes: 4 << 30,
            recursion: 1000,
            timeout: None,
            steps: None,
        }
    }
}

/// The highest recursion limit a program may set: what the native stack
/// of the CLI's interpreter thread holds with room to spare.
pub const MAX_RECURSION: usize = 20_000;

/// Native recursion is refused when less than this much of the host
/// thread's stack is left, whatever the recursion limit says: an embedder
/// may run an instance on a thread with a small stack.
pub const STACK_RESERVE: usize = 256 << 10;

/// Which limit was exceeded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exceeded {
    Memory,
    Recursion,
    NativeStack,
    Time,
    Steps,
    Interrupted,
}

impl fmt::Display for Exceeded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Exceeded::Memory => "heap quota exceeded",
            Exceeded::Recursion => "maximum recursion depth exceeded",
            Exceeded::NativeStack => "maximum recursion depth exceeded (native stack)",
            Exceeded::Time => "execution time limit exceeded",
            Exceeded::Steps => "execution step limit exceeded",
            Exceeded::Interrupted => "interrupted",
        })
    }
}

/// What a program may allocate past its quota after a MemoryError, so its
/// handler can run (print, bind a name, drop the data). Granted once per
/// exhaustion: the next collection that brings the heap under its limit
/// takes it back, so no program can use it to grow without bound.
pub const OVERDRAFT: usize = 64 << 10;

/// The first collection of a heap comes after this many bytes (or a
/// quarter of the limit, if smaller), so small quotas are usable; and no
/// later one comes sooner (see [`Memory::after_collection`]). Garbage
/// waits this long for a collection, so it sets how far the process's
/// peak RSS rises above what a program keeps alive: at 8 MiB (before
/// session 22) MicroPython's perf_bench programs, which keep 50–300 KB
/// alive, peaked at 16–20 MB against CPython's 13.5–14.5 MB; at 1 MiB
/// they peak at 11–13 MB, for 0–1% more instructions (each collection
/// marks little, and sweeping costs the same per freed object however
/// it is batched).
const MIN_THRESHOLD: usize = 1 << 20;
const SMALLEST_THRESHOLD: usize = 64 << 10;

fn first_threshold(limit: usize) -> usize {
    (limit / 4).clamp(SMALLEST_THRESHOLD, MIN_THRESHOLD)
}

/// The heap-bytes meter, and the pacing of collections it implies.
#[derive(Debug)]
pub struct Memory {
    /// Bytes currently charged (live objects, garbage not yet swept and
    /// external native memory).
    bytes: usize,
    limit: usize,
    /// Bytes of native memory owned by the instance outside any object.
    external: usize,
    /// Bytes allowed past `limit` while a MemoryError is being handled.
    overdraft: usize,
    overdraft_spent: bool,
    /// Bytes charged since the last collection; a collection is due when
    /// this passes `threshold`.
    since_gc: usize,
    threshold: usize,
    /// Whether a collection has run (until then the threshold follows the
    /// limit).
    collected: bool,
    /// `micropython.heap_lock()` depth: while locked, nothing allocates.
    locks: usize,
    /// The most bytes charged at once before the last decrease
    /// (compartment statistics). The count only falls at a collection or
    /// a release, so its peaks are recorded there, not at every charge.
    peak: usize,
}

impl Memory {
    pub fn new(limit: usize) -> Memory {
        Memory {
            bytes: 0,
            limit,
            external: 0,
            overdraft: 0,
            overdraft_spent: false,
            since_gc: 0,
            threshold: first_threshold(limit),
            collected: false,
            locks: 0,
            peak: 0,
        }
    }

    pub fn bytes(&self) -> usize {
        self.bytes
    }
    /// The most bytes charged at once since the instance began.
    pub fn peak(&self) -> usize {
        self.peak.max(self.bytes)
    }
    pub fn limit(&self) -> usize {
        self.limit
    }
    pub fn set_limit(&mut self, limit: usize) {
        self.limit = limit;
        if !self.collected {
            self.threshold = first_threshold(limit);
        }
    }

    /// Whether `extra` more bytes would exceed the limit.
    #[inline]
    pub fn would_exceed(&self, extra: usize) -> bool {
        self.bytes.saturating_add(extra) > self.limit.saturating_add(self.overdraft)
            || (self.locks > 0 && extra > 0)
    }

    /// `micropython.heap_lock()`: refuse every allocation until unlocked.
    pub fn lock(&mut self) {
        self.locks = self.locks.saturating_add(1);
    }
    /// Undoes one [`Self::lock`]; returns the locks left.
    pub fn unlock(&mut self) -> usize {
        self.locks = self.locks.saturating_sub(1);
        self.locks
    }
    pub fn locks(&self) -> usize {
        self.locks
    }

    /// Charges `extra` bytes: a new object or the growth of one.
    #[inline]
    pub fn charge(&mut self, extra: usize) -> Result<(), Exceeded> {
        if self.would_exceed(extra) {
            return Err(Exceeded::Memory);
        }
        self.bytes += extra;
        self.since_gc += extra;
        Ok(())
    }

    /// Charges `n` bytes that must be counted even past the limit (objects
    /// the instance cannot do without); the next charge that does not fit
    /// then fails as usual.
    pub fn charge_over(&mut self, n: usize) {
        self.bytes = self.bytes.saturating_add(n);
        self.since_gc = self.since_gc.saturating_add(n);
    }

    /// Charges `n` bytes of native memory owned outside objects (a
    /// collection, which recounts objects, keeps them counted).
    pub fn charge_external(&mut self, n: usize) -> Result<(), Exceeded> {
        self.charge(n)?;
        self.external += n;
        Ok(())
    }

    /// Returns native memory charged with [`Self::charge_external`].
    pub fn release_external(&mut self, n: usize) {
        self.peak = self.peak.max(self.bytes);
        let n = n.min(self.external);
        self.external -= n;
        self.bytes = self.bytes.saturating_sub(n);
    }

    /// Whether enough has been allocated since the last collection that
    /// the next safe point should collect.
    #[inline]
    pub fn collection_due(&self) -> bool {
        self.since_gc > self.threshold
    }

    /// Called as a MemoryError is raised: lets the handler allocate up to
    /// [`OVERDRAFT`] bytes past the limit, once until the heap is back
    /// under its limit.
    pub fn grant_overdraft(&mut self) {
        if !self.overdraft_spent {
            self.overdraft = OVERDRAFT;
            self.overdraft_spent = true;
        }
    }

    /// A new run (of an embedder) on a heap that is full or nearly: its
    /// code may allocate up to [`OVERDRAFT`] past the limit, so that it
    /// can drop what fills the heap (`del data`) after a MemoryError.
    /// Never more than that past the limit in all; taken back as
    /// [`Self::grant_overdraft`]'s is.
    pub fn renew_overdraft(&mut self) {
        if self.would_exceed(OVERDRAFT) {
            self.overdraft = OVERDRAFT;
            self.overdraft_spent = true;
        }
    }

    /// Counts `n` bytes of memory outside the heap, not charged to the
    /// quota, that the heap's objects keep alive (a new compartment):
    /// towards the next collection, as if allocated.
    pub fn note_external(&mut self, n: usize) {
        self.since_gc = self.since_gc.saturating_add(n);
    }

    /// [`Self::after_collection`], with `kept` more bytes that outlive
    /// the collection outside the heap's objects and are charged to the
    /// quota (the compiled-regex cache): paced as live memory, not as new
    /// allocation, so a cache bigger than the threshold cannot make every
    /// safe point collect. Returns false, keeping nothing, when they do
    /// not fit under the limit.
    pub fn after_collection_keeping(&mut self, live: usize, elsewhere: usize, kept: usize) -> bool {
        let fits = live.saturating_add(self.external).saturating_add(kept) <= self.limit;
        let kept = if fits { kept } else { 0 };
        self.after_collection(live.saturating_add(kept), elsewhere);
        fits
    }

    /// Recounts after a collection found `live` bytes of objects alive,
    /// which keep `elsewhere` bytes alive outside the heap (see
    /// [`Self::note_external`]).
    pub fn after_collection(&mut self, live: usize, elsewhere: usize) {
        self.peak = self.peak.max(self.bytes);
        self.bytes = live + self.external;
        if self.bytes <= self.limit {
            self.overdraft = 0;
            self.overdraft_spent = false;
        }
        self.since_gc = 0;
        // Collect again after allocating as much as is live now (but not
        // before the first threshold: a quarter of a small limit, at most
        // 1 MiB), so collection cost stays proportional to allocation.
        self.threshold = live
            .saturating_add(elsewhere)
            .max(first_threshold(self.limit));
        self.collected = true;
    }
}

/// Safe points between two looks at the clock and the interrupt flag.
const POLL_INTERVAL: u32 = 4096;

/// The meters of one instance against its [`Limits`].
pub struct Budget {
    limits: Limits,
    pub memory: Memory,
    /// Current nesting (Python frames and native recursion).
    depth: usize,
    /// Nesting of the compartments this one was entered from (their
    /// frames are on the same host stack): counted against
    /// [`MAX_RECURSION`] with `depth`, so no chain of crossings
    /// (A→B→A→…) can nest deeper than one instance may.
    outer_depth: usize,
    /// The highest recursion limit the program may set
    /// (`sys.setrecursionlimit`): [`MAX_RECURSION`], or a compartment's
    /// own limit, which its code must not raise.
    recursion_cap: usize,
    /// The depth at which nesting stops: the recursion limit, or less when
    /// outer compartments' frames are on the stack (one compare per call).
    depth_limit: usize,
    deadline: Option<Instant>,
    /// The first TimeoutError has been raised and its grace period runs.
    deadline_was_hit: bool,
    /// The grace period has run out too: TimeoutError can no longer be
    /// caught, so a program that swallows it cannot run forever.
    timeout_fatal: bool,
    /// Safe points until the next look at the clock, and what that
    /// countdown started from (their difference is the steps passed).
    countdown: u32,
    countdown_start: u32,
    /// Safe points passed in this run before the current countdown began.
    steps_used: u64,
    /// The step limit in force: the limit, then the limit plus its grace.
    step_limit: Option<u64>,
    /// Allocations until the next look at the clock.
    alloc_countdown: u32,
    /// Set by the host (a signal handler, another thread) to interrupt.
    interrupt: Arc<AtomicBool>,
    /// Interrupts delivered (raised as KeyboardInterrupt) so far: the
    /// switcher tells a real interrupt from code raising KeyboardInterrupt.
    interrupts: u64,
}

impl Budget {
    pub fn new(limits: Limits) -> Budget {
        let depth_limit = limits.recursion.min(MAX_RECURSION);
        Budget {
            memory: Memory::new(limits.heap_bytes),
            limits,
            depth: 0,
            outer_depth: 0,
            recursion_cap: MAX_RECURSION,
            depth_limit,
            deadline: None,
            deadline_was_hit: false,
            timeout_fatal: false,
            countdown: POLL_INTERVAL,
            countdown_start: POLL_INTERVAL,
            steps_used: 0,
            step_limit: None,
            alloc_countdown: POLL_INTERVAL,
            interrupt: Arc::new(AtomicBool::new(false)),
            interrupts: 0,
        }
    }

    /// The flag a host sets to interrupt the running code.
    pub fn interrupt_flag(&self) -> Arc<AtomicBool> {
        self.interrupt.clone()
    }

    /// Starts a run: the clock and the step count start from zero.
    pub fn start(&mut self) {
        self.start_within(None, None);
    }

    /// Starts a run that must also end by `deadline` and within `steps`
    /// (a compartment entered from code that has budgets of its own: the
    /// callee's limits apply, and never more than the caller has left).
    #[inline(always)]
    pub fn start_within(&mut self, deadline: Option<Instant>, steps: Option<u64>) {
        let own = self.limits.timeout.map(|t| Instant::now() + t);
        self.deadline = match (own, deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self.deadline_was_hit = false;
        self.timeout_fatal = false;
        self.steps_used = 0;
        self.step_limit = match (self.limits.steps, steps) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self.restart_countdown(POLL_INTERVAL);
    }

    /// Moves the deadline of the current run `by` later: time the run
    /// spent suspended, waiting for its host, is not the run's time.
    pub fn postpone_deadline(&mut self, by: Duration) {
        if let Some(d) = self.deadline {
            self.deadline = Some(d + by);
        }
    }

    /// The deadline of the current run, if it has one.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Safe points passed in the current run.
    pub fn steps_used(&self) -> u64 {
        self.steps_used + u64::from(self.countdown_start - self.countdown)
    }

    /// Steps left before the step limit; None without one.
    pub fn steps_left(&self) -> Option<u64> {
        self.step_limit
            .map(|max| max.saturating_sub(self.steps_used()))
    }

    /// Counts `n` steps spent elsewhere on this run's behalf (in a
    /// compartment it called), so the run's step limit covers them. The
    /// countdown to the next look at the clock goes on from where it was,
    /// shortened by `n`: restarting it (as this once did) let a loop of
    /// crossings, each resetting it, never look at the clock, and run
    /// past `--timeout` for ever.
    #[inline(always)]
    pub fn spend_steps(&mut self, n: u64) {
        let left = u64::from(self.countdown).saturating_sub(n).max(1);
        self.count_steps();
        self.steps_used = self.steps_used.saturating_add(n);
        self.restart_countdown(left as u32);
    }

    /// Interrupts this budget has delivered.
    pub fn interrupts(&self) -> u64 {
        self.interrupts
    }

    /// Uses `flag` as the interrupt flag (a compartment shares its
    /// creator's, so Ctrl-C reaches whatever code runs).
    pub fn share_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = flag;
    }

    // ---- recursion and native stack

    pub fn depth(&self) -> usize {
        self.depth
    }
    pub fn recursion_limit(&self) -> usize {
        self.limits.recursion
    }
    /// Sets the recursion limit (clamped to 1..=the cap: [`MAX_RECURSION`],
    /// or a compartment's own limit).
    pub fn set_recursion_limit(&mut self, n: usize) {
        self.limits.recursion = n.clamp(1, self.recursion_cap);
        self.update_depth_limit();
    }

    fn update_depth_limit(&mut self) {
        self.depth_limit = self
            .limits
            .recursion
            .min(MAX_RECURSION.saturating_sub(self.outer_depth));
    }

    /// Makes the current recursion limit the highest the program may set
    /// (for compartments: the limit their creator gave them).
    pub fn cap_recursion_limit(&mut self) {
        self.recursion_cap = self.limits.recursion.min(MAX_RECURSION);
    }

    /// The nesting of the compartments below this one on the host stack.
    pub fn outer_depth(&self) -> usize {
        self.outer_depth
    }
    pub fn set_outer_depth(&mut self, n: usize) {
        self.outer_depth = n;
        self.update_depth_limit();
    }

    /// Whether one more level of nesting is allowed (changes nothing).
    #[inline]
    pub fn may_enter(&self) -> Result<(), Exceeded> {
        if self.depth >= self.depth_limit {
            return Err(Exceeded::Recursion);
        }
        if stacker::remaining_stack().is_some_and(|left| left < STACK_RESERVE) {
            return Err(Exceeded::NativeStack);
        }
        Ok(())
    }

    /// [`Self::may_enter`] for a Python frame run in its caller's loop
    /// (framestack.rs), which takes no host stack: the depth alone.
    #[inline]
    pub fn may_nest(&self) -> Result<(), Exceeded> {
        if self.depth >= self.depth_limit {
            return Err(Exceeded::Recursion);
        }
        Ok(())
    }

    /// Enters one level of nesting; pair with [`Self::leave`].
    #[inline]
    pub fn enter(&mut self) -> Result<(), Exceeded> {
        self.may_enter()?;
        self.depth += 1;
        Ok(())
    }

    /// Enters a level already checked with [`Self::may_enter`].
    #[inline]
    pub fn enter_unchecked(&mut self) {
        self.depth += 1;
    }

    #[inline]
    pub fn leave(&mut self) {
        self.depth -= 1;
    }

    // ---- time, steps and interrupts

    /// Counts a safe point; true when the clock, the step count and the
    /// interrupt flag are due to be looked at ([`Self::check`]).
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.countdown -= 1;
        self.countdown == 0
    }

    /// Counts an allocation; true when the clock is due to be looked at
    /// ([`Self::check`]), so natives that allocate much between safe
    /// points still stop at the deadline. Allocations are not steps.
    #[inline]
    pub fn tick_alloc(&mut self) -> bool {
        self.alloc_countdown -= 1;
        if self.alloc_countdown == 0 {
            self.alloc_countdown = POLL_INTERVAL;
            return self.deadline.is_some() || self.interrupt.load(Ordering::Relaxed);
        }
        false
    }

    /// Makes the next safe point look at the clock (after work that took
    /// long between safe points, such as a collection).
    pub fn check_soon(&mut self) {
        self.count_steps();
        self.restart_countdown(1);
    }

    fn count_steps(&mut self) {
        self.steps_used += u64::from(self.countdown_start - self.countdown);
    }

    /// Starts a countdown of at most `n` safe points, and never past the
    /// step limit, so the limit is exact.
    fn restart_countdown(&mut self, n: u32) {
        let n = match self.step_limit {
            Some(max) => max.saturating_sub(self.steps_used).clamp(1, u64::from(n)) as u32,
            None => n,
        };
        self.countdown = n;
        self.countdown_start = n;
    }

    /// Whether the caught TimeoutError's grace period has run out: from
    /// then on the interpreter skips handlers.
    pub fn timeout_fatal(&self) -> bool {
        self.timeout_fatal
    }

    /// Wall-clock time left; None when there is no time limit. Blocking
    /// natives wait at most this long before checking again.
    pub fn remaining_time(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// Looks at the interrupt flag, the step count and the clock. With
    /// `cost` > 0 also refuses now work that cannot be interrupted and is
    /// estimated to take `cost`, if it would end past the deadline:
    /// better refused up front than overrunning by its whole length.
    pub fn check(&mut self, cost: Duration) -> Result<(), Exceeded> {
        self.count_steps();
        self.restart_countdown(POLL_INTERVAL);
        // A plain load first: natives call this in tight loops, and the
        // flag is almost never set.
        if self.interrupt.load(Ordering::Relaxed) && self.interrupt.swap(false, Ordering::Relaxed) {
            self.interrupts += 1;
            return Err(Exceeded::Interrupted);
        }
        let now = Instant::now();
        if self.step_limit.is_some_and(|max| self.steps_used >= max) {
            return self.overrun(now, true, Exceeded::Steps);
        }
        if let Some(d) = self.deadline {
            let due = now >= d;
            if due || now.checked_add(cost).is_none_or(|end| end > d) {
                return self.overrun(now, due, Exceeded::Time);
            }
        }
        Ok(())
    }

    /// The program may catch the first TimeoutError and go on (to clean
    /// up) for a grace period: at most the time budget itself (capped at
    /// 1 s) and as many steps again (capped at a million). When that runs
    /// out too, TimeoutError is raised at every check and can no longer be
    /// caught: no program runs unbounded.
    fn overrun(&mut self, now: Instant, due: bool, what: Exceeded) -> Result<(), Exceeded> {
        if self.deadline_was_hit {
            // Work refused early inside the grace period leaves the rest
            // of the grace to the program.
            self.timeout_fatal |= due;
        } else {
            self.deadline_was_hit = true;
            if let (Some(d), Some(t)) = (self.deadline, self.limits.timeout) {
                // Refused early, the grace still starts at the deadline.
                self.deadline = Some(now.max(d) + t.min(Duration::from_secs(1)));
            }
            if let Some(max) = self.step_limit {
                self.step_limit = Some(self.steps_used.max(max) + max.min(1_000_000));
                self.restart_countdown(POLL_INTERVAL);
            }
        }
        Err(what)
    }
}

/// The bytes a size written as `"64K"`, `"8M"`, `"2G"` or a plain number
/// stands for (the unit in either case, spaces around the number
/// allowed), or None if it is not a size or overflows. The one parser of
/// `--heap`, policy files, `compartment.Compartment(heap=...)` and the
/// embedding's `heap=`, so none of them can disagree.
pub fn parse_size(s: &str) -> Option<usize> {
    let s = s.trim();
    let (num, mult) = match s.chars().last()? {
        'k' | 'K' => (&s[..s.len() - 1], 1usize << 10),
        'm' | 'M' => (&s[..s.len() - 1], 1 << 20),
        'g' | 'G' => (&s[..s.len() - 1], 1 << 30),
        _ => (s, 1),
    };
    num.trim().parse::<usize>().ok()?.checked_mul(mult)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_charges_until_the_limit_and_recounts_after_collection() {
        let mut m = Memory::new(1000);
        assert!(m.charge(600).is_ok());
        assert_eq!(m.charge(500), Err(Exceeded::Memory));
        m.charge_external(100).unwrap();
        m.after_collection(200, 0);
        assert_eq!(m.bytes(), 300, "live objects plus external bytes");
        m.release_external(100);
        assert_eq!(m.bytes(), 200);
    }

    #[test]
    fn peak_is_the_most_ever_charged() {
        let mut m = Memory::new(1000);
        m.charge(600).unwrap();
        m.after_collection(100, 0);
        m.charge(50).unwrap();
        assert_eq!(m.peak(), 600);
        m.charge(700).unwrap();
        assert_eq!(
            m.peak(),
            850,
            "a peak not yet followed by a collection counts too"
        );
    }

    #[test]
    fn overdraft_is_granted_once_until_back_under_the_limit() {
        let mut m = Memory::new(1000);
        m.charge(1000).unwrap();
        assert!(m.would_exceed(1));
        m.grant_overdraft();
        assert!(!m.would_exceed(OVERDRAFT));
        m.charge(OVERDRAFT).unwrap();
        m.grant_overdraft();
        assert!(
            m.would_exceed(1),
            "a second grant while still over adds nothing"
        );
        m.after_collection(10, 0);
        assert!(
            m.would_exceed(1000) && !m.would_exceed(990),
            "overdraft taken back"
        );
    }

    #[test]
    fn memory_kept_elsewhere_paces_collections_without_charging() {
        let mut m = Memory::new(1 << 30);
        m.note_external(MIN_THRESHOLD + 1);
        assert!(
            m.collection_due(),
            "noted memory counts towards a collection"
        );
        assert_eq!(m.bytes(), 0, "and is not charged to the quota");
        m.after_collection(0, 3 * MIN_THRESHOLD);
        m.charge(2 * MIN_THRESHOLD).unwrap();
        assert!(
            !m.collection_due(),
            "the next one waits for as much again as is kept alive"
        );
        m.charge(MIN_THRESHOLD + 1).unwrap();
        assert!(m.collection_due());
    }

    #[test]
    fn a_small_heap_collects_early() {
        assert_eq!(first_threshold(2 << 20), 512 << 10);
        assert_eq!(first_threshold(16 << 20), MIN_THRESHOLD);
        assert_eq!(first_threshold(4 << 30), MIN_THRESHOLD);
        assert_eq!(first_threshold(1 << 10), SMALLEST_THRESHOLD);
        let mut m = Memory::new(1 << 20);
        m.charge(256 << 10).unwrap();
        assert!(!m.collection_due());
        m.charge(1).unwrap();
        assert!(
            m.collection_due(),
            "a 1 MiB heap collects after a quarter of it"
        );
    }

    #[test]
    fn memory_kept_through_a_collection_is_paced_as_live() {
        let mut m = Memory::new(1 << 30);
        m.charge(MIN_THRESHOLD + 1).unwrap();
        assert!(m.collection_due());
        // A regex cache four times the threshold survives the collection.
        assert!(m.after_collection_keeping(1000, 0, 4 * MIN_THRESHOLD));
        assert_eq!(m.bytes(), 1000 + 4 * MIN_THRESHOLD, "charged to the quota");
        assert!(
            !m.collection_due(),
            "but not counted as allocation towards the next collection"
        );
        m.charge(4 * MIN_THRESHOLD).unwrap();
        assert!(
            !m.collection_due(),
            "the next one waits for as much as is kept"
        );
        m.charge(1001).unwrap();
        assert!(m.collection_due());
        // What does not fit under the limit is not kept.
        let mut small = Memory::new(1 << 20);
        assert!(!small.after_collection_keeping(1000, 0, 1 << 20));
        assert_eq!(small.bytes(), 1000);
    }

    #[test]
    fn heap_lock_refuses_every_allocation_until_unlocked() {
        let mut m = Memory::new(1 << 20);
        m.lock();
        m.lock();
        assert_eq!(m.charge(1), Err(Exceeded::Memory));
        assert_eq!(m.unlock(), 1);
        assert_eq!(m.charge(1), Err(Exceeded::Memory));
        assert_eq!(m.unlock(), 0);
        assert!(m.charge(1).is_ok());
    }

    #[test]
    fn recursion_limit_counts_levels() {
        let mut b = Budget::new(Limits {
            recursion: 3,
            ..Limits::default()
        });
        for _ in 0..3 {
            b.enter().unwrap();
        }
        assert_eq!(b.enter(), Err(Exceeded::Recursion));
        b.leave();
        assert!(b.enter().is_ok());
        b.set_recursion_limit(10_000_000);
        assert_eq!(b.recursion_limit(), MAX_RECURSION);
    }

    #[test]
    fn native_stack_is_refused_before_it_overflows() {
        // A thread with a small stack and a recursion limit far above what
        // it holds: the stack check must stop the recursion, not SIGSEGV.
        fn dive(b: &mut Budget, n: u64) -> Result<u64, Exceeded> {
            b.enter()?;
            let pad = [n; 64];
            let r = dive(b, n + 1).map(|d| d + std::hint::black_box(pad)[0] - n);
            b.leave();
            r.or(Ok(n))
        }
        let got = std::thread::Builder::new()
            .stack_size(1 << 20)
            .spawn(|| {
                let mut b = Budget::new(Limits {
                    recursion: usize::MAX,
                    ..Limits::default()
                });
                let deepest = dive(&mut b, 0).unwrap();
                (deepest, b.may_enter())
            })
            .unwrap()
            .join()
            .unwrap();
        assert!(got.0 > 10, "recursed {} levels", got.0);
        assert_eq!(got.1, Ok(()), "depth back to 0 after unwinding");
    }

    fn checks_until_refused(b: &mut Budget, max: u64) -> (u64, Exceeded) {
        for i in 0..max {
            if b.tick() {
                if let Err(e) = b.check(Duration::ZERO) {
                    return (i + 1, e);
                }
            }
        }
        panic!("never refused in {max} steps");
    }

    #[test]
    fn step_limit_is_exact() {
        for steps in [1, 7, 4096, 4097, 10_000] {
            let mut b = Budget::new(Limits {
                steps: Some(steps),
                ..Limits::default()
            });
            b.start();
            assert_eq!(
                checks_until_refused(&mut b, 100_000),
                (steps, Exceeded::Steps)
            );
        }
    }

    #[test]
    fn steps_spent_elsewhere_bring_the_next_check_closer() {
        let mut b = Budget::new(Limits::default());
        b.start();
        let mut ticks = 0;
        // A loop whose every iteration crosses into a compartment that
        // spends one step: the clock is still looked at, and sooner.
        loop {
            ticks += 1;
            if b.tick() {
                break;
            }
            b.spend_steps(1);
            assert!(ticks < POLL_INTERVAL, "never due");
        }
        assert!(ticks <= POLL_INTERVAL / 2 + 1, "due after {ticks} ticks");
        assert_eq!(b.steps_used(), 2 * u64::from(ticks) - 1);
    }

    #[test]
    fn check_soon_keeps_the_step_count() {
        let mut b = Budget::new(Limits {
            steps: Some(5000),
            ..Limits::default()
        });
        b.start();
        for _ in 0..100 {
            assert!(!b.tick());
        }
        b.check_soon();
        assert!(b.tick());
        b.check(Duration::ZERO).unwrap();
        let (n, e) = checks_until_refused(&mut b, 100_000);
        assert_eq!((n + 101, e), (5000, Exceeded::Steps));
    }

    #[test]
    fn time_limit_refuses_costly_work_up_front_and_then_becomes_fatal() {
        let mut b = Budget::new(Limits {
            timeout: Some(Duration::from_millis(30)),
            ..Limits::default()
        });
        b.start();
        assert!(b.check(Duration::ZERO).is_ok());
        assert_eq!(b.check(Duration::from_secs(5)), Err(Exceeded::Time));
        assert!(!b.timeout_fatal(), "refused early: grace not spent");
        std::thread::sleep(Duration::from_millis(80));
        assert_eq!(b.check(Duration::ZERO), Err(Exceeded::Time));
        assert!(b.timeout_fatal(), "past the deadline and its grace");
    }

    #[test]
    fn interrupt_is_seen_once() {
        let mut b = Budget::new(Limits::default());
        b.start();
        b.interrupt_flag().store(true, Ordering::Relaxed);
        assert_eq!(b.check(Duration::ZERO), Err(Exceeded::Interrupted));
        assert_eq!(b.check(Duration::ZERO), Ok(()));
    }
}
