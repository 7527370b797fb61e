"""unittest for capy: writing and running test cases.

Covers what everyday test files use, with CPython 3.11's output text:
TestCase (setUp/tearDown, setUpClass/tearDownClass, addCleanup, subTest,
skipTest, fail, id/shortDescription/str/repr) with the assert methods
(Equal, NotEqual, True, False, Is, IsNot, IsNone, IsNotNone, In, NotIn,
IsInstance, NotIsInstance, Raises, RaisesRegex, AlmostEqual,
NotAlmostEqual, Greater, GreaterEqual, Less, LessEqual, CountEqual, Regex,
NotRegex, ListEqual, TupleEqual, DictEqual, SetEqual, SequenceEqual,
MultiLineEqual) and their messages; SkipTest and the decorators skip,
skipIf, skipUnless, expectedFailure; TestSuite, TestLoader
(loadTestsFromTestCase, loadTestsFromModule, loadTestsFromName(s),
getTestCaseNames), TestResult, TextTestResult, TextTestRunner and main()
with -v/-q/-f and test names.

Not covered: assertWarns/assertLogs (capy has no warnings or logging),
setUpModule/tearDownModule, buffer=, catchbreak, test discovery
(`python -m unittest discover`), mock. The diff that CPython appends to
assertEqual failures on long strings, lists and dicts is simplified here:
lines are compared with a plain longest-common-subsequence diff and the
'? ' hint lines of difflib.ndiff are not produced.
"""

import re as _re
import sys as _sys

try:
    import time as _time
    _clock = _time.perf_counter
except (ImportError, AttributeError):
    def _clock():
        return 0.0

__all__ = [
    "TestResult", "TestCase", "TestSuite", "TextTestRunner", "TestLoader",
    "main", "defaultTestLoader", "SkipTest", "skip", "skipIf", "skipUnless",
    "expectedFailure", "TextTestResult",
]

_MAX_LENGTH = 80
_PLACEHOLDER_LEN = 12
_MIN_BEGIN_LEN = 5
_MIN_END_LEN = 5
_MIN_COMMON_LEN = 5
_MIN_DIFF_LEN = _MAX_LENGTH - (_MIN_BEGIN_LEN + _PLACEHOLDER_LEN +
                               _MIN_COMMON_LEN)
DIFF_OMITTED = "\nDiff is %s characters long. Set self.maxDiff to None to see it."


class SkipTest(Exception):
    """Raise to skip the running test (TestCase.skipTest does this)."""


class _ShouldStop(Exception):
    pass


# ------------------------------------------------------------- text utils

def strclass(cls):
    return "%s.%s" % (cls.__module__, cls.__qualname__)


def safe_repr(obj, short=False):
    try:
        text = repr(obj)
    except Exception:
        text = object.__repr__(obj)
    if not short or len(text) < _MAX_LENGTH:
        return text
    return text[:_MAX_LENGTH] + " [truncated]..."


def _shorten(s, keep_front, keep_back):
    skipped = len(s) - keep_front - keep_back
    if skipped > _PLACEHOLDER_LEN:
        s = "%s[%d chars]%s" % (s[:keep_front], skipped, s[len(s) - keep_back:])
    return s


def _common_prefix(texts):
    if not texts:
        return ""
    lo = min(texts)
    hi = max(texts)
    n = 0
    while n < len(lo) and lo[n] == hi[n]:
        n += 1
    return lo[:n]


def _common_shorten_repr(*args):
    # Long reprs keep their start, the differing part and their end.
    args = tuple([safe_repr(a) for a in args])
    longest = max([len(a) for a in args])
    if longest <= _MAX_LENGTH:
        return args
    prefix = _common_prefix(args)
    plen = len(prefix)
    common = _MAX_LENGTH - (longest - plen + _MIN_BEGIN_LEN + _PLACEHOLDER_LEN)
    if common > _MIN_COMMON_LEN:
        prefix = _shorten(prefix, _MIN_BEGIN_LEN, common)
        return tuple([prefix + a[plen:] for a in args])
    prefix = _shorten(prefix, _MIN_BEGIN_LEN, _MIN_COMMON_LEN)
    return tuple([prefix + _shorten(a[plen:], _MIN_DIFF_LEN, _MIN_END_LEN)
                  for a in args])


def _line_diff(a, b):
    # A plain LCS diff in difflib.ndiff's notation, without '? ' lines.
    n, m = len(a), len(b)
    table = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            if a[i] == b[j]:
                table[i][j] = table[i + 1][j + 1] + 1
            else:
                table[i][j] = max(table[i + 1][j], table[i][j + 1])
    out = []
    i = j = 0
    while i < n and j < m:
        if a[i] == b[j]:
            out.append("  " + a[i])
            i += 1
            j += 1
        elif table[i + 1][j] >= table[i][j + 1]:
            out.append("- " + a[i])
            i += 1
        else:
            out.append("+ " + b[j])
            j += 1
    out.extend(["- " + x for x in a[i:]])
    out.extend(["+ " + x for x in b[j:]])
    return out


def _pformat(obj):
    # Enough of pprint.pformat for short values: dicts with sorted keys.
    if isinstance(obj, dict):
        try:
            keys = sorted(obj)
        except TypeError:
            keys = list(obj)
        return "{" + ", ".join(["%r: %s" % (k, _pformat(obj[k]))
                                for k in keys]) + "}"
    return repr(obj)


# Which file this module's own frames come from, so failure tracebacks can
# leave them out the way CPython hides unittest's internals.
def _find_own_file():
    try:
        raise RuntimeError
    except RuntimeError as e:
        try:
            import traceback
            frames = traceback.extract_tb(e.__traceback__)
            return frames[-1].filename
        except Exception:
            return None


_OWN_FILE = _find_own_file()


def _format_exc_info(err):
    exc_type, value, tb = err
    try:
        import traceback
    except ImportError:
        return "%s: %s\n" % (exc_type.__name__, value)
    frames = [f for f in traceback.extract_tb(value.__traceback__)
              if f.filename != _OWN_FILE]
    lines = []
    if frames:
        lines.append("Traceback (most recent call last):\n")
        lines.extend(traceback.format_list(frames))
    lines.extend(traceback.format_exception_only(value))
    return "".join(lines)


# --------------------------------------------------------------- results

