"""string.Formatter for capy.

Frozen into the binary (modules/frozen.rs), compiled on first import;
string.Formatter is this class.

Covers CPython 3.11's string.Formatter: format, vformat, parse,
get_field, get_value, check_unused_args, format_field and
convert_field, so that subclasses can override any step. Replacement
fields follow str.format: automatic and manual numbering (and the error
for mixing them), `!r`/`!s`/`!a` conversions, attribute and index parts
(`{0.x}`, `{0[1]}`, `{k[name]}`), nested fields in the format spec
(`{0:{1}}`, two levels deep at most), `{{`/`}}` escapes. The markup is
scanned here by hand, with the same error messages as CPython's scanner
(`Single '}' encountered in format string`, `expected '}' before end of
string`, ...); values are finally formatted by the built-in format().

Not covered: the `_string` helper module (formatter_parser and
formatter_field_name_split are private functions here); parse() returns
a generator, not CPython's `formatteriterator` object (same items, same
errors at the same point of the iteration).
"""

__all__ = ["Formatter"]


def _scan(s):
    # Yields (literal, field_name, format_spec, conversion) tuples, as
    # Formatter.parse documents; the last three are None after a piece of
    # text with no field. Errors are raised when the scan reaches them, so
    # earlier pieces have been yielded by then (as in CPython).
    n = len(s)
    i = 0
    while i < n:
        j = i
        while j < n and s[j] != "{" and s[j] != "}":
            j += 1
        if j == n:
            yield (s[i:], None, None, None)
            return
        if s[j] == "}":
            if j + 1 < n and s[j + 1] == "}":
                # "}}" is one literal brace, ending this piece of text.
                yield (s[i : j + 1], None, None, None)
                i = j + 2
                continue
            raise ValueError("Single '}' encountered in format string")
        if j + 1 == n:
            raise ValueError("Single '{' encountered in format string")
        if s[j + 1] == "{":
            yield (s[i : j + 1], None, None, None)
            i = j + 2
            continue
        literal = s[i:j]
        # The field name runs to '!', ':' or '}'; inside [...] those
        # characters belong to the index key.
        k = j + 1
        while k < n:
            c = s[k]
            if c == "[":
                while k < n and s[k] != "]":
                    k += 1
                if k == n:
                    break
            elif c == "{":
                raise ValueError("unexpected '{' in field name")
            elif c == "}" or c == ":" or c == "!":
                break
            k += 1
        if k >= n:
            raise ValueError("expected '}' before end of string")
        name = s[j + 1 : k]
        conversion = None
        if s[k] == "!":
            k += 1
            if k == n:
                raise ValueError("end of string while looking for conversion specifier")
            # Any one character is taken here; convert_field judges it.
            conversion = s[k]
            k += 1
            if k < n and s[k] != ":" and s[k] != "}":
                raise ValueError("expected ':' after conversion specifier")
        spec = ""
        if k < n and s[k] == ":":
            k += 1
            start = k
            depth = 1
            # The spec ends at the '}' that balances the field's '{'.
            while k < n:
                c = s[k]
                if c == "{":
                    depth += 1
                elif c == "}":
                    depth -= 1
                    if depth == 0:
                        break
                k += 1
            spec = s[start:k]
        if k >= n:
            raise ValueError("unmatched '{' in format spec")
        yield (literal, name, spec, conversion)
        i = k + 1


def _rest_of_name(name, i):
    # The attribute and index parts after the first name, as
    # (is_attribute, key) pairs; checked lazily, as CPython does, so that
    # get_value has already run when a malformed part is reported.
    n = len(name)
    while i < n:
        if name[i] == ".":
            i += 1
            start = i
            while i < n and name[i] != "." and name[i] != "[":
                i += 1
            if i == start:
                raise ValueError("Empty attribute in format string")
            yield (True, name[start:i])
        else:  # '['
            i += 1
            start = i
            while i < n and name[i] != "]":
                i += 1
            if i == n:
                raise ValueError("Missing ']' in format string")
            key = name[start:i]
            if not key:
                raise ValueError("Empty attribute in format string")
            i += 1
            # Only all-digit keys are integers: "-1" stays a string.
            yield (False, int(key) if key.isdecimal() else key)
            if i < n and name[i] != "." and name[i] != "[":
                raise ValueError("Only '.' or '[' may follow ']' in format field specifier")


def _split_name(name):
    # "a.b[0]" -> ("a", iterator of (True, "b"), (False, 0)).
    i = 0
    n = len(name)
    while i < n and name[i] != "." and name[i] != "[":
        i += 1
    first = name[:i]
    if first.isdecimal():
        first = int(first)
    return first, _rest_of_name(name, i)


class Formatter:
    """The machinery of str.format, split in steps a subclass can replace."""

    def format(self, format_string, /, *args, **kwargs):
        return self.vformat(format_string, args, kwargs)

    def vformat(self, format_string, args, kwargs):
        used_args = set()
        result, _ = self._vformat(format_string, args, kwargs, used_args, 2)
        self.check_unused_args(used_args, args, kwargs)
        return result

    def _vformat(self, format_string, args, kwargs, used_args, recursion_depth, auto_arg_index=0):
        # auto_arg_index is the next automatic number, or False once a
        # field was numbered by hand (the two cannot be mixed).
        if recursion_depth < 0:
            raise ValueError("Max string recursion exceeded")
        out = []
        for literal, field_name, format_spec, conversion in self.parse(format_string):
            if literal:
                out.append(literal)
            if field_name is None:
                continue
            if field_name == "":
                if auto_arg_index is False:
                    raise ValueError(
                        "cannot switch from manual field specification to automatic field numbering"
                    )
                field_name = str(auto_arg_index)
                auto_arg_index += 1
            elif field_name.isdigit():
                if auto_arg_index:
                    raise ValueError(
                        "cannot switch from manual field specification to automatic field numbering"
                    )
                auto_arg_index = False
            obj, arg_used = self.get_field(field_name, args, kwargs)
            used_args.add(arg_used)
            obj = self.convert_field(obj, conversion)
            # The spec may itself hold fields: "{0:{1}}".
            format_spec, auto_arg_index = self._vformat(
                format_spec, args, kwargs, used_args, recursion_depth - 1, auto_arg_index
            )
            out.append(self.format_field(obj, format_spec))
        return "".join(out), auto_arg_index

    def parse(self, format_string):
        """Iterates over (literal_text, field_name, format_spec, conversion)."""
        return _scan(format_string)

    def get_field(self, field_name, args, kwargs):
        """Returns (object, key used): the key is what check_unused_args sees."""
        first, rest = _split_name(field_name)
        obj = self.get_value(first, args, kwargs)
        for is_attr, key in rest:
            if is_attr:
                obj = getattr(obj, key)
            else:
                obj = obj[key]
        return obj, first

    def get_value(self, key, args, kwargs):
        if isinstance(key, int):
            return args[key]
        return kwargs[key]

    def check_unused_args(self, used_args, args, kwargs):
        # Does nothing; a subclass may complain about unused arguments.
        pass

    def format_field(self, value, format_spec):
        return format(value, format_spec)

    def convert_field(self, value, conversion):
        if conversion is None:
            return value
        if conversion == "s":
            return str(value)
        if conversion == "r":
            return repr(value)
        if conversion == "a":
            return ascii(value)
        raise ValueError("Unknown conversion specifier {0!s}".format(conversion))
