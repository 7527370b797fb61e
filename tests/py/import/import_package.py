import _pkg
print(_pkg.pkg_attr)
from _pkg import mod_a
print(mod_a.a())
import _pkg.mod_b
print(_pkg.mod_b.b())
from _pkg.sub import bb
print(bb())
from _pkg.sub.deep import info
print(info())
import _pkg.sub.deep as d
print(d.level, d.__name__)
