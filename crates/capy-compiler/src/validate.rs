//! Bytecode verifier.
//!
//! [`validate`] checks that a [`Code`] tree is safe for the VM to run without
//! per-instruction bounds checks on its tables and stack: every index is in
//! range, every jump lands on an instruction, and — by abstract
//! interpretation over the control-flow graph, as the JVM verifier does —
//! every instruction is reached with one statically known value-stack depth
//! and block-stack depth, no instruction pops below the bottom, and the
//! deepest stack is bounded ([`stack_info`] reports it so the VM can size
//! frames). It runs on everything [`crate::serialize::from_bytes`] loads and
//! on compiler output in debug tests.
//!
//! # Stack effects where `bytecode.rs` leaves room for interpretation
//!
//! These are the readings the verifier enforces; the VM must match them.
//!
//! * **Handler entry.** When an exception fires inside a `SetupExcept`,
//!   `SetupWith` or `PushWithBlock` block, the VM *removes that block*, cuts
//!   the value stack back to the height recorded at setup and pushes the
//!   exception. So a handler target starts with block depth = the depth
//!   *before* the setup, and stack depth = recorded height + 1, where the
//!   recorded height is the depth before `SetupExcept`, and the depth before
//!   `SetupWith`/`SetupAsyncWith` (the manager replaced by `exit`/`aexit`,
//!   which the doc says is counted) — i.e. `[.., exit, exc]` at the target.
//!   `SetupAsyncWith` pushes no block (awaiting `__aenter__` is outside
//!   the `with`); the `PushWithBlock` after the await pushes it, recording
//!   the height without the entered value: `[.., aexit, exc]` at the target.
//! * **`PopExcept`** only restores the handled-exception state; it does not
//!   touch the value stack or the block stack (handler entry pushes no block).
//! * **`WithExitNormal` / `AsyncWithExitNormal`** do not pop the `with`
//!   block: the compiler emits `PopBlock` before them.
//! * **`WithExitExc`** (`[exit, exc] -> []`) and **`AsyncWithExitEnd`**
//!   (`[exc, result] -> []`) fall through to the next instruction when the
//!   exception is swallowed (otherwise they raise).
//! * **`EndAsyncFor(t)`**: `[aiter, exc] -> []` and jumps to `t`, or raises;
//!   it never falls through.
//! * **`ExcStarMatch(t)`**: `[rest, type] -> [rest', match]` falling
//!   through, or `[rest, type] -> [rest]` jumping (forward only) to `t`.
//!   **`ExcStarReraise`** (`[orig, raised] -> []`) falls through when
//!   nothing is left to raise (otherwise it raises).
//! * **`YieldFrom`**: net `[iter, sent] -> [result]` (the intermediate
//!   suspensions keep the depth at 2 items, so they add no peak).
//! * **`YieldValue`**: `[v] -> [sent]`. `YieldValue`/`YieldFrom` are only
//!   allowed in code flagged GENERATOR, COROUTINE or ASYNC_GENERATOR.
//! * **`ListAppend(k)`/`SetAdd(k)`**: pop 1, then the container is the k-th
//!   item from the top (k >= 1), so depth-after-pop >= k. **`MapAdd(k)`**
//!   pops 2 with the same rule.
//! * **`UnpackEx(arg)`**: pops 1, pushes `(arg & 0xffff) + (arg >> 16) + 1`.
//! * **`BuildMap(n)`** pops 2n; **`CallKw(n)`** pops n + 2 (callee, n args,
//!   names); **`CallMethod(n)`** pops n + 2; **`CallEx(0|1)`** pops 2|3;
//!   **`BuildSlice`** takes 2 or 3; **`Raise`** takes 0, 1 or 2;
//!   **`FormatValue(f)`** pops 1 + (f & 4 != 0) and f < 8;
//!   **`MakeFunction(f)`** pops popcount(f) + 1 with f < 8.
//! * **Operand constants.** `MakeFunction` must directly follow a
//!   `LoadConst` of a code constant, `CallKw` must directly follow a
//!   `LoadConst` of a tuple of str no longer than its argument count, and
//!   neither may be a jump target (so the operand can only come from that
//!   `LoadConst`). A code constant may only be loaded right before
//!   `MakeFunction`, and may not sit inside a tuple constant. If the code has
//!   free variables the closure flag (4) must be set.
//! * **Ends of code.** No path may fall off the last instruction.
//!   `ReturnValue` needs one value; leftover values or blocks at a return
//!   are allowed (a `return` inside a `for` loop leaves the iterator).

