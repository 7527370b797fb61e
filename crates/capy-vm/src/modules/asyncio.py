# asyncio for capy: a small cooperative scheduler for coroutines.
#
# Frozen into the binary (modules/frozen.rs) and compiled on first import.
# The subset follows what MicroPython's asyncio offers and CPython's names:
# run, create_task, gather, sleep, sleep_ms, wait_for, wait_for_ms, Task,
# Event, ThreadSafeFlag, Lock, Queue (and its LIFO and priority variants),
# TaskGroup, CancelledError, TimeoutError, QueueEmpty, QueueFull,
# get_event_loop, get_running_loop, new_event_loop, current_task.
#
# How it works. A task is a coroutine plus its outcome. Running a task
# means `send`ing into its coroutine until it yields a request:
#   _Sleep(seconds)  resume me after that time (0: after the others ran);
#   _PARK            do not resume me until someone wakes me.
# A task that parks first registers itself where it will be woken (the
# waiters of a task, an Event or a Lock) with a *token*. Every time a task
# is scheduled, parked or put to sleep its token changes, so a stale
# wake-up (an Event set after the waiter was cancelled) finds a different
# token and is ignored.
#
# The order of the ready queue is CPython's (and MicroPython's): a woken or
# new task goes to the back. Cancelling a task that is already due to run
# keeps its place (it runs in its turn and gets the CancelledError there), so
# tasks that keep cancelling each other still take turns; cancelling a task
# that awaits another task cancels that one instead, as CPython does; a task
# that cancels itself gets the CancelledError at its next await. A task that
# ends with an exception nobody awaited is reported one turn later, unless
# something retrieved it meanwhile (CPython reports when it is collected).
#
# Unlike CPython, a loop whose awaited task can never finish (nothing ready,
# nothing sleeping) raises RuntimeError instead of hanging forever.

import heapq
import sys
import time
from collections import deque

try:
    from micropython import _scheduled  # callbacks micropython.schedule queued
except ImportError:  # a compartment without the micropython module

    def _scheduled():
        return 0


class CancelledError(BaseException):
    pass


class TimeoutError(Exception):
    pass


class InvalidStateError(Exception):
    pass


class _Sleep:
    def __init__(self, seconds):
        self.seconds = seconds

    def __await__(self):
        yield self


class _Park:
    # `await _PARK` evaluates to what the waker passes (Lock hand-over).
    def __await__(self):
        return (yield self)


_PARK = _Park()


async def sleep(t, result=None):
    await _Sleep(t if t > 0 else 0)
    return result


async def sleep_ms(t):
    if isinstance(t, int) and t > 0:
        # MicroPython's deadline is a ticks value: one further away than
        # half the ticks period raises OverflowError.
        time.ticks_add(0, t)
    await _Sleep(t / 1000 if t > 0 else 0)


class Task:
    def __init__(self, coro, loop):
        self._coro = coro
        self._loop = loop
        self._done = False
        self._result = None
        self._exc = None
        self._waiters = []
        self._callbacks = []
        self._token = 0
        self._retrieved = False
        # What the next step sends or throws in; valid while _queued equals
        # _token (the task has a live entry in the ready queue).
        self._send = None
        self._throw = None
        self._queued = -1
        self._must_cancel = None
        self._awaiting = None

    def done(self):
        return self._done

    def cancelled(self):
        return self._done and isinstance(self._exc, CancelledError)

    def result(self):
        if not self._done:
            raise InvalidStateError("result is not set.")
        self._retrieved = True
        if self._exc is not None:
            raise self._exc
        return self._result

    def exception(self):
        if not self._done:
            raise InvalidStateError("exception is not set.")
        self._retrieved = True
        if isinstance(self._exc, CancelledError):
            raise self._exc
        return self._exc

    def cancel(self, msg=None):
        if self._done:
            return False
        self._cancel(CancelledError() if msg is None else CancelledError(msg))
        return True

    def _cancel(self, exc):
        if self._loop._current is self:
            # Cancelling itself: takes effect at its next await (or end).
            self._must_cancel = exc
        elif self._queued == self._token:
            # Already due to run: keep its place in the queue.
            self._send = None
            self._throw = exc
        elif self._awaiting is not None and not self._awaiting._done:
            self._awaiting._cancel(exc)
        else:
            self._loop._schedule(self, None, exc)

    def add_done_callback(self, fn):
        if self._done:
            fn(self)
        else:
            self._callbacks.append(fn)

    def get_coro(self):
        return self._coro

    def __await__(self):
        while not self._done:
            cur = self._loop._current
            if cur is self:
                raise RuntimeError("Task cannot await on itself")
            self._waiters.append(self._loop._park_current())
            cur._awaiting = self
            try:
                yield _PARK
            finally:
                cur._awaiting = None
        return self.result()

    def __iter__(self):
        return self.__await__()

    def __repr__(self):
        state = "done" if self._done else "pending"
        return "<Task %s coro=%r>" % (state, self._coro)


