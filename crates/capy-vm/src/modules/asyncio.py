# asyncio for capy: a small cooperative scheduler for coroutines.
#
# Frozen into the binary (modules/frozen.rs) and compiled on first import.
# The subset follows what MicroPython's asyncio offers and CPython's names:
# run, create_task, gather, sleep, sleep_ms, wait_for, wait_for_ms, Task,
# Event, Lock, Queue (and its LIFO and priority variants), TaskGroup,
# CancelledError, TimeoutError, QueueEmpty, QueueFull, get_event_loop,
# get_running_loop, new_event_loop, current_task.
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
# Unlike CPython, a loop whose awaited task can never finish (nothing ready,
# nothing sleeping) raises RuntimeError instead of hanging forever.

import heapq
import sys
import time
from collections import deque


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
        self._loop._schedule(self, None, CancelledError() if msg is None else CancelledError(msg))
        return True

    def add_done_callback(self, fn):
        if self._done:
            fn(self)
        else:
            self._callbacks.append(fn)

    def get_coro(self):
        return self._coro

    def __await__(self):
        while not self._done:
            self._waiters.append(self._loop._park_current())
            yield _PARK
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
        self._ready.append((t, t._token, value, exc))

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

    def _step(self, t, value, exc):
        self._current = t
        try:
            if exc is not None:
                req = t._coro.throw(exc)
            else:
                req = t._coro.send(value)
        except StopIteration as e:
            self._finish(t, e.value, None)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as e:
            self._finish(t, None, e)
        else:
            if req is _PARK:
                pass
            elif isinstance(req, _Sleep):
                if req.seconds <= 0:
                    self._schedule(t, None, None)
                else:
                    t._token += 1
                    self._seq += 1
                    wake = time.monotonic() + req.seconds
                    heapq.heappush(self._timers, (wake, self._seq, t, t._token))
            else:
                err = RuntimeError("a task yielded %r; only asyncio awaitables may be awaited" % (req,))
                self._schedule(t, None, err)
        finally:
            self._current = None

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
            self._failed.append(t)

    def _report_unretrieved(self):
        # Like CPython when such a task is collected: say what was lost.
        failed, self._failed = self._failed, []
        for t in failed:
            if t._retrieved:
                continue
            if self._handler is not None:
                ctx = {"message": "Task exception wasn't retrieved", "exception": t._exc, "future": t}
                self._handler(self, ctx)
                continue
            print("Task exception wasn't retrieved", file=sys.stderr)
            print("future:", t, file=sys.stderr)
            sys.print_exception(t._exc, sys.stderr)

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
        if not self._ready:
            if not self._timers:
                raise RuntimeError("event loop has nothing to run: the awaited task waits for an event that can never happen")
            delay = self._timers[0][0] - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            return
        for _ in range(len(self._ready)):
            t, token, value, exc = self._ready.popleft()
            if t._done or t._token != token:
                continue
            self._step(t, value, exc)

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
            t = self._tasks[0]
            try:
                await t
            except CancelledError:
                if not t.done():
                    # The block itself was cancelled while waiting.
                    self._abort()
            except BaseException:
                pass
            if t in self._tasks and t.done():
                self._tasks.remove(t)
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
    loop = get_event_loop()
    t = loop.create_task(aw)
    if timeout is None:
        return await t
    expired = [False]

    async def watchdog():
        await sleep(timeout)
        if not t._done:
            expired[0] = True
            t.cancel()

    w = loop.create_task(watchdog())
    try:
        r = await t
        if expired[0]:
            # The task ignored the cancellation but ran past the deadline.
            raise TimeoutError
        return r
    except CancelledError:
        if expired[0]:
            raise TimeoutError
        t.cancel()
        raise
    finally:
        w.cancel()


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
        while not self._flag:
            self._waiters.append(get_event_loop()._park_current())
            await _PARK
        return True


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