use crate::bytecode::{code_flags, Code, Const, Instr};
use std::fmt;
use std::rc::Rc;

/// Deepest nesting of code constants and tuple constants (a tuple inside a
/// code object at depth d is at depth d + 1). The loader uses it too. It
/// must exceed what the compiler can produce: its AST depth limit
/// (`symtable::MAX_DEPTH` = 200) also bounds nested `def`s and folded
/// tuples. Recursion this deep in the loader/verifier is a few hundred KiB
/// of stack at most.
pub const MAX_NESTING: usize = 256;
/// Most instructions in one code object.
pub const MAX_INSTRS: usize = 1 << 22;
/// Deepest value stack of one frame.
pub const MAX_STACK: u32 = 1 << 16;
/// Deepest block stack of one frame.
pub const MAX_BLOCKS: u32 = 1 << 10;

/// What is wrong.
#[derive(Clone, Debug, PartialEq)]
pub enum ValidateErrorKind {
    /// Code and tuple constants nested deeper than [`MAX_NESTING`].
    TooDeep,
    TooManyInstructions(usize),
    NoInstructions,
    LinesLength {
        lines: usize,
        instrs: usize,
    },
    /// argcount + kwonlyargcount + *args + **kwargs > len(varnames).
    TooManyParams {
        params: usize,
        varnames: usize,
    },
    PosOnlyExceedsArgcount {
        posonly: u32,
        argcount: u32,
    },
    Cell2ArgLength {
        cell2arg: usize,
        cellvars: usize,
    },
    /// cell2arg entry that is not a parameter index.
    Cell2ArgNotParam {
        cell: usize,
        arg: u32,
        params: usize,
    },
    JumpOutOfRange {
        target: u32,
        len: usize,
    },
    /// A jump to itself or an earlier instruction by an instruction the VM
    /// does not poll at (see [`polls_backward`]): such a loop could spin
    /// without ever checking for Ctrl-C or the time budget.
    UnpolledBackwardJump {
        target: u32,
    },
    IndexOutOfRange {
        table: &'static str,
        index: u32,
        len: usize,
    },
    BadArgument {
        what: &'static str,
        arg: u32,
    },
    /// LoadConst of a code constant not followed by MakeFunction.
    StrayCodeConst,
    /// MakeFunction not directly after LoadConst of a code constant, or a
    /// jump target.
    MakeFunctionOperand,
    /// The function's code has free variables but flag 4 (closure) is unset.
    MissingClosure {
        nfree: usize,
    },
    /// CallKw's names operand is not a directly preceding tuple-of-str const.
    CallKwNames(&'static str),
    CodeInTuple,
    YieldOutsideGenerator,
    StackUnderflow {
        need: u64,
        have: u64,
    },
    StackTooDeep {
        depth: u64,
    },
    BlockUnderflow,
    TooManyBlocks {
        depth: u64,
    },
    /// Two paths reach this instruction with different (stack, block) depths.
    InconsistentDepth {
        from: usize,
        expected: (u32, u32),
        found: (u32, u32),
    },
    FallsOffEnd,
}

/// A verification failure: the code object (by qualname), the offending
/// instruction when there is one, and the problem.
#[derive(Clone, Debug, PartialEq)]
pub struct ValidateError {
    pub qualname: Rc<str>,
    /// Index and instruction, when the problem is at one instruction.
    pub at: Option<(usize, Instr)>,
    pub kind: ValidateErrorKind,
}

impl fmt::Display for ValidateErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ValidateErrorKind::*;
        match self {
            TooDeep => write!(f, "constants nested more than {MAX_NESTING} deep"),
            TooManyInstructions(n) => {
                write!(f, "{n} instructions (limit {MAX_INSTRS})")
            }
            NoInstructions => write!(f, "no instructions"),
            LinesLength { lines, instrs } => {
                write!(f, "line table has {lines} entries for {instrs} instructions")
            }
            TooManyParams { params, varnames } => {
                write!(f, "{params} parameters but only {varnames} local variable names")
            }
            PosOnlyExceedsArgcount { posonly, argcount } => write!(
                f,
                "{posonly} positional-only parameters exceed argcount {argcount}"
            ),
            Cell2ArgLength { cell2arg, cellvars } => {
                write!(f, "cell2arg has {cell2arg} entries for {cellvars} cellvars")
            }
            Cell2ArgNotParam { cell, arg, params } => write!(
                f,
                "cell2arg[{cell}] = {arg} is not a parameter (there are {params})"
            ),
            JumpOutOfRange { target, len } => {
                write!(f, "jump target {target} out of range ({len} instructions)")
            }
            UnpolledBackwardJump { target } => write!(
                f,
                "backward jump to {target} by an instruction that may not jump backward \
                 (only Jump and the conditional jumps check for interrupts and timeouts)"
            ),
            IndexOutOfRange { table, index, len } => {
                write!(f, "{table} index {index} out of range (length {len})")
            }
            BadArgument { what, arg } => write!(f, "invalid {what} {arg}"),
            StrayCodeConst => {
                write!(f, "code constant loaded somewhere other than right before MakeFunction")
            }
            MakeFunctionOperand => write!(
                f,
                "MakeFunction must directly follow LoadConst of a code constant and not be a jump target"
            ),
            MissingClosure { nfree } => write!(
                f,
                "function code has {nfree} free variables but MakeFunction has no closure flag"
            ),
            CallKwNames(why) => write!(f, "CallKw keyword names: {why}"),
            CodeInTuple => write!(f, "code object inside a tuple constant"),
            YieldOutsideGenerator => {
                write!(f, "yield in code not flagged as generator or coroutine")
            }
            StackUnderflow { need, have } => {
                write!(f, "stack underflow: needs {need} values, stack has {have}")
            }
            StackTooDeep { depth } => {
                write!(f, "stack depth {depth} exceeds limit {MAX_STACK}")
            }
            BlockUnderflow => write!(f, "PopBlock with no block set up"),
            TooManyBlocks { depth } => {
                write!(f, "block depth {depth} exceeds limit {MAX_BLOCKS}")
            }
            InconsistentDepth { from, expected, found } => write!(
                f,
                "reached from instruction {from} with stack depth {} and block depth {}, \
                 but other paths arrive with stack depth {} and block depth {}",
                found.0, found.1, expected.0, expected.1
            ),
            FallsOffEnd => write!(f, "execution can run past the last instruction"),
        }
    }
}