class Loop:
    def __init__(self):
        self._ready = deque()
        self._timers = []
        # Waiters of ThreadSafeFlags set since the last turn: woken at the
        # start of the next, as MicroPython's loop polls its flags then.
        self._flag_wakes = []
        self._seq = 0
        self._current = None
        self._stopping = False
        self._closed = False
        self._handler = None
        self._failed = []

    # -- scheduling -------------------------------------------------------

    def create_task(self, coro):
        if isinstance(coro, Task):
            return coro
        if not (hasattr(coro, "send") and hasattr(coro, "throw")):
            raise TypeError("a coroutine was expected, got %r" % (coro,))
        t = Task(coro, self)
        self._schedule(t, None, None)
        return t

    def _schedule(self, t, value, exc):
        t._token += 1
        t._send = value
        t._throw = exc
        t._queued = t._token
        self._ready.append((t, t._token))

    def _wake_later(self, t, token, seconds):
        self._seq += 1
        heapq.heappush(self._timers, (time.monotonic() + seconds, self._seq, t, token))

    def _park_current(self):
        t = self._current
        if t is None:
            raise RuntimeError("no running task")
        t._token += 1
        return (t, t._token)

    def _wake(self, t, token, value=None):
        if t._done or t._token != token:
            return False
        self._schedule(t, value, None)
        return True

    def _step(self, t):
        self._current = t
        t._queued = -1
        value, exc = t._send, t._throw
        t._send = t._throw = None
        try:
            if exc is not None:
                req = t._coro.throw(exc)
            else:
                req = t._coro.send(value)
        except StopIteration as e:
            cancel, t._must_cancel = t._must_cancel, None
            if cancel is not None:
                self._finish(t, None, cancel)
            else:
                self._finish(t, e.value, None)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as e:
            t._must_cancel = None
            self._finish(t, None, e)
        else:
            self._after_yield(t, req)
        finally:
            self._current = None

    def _after_yield(self, t, req):
        cancel, t._must_cancel = t._must_cancel, None
        if cancel is not None:
            # The task cancelled itself: what it now waits for is cancelled.
            if req is _PARK and t._awaiting is not None:
                t._awaiting._cancel(cancel)
            else:
                self._schedule(t, None, cancel)
        elif req is _PARK:
            pass
        elif isinstance(req, _Sleep):
            if req.seconds <= 0:
                self._schedule(t, None, None)
            else:
                t._token += 1
                self._wake_later(t, t._token, req.seconds)
        else:
            err = RuntimeError("a task yielded %r; only asyncio awaitables may be awaited" % (req,))
            self._schedule(t, None, err)

    def _finish(self, t, result, exc):
        t._done = True
        t._result = result
        t._exc = exc
        waiters, t._waiters = t._waiters, []
        for w, token in waiters:
            self._wake(w, token)
        callbacks, t._callbacks = t._callbacks, []
        for fn in callbacks:
            fn(t)
        if exc is not None and not isinstance(exc, CancelledError) and t is not self._main:
            # Reported in a turn unless an awaiter (woken above, so ahead
            # in the queue) or a callback retrieves it first.
            self._failed.append(t)
            self._ready.append((t, None))

    def _report(self, t):
        # Like CPython when such a task is collected: say what was lost.
        if t not in self._failed:
            return
        self._failed.remove(t)
        if t._retrieved:
            return
        if self._handler is not None:
            ctx = {"message": "Task exception wasn't retrieved", "exception": t._exc, "future": t}
            self._handler(self, ctx)
            return
        print("Task exception wasn't retrieved", file=sys.stderr)
        print("future:", t, file=sys.stderr)
        sys.print_exception(t._exc, sys.stderr)

    def _report_unretrieved(self):
        while self._failed:
            self._report(self._failed[0])

    def set_exception_handler(self, handler):
        self._handler = handler

    def get_exception_handler(self):
        return self._handler

    # -- running ------------------------------------------------------------

    def _run_once(self):
        now = time.monotonic()
        while self._timers and self._timers[0][0] <= now:
            _, _, t, token = heapq.heappop(self._timers)
            self._wake(t, token)
        if not self._ready and not self._timers and not self._flag_wakes:
            # Callbacks micropython.schedule queued may wake a task (a
            # ThreadSafeFlag set from one): time.sleep runs them.
            time.sleep(0)
        if self._flag_wakes:
            wakes, self._flag_wakes = self._flag_wakes, []
            for t, token in wakes:
                self._wake(t, token)
        if not self._ready:
            if not self._timers:
                if _scheduled():
                    return  # a scheduled callback may still wake a task
                raise RuntimeError("event loop has nothing to run: the awaited task waits for an event that can never happen")
            delay = self._timers[0][0] - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            return
        for _ in range(len(self._ready)):
            t, token = self._ready.popleft()
            if token is None:
                self._report(t)
            elif not t._done and t._token == token:
                self._step(t)

    def run_until_complete(self, aw):
        if self._closed:
            raise RuntimeError("Event loop is closed")
        main = self.create_task(aw)
        self._main = main
        try:
            while not main._done:
                self._run_once()
        finally:
            self._main = None
        self._report_unretrieved()
        return main.result()

    def run_forever(self):
        self._stopping = False
        self._main = None
        while not self._stopping:
            if not self._ready and not self._timers:
                break
            self._run_once()

    def stop(self):
        self._stopping = True

    def close(self):
        self._closed = True

    def is_closed(self):
        return self._closed

    _main = None


