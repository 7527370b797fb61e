import sys
from parser import parse, ParseError
import report


def main(argv):
    text = sys.stdin.read()
    try:
        doc = parse(text)
    except ParseError as e:
        print("error:", e)
        return 1
    report.show(doc, wide="-w" in argv)
    return 0


sys.exit(main(sys.argv))
