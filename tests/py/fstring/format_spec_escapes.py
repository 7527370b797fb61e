# Escapes in an f-string's format spec are decoded (raw f-strings keep
# them), also next to nested replacement fields.
w = 6
print(f'{1:\x41>5}')
print(f'{1:\x41>{w}}')
print(f'{"ab":\u00e9^{w}}|')
print(f'{3.14159:\x2e2f}')
print(f'{12:\t>4}|')
print(f"{'x':\101<{w}}|")
print(f'{1:{"*"}>5}')
print(f'{1:\\>5}')
print(rf'{1:\>5}')
print(Rf'{1:\>5}', fR'{"a":\>3}')
print(f'a\x42' f'{7:\x30>3}' rf'{8:\>3}')
print(f'''{1:\x41>5}''')
try:
    print(rf'{1:\x41>5}')
except ValueError as e:
    print("ValueError", e)
