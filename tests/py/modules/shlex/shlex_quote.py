# Checks shlex.quote and shlex.join, and that split(join(x)) == x.
import shlex

words = ['', 'plain', 'with space', "it's", 'a"b', '$HOME', 'semi;colon',
         'x=1', '-rf', '@%+=:,./-', 'tab\there', 'new\nline', 'caf\xe9',
         "''", 'back\\slash', '*', '~user']
for w in words:
    print(repr(w), "->", shlex.quote(w))
print(shlex.join(['echo', 'hello world', "don't", '']))
print(shlex.join([]))
print(shlex.split(shlex.join(words)) == words)
