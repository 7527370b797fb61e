import parser
import vault

print(parser.parse_line("a b c"))
try:
    parser.parse_line("  ")
except parser.ParseError as e:
    print("ParseError:", e)
print("read by the parser:", parser.read_input())
print(vault.public)
try:
    vault.secret
except PermissionError as e:
    print("PermissionError:", e)
print("count", parser.count)
try:
    parser.spin()
except Exception as e:
    print(type(e).__name__, e.kind)
print("count after the restart", parser.count)