_loop = None


def get_event_loop():
    global _loop
    if _loop is None:
        _loop = Loop()
    return _loop


def new_event_loop():
    global _loop
    _loop = Loop()
    return _loop


def current_task():
    t = get_event_loop()._current
    if t is None:
        raise RuntimeError("no running event loop")
    return t


def get_running_loop():
    loop = _loop
    if loop is None or loop._current is None:
        raise RuntimeError("no running event loop")
    return loop


def create_task(coro):
    return get_event_loop().create_task(coro)


class TaskGroup:
    # As CPython 3.11's: `async with TaskGroup() as tg: tg.create_task(...)`
    # waits for every task at the end of the block; the first task that
    # fails cancels the others and the block, and the failures are raised
    # together as an ExceptionGroup.
    def __init__(self):
        self._entered = False
        self._exiting = False
        self._aborting = False
        self._parent = None
        self._parent_cancelled = False
        self._tasks = []
        self._errors = []
        self._idle = None

    def __repr__(self):
        state = "entered" if self._entered else "unentered"
        return "<TaskGroup tasks=%d errors=%d %s>" % (len(self._tasks), len(self._errors), state)

    async def __aenter__(self):
        if self._entered:
            raise RuntimeError("TaskGroup %r has already been entered" % (self,))
        self._entered = True
        self._parent = current_task()
        return self

    def create_task(self, coro):
        if not self._entered:
            raise RuntimeError("TaskGroup %r has not been entered" % (self,))
        if self._exiting and not self._tasks:
            raise RuntimeError("TaskGroup %r is finished" % (self,))
        if self._aborting:
            raise RuntimeError("TaskGroup %r is shutting down" % (self,))
        t = create_task(coro)
        self._tasks.append(t)
        t.add_done_callback(self._on_task_done)
        return t

    def _abort(self):
        self._aborting = True
        for t in self._tasks:
            if not t.done():
                t.cancel()

    def _on_task_done(self, t):
        if t in self._tasks:
            self._tasks.remove(t)
        if not self._tasks and self._idle is not None:
            self._idle.set()
        if t.cancelled():
            return
        exc = t.exception()
        if exc is None:
            return
        self._errors.append(exc)
        if not self._aborting:
            self._abort()
        if not self._exiting and not self._parent_cancelled:
            # The block is still running: stop it too.
            self._parent_cancelled = True
            self._parent.cancel()

    async def __aexit__(self, et, exc, tb):
        self._exiting = True
        if exc is not None and not self._aborting:
            self._abort()
        propagate = None
        if et is not None and not issubclass(et, CancelledError):
            self._errors.append(exc)
        elif et is not None and not self._parent_cancelled:
            propagate = exc
        while self._tasks:
            # Waits on an Event, not on a task: cancelling a task that
            # awaits a task would cancel that task instead of the block.
            self._idle = Event()
            try:
                await self._idle.wait()
            except CancelledError as e:
                # The block itself was cancelled while waiting.
                if not self._aborting:
                    propagate = e
                    self._abort()
            self._idle = None
        if self._errors:
            errors, self._errors = self._errors, []
            raise BaseExceptionGroup("unhandled errors in a TaskGroup", errors)
        if propagate is not None:
            raise propagate
        # A cancellation the group made of its block ends here.
        return self._parent_cancelled


