"""contextlib for capy: utilities for with-statement context managers.

Frozen into the binary (modules/frozen.rs), compiled on first import.

Covers: contextmanager (generator-based managers, also usable as
decorators), suppress, closing, aclosing, nullcontext, redirect_stdout and
redirect_stderr, ExitStack (enter_context, push, callback, pop_all, close;
exceptions raised by callbacks chained as nested with statements chain
them), AsyncExitStack, AbstractContextManager, ContextDecorator, and
asynccontextmanager.

Limits in capy: redirect_stdout swaps sys.stdout, but capy's print()
without file= does not look at sys.stdout, so only code writing through
sys.stdout sees the redirection; asynccontextmanager needs async
generators capy can drive (they lack __anext__/athrow today).
Not covered: chdir (capy has no file system), __subclasshook__ of the
abstract classes.
"""

import sys


class AbstractContextManager:
    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        return None


class AbstractAsyncContextManager:
    async def __aenter__(self):
        return self

    async def __aexit__(self, exc_type, exc_value, traceback):
        return None


class ContextDecorator:
    """A context manager that also works as a function decorator: the
    decorated function runs inside `with self._recreate_cm():`."""

    def _recreate_cm(self):
        return self

    def __call__(self, func):
        def inner(*args, **kwds):
            with self._recreate_cm():
                return func(*args, **kwds)

        _copy_name(inner, func)
        return inner


def _copy_name(wrapper, func):
    for attr in ("__name__", "__qualname__", "__doc__", "__module__"):
        try:
            setattr(wrapper, attr, getattr(func, attr))
        except (AttributeError, TypeError):
            pass
    wrapper.__wrapped__ = func


class _GeneratorContextManager(ContextDecorator, AbstractContextManager):
    def __init__(self, func, args, kwds):
        self.gen = func(*args, **kwds)
        self.func, self.args, self.kwds = func, args, kwds

    def _recreate_cm(self):
        # Each decorated call needs a fresh generator.
        return self.__class__(self.func, self.args, self.kwds)

    def __enter__(self):
        # The arguments are kept only for _recreate_cm before first use.
        del self.args, self.kwds, self.func
        try:
            return next(self.gen)
        except StopIteration:
            raise RuntimeError("generator didn't yield") from None

    def __exit__(self, typ, value, traceback):
        if typ is None:
            try:
                next(self.gen)
            except StopIteration:
                return False
            raise RuntimeError("generator didn't stop")
        if value is None:
            # An exception given by type only (as in `raise KeyError`
            # handled by old code): make the instance.
            value = typ()
        try:
            self.gen.throw(value)
        except StopIteration as exc:
            # The generator swallowed the exception: suppress it, unless
            # the StopIteration is the one thrown in.
            return exc is not value
        except RuntimeError as exc:
            if exc is value:
                return False
            # A StopIteration raised in the with block and thrown in comes
            # back as RuntimeError (PEP 479): re-raise the original.
            if isinstance(value, StopIteration) and exc.__cause__ is value:
                return False
            raise
        except BaseException as exc:
            if exc is not value:
                raise
            return False
        raise RuntimeError("generator didn't stop after throw()")


class _AsyncGeneratorContextManager(AbstractAsyncContextManager):
    def __init__(self, func, args, kwds):
        self.gen = func(*args, **kwds)
        self.func, self.args, self.kwds = func, args, kwds

    async def __aenter__(self):
        try:
            return await self.gen.__anext__()
        except StopAsyncIteration:
            raise RuntimeError("generator didn't yield") from None

    async def __aexit__(self, typ, value, traceback):
        if typ is None:
            try:
                await self.gen.__anext__()
            except StopAsyncIteration:
                return False
            raise RuntimeError("generator didn't stop")
        if value is None:
            value = typ()
        try:
            await self.gen.athrow(value)
        except StopAsyncIteration as exc:
            return exc is not value
        except RuntimeError as exc:
            if exc is value:
                return False
            if isinstance(value, (StopIteration, StopAsyncIteration)) and exc.__cause__ is value:
                return False
            raise
        except BaseException as exc:
            if exc is not value:
                raise
            return False
        raise RuntimeError("generator didn't stop after athrow()")


