# Checks how pformat splits long str, bytes and bytearray values (at top
# level in parentheses and nested inside containers), multi-line strings,
# and strings with no spaces.
import pprint

text = ('The quick brown fox jumps over the lazy dog. ' * 5).strip()
print(pprint.pformat(text))
print(pprint.pformat(text, width=30))
print(pprint.pformat([text, 'short']))
print(pprint.pformat({'k': text, 'lines': 'first line\nsecond line is a bit longer than the first\n' * 3}, width=50))
print(pprint.pformat('x' * 100))
print(pprint.pformat(('a' * 40 + ' ') * 3, width=40))
print(pprint.pformat('line one\nline two\n\nline four', width=10))
print(pprint.pformat("it's \"quoted\" and has 'both' kinds of quotes in it, repeated " * 2, width=40))
print(pprint.pformat('tab\there and\ttabs\tand more words here to wrap', width=20))
print(pprint.pformat(''), pprint.pformat('short', width=3))
print(pprint.pformat(['words ' * 20], width=30))
data = bytes(range(40))
print(pprint.pformat(data))
print(pprint.pformat(data, width=30))
print(pprint.pformat([b'abcdefghijklmnopqrstuvwxyz' * 3], width=40))
print(pprint.pformat(bytearray(b'0123456789' * 8), width=40))
print(pprint.pformat({'b': bytearray(b'xyz' * 30)}, width=40))
print(pprint.pformat(b'abcd', width=2), pprint.pformat(b'', width=2), pprint.pformat(b'abcde', width=2))
pprint.pprint({'description': text, 'id': 42, 'data': data[:24]})