impl fmt::Display for ValidateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "code object '{}'", self.qualname)?;
        if let Some((i, instr)) = self.at {
            write!(f, ", instruction {i} ({instr:?})")?;
        }
        write!(f, ": {}", self.kind)
    }
}

impl std::error::Error for ValidateError {}

/// Result of the stack verifier for one code object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StackInfo {
    /// Deepest value stack any path reaches (what the VM must reserve).
    pub max_stack: u32,
    /// Deepest block stack any path reaches.
    pub max_blocks: u32,
}

/// Check a code object and, recursively, every code constant inside it.
pub fn validate(code: &Code) -> Result<(), ValidateError> {
    validate_at(code, 0)
}

fn validate_at(code: &Code, depth: usize) -> Result<(), ValidateError> {
    let err = |kind| ValidateError {
        qualname: code.qualname.clone(),
        at: None,
        kind,
    };
    if depth > MAX_NESTING {
        return Err(err(ValidateErrorKind::TooDeep));
    }
    stack_info(code)?;
    for c in &code.consts {
        match c {
            Const::Code(inner) => validate_at(inner, depth + 1)?,
            Const::Tuple(items) => check_tuple(items, depth + 1).map_err(err)?,
            _ => {}
        }
    }
    Ok(())
}

/// Tuples may nest (bounded) but may not contain code objects: the only
/// consumer of code constants is MakeFunction.
fn check_tuple(items: &[Const], depth: usize) -> Result<(), ValidateErrorKind> {
    if depth > MAX_NESTING {
        return Err(ValidateErrorKind::TooDeep);
    }
    for c in items {
        match c {
            Const::Code(_) => return Err(ValidateErrorKind::CodeInTuple),
            Const::Tuple(inner) => check_tuple(inner, depth + 1)?,
            _ => {}
        }
    }
    Ok(())
}

