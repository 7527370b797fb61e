# Containers granted as data are read-only in the compartment: it can read
# them (and what they hold) but change nothing; the host sees no change.
import compartment

config = {"name": "svc", "limits": [1, 2], "nested": {"k": "v"}}
items = [3, 1, 2]
tags = {"a"}
c = compartment.Compartment("g", grants={"config": config, "items": items, "tags": tags})

reads = [
    "config['name']",
    "config.get('missing', 0)",
    "sorted(config.keys())",
    "len(config), 'name' in config, 'x' in config",
    "[x * 2 for x in items]",
    "sorted(items), items.index(2), items.count(1)",
    "config['nested']['k']",
    "config['limits'][1]",
    "sorted(k for k, v in config.items())",
    "'a' in tags, len(tags)",
    "hasattr(config, 'pop'), hasattr(config, 'get')",
]
for src in reads:
    print(src, "->", c.eval(src))

changes = [
    "config['x'] = 1",
    "del config['name']",
    "config.pop('name')",
    "config.update(a=1)",
    "config.clear()",
    "config.setdefault('z', 1)",
    "config['limits'].append(3)",
    "config['nested']['k'] = 'w'",
    "items.append(4)",
    "items.sort()",
    "items[0] = 9",
    "items.extend([1])",
    "tags.add('b')",
    "config.name = 1",
    "[v for k, v in config.items()][1].append(0)",
]
for src in changes:
    try:
        c.exec(src)
        print(src, "-> changed?!")
    except compartment.CompartmentError as e:
        print(src, "->", e.kind)

# Rebinding a name inside is local: the grant is not changed.
c.exec("items = list(items) + [4]")
print(c.eval("items"))
print(config, items, tags)
