# Checks median, median_low, median_high, median_grouped and quantiles
# (both methods, several n) on ints, floats and Fractions, and their errors.
import statistics as st
from fractions import Fraction as F

def show(v):
    print(type(v).__name__, repr(v))

for data in [[1, 3, 5], [1, 3, 5, 7], [5, 1, 3, 7], [2.5, 1.5], [F(1, 2), F(1, 3)], [F(1, 2), 1],
             [1, 2.0], [7], ['b', 'a', 'c'], range(10), [3, 3, 1, 1], (4, 1, 2)]:
    if all(isinstance(x, str) for x in data):
        print(st.median_low(data), st.median_high(data))
        continue
    show(st.median(data)); show(st.median_low(data)); show(st.median_high(data))
for data, iv in [([52, 52, 53, 54], 1), ([1, 2, 2, 3, 4, 4, 4, 4, 4, 5], 1), ([1, 3, 3, 5, 7], 1),
                 ([1, 3, 3, 5, 7], 2), ([5], 1), ([1.5, 2.5, 2.5, 3.5], 0.5), ([F(1, 2), F(3, 2)], 1),
                 ([2, 4, 6, 8], F(1, 3)), ([10, 20, 30, 40, 50], 10), ([3, 1, 2, 2, 2], '2')]:
    show(st.median_grouped(data, iv))
data = [105, 129, 87, 86, 111, 111, 89, 81, 108, 92, 110, 100, 75, 105, 103, 109, 76, 119, 99, 91, 103, 129,
        106, 101, 84, 111, 74, 87, 86, 103, 103, 106, 86, 111, 75, 87, 102, 121, 111, 88, 89, 101, 106, 95,
        103, 107, 101, 81, 109, 104]
for n in [1, 2, 3, 4, 10]:
    print(n, st.quantiles(data, n=n), st.quantiles(data, n=n, method='inclusive'))
for d in [[1, 2], [1.5, 2.5, 10.0], [F(1, 2), F(3, 4), 1], [3, 1, 2], [0.1, 0.2, 0.3, 0.4]]:
    print(st.quantiles(d), st.quantiles(d, n=5, method='inclusive'), st.quantiles(d, n=7))

def err(fn):
    try:
        print('ok', repr(fn()))
    except Exception as e:
        print(type(e).__name__ + ':', e)

err(lambda: st.median([]))
err(lambda: st.median_low([]))
err(lambda: st.median_high(()))
err(lambda: st.median_grouped([]))
err(lambda: st.median_grouped(['a', 'b']))
err(lambda: st.median_grouped([1, 2], interval='x'))
err(lambda: st.quantiles([1]))
err(lambda: st.quantiles([1, 2], n=0))
err(lambda: st.quantiles([1, 2], method='middle'))
err(lambda: st.median([1, 'a']))
