from .. import pkg_attr
level = "deep"
def info():
    return level + "/" + pkg_attr