class TestResult(object):
    """Collects what happened: failures, errors, skips and counts."""

    _previousTestClass = None
    _testRunEntered = False
    _moduleSetUpFailed = False

    def __init__(self, stream=None, descriptions=None, verbosity=None):
        self.failfast = False
        self.failures = []
        self.errors = []
        self.testsRun = 0
        self.skipped = []
        self.expectedFailures = []
        self.unexpectedSuccesses = []
        self.shouldStop = False
        self.buffer = False
        self.tb_locals = False

    def printErrors(self):
        pass

    def startTest(self, test):
        self.testsRun += 1

    def startTestRun(self):
        pass

    def stopTest(self, test):
        pass

    def stopTestRun(self):
        pass

    def addError(self, test, err):
        self.errors.append((test, self._exc_info_to_string(err, test)))
        if self.failfast:
            self.stop()

    def addFailure(self, test, err):
        self.failures.append((test, self._exc_info_to_string(err, test)))
        if self.failfast:
            self.stop()

    def addSubTest(self, test, subtest, err):
        if err is not None:
            if self.failfast:
                self.stop()
            if issubclass(err[0], test.failureException):
                target = self.failures
            else:
                target = self.errors
            target.append((subtest, self._exc_info_to_string(err, test)))

    def addSuccess(self, test):
        pass

    def addSkip(self, test, reason):
        self.skipped.append((test, reason))

    def addExpectedFailure(self, test, err):
        self.expectedFailures.append((test, self._exc_info_to_string(err, test)))

    def addUnexpectedSuccess(self, test):
        self.unexpectedSuccesses.append(test)

    def wasSuccessful(self):
        return (len(self.failures) == len(self.errors) == 0
                and len(self.unexpectedSuccesses) == 0)

    def stop(self):
        self.shouldStop = True

    def _exc_info_to_string(self, err, test):
        return _format_exc_info(err)

    def __repr__(self):
        return "<%s run=%i errors=%i failures=%i>" % (
            _class_label(type(self)), self.testsRun, len(self.errors),
            len(self.failures))


def _class_label(cls):
    # CPython's classes live in unittest.result/.runner/.suite; report
    # those names for ours so reprs read the same.
    label = _LABELS.get(cls)
    return label if label is not None else strclass(cls)


# ------------------------------------------------------------- test case

class _Outcome(object):
    def __init__(self, result=None):
        self.expecting_failure = False
        self.result = result
        self.result_supports_subtests = hasattr(result, "addSubTest")
        self.success = True
        self.expectedFailure = None

    def run_part(self, test_case, func, is_subtest=False):
        # Runs one piece (setUp, the test, tearDown, a cleanup) and files
        # its exception; returns normally in every case.
        was = self.success
        self.success = True
        try:
            func()
        except KeyboardInterrupt:
            raise
        except SkipTest as e:
            self.success = False
            _add_skip(self.result, test_case, str(e))
        except _ShouldStop:
            pass
        except BaseException as e:
            info = (type(e), e, e.__traceback__)
            if self.expecting_failure:
                self.expectedFailure = info
            else:
                self.success = False
                if is_subtest:
                    self.result.addSubTest(test_case.test_case, test_case, info)
                else:
                    _add_error(self.result, test_case, info)
        else:
            if is_subtest and self.success:
                self.result.addSubTest(test_case.test_case, test_case, None)
        self.success = self.success and was


def _add_skip(result, test_case, reason):
    add = getattr(result, "addSkip", None)
    if add is not None:
        add(test_case, reason)
    else:
        result.addSuccess(test_case)


def _add_error(result, test, info):
    if info is not None:
        if issubclass(info[0], test.failureException):
            result.addFailure(test, info)
        else:
            result.addError(test, info)


class _SubTestContext(object):
    """What TestCase.subTest returns: runs its block as a sub-test."""

    def __init__(self, case, msg, params):
        self.case = case
        self.msg = msg
        self.params = params

    def __enter__(self):
        case = self.case
        self.parent = case._subtest
        outcome = case._outcome
        self.active = outcome is not None and outcome.result_supports_subtests
        if self.active:
            if self.parent is None:
                params = dict(self.params)
            else:
                # Inner parameters come first, then the outer ones they
                # do not shadow (the order CPython's chained map gives).
                params = dict(self.params)
                for key in self.parent.params:
                    if key not in params:
                        params[key] = self.parent.params[key]
            case._subtest = _SubTest(case, self.msg, params)
        return None

    def __exit__(self, exc_type, exc, tb):
        if not self.active:
            return False
        case = self.case
        outcome = case._outcome
        sub = case._subtest
        try:
            def body():
                if exc is not None:
                    raise exc
            outcome.run_part(sub, body, True)
            if not outcome.success:
                if outcome.result is not None and outcome.result.failfast:
                    raise _ShouldStop
            elif outcome.expectedFailure:
                raise _ShouldStop
        finally:
            case._subtest = self.parent
        return True


_NO_MSG = object()


