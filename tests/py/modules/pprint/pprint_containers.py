# Checks pformat/pprint/pp layout of nested dicts, lists, tuples, sets and
# frozensets at the default width 80 and at narrower widths, with indent,
# depth, compact and sort_dicts options.
import pprint

data = {
    'name': 'capy', 'version': (0, 13, 'beta'), 'tags': ['runtime', 'rust', 'micropython', 'dialect'],
    'matrix': [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [11, 12, 13, 14, 15, 16, 17, 18, 19, 20] * 2],
    'nested': {'z': {'deep': {'deeper': [1, {'x': 'y' * 30}, (2, 3)]}}, 'a': None, 'm': 1.5},
    'empty': [{}, [], (), set(), frozenset()], 'single': (1,), 'flag': True,
}
pprint.pprint(data)
print(pprint.pformat(data, width=40))
print(pprint.pformat(data, indent=4, width=60))
print(pprint.pformat(data, depth=2))
print(pprint.pformat(data, depth=1))
print(pprint.pformat(data, sort_dicts=False, width=50))
pprint.pp(data, width=70)
nums = list(range(60))
pprint.pprint(nums)
pprint.pprint(nums, compact=True)
pprint.pprint(nums, width=30, compact=True, indent=3)
pprint.pprint([nums[:20], 'abc', nums[20:45], (1, 2)], compact=True, width=50)
pprint.pprint(tuple(range(30)))
pprint.pprint((list(range(40)),))
pprint.pprint(set(range(30)))
pprint.pprint(frozenset(range(25, 55)))
pprint.pprint({'s': set(range(40)), 'f': frozenset({'alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa', 'lambda'})})
pprint.pprint({3: 'c', 1: 'a', 2: 'b'})
pprint.pprint({3: 'c', 1: 'a', 2: 'b'}, sort_dicts=False)
mixed = {1: 'int', 'a': 'str', 2.5: 'float', (1, 2): 'tuple', None: 'none'}
print(pprint.pformat(mixed, width=20))
print(pprint.pformat([[[[[[['deep']]]]]]], depth=3), pprint.pformat((((1,),),), depth=2))
print(pprint.pformat({'a': {'b': {'c': {}}}}, depth=2), pprint.pformat([[], [[]]], depth=1))
print(pprint.pformat(12345678901234567890, underscore_numbers=True), pprint.pformat([10**6, -10**7, 1.5e6, True], underscore_numbers=True))
print(pprint.pformat({'n': 1234567}, underscore_numbers=True, width=5))
class MyList(list):
    pass
class ReprList(list):
    def __repr__(self):
        return 'ReprList(...)'
class MyDict(dict):
    pass
print(pprint.pformat(MyList(range(30)), width=40))
print(pprint.pformat(ReprList(range(30)), width=10))
print(pprint.pformat(MyDict(b=list(range(20)), a=1), width=30))
print(pprint.pformat([1, 2], width=1), pprint.pformat({}, width=1), pprint.pformat((), width=1))
print(pprint.pformat({'key': [1, 2, {'inner': (3, 4, 5)}]}, width=10, indent=2))
print(pprint.pformat([(i, str(i) * i) for i in range(12)], width=60, compact=True))