def run(coro):
    if not (hasattr(coro, "send") and hasattr(coro, "throw")):
        raise ValueError("a coroutine was expected, got %r" % (coro,))
    return new_event_loop().run_until_complete(coro)


async def gather(*aws, return_exceptions=False):
    loop = get_event_loop()
    tasks = [loop.create_task(a) for a in aws]
    if not tasks:
        return []
    left = [len(tasks)]
    failed = []
    finished = Event()

    def on_done(t):
        # As CPython's gather: every child's outcome counts as retrieved.
        t._retrieved = True
        left[0] -= 1
        if t._exc is not None and not return_exceptions and not failed:
            failed.append(t)
            finished.set()
        if left[0] == 0:
            finished.set()

    for t in tasks:
        t.add_done_callback(on_done)
    try:
        await finished.wait()
    except CancelledError:
        for t in tasks:
            t.cancel()
        raise
    if failed:
        return failed[0].result()
    results = []
    for t in tasks:
        t._retrieved = True
        results.append(t._result if t._exc is None else t._exc)
    return results


async def wait_for(aw, timeout):
    # The caller parks until a timer or a runner task, which awaits `aw`,
    # wakes it (MicroPython's design; the runner's extra turn is also the
    # delay of CPython's done callbacks). Cancelling the caller cancels
    # `aw` and returns at once; a timeout cancels `aw` and waits for it.
    loop = get_event_loop()
    t = loop.create_task(aw)
    if timeout is None:
        return await t
    park = [loop._park_current()]

    async def runner():
        try:
            await t
        except BaseException:
            pass
        loop._wake(park[0][0], park[0][1], True)

    loop.create_task(runner())
    loop._wake_later(park[0][0], park[0][1], timeout if timeout > 0 else 0)
    try:
        finished = await _PARK
    except CancelledError:
        t.cancel()
        raise
    if finished:
        return t.result()
    t.cancel()
    park[0] = loop._park_current()
    await _PARK
    if t._exc is not None and not isinstance(t._exc, CancelledError):
        raise t._exc
    # Cancelled in time, or the task ignored the cancellation: too late.
    raise TimeoutError


async def wait_for_ms(aw, timeout):
    return await wait_for(aw, timeout / 1000)


class Event:
    def __init__(self):
        self._flag = False
        self._waiters = []

    def is_set(self):
        return self._flag

    def set(self):
        self._flag = True
        waiters, self._waiters = self._waiters, []
        loop = get_event_loop()
        for t, token in waiters:
            loop._wake(t, token)

    def clear(self):
        self._flag = False

    async def wait(self):
        # Once woken it returns, even if the flag was cleared meanwhile.
        if not self._flag:
            self._waiters.append(get_event_loop()._park_current())
            await _PARK
        return True


