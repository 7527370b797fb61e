from abc import ABC, abstractmethod

# isinstance/issubclass must consult ABCMeta.__instancecheck__ and
# __subclasscheck__ (virtual subclasses, __subclasshook__). capy does not
# call a metaclass's hooks yet: listed in xfail.txt.
class Drawable(ABC):
    @abstractmethod
    def draw(self):
        ...

class Circle:
    def draw(self):
        return "o"

Drawable.register(Circle)
print(issubclass(Circle, Drawable), isinstance(Circle(), Drawable))
print(Drawable.__subclasscheck__(Circle))

class HasLen(ABC):
    @classmethod
    def __subclasshook__(cls, C):
        if any("__len__" in vars(B) for B in C.__mro__):
            return True
        return NotImplemented

print(issubclass(list, HasLen), issubclass(int, HasLen), isinstance("abc", HasLen))