def contextmanager(func):
    def helper(*args, **kwds):
        return _GeneratorContextManager(func, args, kwds)

    _copy_name(helper, func)
    return helper


def asynccontextmanager(func):
    def helper(*args, **kwds):
        return _AsyncGeneratorContextManager(func, args, kwds)

    _copy_name(helper, func)
    return helper


class closing(AbstractContextManager):
    """with closing(thing) as t: ... calls thing.close() at the end."""

    def __init__(self, thing):
        self.thing = thing

    def __enter__(self):
        return self.thing

    def __exit__(self, *exc_info):
        self.thing.close()


class aclosing(AbstractAsyncContextManager):
    def __init__(self, thing):
        self.thing = thing

    async def __aenter__(self):
        return self.thing

    async def __aexit__(self, *exc_info):
        await self.thing.aclose()


class nullcontext(AbstractContextManager, AbstractAsyncContextManager):
    def __init__(self, enter_result=None):
        self.enter_result = enter_result

    def __enter__(self):
        return self.enter_result

    def __exit__(self, *excinfo):
        pass

    async def __aenter__(self):
        return self.enter_result

    async def __aexit__(self, *excinfo):
        pass


class suppress(AbstractContextManager):
    """Swallows the listed exception types (and their subclasses)."""

    def __init__(self, *exceptions):
        self._exceptions = exceptions

    def __enter__(self):
        pass

    def __exit__(self, exctype, excinst, exctb):
        return exctype is not None and issubclass(exctype, self._exceptions)


class _RedirectStream(AbstractContextManager):
    _stream = None

    def __init__(self, new_target):
        self._new_target = new_target
        self._old_targets = []

    def __enter__(self):
        self._old_targets.append(getattr(sys, self._stream))
        setattr(sys, self._stream, self._new_target)
        return self._new_target

    def __exit__(self, exctype, excinst, exctb):
        setattr(sys, self._stream, self._old_targets.pop())


class redirect_stdout(_RedirectStream):
    _stream = "stdout"


class redirect_stderr(_RedirectStream):
    _stream = "stderr"


class _BaseExitStack:
    def __init__(self):
        # Each entry is (is_sync, callback(exc_type, exc, tb)).
        self._exit_callbacks = []

    def pop_all(self):
        new_stack = type(self)()
        new_stack._exit_callbacks = self._exit_callbacks
        self._exit_callbacks = []
        return new_stack

    def push(self, exit):
        """Registers an __exit__-like callable, or the __exit__ of a
        context manager (not entering it)."""
        exit_method = getattr(type(exit), "__exit__", None)
        if exit_method is None:
            self._exit_callbacks.append((True, exit))
        else:
            self._exit_callbacks.append((True, _bound_exit(exit_method, exit)))
        return exit

    def enter_context(self, cm):
        cls = type(cm)
        enter = getattr(cls, "__enter__", None)
        exit_method = getattr(cls, "__exit__", None)
        if enter is None or exit_method is None:
            raise TypeError(
                "'%s.%s' object does not support the context manager protocol"
                % (cls.__module__, cls.__qualname__)
            )
        result = enter(cm)
        self._exit_callbacks.append((True, _bound_exit(exit_method, cm)))
        return result

    def callback(self, callback, /, *args, **kwds):
        def exit_wrapper(exc_type, exc, tb):
            callback(*args, **kwds)

        exit_wrapper.__wrapped__ = callback
        self._exit_callbacks.append((True, exit_wrapper))
        return callback


def _bound_exit(exit_method, cm):
    def exit_wrapper(exc_type, exc, tb):
        return exit_method(cm, exc_type, exc, tb)

    return exit_wrapper