class TestCase(object):
    """A group of test_* methods sharing setUp/tearDown."""

    failureException = AssertionError
    longMessage = True
    maxDiff = 80 * 8
    _diffThreshold = 2 ** 16
    _classSetupFailed = False

    def __init__(self, methodName="runTest"):
        self._testMethodName = methodName
        self._outcome = None
        self._subtest = None
        self._cleanups = []
        self._testMethodDoc = "No test"
        try:
            method = getattr(self, methodName)
        except AttributeError:
            if methodName != "runTest":
                raise ValueError("no such test method in %s: %s"
                                 % (self.__class__, methodName))
        else:
            self._testMethodDoc = method.__doc__
        self._type_equality_funcs = {
            dict: "assertDictEqual", list: "assertListEqual",
            tuple: "assertTupleEqual", set: "assertSetEqual",
            frozenset: "assertSetEqual", str: "assertMultiLineEqual",
        }

    def addTypeEqualityFunc(self, typeobj, function):
        self._type_equality_funcs[typeobj] = function

    def addCleanup(self, function, *args, **kwargs):
        self._cleanups.append((function, args, kwargs))

    @classmethod
    def addClassCleanup(cls, function, *args, **kwargs):
        if "_class_cleanups" not in cls.__dict__:
            cls._class_cleanups = []
        cls._class_cleanups.append((function, args, kwargs))

    def setUp(self):
        pass

    def tearDown(self):
        pass

    @classmethod
    def setUpClass(cls):
        pass

    @classmethod
    def tearDownClass(cls):
        pass

    def countTestCases(self):
        return 1

    def defaultTestResult(self):
        return TestResult()

    def shortDescription(self):
        doc = self._testMethodDoc
        if doc:
            return doc.strip().split("\n")[0].strip()
        return None

    def id(self):
        return "%s.%s" % (strclass(self.__class__), self._testMethodName)

    def __eq__(self, other):
        if type(self) is not type(other):
            return NotImplemented
        return self._testMethodName == other._testMethodName

    def __hash__(self):
        return hash((type(self), self._testMethodName))

    def __str__(self):
        return "%s (%s.%s)" % (self._testMethodName, strclass(self.__class__),
                               self._testMethodName)

    def __repr__(self):
        return "<%s testMethod=%s>" % (strclass(self.__class__),
                                       self._testMethodName)

    def subTest(self, msg=_NO_MSG, **params):
        return _SubTestContext(self, msg, params)

    def run(self, result=None):
        own_result = result is None
        if own_result:
            result = self.defaultTestResult()
            result.startTestRun()
        result.startTest(self)
        try:
            method = getattr(self, self._testMethodName)
            # capy's bound methods do not forward attribute reads to their
            # function, so the decorators' marks are read from __func__.
            marked = getattr(method, "__func__", method)
            if (getattr(self.__class__, "__unittest_skip__", False)
                    or getattr(marked, "__unittest_skip__", False)):
                why = (getattr(self.__class__, "__unittest_skip_why__", "")
                       or getattr(marked, "__unittest_skip_why__", ""))
                _add_skip(result, self, why)
                return result
            expecting = (getattr(self, "__unittest_expecting_failure__", False)
                         or getattr(marked, "__unittest_expecting_failure__",
                                    False))
            outcome = _Outcome(result)
            try:
                self._outcome = outcome
                outcome.run_part(self, self.setUp)
                if outcome.success:
                    outcome.expecting_failure = expecting
                    outcome.run_part(self, method)
                    outcome.expecting_failure = False
                    outcome.run_part(self, self.tearDown)
                self.doCleanups()
                if outcome.success:
                    if expecting:
                        if outcome.expectedFailure:
                            result.addExpectedFailure(self,
                                                      outcome.expectedFailure)
                        else:
                            result.addUnexpectedSuccess(self)
                    else:
                        result.addSuccess(self)
                return result
            finally:
                outcome.expectedFailure = None
                self._outcome = None
        finally:
            result.stopTest(self)
            if own_result:
                result.stopTestRun()

    def doCleanups(self):
        outcome = self._outcome or _Outcome()
        while self._cleanups:
            function, args, kwargs = self._cleanups.pop()
            outcome.run_part(self, lambda: function(*args, **kwargs))
        return outcome.success

    def __call__(self, *args, **kwds):
        return self.run(*args, **kwds)

    def debug(self):
        self.setUp()
        getattr(self, self._testMethodName)()
        self.tearDown()
        while self._cleanups:
            function, args, kwargs = self._cleanups.pop()
            function(*args, **kwargs)

    def skipTest(self, reason):
        raise SkipTest(reason)

    def fail(self, msg=None):
        raise self.failureException(msg)

    def _formatMessage(self, msg, standardMsg):
        if not self.longMessage:
            return msg or standardMsg
        if msg is None:
            return standardMsg
        try:
            return "%s : %s" % (standardMsg, msg)
        except UnicodeDecodeError:
            return "%s : %s" % (safe_repr(standardMsg), safe_repr(msg))

    def _truncateMessage(self, message, diff):
        limit = self.maxDiff
        if limit is None or len(diff) <= limit:
            return message + diff
        return message + (DIFF_OMITTED % len(diff))

    # -- truth and identity

    def assertTrue(self, expr, msg=None):
        if not expr:
            self.fail(self._formatMessage(msg, "%s is not true" % safe_repr(expr)))

    def assertFalse(self, expr, msg=None):
        if expr:
            self.fail(self._formatMessage(msg, "%s is not false" % safe_repr(expr)))

    def assertIs(self, expr1, expr2, msg=None):
        if expr1 is not expr2:
            self.fail(self._formatMessage(
                msg, "%s is not %s" % (safe_repr(expr1), safe_repr(expr2))))

    def assertIsNot(self, expr1, expr2, msg=None):
        if expr1 is expr2:
            self.fail(self._formatMessage(
                msg, "unexpectedly identical: %s" % safe_repr(expr1)))

    def assertIsNone(self, obj, msg=None):
        if obj is not None:
            self.fail(self._formatMessage(msg, "%s is not None" % safe_repr(obj)))

    def assertIsNotNone(self, obj, msg=None):
        if obj is None:
            self.fail(self._formatMessage(msg, "unexpectedly None"))

    def assertIn(self, member, container, msg=None):
        if member not in container:
            self.fail(self._formatMessage(msg, "%s not found in %s" % (
                safe_repr(member), safe_repr(container))))

    def assertNotIn(self, member, container, msg=None):
        if member in container:
            self.fail(self._formatMessage(msg, "%s unexpectedly found in %s" % (
                safe_repr(member), safe_repr(container))))

    def assertIsInstance(self, obj, cls, msg=None):
        if not isinstance(obj, cls):
            self.fail(self._formatMessage(
                msg, "%s is not an instance of %r" % (safe_repr(obj), cls)))

    def assertNotIsInstance(self, obj, cls, msg=None):
        if isinstance(obj, cls):
            self.fail(self._formatMessage(
                msg, "%s is an instance of %r" % (safe_repr(obj), cls)))

    # -- equality

    def _equality_func(self, first, second):
        if type(first) == type(second):
            name = self._type_equality_funcs.get(type(first))
            if name is not None:
                if isinstance(name, str):
                    return getattr(self, name)
                return name
        return self._baseAssertEqual

    def _baseAssertEqual(self, first, second, msg=None):
        if not first == second:
            standard = "%s != %s" % _common_shorten_repr(first, second)
            self.fail(self._formatMessage(msg, standard))

    def assertEqual(self, first, second, msg=None):
        self._equality_func(first, second)(first, second, msg=msg)

    def assertNotEqual(self, first, second, msg=None):
        if not first != second:
            self.fail(self._formatMessage(msg, "%s == %s" % (
                safe_repr(first), safe_repr(second))))

    def assertAlmostEqual(self, first, second, places=None, msg=None,
                          delta=None):
        if first == second:
            return
        if delta is not None and places is not None:
            raise TypeError("specify delta or places not both")
        diff = abs(first - second)
        if delta is not None:
            if diff <= delta:
                return
            standard = "%s != %s within %s delta (%s difference)" % (
                safe_repr(first), safe_repr(second), safe_repr(delta),
                safe_repr(diff))
        else:
            if places is None:
                places = 7
            if round(diff, places) == 0:
                return
            standard = "%s != %s within %r places (%s difference)" % (
                safe_repr(first), safe_repr(second), places, safe_repr(diff))
        raise self.failureException(self._formatMessage(msg, standard))

    def assertNotAlmostEqual(self, first, second, places=None, msg=None,
                             delta=None):
        if delta is not None and places is not None:
            raise TypeError("specify delta or places not both")
        diff = abs(first - second)
        if delta is not None:
            if not (first == second) and diff > delta:
                return
            standard = "%s == %s within %s delta (%s difference)" % (
                safe_repr(first), safe_repr(second), safe_repr(delta),
                safe_repr(diff))
        else:
            if places is None:
                places = 7
            if not (first == second) and round(diff, places) != 0:
                return
            standard = "%s == %s within %r places" % (
                safe_repr(first), safe_repr(second), places)
        raise self.failureException(self._formatMessage(msg, standard))

    def assertSequenceEqual(self, seq1, seq2, msg=None, seq_type=None):
        if seq_type is not None:
            kind = seq_type.__name__
            if not isinstance(seq1, seq_type):
                raise self.failureException("First sequence is not a %s: %s"
                                            % (kind, safe_repr(seq1)))
            if not isinstance(seq2, seq_type):
                raise self.failureException("Second sequence is not a %s: %s"
                                            % (kind, safe_repr(seq2)))
        else:
            kind = "sequence"
        text = None
        try:
            len1 = len(seq1)
        except (TypeError, NotImplementedError):
            text = "First %s has no length.    Non-sequence?" % kind
        if text is None:
            try:
                len2 = len(seq2)
            except (TypeError, NotImplementedError):
                text = "Second %s has no length.    Non-sequence?" % kind
        if text is None:
            if seq1 == seq2:
                return
            text = "%ss differ: %s != %s\n" % (
                (kind.capitalize(),) + _common_shorten_repr(seq1, seq2))
            all_same = True
            for i in range(min(len1, len2)):
                try:
                    item1 = seq1[i]
                except (TypeError, IndexError, NotImplementedError):
                    text += "\nUnable to index element %d of first %s\n" % (i, kind)
                    all_same = False
                    break
                try:
                    item2 = seq2[i]
                except (TypeError, IndexError, NotImplementedError):
                    text += "\nUnable to index element %d of second %s\n" % (i, kind)
                    all_same = False
                    break
                if item1 != item2:
                    text += "\nFirst differing element %d:\n%s\n%s\n" % (
                        (i,) + _common_shorten_repr(item1, item2))
                    all_same = False
                    break
            if all_same and len1 == len2 and seq_type is None \
                    and type(seq1) != type(seq2):
                # Equal items in sequences of different types: accepted.
                return
            if len1 > len2:
                text += "\nFirst %s contains %d additional elements.\n" % (
                    kind, len1 - len2)
                try:
                    text += "First extra element %d:\n%s\n" % (
                        len2, safe_repr(seq1[len2]))
                except (TypeError, IndexError, NotImplementedError):
                    text += "Unable to index element %d of first %s\n" % (
                        len2, kind)
            elif len1 < len2:
                text += "\nSecond %s contains %d additional elements.\n" % (
                    kind, len2 - len1)
                try:
                    text += "First extra element %d:\n%s\n" % (
                        len1, safe_repr(seq2[len1]))
                except (TypeError, IndexError, NotImplementedError):
                    text += "Unable to index element %d of second %s\n" % (
                        len1, kind)
        diff = "\n" + "\n".join(_line_diff(_pformat(seq1).splitlines(),
                                           _pformat(seq2).splitlines()))
        text = self._truncateMessage(text, diff)
        self.fail(self._formatMessage(msg, text))

    def assertListEqual(self, list1, list2, msg=None):
        self.assertSequenceEqual(list1, list2, msg, seq_type=list)

    def assertTupleEqual(self, tuple1, tuple2, msg=None):
        self.assertSequenceEqual(tuple1, tuple2, msg, seq_type=tuple)

    def assertSetEqual(self, set1, set2, msg=None):
        try:
            only1 = set1.difference(set2)
        except TypeError as e:
            self.fail("invalid type when attempting set difference: %s" % e)
        except AttributeError as e:
            self.fail("first argument does not support set difference: %s" % e)
        try:
            only2 = set2.difference(set1)
        except TypeError as e:
            self.fail("invalid type when attempting set difference: %s" % e)
        except AttributeError as e:
            self.fail("second argument does not support set difference: %s" % e)
        if not (only1 or only2):
            return
        lines = []
        if only1:
            lines.append("Items in the first set but not the second:")
            for item in only1:
                lines.append(repr(item))
        if only2:
            lines.append("Items in the second set but not the first:")
            for item in only2:
                lines.append(repr(item))
        self.fail(self._formatMessage(msg, "\n".join(lines)))

    def assertDictEqual(self, d1, d2, msg=None):
        self.assertIsInstance(d1, dict, "First argument is not a dictionary")
        self.assertIsInstance(d2, dict, "Second argument is not a dictionary")
        if d1 != d2:
            standard = "%s != %s" % _common_shorten_repr(d1, d2)
            diff = "\n" + "\n".join(_line_diff(_pformat(d1).splitlines(),
                                               _pformat(d2).splitlines()))
            standard = self._truncateMessage(standard, diff)
            self.fail(self._formatMessage(msg, standard))

    def assertMultiLineEqual(self, first, second, msg=None):
        self.assertIsInstance(first, str, "First argument is not a string")
        self.assertIsInstance(second, str, "Second argument is not a string")
        if first != second:
            if len(first) > self._diffThreshold or len(second) > self._diffThreshold:
                self._baseAssertEqual(first, second, msg)
            lines1 = first.splitlines(True)
            lines2 = second.splitlines(True)
            if len(lines1) == 1 and first.strip("\r\n") == first:
                lines1 = [first + "\n"]
                lines2 = [second + "\n"]
            standard = "%s != %s" % _common_shorten_repr(first, second)
            diff = "\n" + "".join(_line_diff(lines1, lines2))
            standard = self._truncateMessage(standard, diff)
            self.fail(self._formatMessage(msg, standard))

    def assertCountEqual(self, first, second, msg=None):
        seq1, seq2 = list(first), list(second)
        try:
            counts1 = _ordered_count(seq1)
            counts2 = _ordered_count(seq2)
        except TypeError:
            differences = _count_diff_all_purpose(seq1, seq2)
        else:
            if counts1 == counts2:
                return
            differences = _count_diff_hashable(counts1, counts2)
        if differences:
            standard = "Element counts were not equal:\n"
            lines = ["First has %d, Second has %d:  %r" % d for d in differences]
            standard = self._truncateMessage(standard, "\n".join(lines))
            self.fail(self._formatMessage(msg, standard))

    # -- ordering

    def assertLess(self, a, b, msg=None):
        if not a < b:
            self.fail(self._formatMessage(msg, "%s not less than %s" % (
                safe_repr(a), safe_repr(b))))

    def assertLessEqual(self, a, b, msg=None):
        if not a <= b:
            self.fail(self._formatMessage(msg, "%s not less than or equal to %s"
                                          % (safe_repr(a), safe_repr(b))))

    def assertGreater(self, a, b, msg=None):
        if not a > b:
            self.fail(self._formatMessage(msg, "%s not greater than %s" % (
                safe_repr(a), safe_repr(b))))

    def assertGreaterEqual(self, a, b, msg=None):
        if not a >= b:
            self.fail(self._formatMessage(
                msg, "%s not greater than or equal to %s" % (
                    safe_repr(a), safe_repr(b))))

    # -- regular expressions

    def assertRegex(self, text, expected_regex, msg=None):
        if isinstance(expected_regex, (str, bytes)):
            assert expected_regex, "expected_regex must not be empty."
            expected_regex = _re.compile(expected_regex)
        if not expected_regex.search(text):
            self.fail(self._formatMessage(
                msg, "Regex didn't match: %r not found in %r" % (
                    expected_regex.pattern, text)))

    def assertNotRegex(self, text, unexpected_regex, msg=None):
        if isinstance(unexpected_regex, (str, bytes)):
            unexpected_regex = _re.compile(unexpected_regex)
        m = unexpected_regex.search(text)
        if m:
            self.fail(self._formatMessage(
                msg, "Regex matched: %r matches %r in %r" % (
                    text[m.start():m.end()], unexpected_regex.pattern, text)))

    # -- exceptions

    def assertRaises(self, expected_exception, *args, **kwargs):
        ctx = _AssertRaisesContext(expected_exception, self)
        return ctx.handle("assertRaises", args, kwargs)

    def assertRaisesRegex(self, expected_exception, expected_regex, *args,
                          **kwargs):
        ctx = _AssertRaisesContext(expected_exception, self, expected_regex)
        return ctx.handle("assertRaisesRegex", args, kwargs)

    # Old spellings still found in test files.
    failUnlessEqual = assertEquals = assertEqual
    failIfEqual = assertNotEquals = assertNotEqual
    failUnless = assert_ = assertTrue
    failIf = assertFalse
    assertRaisesRegexp = assertRaisesRegex
    assertRegexpMatches = assertRegex
    assertNotRegexpMatches = assertNotRegex
    assertAlmostEquals = assertAlmostEqual
    assertNotAlmostEquals = assertNotAlmostEqual


