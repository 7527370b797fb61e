# importlib.util: the plugin-loading recipe (spec_from_file_location,
# module_from_spec, exec_module), find_spec along sys.path and in
# packages, and resolve_name.
import importlib.util
import os
import sys

spec = importlib.util.spec_from_file_location("plugin_greeter", "_plugins/greeter.py")
print(spec.name, spec.origin == os.path.join(os.getcwd(), "_plugins", "greeter.py"), spec.has_location, spec.parent == "", spec.submodule_search_locations)
module = importlib.util.module_from_spec(spec)
print(type(module).__name__, module.__name__, module.__file__ == spec.origin, module.__spec__ is spec)
print("plugin_greeter" in sys.modules)
spec.loader.exec_module(module)
print(module.greet("world"), module.NAME, module.loaded_as)
sys.modules["plugin_greeter"] = module
import plugin_greeter

print(plugin_greeter is module)

print(importlib.util.find_spec("no_such_module_abc") is None)
s = importlib.util.find_spec("_helper")
print(s.name, s.origin.endswith("_helper.py"), s.submodule_search_locations)
p = importlib.util.find_spec("_pkg")
print(p.name, p.origin.endswith("__init__.py"), p.parent, len(p.submodule_search_locations))
sub = importlib.util.find_spec("_pkg.mod_a")
print(sub.name, sub.parent, sub.origin.endswith("mod_a.py"))
print(importlib.util.find_spec(".mod_b", "_pkg").name)
print(importlib.util.find_spec("sys").name, importlib.util.find_spec("json").name)
print(importlib.util.resolve_name("..x", "a.b.c"), importlib.util.resolve_name("y", None))
print(importlib.util.spec_from_file_location("data", "_plugins/notes.txt"))

import importlib.machinery

print(isinstance(spec, importlib.machinery.ModuleSpec), ".py" in importlib.machinery.SOURCE_SUFFIXES)
