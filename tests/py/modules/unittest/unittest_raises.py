# Checks assertRaises / assertRaisesRegex in both forms (callable and
# context manager with .exception), their failure messages and argument
# errors, plus subTest nesting, addCleanup order, TestCase.run() without a
# result and a custom TestResult subclass.
import unittest

class T(unittest.TestCase):
    def runTest(self):
        pass

t = T()

def report(label, func):
    try:
        func()
    except AssertionError as e:
        print(label, '-> AssertionError:', e)
    except Exception as e:
        print(label, '->', type(e).__name__ + ':', e)
    else:
        print(label, '-> ok')

def boom(x):
    raise ValueError('bad value %s' % x)

def quiet():
    return 1

report('callable', lambda: t.assertRaises(ValueError, boom, 3))
report('callable kw', lambda: t.assertRaises(ValueError, boom, x=4))
report('not raised', lambda: t.assertRaises(ValueError, quiet))
report('tuple', lambda: t.assertRaises((KeyError, ValueError), boom, 1))
report('tuple not raised', lambda: t.assertRaises((KeyError, ValueError), quiet))
report('other exception', lambda: t.assertRaises(KeyError, boom, 5))
report('bad type', lambda: t.assertRaises(42, boom, 1))
report('bad kwarg', lambda: t.assertRaises(ValueError, foo=1))
report('regex ok', lambda: t.assertRaisesRegex(ValueError, r'value \d', boom, 7))
report('regex bad', lambda: t.assertRaisesRegex(ValueError, 'nope', boom, 7))

with t.assertRaises(ZeroDivisionError) as cm:
    1 / 0
print(type(cm.exception).__name__, cm.exception.args)

with t.assertRaisesRegex(KeyError, 'zz') as cm:
    {}['zz']
print(repr(cm.exception))

def ctx_not_raised():
    with t.assertRaises(TypeError):
        pass
report('ctx not raised', ctx_not_raised)

def ctx_msg():
    with t.assertRaises(TypeError, msg='extra words'):
        pass
report('ctx msg', ctx_msg)

def ctx_regex_mismatch():
    with t.assertRaisesRegex(ValueError, '^x'):
        raise ValueError('y')
report('ctx regex mismatch', ctx_regex_mismatch)

class Custom(Exception):
    pass

def ctx_subclass():
    with t.assertRaises(Exception) as cm:
        raise Custom('mine')
    print('caught', type(cm.exception).__name__, cm.exception)
report('ctx subclass', ctx_subclass)

# subTest nesting and parameters, run directly with a plain TestResult
order = []

class Sub(unittest.TestCase):
    def test_nested(self):
        for a in (1, 2):
            with self.subTest(a=a):
                for b in ('x', 'y'):
                    with self.subTest('inner', b=b):
                        order.append((a, b))
                        if a == 2 and b == 'y':
                            self.fail('stop here')

    def test_cleanups(self):
        self.addCleanup(order.append, 'first added')
        self.addCleanup(order.append, 'second added')

result = unittest.TestResult()
Sub('test_nested').run(result)
Sub('test_cleanups').run(result)
print(order)
print([str(test) for test, _ in result.failures])
print([test.id() for test, _ in result.failures])
print(result.failures[0][1].splitlines()[-1])

auto = Sub('test_cleanups').run()
print(type(auto).__name__, auto.testsRun, auto.wasSuccessful())

class Recording(unittest.TestResult):
    def __init__(self):
        super().__init__()
        self.events = []

    def startTest(self, test):
        super().startTest(test)
        self.events.append('start ' + test._testMethodName)

    def addSuccess(self, test):
        self.events.append('success ' + test._testMethodName)

    def stopTest(self, test):
        self.events.append('stop ' + test._testMethodName)

rec = Recording()
unittest.TestLoader().loadTestsFromTestCase(Sub).run(rec)
print(rec.events, rec.testsRun, len(rec.failures))
print(repr(unittest.SkipTest('why')), issubclass(unittest.SkipTest, Exception))