def _ordered_count(items):
    counts = {}
    for x in items:
        counts[x] = counts.get(x, 0) + 1
    return counts


def _count_diff_hashable(counts1, counts2):
    out = []
    for elem in counts1:
        c1 = counts1[elem]
        c2 = counts2.get(elem, 0)
        if c1 != c2:
            out.append((c1, c2, elem))
    for elem in counts2:
        if elem not in counts1:
            out.append((0, counts2[elem], elem))
    return out


def _count_diff_all_purpose(actual, expected):
    # For unhashable items: count by equality, marking used slots.
    s, t = list(actual), list(expected)
    used = object()
    out = []
    for i in range(len(s)):
        elem = s[i]
        if elem is used:
            continue
        c1 = c2 = 0
        for j in range(i, len(s)):
            if s[j] is not used and s[j] == elem:
                c1 += 1
                s[j] = used
        for j in range(len(t)):
            if t[j] is not used and t[j] == elem:
                c2 += 1
                t[j] = used
        if c1 != c2:
            out.append((c1, c2, elem))
    for i in range(len(t)):
        elem = t[i]
        if elem is used:
            continue
        c2 = 0
        for j in range(i, len(t)):
            if t[j] is not used and t[j] == elem:
                c2 += 1
                t[j] = used
        out.append((0, c2, elem))
    return out