/// Verify one code object (not its nested code constants) and compute its
/// stack requirements.
pub fn stack_info(code: &Code) -> Result<StackInfo, ValidateError> {
    check_header(code)?;
    check_operands(code)?;
    verify_flow(code)
}

fn check_header(code: &Code) -> Result<(), ValidateError> {
    use ValidateErrorKind::*;
    let err = |kind| {
        Err(ValidateError {
            qualname: code.qualname.clone(),
            at: None,
            kind,
        })
    };
    let n = code.instrs.len();
    if n == 0 {
        return err(NoInstructions);
    }
    if n > MAX_INSTRS {
        return err(TooManyInstructions(n));
    }
    if code.lines.len() != n {
        return err(LinesLength {
            lines: code.lines.len(),
            instrs: n,
        });
    }
    let params = code.total_params();
    if params > code.varnames.len() {
        return err(TooManyParams {
            params,
            varnames: code.varnames.len(),
        });
    }
    if code.posonlyargcount > code.argcount {
        return err(PosOnlyExceedsArgcount {
            posonly: code.posonlyargcount,
            argcount: code.argcount,
        });
    }
    if code.cell2arg.len() != code.cellvars.len() {
        return err(Cell2ArgLength {
            cell2arg: code.cell2arg.len(),
            cellvars: code.cellvars.len(),
        });
    }
    for (cell, a) in code.cell2arg.iter().enumerate() {
        if let Some(arg) = *a {
            if arg as usize >= params {
                return err(Cell2ArgNotParam { cell, arg, params });
            }
        }
    }
    Ok(())
}

/// The jump or handler target of an instruction, if it has one.
fn branch_target(instr: Instr) -> Option<u32> {
    use Instr::*;
    match instr {
        Jump(t) | PopJumpIfFalse(t) | PopJumpIfTrue(t) | JumpIfFalseOrPop(t)
        | JumpIfTrueOrPop(t) | ForIter(t) | ForIterPair(t) | EndAsyncFor(t) | SetupExcept(t)
        | SetupWith(t) | SetupAsyncWith(t) | PushWithBlock(t) | ExcStarMatch(t) => Some(t),
        _ => None,
    }
}

/// Whether the VM passes a safe point (interrupt and time budget checks)
/// when `instr` takes its branch backward. `Jump` and the conditional jumps
/// poll on backward jumps (eval.rs); handler targets are reached only by
/// exception dispatch, which polls too. `ForIter`, `ForIterPair`, `EndAsyncFor`
/// and `ExcStarMatch` do not, so a backward one (e.g. a `ForIter` looping to
/// itself over an empty iterator) could run forever: the compiler only
/// emits them forward.
fn polls_backward(instr: Instr) -> bool {
    use Instr::*;
    !matches!(
        instr,
        ForIter(_) | ForIterPair(_) | EndAsyncFor(_) | ExcStarMatch(_)
    )
}

