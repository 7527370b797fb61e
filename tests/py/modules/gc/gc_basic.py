import gc
gc.collect()
print(gc.isenabled())
gc.disable()
print(gc.isenabled())
gc.enable()
print(gc.isenabled())
junk = [[i] * 10 for i in range(1000)]
del junk
gc.collect()
print("collected ok")