class _AssertRaisesContext(object):
    """Both the context manager and the engine behind assertRaises."""

    def __init__(self, expected, test_case, expected_regex=None):
        self.expected = expected
        self.test_case = test_case
        if expected_regex is not None and isinstance(expected_regex, str):
            expected_regex = _re.compile(expected_regex)
        self.expected_regex = expected_regex
        self.obj_name = None
        self.msg = None

    def _raiseFailure(self, standardMsg):
        msg = self.test_case._formatMessage(self.msg, standardMsg)
        raise self.test_case.failureException(msg)

    def handle(self, name, args, kwargs):
        if not _is_exception_spec(self.expected):
            raise TypeError("%s() arg 1 must be an exception type or tuple "
                            "of exception types" % name)
        if not args:
            self.msg = kwargs.pop("msg", None)
            if kwargs:
                raise TypeError("%r is an invalid keyword argument for this "
                                "function" % (next(iter(kwargs)),))
            return self
        func = args[0]
        rest = args[1:]
        try:
            self.obj_name = func.__name__
        except AttributeError:
            self.obj_name = str(func)
        with self:
            func(*rest, **kwargs)
        return None

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, tb):
        if exc_type is None:
            try:
                name = self.expected.__name__
            except AttributeError:
                name = str(self.expected)
            if self.obj_name:
                self._raiseFailure("{} not raised by {}".format(name,
                                                                self.obj_name))
            else:
                self._raiseFailure("{} not raised".format(name))
        if not issubclass(exc_type, self.expected):
            return False
        self.exception = exc_value
        if self.expected_regex is None:
            return True
        if not self.expected_regex.search(str(exc_value)):
            self._raiseFailure('"{}" does not match "{}"'.format(
                self.expected_regex.pattern, str(exc_value)))
        return True


