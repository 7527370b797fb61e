# Checks mean, fmean, geometric_mean, harmonic_mean and mode/multimode on
# ints, floats, bools and Fractions: values and result types.
import statistics as st
from fractions import Fraction as F

def show(v):
    print(type(v).__name__, repr(v))

for data in [[1, 2, 3, 4, 4], [1, 2], [0.1, 0.2, 0.3], [1, 2.5], [F(1, 3), F(1, 6)],
             [F(1, 2), 2], [F(1, 2), 0.25], [True, False], [True, True], [-1, -2, -4],
             [1e308, 1e308], [0.1] * 10, [3], range(1, 101), (x * 0.7 for x in range(9)),
             [10**20, 1, 1], [float('inf'), 1.0]]:
    show(st.mean(data))
for data in [[1, 2, 3, 4, 4], [0.1, 0.2, 0.3], [F(1, 3), F(1, 6)], range(7), [1e300, 1e300]]:
    show(st.fmean(data))
show(st.fmean([1, 2, 3], weights=[3, 2, 1]))
show(st.fmean([0.5, 1.5], [F(1, 2), 0.25]))
for data in [[54, 24, 36], [1, 10, 100], [2.5, 4.0], [F(1, 2), F(9, 2)], [7]]:
    show(st.geometric_mean(data))
for data in [[40, 60], [1, 2, 4], [2.5, 3.0, 10.0], [F(1, 2), F(1, 3)], [1, 0, 3], [5], [F(3, 7)], [2.0]]:
    show(st.harmonic_mean(data))
show(st.harmonic_mean([40, 60], weights=[5, 30]))
show(st.harmonic_mean([F(1, 2), 3], weights=[F(1), 2]))
show(st.harmonic_mean([1, 2], weights=[0, 1]))
for data in [[1, 1, 2, 3, 3, 3, 3, 4], ['red', 'blue', 'blue', 'red', 'green'], 'aabbbcc', [2.5], (3, 1, 3, 1)]:
    print(repr(st.mode(data)), st.multimode(data))
print(st.multimode([]), st.multimode('abcd'))
print(issubclass(st.StatisticsError, ValueError))

def err(fn):
    try:
        print('ok', repr(fn()))
    except Exception as e:
        print(type(e).__name__ + ':', e)

err(lambda: st.mean([]))
err(lambda: st.mean(iter([])))
err(lambda: st.mean(['a', 'b']))
err(lambda: st.mean([1.5, 'a']))
err(lambda: st.fmean([]))
err(lambda: st.fmean([1, 2], [1]))
err(lambda: st.fmean([1, 2], [0, 0]))
err(lambda: st.geometric_mean([]))
err(lambda: st.geometric_mean([1, 0]))
err(lambda: st.geometric_mean([1, -2]))
err(lambda: st.harmonic_mean([]))
err(lambda: st.harmonic_mean([-1]))
err(lambda: st.harmonic_mean([1, -1]))
err(lambda: st.harmonic_mean(['a']))
err(lambda: st.harmonic_mean([1, 2], [1]))
err(lambda: st.harmonic_mean([1, 2], [-1, 1]))
err(lambda: st.harmonic_mean([1, 2], [0, 0]))
err(lambda: st.mode([]))
err(lambda: st.mode([[1], [1]]))
