print([1, [2, 3]] == [1, [2, 3]], [1, 2] < [1, 2, 0], [] < [0], [2] > [1, 9])
a = [1, 2]
a.append(a)
print(len(a), a[2] is a)
print([[1, 2], [3]] + [[4]])
m = [[i * j for j in range(4)] for i in range(4)]
print(m, [row[2] for row in m])
