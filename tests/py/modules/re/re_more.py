import re
print(re.sub(r"(\w+)@(\w+)", r"\2 at \1", "user@host other@place"))
m = re.search(r"(?:ab)+(c?)", "xxababcz")
print(m.group(0), m.group(1))
print(re.match(r"\s*(\S+)\s*$", "   word  ").group(1))
print(re.compile(r"x").split("axbxc"))
print(re.match(r"[^aeiou]+", "rhythm and").group(0))
print(re.match(r"(a|b)*?c", "ababc").group(0), re.match(r"a+?", "aaa").group(0))
