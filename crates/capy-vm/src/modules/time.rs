//! `time`: wall clock, monotonic clocks, MicroPython's wrapping `ticks_*`
//! and calendar conversion. Local time is UTC: capy does not read the host's
//! time zone database (an embedded interpreter has no business depending on
//! it, and MicroPython boards have none either).

use crate::types::num::{as_num, Num};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use std::sync::OnceLock;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

type Kw<'a> = &'a [(Value, Value)];

/// `ticks_*` wrap at 2**30, as on MicroPython ports, so small ints suffice.
const TICKS_PERIOD: i64 = 1 << 30;

/// The process-wide origin of the monotonic clocks. It is written once and
/// only read afterwards, so it carries no state between instances; std
/// offers no other way to turn an `Instant` into a number.
fn epoch() -> Instant {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

fn since_epoch(vm: &Vm) -> Duration {
    let d = crate::embed::tape::duration(vm, || Instant::now().saturating_duration_since(epoch()));
    coarse(vm, d)
}

fn wall(vm: &Vm) -> Duration {
    // A clock before 1970 reads as the epoch rather than failing.
    let d = crate::embed::tape::duration(vm, || {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default()
    });
    coarse(vm, d)
}

/// A compartment is not granted a high-resolution clock (a timer for side
/// channels): its clocks tick in whole milliseconds.
fn coarse(vm: &Vm, d: Duration) -> Duration {
    if !crate::compartment::authority::holds(vm, crate::compartment::authority::Authority::Clock) {
        Duration::from_millis(d.as_millis() as u64)
    } else {
        d
    }
}

fn t_time(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(Value::Float(wall(vm).as_secs_f64()))
}
fn t_time_ns(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    vm.new_bigint(wall(vm).as_nanos().into())
}
fn t_monotonic(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(Value::Float(since_epoch(vm).as_secs_f64()))
}
fn t_monotonic_ns(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    vm.new_bigint(since_epoch(vm).as_nanos().into())
}

fn ticks(d: Duration, per_sec: u128) -> Value {
    let t = d.as_nanos() * per_sec / 1_000_000_000;
    Value::Int((t % TICKS_PERIOD as u128) as i64)
}
fn t_ticks_ms(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(ticks(since_epoch(vm), 1_000))
}
fn t_ticks_us(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(ticks(since_epoch(vm), 1_000_000))
}
fn t_ticks_ns(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(ticks(since_epoch(vm), 1_000_000_000))
}

fn int2(vm: &mut Vm, a: &[Value], name: &str) -> PyResult<(i64, i64)> {
    if a.len() != 2 {
        return Err(vm.type_error(format!(
            "function {name} takes 2 positional arguments but {} were given",
            a.len()
        )));
    }
    Ok((vm.index_value(a[0])?, vm.index_value(a[1])?))
}

/// Signed distance from `b` to `a` on the wrapping tick circle.
fn t_ticks_diff(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (end, start) = int2(vm, a, "ticks_diff")?;
    let half = TICKS_PERIOD / 2;
    let d = (end.wrapping_sub(start).wrapping_add(half)) & (TICKS_PERIOD - 1);
    Ok(Value::Int(d - half))
}

fn t_ticks_add(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (t, delta) = int2(vm, a, "ticks_add")?;
    if delta <= -TICKS_PERIOD / 2 || delta >= TICKS_PERIOD / 2 {
        return Err(vm.overflow_error("ticks interval overflow"));
    }
    Ok(Value::Int(t.wrapping_add(delta) & (TICKS_PERIOD - 1)))
}

/// Sleeps in short slices so that Ctrl-C (the instance's interrupt flag)
/// wakes the program as it would on MicroPython, and wakes exactly at the
/// end of the time budget to raise TimeoutError there.
fn sleep_for(vm: &mut Vm, secs: f64) -> PyResult {
    if secs.is_nan() {
        return Err(vm.value_error("Invalid value NaN (not a number)"));
    }
    if secs < 0.0 {
        return Err(vm.value_error("sleep length must be non-negative"));
    }
    let Ok(total) = Duration::try_from_secs_f64(secs) else {
        return Err(vm.overflow_error("sleep length is too large"));
    };
    if crate::embed::tape::replaying(vm) {
        return Ok(Value::None);
    }
    let now = Instant::now();
    let end = now
        .checked_add(total.min(Duration::from_secs(1 << 40)))
        .unwrap_or(now);
    loop {
        vm.check_deadline()?;
        // As MicroPython, a sleep runs the callbacks micropython.schedule
        // queued (a `while not done: sleep(0)` loop waits for them).
        crate::modules::schedule::run_due(vm)?;
        let now = Instant::now();
        if now >= end {
            return Ok(Value::None);
        }
        let mut slice = (end - now).min(SLICE);
        if let Some(left) = vm.remaining_time() {
            // Just past the deadline, so the check above sees it due.
            slice = slice.min(left + Duration::from_micros(100));
        }
        std::thread::sleep(slice);
    }
}

/// How long a sleep goes without looking at the interrupt flag.
const SLICE: Duration = Duration::from_millis(20);

fn num_arg(vm: &mut Vm, a: &[Value], name: &str) -> PyResult<f64> {
    if a.len() != 1 {
        return Err(vm.type_error(format!(
            "{name}() takes exactly one argument ({} given)",
            a.len()
        )));
    }
    super::math::to_f(vm, a[0])
}

fn t_sleep(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = num_arg(vm, a, "sleep")?;
    sleep_for(vm, s)
}
fn t_sleep_ms(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = num_arg(vm, a, "sleep_ms")?;
    sleep_for(vm, s / 1e3)
}
fn t_sleep_us(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let s = num_arg(vm, a, "sleep_us")?;
    sleep_for(vm, s / 1e6)
}

/// Days since 1970-01-01 of a proleptic Gregorian date (era arithmetic:
/// 400-year cycles of 146097 days, years counted from March).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146097 + doe - 719468
}

fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719468;
    let era = z.div_euclid(146097);
    let doe = z - era * 146097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + (m <= 2) as i64, m, d)
}

/// (year, month, mday, hour, minute, second, weekday, yearday, isdst).
fn broken_down(vm: &mut Vm, a: &[Value]) -> PyResult {
    let secs = match a.first() {
        None | Some(Value::None) => wall(vm).as_secs() as i64,
        Some(&v) => {
            let f = super::math::to_f(vm, v)?;
            // Years beyond +-10**8 are outside what the calendar maths keeps exact.
            if !f.is_finite() || f.abs() > 3.0e15 {
                return Err(vm.overflow_error("timestamp out of range for platform time_t"));
            }
            f.floor() as i64
        }
    };
    let days = secs.div_euclid(86400);
    let rem = secs.rem_euclid(86400);
    let (y, m, d) = civil_from_days(days);
    let wday = (days + 3).rem_euclid(7); // 1970-01-01 was a Thursday (Monday = 0).
    let yday = days - days_from_civil(y, 1, 1) + 1;
    let items = [y, m, d, rem / 3600, rem / 60 % 60, rem % 60, wday, yday, 0];
    vm.new_tuple(items.iter().map(|&i| Value::Int(i)).collect())
}

/// A function of the frozen `_time_text` (struct_time, strftime, asctime).
fn text_helper(vm: &mut Vm, name: &str, args: &[Value]) -> PyResult {
    let m = vm.import_dotted("_time_text")?;
    let f = vm.getattr_str(m, name)?;
    vm.call(f, args, &[])
}

fn t_gmtime(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let t = broken_down(vm, a)?;
    text_helper(vm, "struct_time", &[t])
}

/// The time tuple argument `i` (any sequence, as a tuple), or now.
fn tuple_or_now(vm: &mut Vm, a: &[Value], i: usize) -> PyResult {
    match a.get(i) {
        Some(&t) => {
            let items = vm.iter_to_vec(t)?;
            vm.new_tuple(items)
        }
        None => broken_down(vm, &[]),
    }
}

fn t_strftime(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let Some(&fmt) = a.first() else {
        return Err(vm.type_error("strftime() takes at least 1 argument (0 given)"));
    };
    let t = tuple_or_now(vm, a, 1)?;
    text_helper(vm, "strftime", &[fmt, t])
}

fn t_asctime(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let t = tuple_or_now(vm, a, 0)?;
    text_helper(vm, "asctime", &[t])
}

fn t_ctime(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let secs: Vec<Value> = a.iter().copied().filter(|v| !v.is_none()).collect();
    let t = broken_down(vm, &secs)?;
    text_helper(vm, "asctime", &[t])
}

fn t_mktime(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let t = a.first().copied().unwrap_or(Value::None);
    let items = vm.iter_to_vec(t)?;
    if items.len() < 8 || items.len() > 9 {
        return Err(vm.type_error("mktime(): illegal time tuple argument"));
    }
    let mut f = [0i64; 6];
    for (slot, &v) in f.iter_mut().zip(items.iter()) {
        *slot = match as_num(&vm.heap, v) {
            // Bounded so the seconds arithmetic below cannot overflow.
            Some(Num::I(i)) if i.unsigned_abs() < 1 << 31 => i,
            _ => return Err(vm.overflow_error("mktime argument out of range")),
        };
    }
    let [y, mo, d, h, mi, s] = f;
    // Out-of-range fields carry into the next unit, as C's mktime does.
    let y = y + (mo - 1).div_euclid(12);
    let mo = (mo - 1).rem_euclid(12) + 1;
    let days = days_from_civil(y, mo, 1) + d - 1;
    let secs = days * 86400 + h * 3600 + mi * 60 + s;
    Ok(Value::Float(secs as f64))
}

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    epoch();
    let m = vm.new_module("time")?;
    let d = crate::import::module_dict(vm, m);
    let fns: &[(&'static str, crate::obj::NativeFn)] = &[
        ("time", t_time),
        ("time_ns", t_time_ns),
        ("monotonic", t_monotonic),
        ("monotonic_ns", t_monotonic_ns),
        ("perf_counter", t_monotonic),
        ("perf_counter_ns", t_monotonic_ns),
        ("ticks_ms", t_ticks_ms),
        ("ticks_us", t_ticks_us),
        ("ticks_ns", t_ticks_ns),
        ("ticks_cpu", t_ticks_us),
        ("ticks_diff", t_ticks_diff),
        ("ticks_add", t_ticks_add),
        ("sleep", t_sleep),
        ("sleep_ms", t_sleep_ms),
        ("sleep_us", t_sleep_us),
        ("localtime", t_gmtime),
        ("gmtime", t_gmtime),
        ("mktime", t_mktime),
        ("strftime", t_strftime),
        ("asctime", t_asctime),
        ("ctime", t_ctime),
    ];
    for &(name, f) in fns {
        let v = crate::types::native(vm, name, f, false, Value::Obj(m))?;
        vm.dict_set_str(d, name, v)?;
    }
    Ok(m)
}
