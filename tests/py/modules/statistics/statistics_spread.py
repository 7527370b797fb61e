# Checks variance, pvariance, stdev and pstdev (with and without a given
# mean) on ints, floats, bools and Fractions: exact results, result types
# and correctly rounded square roots; plus the errors.
import statistics as st
from fractions import Fraction as F

def show(*vs):
    print(' '.join(type(v).__name__ + ':' + repr(v) for v in vs))

sets = [[1, 2, 3], [2.75, 1.75, 1.25, 0.25, 0.5, 1.25, 3.5], [F(1, 2), F(1, 3), F(3, 2), F(7, 4)],
        [1, 2, 4], [0.1, 0.2, 0.3, 0.4], [1, 2.5], [True, False, True], [10**18 + 1, 10**18 + 2, 10**18 + 4],
        [1e-9, 2e-9, 4e-9], [5, 5, 5], range(1, 11), [1.5, F(1, 2), 3], [-7, 3, 12, 0, 0, 1],
        [123456789.123, 123456789.456, 123456789.789], [2, 4, 4, 4, 5, 5, 7, 9], [1e150, -1e150]]
for d in sets:
    show(st.variance(d), st.pvariance(d), st.stdev(d), st.pstdev(d))
show(st.pvariance([7]), st.pstdev([7]), st.pstdev([2.5]))
d = [0.0, 0.25, 0.25, 1.25, 1.5, 1.75, 2.75, 3.25]
m = st.mean(d)
show(m, st.variance(d, m), st.pvariance(d, m), st.stdev(d, m), st.pstdev(d, m))
show(st.variance(d, 1), st.pvariance(d, 1.1), st.stdev([1, 2, 3], 2), st.pstdev([1, 2, 3], 2.5))
f = [F(1, 4), F(5, 4), F(1, 2)]
show(st.variance(f, F(2, 3)), st.pvariance(f, st.mean(f)))
show(st.variance(iter([1, 2, 3, 4])), st.stdev(x / 3 for x in range(10)))
show(st.variance([1.0, float('inf')]), st.pvariance([float('inf'), 2]))
for k in range(2, 12):
    show(st.stdev(list(range(k))), st.pstdev([x * 0.1 for x in range(k)]))

def err(fn):
    try:
        print('ok', repr(fn()))
    except Exception as e:
        print(type(e).__name__ + ':', e)

err(lambda: st.variance([1]))
err(lambda: st.variance([]))
err(lambda: st.pvariance([]))
err(lambda: st.stdev([1.5]))
err(lambda: st.pstdev([]))
err(lambda: st.variance(['a', 'b']))
err(lambda: st.pvariance([F(1), 2.0, 'x']))
err(lambda: st.variance([1e300, -1e300]))
err(lambda: st.pvariance([1.5, 'a', 2]))
err(lambda: st.stdev([1, 2], 'a'))
