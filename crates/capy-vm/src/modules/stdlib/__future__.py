"""__future__: the names `from __future__ import ...` accepts.

The compiler acts on `annotations` (annotations are kept as strings and
never evaluated); the others describe features every Python 3 has. The
import statement loads this module like any other, so programs can also
inspect the features.
"""

all_feature_names = [
    "nested_scopes",
    "generators",
    "division",
    "absolute_import",
    "with_statement",
    "print_function",
    "unicode_literals",
    "barry_as_FLUFL",
    "generator_stop",
    "annotations",
]

__all__ = ["all_feature_names"] + all_feature_names


class _Feature:
    def __init__(self, optional, mandatory, compiler_flag):
        self.optional = optional
        self.mandatory = mandatory
        self.compiler_flag = compiler_flag

    def getOptionalRelease(self):
        return self.optional

    def getMandatoryRelease(self):
        return self.mandatory

    def __repr__(self):
        return "_Feature" + repr((self.optional, self.mandatory, self.compiler_flag))


# (first release with the import, release where it became the default,
# compiler flag); capy's compiler needs no flags, so they are 0.
nested_scopes = _Feature((2, 1, 0, "beta", 1), (2, 2, 0, "alpha", 0), 0)
generators = _Feature((2, 2, 0, "alpha", 1), (2, 3, 0, "final", 0), 0)
division = _Feature((2, 2, 0, "alpha", 2), (3, 0, 0, "alpha", 0), 0)
absolute_import = _Feature((2, 5, 0, "alpha", 1), (3, 0, 0, "alpha", 0), 0)
with_statement = _Feature((2, 5, 0, "alpha", 1), (2, 6, 0, "alpha", 0), 0)
print_function = _Feature((2, 6, 0, "alpha", 2), (3, 0, 0, "alpha", 0), 0)
unicode_literals = _Feature((2, 6, 0, "alpha", 2), (3, 0, 0, "alpha", 0), 0)
barry_as_FLUFL = _Feature((3, 1, 0, "alpha", 2), (4, 0, 0, "alpha", 0), 0)
generator_stop = _Feature((3, 5, 0, "beta", 1), (3, 7, 0, "alpha", 0), 0)
annotations = _Feature((3, 7, 0, "beta", 1), None, 0)