def _is_exception_spec(spec):
    if isinstance(spec, type) and issubclass(spec, BaseException):
        return True
    if isinstance(spec, tuple) and spec:
        for item in spec:
            if not (isinstance(item, type) and issubclass(item, BaseException)):
                return False
        return True
    return False


class _SubTest(TestCase):
    """Stands for one subTest block in results and reports."""

    def __init__(self, test_case, message, params):
        TestCase.__init__(self)
        self._message = message
        self.test_case = test_case
        self.params = params
        self.failureException = test_case.failureException

    def runTest(self):
        raise NotImplementedError("subtests cannot be run directly")

    def _subDescription(self):
        parts = []
        if self._message is not _NO_MSG:
            parts.append("[{}]".format(self._message))
        if self.params:
            parts.append("({})".format(", ".join(
                ["{}={!r}".format(k, v) for k, v in self.params.items()])))
        return " ".join(parts) or "(<subtest>)"

    def id(self):
        return "{} {}".format(self.test_case.id(), self._subDescription())

    def shortDescription(self):
        return self.test_case.shortDescription()

    def __str__(self):
        return "{} {}".format(self.test_case, self._subDescription())


class _ErrorHolder(object):
    """Stands for a failing setUpClass/tearDownClass in the report."""

    failureException = None

    def __init__(self, description):
        self.description = description

    def id(self):
        return self.description

    def shortDescription(self):
        return None

    def __str__(self):
        return self.id()

    def __repr__(self):
        return "<ErrorHolder description=%r>" % (self.description,)

    def run(self, result):
        pass

    def countTestCases(self):
        return 0


# ------------------------------------------------------------ decorators

def skip(reason):
    """Mark a test method or class as skipped, with a reason."""
    def decorate(item):
        if not isinstance(item, type):
            original = item

            def skipped(*args, **kwargs):
                raise SkipTest(reason)
            skipped.__name__ = getattr(original, "__name__", "skipped")
            skipped.__doc__ = getattr(original, "__doc__", None)
            item = skipped
        item.__unittest_skip__ = True
        item.__unittest_skip_why__ = reason
        return item
    if callable(reason) and not isinstance(reason, str):
        func = reason
        reason = ""
        return decorate(func)
    return decorate


def _keep(item):
    return item


def skipIf(condition, reason):
    if condition:
        return skip(reason)
    return _keep


def skipUnless(condition, reason):
    if not condition:
        return skip(reason)
    return _keep


def expectedFailure(test_item):
    test_item.__unittest_expecting_failure__ = True
    return test_item


# ----------------------------------------------------------------- suite

def _is_suite(test):
    try:
        iter(test)
    except TypeError:
        return False
    return True


class BaseTestSuite(object):
    """An ordered collection of tests (cases or other suites)."""

    _cleanup = True

    def __init__(self, tests=()):
        self._tests = []
        self._removed_tests = 0
        self.addTests(tests)

    def __repr__(self):
        return "<%s tests=%s>" % (_class_label(type(self)), list(self))

    def __eq__(self, other):
        if not isinstance(other, self.__class__):
            return NotImplemented
        return list(self) == list(other)

    def __iter__(self):
        return iter(self._tests)

    def countTestCases(self):
        total = self._removed_tests
        for test in self:
            if test:
                total += test.countTestCases()
        return total

    def addTest(self, test):
        if not callable(test):
            raise TypeError("{} is not callable".format(repr(test)))
        if isinstance(test, type) and issubclass(test, (TestCase, TestSuite)):
            raise TypeError("TestCases and TestSuites must be instantiated "
                            "before passing them to addTest()")
        self._tests.append(test)

    def addTests(self, tests):
        if isinstance(tests, str):
            raise TypeError("tests must be an iterable of tests, not a string")
        for test in tests:
            self.addTest(test)

    def run(self, result):
        for test in self:
            if result.shouldStop:
                break
            test(result)
        return result

    def __call__(self, *args, **kwds):
        return self.run(*args, **kwds)

    def debug(self):
        for test in self:
            test.debug()


class TestSuite(BaseTestSuite):
    """A suite that also runs setUpClass/tearDownClass around each class."""

    def run(self, result, debug=False):
        top = False
        if not getattr(result, "_testRunEntered", False):
            result._testRunEntered = top = True
        for test in self:
            if result.shouldStop:
                break
            if not _is_suite(test):
                self._tearDownPreviousClass(test, result)
                self._handleClassSetUp(test, result)
                result._previousTestClass = test.__class__
                if getattr(test.__class__, "_classSetupFailed", False):
                    continue
            test(result)
        if top:
            self._tearDownPreviousClass(None, result)
            result._testRunEntered = False
        return result

    def _handleClassSetUp(self, test, result):
        previous = getattr(result, "_previousTestClass", None)
        current = test.__class__
        if current == previous:
            return
        if getattr(current, "__unittest_skip__", False):
            return
        current._classSetupFailed = False
        setup = getattr(current, "setUpClass", None)
        if setup is not None:
            try:
                setup()
            except Exception as e:
                current._classSetupFailed = True
                self._addClassOrModuleLevelException(
                    result, e, "setUpClass (%s)" % strclass(current))
                self._doClassCleanups(current, result)

    def _tearDownPreviousClass(self, test, result):
        previous = getattr(result, "_previousTestClass", None)
        current = test.__class__
        if current == previous or previous is None:
            return
        if getattr(previous, "_classSetupFailed", False):
            return
        if getattr(previous, "__unittest_skip__", False):
            return
        teardown = getattr(previous, "tearDownClass", None)
        if teardown is not None:
            try:
                teardown()
            except Exception as e:
                self._addClassOrModuleLevelException(
                    result, e, "tearDownClass (%s)" % strclass(previous))
        self._doClassCleanups(previous, result)

    def _doClassCleanups(self, cls, result):
        cleanups = cls.__dict__.get("_class_cleanups")
        while cleanups:
            function, args, kwargs = cleanups.pop()
            try:
                function(*args, **kwargs)
            except Exception as e:
                self._addClassOrModuleLevelException(
                    result, e, "tearDownClass (%s)" % strclass(cls))

    def _addClassOrModuleLevelException(self, result, exc, description):
        holder = _ErrorHolder(description)
        if isinstance(exc, SkipTest):
            _add_skip(result, holder, str(exc))
        else:
            result.addError(holder, (type(exc), exc, exc.__traceback__))


