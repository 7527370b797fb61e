# Checks unittest's runner output: dots (verbosity 1), "... ok" lines
# (verbosity 2), failure/error blocks, the summary line, skips, expected
# failures, subTest reports, fixtures order, suites, loaders and main().
# File/line lines of tracebacks and the timing are stripped (they differ).
import io
import sys
import unittest

def clean(text):
    out = []
    for line in text.split('\n'):
        if line.startswith('  File "') or line.startswith('    '):
            continue
        if line.startswith('Ran '):
            line = line.split(' in ')[0]
        out.append(line)
    print('\n'.join(out))

log = []

class Fixtures(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        log.append('setUpClass')

    @classmethod
    def tearDownClass(cls):
        log.append('tearDownClass')

    def setUp(self):
        log.append('setUp ' + self._testMethodName)
        self.addCleanup(log.append, 'cleanup ' + self._testMethodName)

    def tearDown(self):
        log.append('tearDown ' + self._testMethodName)

    def test_one(self):
        log.append('one')

    def test_two(self):
        log.append('two')
        self.fail('two failed')

class Mixed(unittest.TestCase):
    def test_a_pass(self):
        """First line of the doc.

        More text."""
        self.assertTrue(True)

    def test_b_fail(self):
        self.assertEqual(1, 2)

    def test_c_error(self):
        raise KeyError('missing')

    @unittest.skip('not today')
    def test_d_skip(self):
        pass

    @unittest.skipIf(True, 'condition true')
    def test_e_skipif(self):
        pass

    @unittest.skipUnless(True, 'never shown')
    def test_f_skipunless(self):
        pass

    @unittest.expectedFailure
    def test_g_xfail(self):
        self.assertEqual(1, 0)

    @unittest.expectedFailure
    def test_h_xpass(self):
        pass

    def test_i_subtests(self):
        for i in range(4):
            with self.subTest(i=i, kind='even' if i % 2 == 0 else 'odd'):
                self.assertEqual(i % 2, 0)

    def test_j_skiptest(self):
        self.skipTest('skipped inside')

    def test_k_msg(self):
        self.assertIn('x', 'abc', msg='looking for x')

    def test_l_subtest_msg(self):
        with self.subTest('labelled'):
            raise ValueError('inner')

@unittest.skip('whole class')
class Skipped(unittest.TestCase):
    def test_x(self):
        pass

class BadSetup(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        raise RuntimeError('no setup')

    def test_never(self):
        pass

loader = unittest.TestLoader()
for verbosity in (0, 1, 2):
    stream = io.StringIO()
    runner = unittest.TextTestRunner(stream=stream, verbosity=verbosity)
    result = runner.run(loader.loadTestsFromTestCase(Mixed))
    clean(stream.getvalue())
    print(result.testsRun, len(result.failures), len(result.errors),
          len(result.skipped), len(result.expectedFailures),
          len(result.unexpectedSuccesses), result.wasSuccessful())

stream = io.StringIO()
result = unittest.TextTestRunner(stream=stream, verbosity=2).run(
    unittest.TestSuite([loader.loadTestsFromTestCase(Fixtures),
                        loader.loadTestsFromTestCase(Skipped),
                        loader.loadTestsFromTestCase(BadSetup)]))
clean(stream.getvalue())
print(log)
print(result)
print([str(t) for t, _ in result.errors])

suite = unittest.TestSuite()
suite.addTest(Mixed('test_a_pass'))
suite.addTests([Mixed('test_b_fail'), Fixtures('test_one')])
print(suite.countTestCases(), [t.id() for t in suite])
print(loader.getTestCaseNames(Fixtures))
res = unittest.TestResult()
suite.run(res)
print(res, res.testsRun, res.wasSuccessful())
print(Mixed('test_a_pass') == Mixed('test_a_pass'), repr(Mixed('test_b_fail')))
print(Mixed('test_a_pass').shortDescription(), Mixed('test_b_fail').shortDescription())
try:
    Mixed('no_such_test')
except ValueError as e:
    print('ValueError', e)

# main() finds the TestCase classes of a module; its report goes to stderr
class Good(unittest.TestCase):
    def test_ok(self):
        self.assertEqual(2 + 2, 4)

class OnlyGood:
    Good = Good

old = sys.stderr
sys.stderr = io.StringIO()
try:
    prog = unittest.main(module=OnlyGood, argv=['prog'], exit=False)
    text = sys.stderr.getvalue()
finally:
    sys.stderr = old
clean(text)
print(prog.result.wasSuccessful())

sys.stderr = io.StringIO()
try:
    unittest.main(module=OnlyGood, argv=['prog', '-v'])
except SystemExit as e:
    text = sys.stderr.getvalue()
    sys.stderr = old
    print('exit code', e.code)
finally:
    sys.stderr = old
clean(text)
