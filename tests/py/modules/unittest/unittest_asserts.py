# Checks the assert methods of unittest.TestCase: that passing checks are
# silent and that failing ones raise AssertionError with CPython's message
# (msg= appended with " : ", longMessage=False, shortened long reprs).
# For messages that carry a line diff only the part before the diff is
# printed, since capy's diff omits difflib's "? " hint lines.
import unittest

class T(unittest.TestCase):
    def runTest(self):
        pass

t = T()

def check(name, *args, **kwargs):
    try:
        getattr(t, name)(*args, **kwargs)
    except AssertionError as e:
        text = str(e)
        if '\n- ' in text or '\n+ ' in text or text.startswith('- '):
            text = text.split('\n- ')[0].split('\n+ ')[0] + ' <diff>'
        if '\nDiff is ' in text:
            text = text.split('\nDiff is ')[0] + ' <diff omitted>'
        print('%s: %s' % (name, text))
    except Exception as e:
        print('%s raised %s: %s' % (name, type(e).__name__, e))
    else:
        print('%s: passed' % name)

check('assertEqual', 1, 1)
check('assertEqual', 1, 2)
check('assertEqual', 1, 2, 'with message')
check('assertEqual', 'abc', 'abd')
check('assertEqual', 'x' * 100, 'x' * 99 + 'y')
check('assertEqual', 1.5, 'a')
check('assertEqual', [1, 2, 3], [1, 2, 4])
check('assertEqual', [1, 2], [1, 2, 3])
check('assertEqual', (1, 2, 3), (1,))
check('assertEqual', {'a': 1}, {'a': 2})
check('assertEqual', {1, 2}, {2, 3})
check('assertEqual', 'one\ntwo\n', 'one\nthree\n')
check('assertNotEqual', 1, 2)
check('assertNotEqual', 'a', 'a')
check('assertTrue', 1)
check('assertTrue', 0)
check('assertTrue', [], 'empty')
check('assertFalse', '')
check('assertFalse', 'x')
check('assertIs', None, None)
check('assertIs', 1, None)
check('assertIsNot', None, None)
check('assertIsNone', None)
check('assertIsNone', 0)
check('assertIsNotNone', None)
check('assertIn', 'a', 'bcd')
check('assertIn', 3, [1, 2])
check('assertNotIn', 'b', 'bcd')
check('assertIsInstance', 1, str)
check('assertIsInstance', 1, (int, str))
check('assertNotIsInstance', 1, int)
check('assertAlmostEqual', 1.0, 1.00000001)
check('assertAlmostEqual', 1.0, 1.1)
check('assertAlmostEqual', 1.0, 1.1, places=3)
check('assertAlmostEqual', 10, 12, delta=1)
check('assertAlmostEqual', 10, 12, delta=3)
check('assertAlmostEqual', 1, 2, places=1, delta=1)
check('assertNotAlmostEqual', 1.0, 1.1)
check('assertNotAlmostEqual', 1.0, 1.0000000001)
check('assertNotAlmostEqual', 10, 11, delta=2)
check('assertGreater', 2, 1)
check('assertGreater', 1, 2)
check('assertGreaterEqual', 1, 2)
check('assertLess', 2, 1)
check('assertLessEqual', 'b', 'a')
check('assertCountEqual', [1, 2, 2], [2, 1, 2])
check('assertCountEqual', [1, 2, 2, 'x'], [2, 1, 1, 'y'])
check('assertCountEqual', [[1], [2]], [[2], [1], [1]])
check('assertRegex', 'hello world', r'wor')
check('assertRegex', 'hello world', r'^wor')
check('assertNotRegex', 'hello world', r'o w')
check('assertListEqual', [1], (1,))
check('assertTupleEqual', (1,), (1,))
check('assertTupleEqual', (1,), [1])
check('assertSequenceEqual', [1, 2], (1, 2))
check('assertSequenceEqual', 'abc', 'abd')
check('assertDictEqual', {'b': 2, 'a': 1}, {'a': 1, 'b': 2})
check('assertDictEqual', [], {})
check('assertSetEqual', {1}, frozenset([1]))
check('assertSetEqual', {1}, [1])
check('assertMultiLineEqual', 'a', 1)
check('fail')
check('fail', 'custom failure')

t.longMessage = False
check('assertEqual', 1, 2, 'only this')
check('assertEqual', 1, 2)
t.longMessage = True
t.maxDiff = None
check('assertEqual', [1, 2], [1, 3])