# ---------------------------------------------------------------- loader

class TestLoader(object):
    """Builds suites from TestCase classes, modules and dotted names."""

    testMethodPrefix = "test"
    suiteClass = TestSuite
    testNamePatterns = None

    def __init__(self):
        self.errors = []

    def loadTestsFromTestCase(self, testCaseClass):
        if issubclass(testCaseClass, TestSuite):
            raise TypeError("Test cases should not be derived from TestSuite."
                            " Maybe you meant to derive from TestCase?")
        names = self.getTestCaseNames(testCaseClass)
        if not names and hasattr(testCaseClass, "runTest"):
            names = ["runTest"]
        return self.suiteClass([testCaseClass(n) for n in names])

    def getTestCaseNames(self, testCaseClass):
        prefix = self.testMethodPrefix
        names = []
        for name in dir(testCaseClass):
            if not name.startswith(prefix):
                continue
            if not callable(getattr(testCaseClass, name)):
                continue
            if self.testNamePatterns is not None:
                full = "%s.%s.%s" % (testCaseClass.__module__,
                                     testCaseClass.__qualname__, name)
                if not any([_pattern_match(full, p)
                            for p in self.testNamePatterns]):
                    continue
            names.append(name)
        names.sort()
        return names

    def loadTestsFromModule(self, module, *args, pattern=None, **kws):
        tests = []
        for name in dir(module):
            obj = getattr(module, name)
            if isinstance(obj, type) and issubclass(obj, TestCase):
                tests.append(self.loadTestsFromTestCase(obj))
        load_tests = getattr(module, "load_tests", None)
        tests = self.suiteClass(tests)
        if load_tests is not None:
            return load_tests(self, tests, pattern)
        return tests

    def loadTestsFromName(self, name, module=None):
        parts = name.split(".")
        if module is None:
            # Import the longest importable prefix, then walk attributes.
            i = len(parts)
            while True:
                try:
                    obj = __import__(".".join(parts[:i]))
                    break
                except ImportError:
                    i -= 1
                    if i == 0:
                        raise
            rest = parts[1:]
        else:
            obj = module
            rest = parts
        parent = None
        for part in rest:
            parent, obj = obj, getattr(obj, part)
        if isinstance(obj, type) and issubclass(obj, TestCase):
            return self.loadTestsFromTestCase(obj)
        if (parent is not None and isinstance(parent, type)
                and issubclass(parent, TestCase) and callable(obj)):
            return self.suiteClass([parent(parts[-1])])
        if isinstance(obj, TestSuite):
            return obj
        if callable(obj):
            test = obj()
            if isinstance(test, TestSuite) or isinstance(test, TestCase):
                return test
            raise TypeError("calling %s returned %s, not a test" % (obj, test))
        raise TypeError("don't know how to make test from: %s" % obj)

    def loadTestsFromNames(self, names, module=None):
        return self.suiteClass([self.loadTestsFromName(n, module)
                                for n in names])


def _pattern_match(name, pattern):
    if "*" not in pattern:
        pattern = "*%s*" % pattern
    regex = "^" + ".*".join([_re.escape(p) for p in pattern.split("*")]) + "$"
    return _re.match(regex, name) is not None


defaultTestLoader = TestLoader()


# ---------------------------------------------------------------- runner

class _WritelnDecorator(object):
    """Adds writeln() to a stream."""

    def __init__(self, stream):
        self.stream = stream

    def __getattr__(self, attr):
        if attr in ("stream", "__getstate__"):
            raise AttributeError(attr)
        return getattr(self.stream, attr)

    def write(self, text):
        self.stream.write(text)

    def flush(self):
        f = getattr(self.stream, "flush", None)
        if f is not None:
            f()

    def writeln(self, arg=None):
        if arg:
            self.stream.write(arg)
        self.stream.write("\n")


class TextTestResult(TestResult):
    """A result that reports progress to a stream as the tests run."""

    separator1 = "=" * 70
    separator2 = "-" * 70

    def __init__(self, stream, descriptions, verbosity):
        TestResult.__init__(self, stream, descriptions, verbosity)
        self.stream = stream
        self.showAll = verbosity > 1
        self.dots = verbosity == 1
        self.descriptions = descriptions
        self._newline = True

    def getDescription(self, test):
        doc = test.shortDescription()
        if self.descriptions and doc:
            return "\n".join((str(test), doc))
        return str(test)

    def startTest(self, test):
        TestResult.startTest(self, test)
        if self.showAll:
            self.stream.write(self.getDescription(test))
            self.stream.write(" ... ")
            self.stream.flush()
            self._newline = False

    def _write_status(self, test, status):
        is_sub = isinstance(test, _SubTest)
        if is_sub or self._newline:
            if not self._newline:
                self.stream.writeln()
            if is_sub:
                self.stream.write("  ")
            self.stream.write(self.getDescription(test))
            self.stream.write(" ... ")
        self.stream.writeln(status)
        self.stream.flush()
        self._newline = True

    def _progress(self, status, mark, test):
        if self.showAll:
            self._write_status(test, status)
        elif self.dots:
            self.stream.write(mark)
            self.stream.flush()

    def addSubTest(self, test, subtest, err):
        if err is not None:
            if issubclass(err[0], subtest.failureException):
                self._progress("FAIL", "F", subtest)
            else:
                self._progress("ERROR", "E", subtest)
        TestResult.addSubTest(self, test, subtest, err)

    def addSuccess(self, test):
        TestResult.addSuccess(self, test)
        self._progress("ok", ".", test)

    def addError(self, test, err):
        TestResult.addError(self, test, err)
        self._progress("ERROR", "E", test)

    def addFailure(self, test, err):
        TestResult.addFailure(self, test, err)
        self._progress("FAIL", "F", test)

    def addSkip(self, test, reason):
        TestResult.addSkip(self, test, reason)
        self._progress("skipped {0!r}".format(reason), "s", test)

    def addExpectedFailure(self, test, err):
        TestResult.addExpectedFailure(self, test, err)
        self._progress("expected failure", "x", test)

    def addUnexpectedSuccess(self, test):
        TestResult.addUnexpectedSuccess(self, test)
        self._progress("unexpected success", "u", test)

    def printErrors(self):
        if self.dots or self.showAll:
            self.stream.writeln()
            self.stream.flush()
        self.printErrorList("ERROR", self.errors)
        self.printErrorList("FAIL", self.failures)
        if self.unexpectedSuccesses:
            self.stream.writeln(self.separator1)
            for test in self.unexpectedSuccesses:
                self.stream.writeln("UNEXPECTED SUCCESS: %s"
                                    % self.getDescription(test))
            self.stream.flush()

    def printErrorList(self, flavour, errors):
        for test, err in errors:
            self.stream.writeln(self.separator1)
            self.stream.writeln("%s: %s" % (flavour, self.getDescription(test)))
            self.stream.writeln(self.separator2)
            self.stream.writeln("%s" % err)
            self.stream.flush()