/// Static per-instruction checks: table indices, argument ranges, jump
/// targets and the operand constants of MakeFunction/CallKw.
fn check_operands(code: &Code) -> Result<(), ValidateError> {
    use Instr::*;
    use ValidateErrorKind::*;
    let n = code.instrs.len();
    let ncells = code.cellvars.len() + code.freevars.len();
    let generator = code.flags
        & (code_flags::GENERATOR | code_flags::COROUTINE | code_flags::ASYNC_GENERATOR)
        != 0;

    // Which instructions can be entered other than by falling through.
    let mut is_target = vec![false; n];
    for (i, &instr) in code.instrs.iter().enumerate() {
        if let Some(t) = branch_target(instr) {
            if t as usize <= i && !polls_backward(instr) {
                return Err(ValidateError {
                    qualname: code.qualname.clone(),
                    at: Some((i, instr)),
                    kind: UnpolledBackwardJump { target: t },
                });
            }
            match is_target.get_mut(t as usize) {
                Some(slot) => *slot = true,
                None => {
                    return Err(ValidateError {
                        qualname: code.qualname.clone(),
                        at: Some((i, instr)),
                        kind: JumpOutOfRange { target: t, len: n },
                    })
                }
            }
        }
    }

    let const_at = |i: usize| match code.instrs.get(i) {
        Some(&LoadConst(k)) => code.consts.get(k as usize),
        _ => None,
    };

    for (i, &instr) in code.instrs.iter().enumerate() {
        let fail = |kind| {
            Err(ValidateError {
                qualname: code.qualname.clone(),
                at: Some((i, instr)),
                kind,
            })
        };
        let index = |table: &'static str, index: u32, len: usize| {
            if (index as usize) < len {
                Ok(())
            } else {
                fail(IndexOutOfRange { table, index, len })
            }
        };
        let arg_le = |what: &'static str, arg: u32, min: u32, max: u32| {
            if (min..=max).contains(&arg) {
                Ok(())
            } else {
                fail(BadArgument { what, arg })
            }
        };
        match instr {
            LoadConst(k) => {
                index("constant", k, code.consts.len())?;
                if let Some(Const::Code(_)) = code.consts.get(k as usize) {
                    if !matches!(code.instrs.get(i + 1), Some(MakeFunction(_))) {
                        return fail(StrayCodeConst);
                    }
                }
            }
            LoadFast(k) | StoreFast(k) | DeleteFast(k) => {
                index("local variable", k, code.varnames.len())?
            }
            LoadDeref(k) | StoreDeref(k) | DeleteDeref(k) | LoadClosure(k) | LoadClassDeref(k) => {
                index("cell", k, ncells)?
            }
            LoadGlobal(k) | StoreGlobal(k) | DeleteGlobal(k) | LoadName(k) | StoreName(k)
            | DeleteName(k) | LoadAttr(k) | StoreAttr(k) | DeleteAttr(k) | LoadMethod(k)
            | ImportName(k) | ImportFrom(k) => index("name", k, code.names.len())?,
            BuildSlice(a) => arg_le("BuildSlice count", a, 2, 3)?,
            CallEx(a) => arg_le("CallEx flag", a, 0, 1)?,
            Raise(a) => arg_le("Raise form", a, 0, 2)?,
            FormatValue(a) => arg_le("FormatValue flags", a, 0, 7)?,
            ListAppend(a) | SetAdd(a) | MapAdd(a) => arg_le("container depth", a, 1, u32::MAX)?,
            MakeFunction(flags) => {
                arg_le("MakeFunction flags", flags, 0, 7)?;
                let Some(Const::Code(f)) = i.checked_sub(1).and_then(const_at) else {
                    return fail(MakeFunctionOperand);
                };
                if is_target[i] {
                    return fail(MakeFunctionOperand);
                }
                if !f.freevars.is_empty() && flags & 4 == 0 {
                    return fail(MissingClosure {
                        nfree: f.freevars.len(),
                    });
                }
            }
            CallKw(argc) => {
                let Some(c) = i.checked_sub(1).and_then(const_at) else {
                    return fail(CallKwNames("not directly after a LoadConst"));
                };
                if is_target[i] {
                    return fail(CallKwNames("CallKw is a jump target"));
                }
                let Const::Tuple(names) = c else {
                    return fail(CallKwNames("constant is not a tuple"));
                };
                if !names.iter().all(|x| matches!(x, Const::Str(_))) {
                    return fail(CallKwNames("tuple contains a non-str"));
                }
                if names.len() > argc as usize {
                    return fail(CallKwNames("more names than arguments"));
                }
            }
            YieldValue | YieldFrom if !generator => return fail(YieldOutsideGenerator),
            _ => {}
        }
    }
    Ok(())
}

/// The abstract state at an instruction: (value stack depth, block depth).
type State = (u32, u32);