class ThreadSafeFlag:
    # MicroPython's flag for waking a task from an interrupt handler or
    # another thread. capy has neither, so it is an Event with one waiter
    # whose wait() clears the flag as it returns; set() wakes the waiter at
    # the loop's next turn (MicroPython's loop polls the flag then).
    def __init__(self):
        self._flag = False
        self._waiter = None

    def set(self):
        self._flag = True
        waiter, self._waiter = self._waiter, None
        if waiter is not None:
            get_event_loop()._flag_wakes.append(waiter)

    def clear(self):
        self._flag = False

    async def wait(self):
        if not self._flag:
            if self._waiter is not None and not self._waiter[0]._done:
                raise RuntimeError("a ThreadSafeFlag can have only one waiting task")
            me = self._waiter = get_event_loop()._park_current()
            try:
                await _PARK
            except CancelledError:
                if self._waiter is me:
                    self._waiter = None
                raise
        self._flag = False


class Lock:
    # As CPython's: release() wakes the longest waiter, which takes the lock
    # when it runs; a newcomer queues behind waiters instead of barging in.
    def __init__(self):
        self._locked = False
        self._waiters = deque()
        self._handed = None

    def locked(self):
        return self._locked

    async def acquire(self):
        if not self._locked and not self._waiters and self._handed is None:
            self._locked = True
            return True
        self._waiters.append(get_event_loop()._park_current())
        try:
            await _PARK
        except CancelledError:
            if self._handed is current_task():
                self._handed = None
                self._wake_next()
            raise
        self._handed = None
        self._locked = True
        return True

    def release(self):
        if not self._locked:
            raise RuntimeError("Lock not acquired")
        self._locked = False
        self._wake_next()

    def _wake_next(self):
        if self._locked or self._handed is not None:
            return
        loop = get_event_loop()
        while self._waiters:
            t, token = self._waiters.popleft()
            if loop._wake(t, token):
                self._handed = t
                return

    async def __aenter__(self):
        await self.acquire()

    async def __aexit__(self, exc_type, exc, tb):
        self.release()


class QueueEmpty(Exception):
    pass


class QueueFull(Exception):
    pass


def _wake_one(waiters):
    # The first waiter still waiting (a cancelled one's token is stale).
    if waiters:
        loop = get_event_loop()
        while waiters:
            t, token = waiters.popleft()
            if loop._wake(t, token):
                return


class Queue:
    # First in, first out; `maxsize` <= 0 means unbounded. A woken getter
    # (putter) checks again, as another task may have run first; one that is
    # cancelled after being woken passes the wake-up on.
    def __init__(self, maxsize=0):
        self._maxsize = maxsize
        self._init()
        self._getters = deque()
        self._putters = deque()
        self._unfinished = 0
        self._finished = Event()
        self._finished.set()

    def _init(self):
        self._items = deque()

    def _put(self, item):
        self._items.append(item)

    def _get(self):
        return self._items.popleft()

    @property
    def maxsize(self):
        return self._maxsize

    def qsize(self):
        return len(self._items)

    def empty(self):
        return not self._items

    def full(self):
        return 0 < self._maxsize <= len(self._items)

    async def put(self, item):
        while self.full():
            self._putters.append(get_event_loop()._park_current())
            try:
                await _PARK
            except CancelledError:
                if not self.full():
                    _wake_one(self._putters)
                raise
        self.put_nowait(item)

    def put_nowait(self, item):
        if self.full():
            raise QueueFull
        self._put(item)
        self._unfinished += 1
        self._finished.clear()
        _wake_one(self._getters)

    async def get(self):
        while not self._items:
            self._getters.append(get_event_loop()._park_current())
            try:
                await _PARK
            except CancelledError:
                if self._items:
                    _wake_one(self._getters)
                raise
        return self.get_nowait()

    def get_nowait(self):
        if not self._items:
            raise QueueEmpty
        item = self._get()
        _wake_one(self._putters)
        return item

    def task_done(self):
        if self._unfinished <= 0:
            raise ValueError("task_done() called too many times")
        self._unfinished -= 1
        if self._unfinished == 0:
            self._finished.set()

    async def join(self):
        if self._unfinished > 0:
            await self._finished.wait()

    def __repr__(self):
        return "<%s maxsize=%r>" % (type(self).__name__, self._maxsize)


class LifoQueue(Queue):
    def _init(self):
        self._items = []

    def _get(self):
        return self._items.pop()


class PriorityQueue(Queue):
    def _init(self):
        self._items = []

    def _put(self, item):
        heapq.heappush(self._items, item)

    def _get(self):
        return heapq.heappop(self._items)