def _chain_context(new_exc, old_exc, frame_exc):
    # Makes the chain look as nested `with` statements would have made it:
    # an exception raised by a callback got the exception being handled
    # when __exit__ began (frame_exc) as its implicit context; point that
    # link at the exception the callback was given (old_exc) instead.
    while True:
        ctx = new_exc.__context__
        if ctx is None or ctx is old_exc:
            return
        if ctx is frame_exc:
            break
        new_exc = ctx
    new_exc.__context__ = old_exc


def _exit_args(exc):
    # What a callback of an exit stack is called with.
    if exc is None:
        return (None, None, None)
    return (type(exc), exc, exc.__traceback__)


def _reraise(exc):
    # Raising `exc` here would set its __context__ to the exception being
    # handled; keep the chain the exit loop built instead.
    fixed_ctx = exc.__context__
    try:
        raise exc
    except BaseException:
        exc.__context__ = fixed_ctx
        raise


class ExitStack(_BaseExitStack, AbstractContextManager):
    """Runs registered callbacks (last registered first) on close or at
    the end of a with block; an exception from the block, or raised by one
    callback, is passed to the next, and any callback may suppress it."""

    def __enter__(self):
        return self

    def __exit__(self, *exc_details):
        exc = exc_details[1]
        received_exc = exc is not None
        # capy has no sys.exc_info(): in a with statement the exception
        # being handled is the one passed in.
        frame_exc = exc
        suppressed = False
        pending_raise = False
        while self._exit_callbacks:
            is_sync, cb = self._exit_callbacks.pop()
            try:
                args = _exit_args(exc)
                if cb(*args):
                    suppressed = True
                    pending_raise = False
                    exc = None
            except BaseException as new_exc:
                _chain_context(new_exc, exc, frame_exc)
                pending_raise = True
                exc = new_exc
        if pending_raise:
            _reraise(exc)
        return received_exc and suppressed

    def close(self):
        self.__exit__(None, None, None)


class AsyncExitStack(_BaseExitStack, AbstractAsyncContextManager):
    async def enter_async_context(self, cm):
        cls = type(cm)
        aenter = getattr(cls, "__aenter__", None)
        aexit = getattr(cls, "__aexit__", None)
        if aenter is None or aexit is None:
            raise TypeError(
                "'%s.%s' object does not support the asynchronous context manager protocol"
                % (cls.__module__, cls.__qualname__)
            )
        result = await aenter(cm)

        async def exit_wrapper(exc_type, exc, tb):
            return await aexit(cm, exc_type, exc, tb)

        self._exit_callbacks.append((False, exit_wrapper))
        return result

    def push_async_exit(self, exit):
        aexit = getattr(type(exit), "__aexit__", None)
        if aexit is None:
            self._exit_callbacks.append((False, exit))
        else:

            async def exit_wrapper(exc_type, exc, tb):
                return await aexit(exit, exc_type, exc, tb)

            self._exit_callbacks.append((False, exit_wrapper))
        return exit

    def push_async_callback(self, callback, /, *args, **kwds):
        async def exit_wrapper(exc_type, exc, tb):
            await callback(*args, **kwds)

        self._exit_callbacks.append((False, exit_wrapper))
        return callback

    async def aclose(self):
        await self.__aexit__(None, None, None)

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc_details):
        exc = exc_details[1]
        received_exc = exc is not None
        frame_exc = exc
        suppressed = False
        pending_raise = False
        while self._exit_callbacks:
            is_sync, cb = self._exit_callbacks.pop()
            try:
                args = _exit_args(exc)
                if is_sync:
                    result = cb(*args)
                else:
                    result = await cb(*args)
                if result:
                    suppressed = True
                    pending_raise = False
                    exc = None
            except BaseException as new_exc:
                _chain_context(new_exc, exc, frame_exc)
                pending_raise = True
                exc = new_exc
        if pending_raise:
            _reraise(exc)
        return received_exc and suppressed