class TextTestRunner(object):
    """Runs a test or suite and prints a report to a stream."""

    resultclass = TextTestResult

    def __init__(self, stream=None, descriptions=True, verbosity=1,
                 failfast=False, buffer=False, resultclass=None, warnings=None,
                 *, tb_locals=False):
        if stream is None:
            stream = _sys.stderr
        self.stream = _WritelnDecorator(stream)
        self.descriptions = descriptions
        self.verbosity = verbosity
        self.failfast = failfast
        self.buffer = buffer
        self.tb_locals = tb_locals
        self.warnings = warnings
        if resultclass is not None:
            self.resultclass = resultclass

    def _makeResult(self):
        return self.resultclass(self.stream, self.descriptions, self.verbosity)

    def run(self, test):
        result = self._makeResult()
        result.failfast = self.failfast
        result.buffer = self.buffer
        result.tb_locals = self.tb_locals
        started = _clock()
        start_run = getattr(result, "startTestRun", None)
        if start_run is not None:
            start_run()
        try:
            test(result)
        finally:
            stop_run = getattr(result, "stopTestRun", None)
            if stop_run is not None:
                stop_run()
        taken = _clock() - started
        result.printErrors()
        if hasattr(result, "separator2"):
            self.stream.writeln(result.separator2)
        run = result.testsRun
        self.stream.writeln("Ran %d test%s in %.3fs"
                            % (run, "s" if run != 1 else "", taken))
        self.stream.writeln()
        expected = len(result.expectedFailures)
        unexpected = len(result.unexpectedSuccesses)
        skipped = len(result.skipped)
        infos = []
        if not result.wasSuccessful():
            self.stream.write("FAILED")
            if result.failures:
                infos.append("failures=%d" % len(result.failures))
            if result.errors:
                infos.append("errors=%d" % len(result.errors))
        else:
            self.stream.write("OK")
        if skipped:
            infos.append("skipped=%d" % skipped)
        if expected:
            infos.append("expected failures=%d" % expected)
        if unexpected:
            infos.append("unexpected successes=%d" % unexpected)
        if infos:
            self.stream.writeln(" (%s)" % (", ".join(infos),))
        else:
            self.stream.write("\n")
        self.stream.flush()
        return result


_LABELS = {
    TestResult: "unittest.result.TestResult",
    TextTestResult: "unittest.runner.TextTestResult",
    BaseTestSuite: "unittest.suite.BaseTestSuite",
    TestSuite: "unittest.suite.TestSuite",
}


# ------------------------------------------------------------------ main

class TestProgram(object):
    """Loads tests from a module (default __main__), runs them, exits."""

    def __init__(self, module="__main__", defaultTest=None, argv=None,
                 testRunner=None, testLoader=defaultTestLoader, exit=True,
                 verbosity=1, failfast=None, catchbreak=None, buffer=None,
                 warnings=None, *, tb_locals=False):
        if isinstance(module, str):
            self.module = __import__(module)
            for part in module.split(".")[1:]:
                self.module = getattr(self.module, part)
        else:
            self.module = module
        if argv is None:
            argv = _sys.argv
        self.exit = exit
        self.failfast = failfast
        self.buffer = buffer
        self.verbosity = verbosity
        self.defaultTest = defaultTest
        self.testRunner = testRunner
        self.testLoader = testLoader
        self.progName = argv[0] if argv else "python"
        self.parseArgs(argv)
        self.runTests()

    def parseArgs(self, argv):
        names = []
        args = list(argv[1:])
        i = 0
        while i < len(args):
            a = args[i]
            if a in ("-v", "--verbose"):
                self.verbosity = 2
            elif a in ("-q", "--quiet"):
                self.verbosity = 0
            elif a in ("-f", "--failfast"):
                self.failfast = True
            elif a == "-k" and i + 1 < len(args):
                i += 1
                pats = self.testLoader.testNamePatterns or []
                self.testLoader.testNamePatterns = pats + [args[i]]
            else:
                names.append(a)
            i += 1
        if names:
            self.testNames = names
        elif self.defaultTest is None:
            self.testNames = None
        elif isinstance(self.defaultTest, str):
            self.testNames = (self.defaultTest,)
        else:
            self.testNames = list(self.defaultTest)
        if self.testNames is None:
            self.test = self.testLoader.loadTestsFromModule(self.module)
        else:
            self.test = self.testLoader.loadTestsFromNames(self.testNames,
                                                           self.module)

    def runTests(self):
        runner = self.testRunner
        if runner is None:
            runner = TextTestRunner
        if isinstance(runner, type):
            runner = runner(verbosity=self.verbosity,
                            failfast=bool(self.failfast),
                            buffer=bool(self.buffer))
        self.result = runner.run(self.test)
        if self.exit:
            _sys.exit(not self.result.wasSuccessful())


main = TestProgram