/// Abstract interpretation: propagate (stack depth, block depth) from
/// instruction 0 along every edge; each instruction must be reached with one
/// state. Edges are visited once per instruction (a state never changes once
/// set, and disagreement is an error), so this is linear in code size.
fn verify_flow(code: &Code) -> Result<StackInfo, ValidateError> {
    use Instr::*;
    use ValidateErrorKind::*;
    let n = code.instrs.len();
    let mut state: Vec<Option<State>> = vec![None; n];
    let mut work: Vec<usize> = vec![0];
    state[0] = Some((0, 0));
    let mut info = StackInfo {
        max_stack: 0,
        max_blocks: 0,
    };

    while let Some(i) = work.pop() {
        let instr = code.instrs[i];
        let fail = |kind| ValidateError {
            qualname: code.qualname.clone(),
            at: Some((i, instr)),
            kind,
        };
        let Some((d, b)) = state[i] else { continue };
        let (d, b) = (u64::from(d), u64::from(b));
        // Depth after popping `pops` and pushing `pushes`.
        let pp = |pops: u64, pushes: u64| {
            if d < pops {
                Err(fail(StackUnderflow {
                    need: pops,
                    have: d,
                }))
            } else {
                Ok(d - pops + pushes)
            }
        };
        // Successor states: fall-through to i + 1, and a jump/handler edge.
        let mut fall: Option<(u64, u64)> = None;
        let mut branch: Option<(u32, u64, u64)> = None;
        match instr {
            Nop | DeleteFast(_) | DeleteDeref(_) | DeleteGlobal(_) | DeleteName(_) | PopExcept => {
                fall = Some((d, b))
            }
            LoadConst(_) | LoadNone | LoadBool(_) | LoadSmallInt(_) | LoadFast(_)
            | LoadDeref(_) | LoadClosure(_) | LoadClassDeref(_) | LoadGlobal(_) | LoadName(_)
            | LoadBuildClass | LoadAssertionError => fall = Some((d + 1, b)),
            Pop | StoreFast(_) | StoreDeref(_) | StoreGlobal(_) | StoreName(_) | DeleteAttr(_)
            | ImportStar | PrintExpr | WithExitNormal => fall = Some((pp(1, 0)?, b)),
            Dup | LoadMethod(_) | ImportFrom(_) | GetANext | MatchSequence | MatchMapping
            | GetLen => fall = Some((pp(1, 2)?, b)),
            MatchKeys => fall = Some((pp(2, 3)?, b)),
            MatchRest => fall = Some((pp(2, 1)?, b)),
            MatchClass(_) => fall = Some((pp(3, 1)?, b)),
            Dup2 => fall = Some((pp(2, 4)?, b)),
            Rot2 => fall = Some((pp(2, 2)?, b)),
            Rot3 => fall = Some((pp(3, 3)?, b)),
            Rot4 => fall = Some((pp(4, 4)?, b)),
            LoadAttr(_) | UnaryOp(_) | GetIter | ListToTuple | YieldValue | GetYieldFromIter
            | GetAwaitable | GetAIter | AsyncWithExitNormal => fall = Some((pp(1, 1)?, b)),
            StoreAttr(_) | DeleteSubscr | WithExitExc | AsyncWithExitEnd | ExcStarReraise => {
                fall = Some((pp(2, 0)?, b))
            }
            Subscr | BinaryOp(_) | InplaceOp(_) | Compare(_) | ListExtend | SetUpdate
            | DictUpdate | DictMerge | ImportName(_) | YieldFrom => fall = Some((pp(2, 1)?, b)),
            AsyncWithExitExc => fall = Some((pp(2, 2)?, b)),
            StoreSubscr => fall = Some((pp(3, 0)?, b)),
            BuildSlice(k) | BuildTuple(k) | BuildList(k) | BuildSet(k) | BuildConstSet(k)
            | BuildString(k) => fall = Some((pp(u64::from(k), 1)?, b)),
            BuildMap(k) => fall = Some((pp(2 * u64::from(k), 1)?, b)),
            // The container must still be on the stack after the pops.
            ListAppend(k) | SetAdd(k) => {
                pp(u64::from(k) + 1, 0)?;
                fall = Some((d - 1, b))
            }
            MapAdd(k) => {
                pp(u64::from(k) + 2, 0)?;
                fall = Some((d - 2, b))
            }
            UnpackSequence(k) => fall = Some((pp(1, u64::from(k))?, b)),
            UnpackEx(a) => {
                let count = u64::from(a & 0xffff) + u64::from(a >> 16) + 1;
                fall = Some((pp(1, count)?, b))
            }
            Call(k) => fall = Some((pp(u64::from(k) + 1, 1)?, b)),
            CallKw(k) | CallMethod(k) => fall = Some((pp(u64::from(k) + 2, 1)?, b)),
            CallEx(k) => fall = Some((pp(u64::from(k) + 2, 1)?, b)),
            MakeFunction(f) => fall = Some((pp(u64::from((f & 7).count_ones()) + 1, 1)?, b)),
            FormatValue(f) => fall = Some((pp(1 + u64::from(f & 4 != 0), 1)?, b)),
            ReturnValue | Reraise => {
                pp(1, 0)?;
            }
            Raise(k) => {
                pp(u64::from(k), 0)?;
            }
            Jump(t) => branch = Some((t, d, b)),
            PopJumpIfFalse(t) | PopJumpIfTrue(t) => {
                let after = pp(1, 0)?;
                fall = Some((after, b));
                branch = Some((t, after, b));
            }
            JumpIfFalseOrPop(t) | JumpIfTrueOrPop(t) => {
                fall = Some((pp(1, 0)?, b));
                branch = Some((t, d, b));
            }
            ForIter(t) => {
                fall = Some((pp(1, 2)?, b));
                branch = Some((t, d - 1, b));
            }
            ForIterPair(t) => {
                fall = Some((pp(1, 3)?, b));
                branch = Some((t, d - 1, b));
            }
            EndAsyncFor(t) => branch = Some((t, pp(2, 0)?, b)),
            ExcStarMatch(t) => {
                fall = Some((pp(2, 2)?, b));
                branch = Some((t, d - 1, b));
            }
            SetupExcept(t) => {
                fall = Some((d, b + 1));
                branch = Some((t, d + 1, b));
            }
            SetupWith(t) => {
                fall = Some((pp(1, 2)?, b + 1));
                branch = Some((t, d + 1, b));
            }
            // The handler is reached only through the following PushWithBlock.
            SetupAsyncWith(_) => fall = Some((pp(1, 2)?, b)),
            PushWithBlock(t) => {
                fall = Some((pp(2, 2)?, b + 1));
                branch = Some((t, d, b));
            }
            PopBlock => {
                if b == 0 {
                    return Err(fail(BlockUnderflow));
                }
                fall = Some((d, b - 1));
            }
        }

        let fall = fall.map(|(d2, b2)| (i + 1, d2, b2));
        let branch = branch.map(|(t, d2, b2)| (t as usize, d2, b2));
        for (t, d2, b2) in fall.into_iter().chain(branch) {
            if d2 > u64::from(MAX_STACK) {
                return Err(fail(StackTooDeep { depth: d2 }));
            }
            if b2 > u64::from(MAX_BLOCKS) {
                return Err(fail(TooManyBlocks { depth: b2 }));
            }
            // Both fit in u32 now (the limits do).
            let new = (d2 as u32, b2 as u32);
            let Some(slot) = state.get_mut(t) else {
                // Only the fall-through can leave the code: branch targets
                // were range-checked in check_operands.
                return Err(fail(FallsOffEnd));
            };
            match *slot {
                None => {
                    *slot = Some(new);
                    info.max_stack = info.max_stack.max(new.0);
                    info.max_blocks = info.max_blocks.max(new.1);
                    work.push(t);
                }
                Some(old) if old == new => {}
                Some(old) => {
                    return Err(ValidateError {
                        qualname: code.qualname.clone(),
                        at: Some((t, code.instrs[t])),
                        kind: InconsistentDepth {
                            from: i,
                            expected: old,
                            found: new,
                        },
                    })
                }
            }
        }
    }
    Ok(info)
}
