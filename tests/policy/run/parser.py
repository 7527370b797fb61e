count = 0


class ParseError(ValueError):
    pass


def parse_line(s):
    global count
    count += 1
    if not s.strip():
        raise ParseError("empty line")
    return s.split()


def read_input():
    return input()


def spin():
    while True:
        pass
