__all__ = ["columns", "rule", "quote"]


def columns(left, right, width):
    return str(left) + " " * max(1, width - len(str(left))) + str(right)


def rule():
    return "-" * 20


def quote(s):
    return repr(s)
