"""argparse for capy: command-line option and argument parsing.

Covers the everyday part of CPython 3.11's argparse, with the same help,
usage and error text: ArgumentParser (prog, usage, description, epilog,
parents, formatter_class, prefix_chars, argument_default,
conflict_handler='error', add_help, allow_abbrev, exit_on_error),
add_argument with the actions store, store_const, store_true,
store_false, append, append_const, extend, count, help, version,
BooleanOptionalAction and user Action subclasses; nargs None, N, '?',
'*', '+', REMAINDER; const, default (SUPPRESS too), type, choices,
required, help (with %(default)s, %(prog)s ...), metavar (str or tuple),
dest; argument groups, mutually exclusive groups, sub-parsers (aliases,
help, required, dest, title, description), set_defaults/get_default,
parse_args/parse_known_args, Namespace, the four help formatters plus
MetavarTypeHelpFormatter, ArgumentError, ArgumentTypeError.

Not covered: fromfile_prefix_chars, FileType, parse_intermixed_args,
conflict_handler='resolve', translations, terminal-width detection (the
width is the COLUMNS environment variable or 80, as CPython does when the
output is not a terminal).

Known capy limitation this module works around: vars(obj) returns a copy
of the attribute dict, so Namespace state is always changed through
setattr/delattr, never through vars().
"""

import os as _os
import re as _re
import sys as _sys
import textwrap as _textwrap

__all__ = [
    "ArgumentParser", "ArgumentError", "ArgumentTypeError",
    "BooleanOptionalAction", "HelpFormatter", "ArgumentDefaultsHelpFormatter",
    "RawDescriptionHelpFormatter", "RawTextHelpFormatter",
    "MetavarTypeHelpFormatter", "Namespace", "Action", "ONE_OR_MORE",
    "OPTIONAL", "PARSER", "REMAINDER", "SUPPRESS", "ZERO_OR_MORE",
]

SUPPRESS = "==SUPPRESS=="
OPTIONAL = "?"
ZERO_OR_MORE = "*"
ONE_OR_MORE = "+"
PARSER = "A..."
REMAINDER = "..."
_UNRECOGNIZED = "_unrecognized_args"

_NEGATIVE_NUMBER = _re.compile(r"^-\d+$|^-\d*\.\d+$")


# ---------------------------------------------------------------- helpers

class _AttributeHolder(object):
    """Gives Namespace, Action and ArgumentParser their Name(a=1, ...) repr."""

    def __repr__(self):
        shown = [repr(a) for a in self._get_args()]
        odd = {}
        for name, value in self._get_kwargs():
            if name.isidentifier():
                shown.append("%s=%r" % (name, value))
            else:
                odd[name] = value
        if odd:
            shown.append("**%s" % repr(odd))
        return "%s(%s)" % (type(self).__name__, ", ".join(shown))

    def _get_kwargs(self):
        return list(self.__dict__.items())

    def _get_args(self):
        return []


def _action_name(action):
    # The name used for an argument inside error messages.
    if action is None:
        return None
    if action.option_strings:
        return "/".join(action.option_strings)
    if action.metavar not in (None, SUPPRESS):
        return action.metavar
    if action.dest not in (None, SUPPRESS):
        return action.dest
    if action.choices:
        return "{" + ",".join(action.choices) + "}"
    return None


def _copy_list(items):
    if items is None:
        return []
    if type(items) is list:
        return items[:]
    return list(items)


class ArgumentError(Exception):
    """An error tied to one argument; its text names that argument."""

    def __init__(self, argument, message):
        self.argument_name = _action_name(argument)
        self.message = message
        Exception.__init__(self, message)

    def __str__(self):
        if self.argument_name is None:
            return self.message
        return "argument %s: %s" % (self.argument_name, self.message)


class ArgumentTypeError(Exception):
    """Raised by type= converters to give their own message."""
    pass


# ------------------------------------------------------------- formatters

class HelpFormatter(object):
    """Lays out usage and help text the way CPython 3.11 does.

    Items are recorded as (function, args) pairs inside nested sections and
    rendered only in format_help, so indentation is that of render time.
    """

    def __init__(self, prog, indent_increment=2, max_help_position=24,
                 width=None):
        if width is None:
            try:
                width = int(_os.environ["COLUMNS"])
            except (KeyError, ValueError):
                width = 80
            width -= 2
        self._prog = prog
        self._indent_increment = indent_increment
        self._max_help_position = min(max_help_position,
                                      max(width - 20, indent_increment * 2))
        self._width = width
        self._current_indent = 0
        self._level = 0
        self._action_max_length = 0
        self._root = self._Section(self, None)
        self._current = self._root

    class _Section(object):
        def __init__(self, formatter, parent, heading=None):
            self.formatter = formatter
            self.parent = parent
            self.heading = heading
            self.items = []

        def format_help(self):
            fmt = self.formatter
            if self.parent is not None:
                fmt._indent()
            body = "".join([func(*args) for func, args in self.items])
            if self.parent is not None:
                fmt._dedent()
            if not body:
                return ""
            if self.heading is not SUPPRESS and self.heading is not None:
                head = "%*s%s:\n" % (fmt._current_indent, "", self.heading)
            else:
                head = ""
            return "\n" + head + body + "\n"

    def _indent(self):
        self._current_indent += self._indent_increment
        self._level += 1

    def _dedent(self):
        self._current_indent -= self._indent_increment
        self._level -= 1

    def _add_item(self, func, args):
        self._current.items.append((func, args))

    # -- public building interface

    def start_section(self, heading):
        self._indent()
        section = self._Section(self, self._current, heading)
        self._add_item(section.format_help, [])
        self._current = section

    def end_section(self):
        self._current = self._current.parent
        self._dedent()

    def add_text(self, text):
        if text is not SUPPRESS and text is not None:
            self._add_item(self._format_text, [text])

    def add_usage(self, usage, actions, groups, prefix=None):
        if usage is not SUPPRESS:
            self._add_item(self._format_usage, [usage, actions, groups, prefix])

    def add_argument(self, action):
        if action.help is SUPPRESS:
            return
        lengths = [len(self._format_action_invocation(action))]
        for sub in self._iter_indented_subactions(action):
            lengths.append(len(self._format_action_invocation(sub)))
        # The widest invocation decides the help column (capped later).
        self._action_max_length = max(self._action_max_length,
                                      max(lengths) + self._current_indent)
        self._add_item(self._format_action, [action])

    def add_arguments(self, actions):
        for action in actions:
            self.add_argument(action)

    def format_help(self):
        text = self._root.format_help()
        if text:
            text = _re.sub(r"\n\n\n+", "\n\n", text)
            text = text.strip("\n") + "\n"
        return text

    # -- usage

    def _format_usage(self, usage, actions, groups, prefix):
        if prefix is None:
            prefix = "usage: "
        if usage is not None:
            usage = usage % dict(prog=self._prog)
        elif not actions:
            usage = "%(prog)s" % dict(prog=self._prog)
        else:
            prog = "%(prog)s" % dict(prog=self._prog)
            optionals = [a for a in actions if a.option_strings]
            positionals = [a for a in actions if not a.option_strings]
            joined = self._format_actions_usage(optionals + positionals, groups)
            usage = " ".join([s for s in [prog, joined] if s])
            text_width = self._width - self._current_indent
            if len(prefix) + len(usage) > text_width:
                usage = self._wrap_usage(prefix, prog, optionals, positionals,
                                         groups, text_width)
        return "%s%s\n\n" % (prefix, usage)

    def _wrap_usage(self, prefix, prog, optionals, positionals, groups,
                    text_width):
        opt_parts = _usage_parts(self._format_actions_usage(optionals, groups))
        pos_parts = _usage_parts(self._format_actions_usage(positionals, groups))

        def lines_of(parts, indent, first_prefix=None):
            lines = []
            line = []
            if first_prefix is not None:
                used = len(first_prefix) - 1
            else:
                used = len(indent) - 1
            for part in parts:
                if line and used + 1 + len(part) > text_width:
                    lines.append(indent + " ".join(line))
                    line = []
                    used = len(indent) - 1
                line.append(part)
                used += len(part) + 1
            if line:
                lines.append(indent + " ".join(line))
            if first_prefix is not None:
                lines[0] = lines[0][len(indent):]
            return lines

        if len(prefix) + len(prog) <= 0.75 * text_width:
            # Continuation lines line up after the program name.
            indent = " " * (len(prefix) + len(prog) + 1)
            if opt_parts:
                lines = lines_of([prog] + opt_parts, indent, prefix)
                lines.extend(lines_of(pos_parts, indent))
            elif pos_parts:
                lines = lines_of([prog] + pos_parts, indent, prefix)
            else:
                lines = [prog]
        else:
            # Long program name: it gets a line of its own.
            indent = " " * len(prefix)
            lines = lines_of(opt_parts + pos_parts, indent)
            if len(lines) > 1:
                lines = lines_of(opt_parts, indent)
                lines.extend(lines_of(pos_parts, indent))
            lines = [prog] + lines
        return "\n".join(lines)

    def _format_actions_usage(self, actions, groups):
        # Find mutually exclusive groups whose actions sit together in
        # `actions`; those are shown as [-a | -b] or (-a | -b).
        group_at = {}
        member = set()
        for group in groups:
            if not group._group_actions:
                raise ValueError("empty group %s" % (group,))
            first = group._group_actions[0]
            if first not in actions:
                continue
            start = actions.index(first)
            end = start + len(group._group_actions)
            if actions[start:end] == group._group_actions:
                group_at[start] = (group, end)
                for a in group._group_actions:
                    member.add(a)

        parts = []
        i = 0
        while i < len(actions):
            if i in group_at:
                group, end = group_at[i]
                inner = []
                for a in actions[i:end]:
                    if a.help is not SUPPRESS:
                        inner.append(self._usage_part(a, True))
                shown = len(inner)
                if inner:
                    text = " | ".join(inner)
                    if not group.required:
                        text = "[" + text + "]"
                    elif shown > 1:
                        text = "(" + text + ")"
                    parts.append(text)
                i = end
                continue
            action = actions[i]
            if action.help is not SUPPRESS:
                part = self._usage_part(action, False)
                if part:
                    parts.append(part)
            i += 1
        return " ".join(parts).strip()

    def _usage_part(self, action, in_group):
        if not action.option_strings:
            part = self._format_args(
                action, self._get_default_metavar_for_positional(action))
            if in_group and part[:1] == "[" and part[-1:] == "]":
                part = part[1:-1]
            return part
        if action.nargs == 0:
            part = action.format_usage()
        else:
            part = "%s %s" % (
                action.option_strings[0],
                self._format_args(
                    action, self._get_default_metavar_for_optional(action)))
        if not action.required and not in_group:
            part = "[%s]" % part
        return part

    # -- text and actions

    def _format_text(self, text):
        if "%(prog)" in text:
            text = text % dict(prog=self._prog)
        width = max(self._width - self._current_indent, 11)
        return self._fill_text(text, width, " " * self._current_indent) + "\n\n"

    def _format_action(self, action):
        help_pos = min(self._action_max_length + 2, self._max_help_position)
        help_width = max(self._width - help_pos, 11)
        action_width = help_pos - self._current_indent - 2
        header = self._format_action_invocation(action)
        first_indent = 0
        if not action.help:
            header = "%*s%s\n" % (self._current_indent, "", header)
        elif len(header) <= action_width:
            header = "%*s%-*s  " % (self._current_indent, "", action_width,
                                    header)
        else:
            header = "%*s%s\n" % (self._current_indent, "", header)
            first_indent = help_pos
        out = [header]
        if action.help and action.help.strip():
            text = self._expand_help(action)
            if text:
                lines = self._split_lines(text, help_width)
                out.append("%*s%s\n" % (first_indent, "", lines[0]))
                for line in lines[1:]:
                    out.append("%*s%s\n" % (help_pos, "", line))
        elif not header.endswith("\n"):
            out.append("\n")
        for sub in self._iter_indented_subactions(action):
            out.append(self._format_action(sub))
        return "".join(out)

    def _format_action_invocation(self, action):
        if not action.option_strings:
            default = self._get_default_metavar_for_positional(action)
            metavar, = self._metavar_formatter(action, default)(1)
            return metavar
        if action.nargs == 0:
            return ", ".join(action.option_strings)
        args = self._format_args(
            action, self._get_default_metavar_for_optional(action))
        return ", ".join(["%s %s" % (s, args) for s in action.option_strings])

    def _metavar_formatter(self, action, default_metavar):
        if action.metavar is not None:
            result = action.metavar
        elif action.choices is not None:
            result = "{%s}" % ",".join([str(c) for c in action.choices])
        else:
            result = default_metavar

        def make(count):
            if isinstance(result, tuple):
                return result
            return (result,) * count
        return make

    def _format_args(self, action, default_metavar):
        get = self._metavar_formatter(action, default_metavar)
        nargs = action.nargs
        if nargs is None:
            return "%s" % get(1)
        if nargs == OPTIONAL:
            return "[%s]" % get(1)
        if nargs == ZERO_OR_MORE:
            names = get(1)
            if len(names) == 2:
                return "[%s [%s ...]]" % names
            return "[%s ...]" % names
        if nargs == ONE_OR_MORE:
            return "%s [%s ...]" % get(2)
        if nargs == REMAINDER:
            return "..."
        if nargs == PARSER:
            return "%s ..." % get(1)
        if nargs == SUPPRESS:
            return ""
        try:
            slots = ["%s" for _ in range(nargs)]
        except TypeError:
            raise ValueError("invalid nargs value") from None
        return " ".join(slots) % get(nargs)

    def _expand_help(self, action):
        params = dict(action.__dict__)
        params["prog"] = self._prog
        for key in list(params):
            if params[key] is SUPPRESS:
                del params[key]
        for key in list(params):
            if hasattr(params[key], "__name__"):
                params[key] = params[key].__name__
        if params.get("choices") is not None:
            params["choices"] = ", ".join([str(c) for c in params["choices"]])
        return self._get_help_string(action) % params

    def _iter_indented_subactions(self, action):
        get = getattr(action, "_get_subactions", None)
        if get is None:
            return
        self._indent()
        for sub in get():
            yield sub
        self._dedent()

    def _split_lines(self, text, width):
        text = _re.sub(r"\s+", " ", text).strip()
        return _textwrap.wrap(text, width)

    def _fill_text(self, text, width, indent):
        text = _re.sub(r"\s+", " ", text).strip()
        return _textwrap.fill(text, width, initial_indent=indent,
                              subsequent_indent=indent)

    def _get_help_string(self, action):
        return action.help

    def _get_default_metavar_for_optional(self, action):
        return action.dest.upper()

    def _get_default_metavar_for_positional(self, action):
        return action.dest


def _usage_parts(text):
    # Split a usage line into its wrappable pieces: bracketed or
    # parenthesised groups that end at a space (or the end), else words.
    parts = []
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
            continue
        end = -1
        if c == "(" or c == "[":
            close = ")" if c == "(" else "]"
            j = i + 1
            while j < n:
                if text[j] == close:
                    k = j
                    while k < n and text[k] == close:
                        k += 1
                    if k == n or text[k].isspace():
                        end = k
                        break
                j += 1
        if end < 0:
            end = i
            while end < n and not text[end].isspace():
                end += 1
        parts.append(text[i:end])
        i = end
    return parts


class RawDescriptionHelpFormatter(HelpFormatter):
    """Keeps the description and epilog exactly as written."""

    def _fill_text(self, text, width, indent):
        return "".join([indent + line for line in text.splitlines(True)])


class RawTextHelpFormatter(RawDescriptionHelpFormatter):
    """Keeps all help text (argument help too) exactly as written."""

    def _split_lines(self, text, width):
        return text.splitlines()


class ArgumentDefaultsHelpFormatter(HelpFormatter):
    """Appends ' (default: ...)' to each argument's help."""

    def _get_help_string(self, action):
        text = action.help
        if text is None:
            text = ""
        if "%(default)" not in text and action.default is not SUPPRESS:
            if action.option_strings or action.nargs in (OPTIONAL,
                                                         ZERO_OR_MORE):
                text += " (default: %(default)s)"
        return text


class MetavarTypeHelpFormatter(HelpFormatter):
    """Uses the type's name as the default metavar."""

    def _get_default_metavar_for_optional(self, action):
        return action.type.__name__

    def _get_default_metavar_for_positional(self, action):
        return action.type.__name__


# ---------------------------------------------------------------- actions

class Action(_AttributeHolder):
    """Base class of the things add_argument creates."""

    def __init__(self, option_strings, dest, nargs=None, const=None,
                 default=None, type=None, choices=None, required=False,
                 help=None, metavar=None):
        self.option_strings = option_strings
        self.dest = dest
        self.nargs = nargs
        self.const = const
        self.default = default
        self.type = type
        self.choices = choices
        self.required = required
        self.help = help
        self.metavar = metavar

    def _get_kwargs(self):
        names = ["option_strings", "dest", "nargs", "const", "default",
                 "type", "choices", "required", "help", "metavar"]
        return [(name, getattr(self, name)) for name in names]

    def format_usage(self):
        return self.option_strings[0]

    def __call__(self, parser, namespace, values, option_string=None):
        raise NotImplementedError(".__call__() not defined")


class BooleanOptionalAction(Action):
    """--flag / --no-flag pairs."""

    def __init__(self, option_strings, dest, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None):
        strings = []
        for s in option_strings:
            strings.append(s)
            if s.startswith("--"):
                strings.append("--no-" + s[2:])
        if help is not None and default is not None and default is not SUPPRESS:
            help += " (default: %(default)s)"
        Action.__init__(self, strings, dest, nargs=0, default=default,
                        type=type, choices=choices, required=required,
                        help=help, metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        if option_string in self.option_strings:
            setattr(namespace, self.dest, not option_string.startswith("--no-"))

    def format_usage(self):
        return " | ".join(self.option_strings)


class _StoreAction(Action):
    def __init__(self, option_strings, dest, nargs=None, const=None,
                 default=None, type=None, choices=None, required=False,
                 help=None, metavar=None):
        if nargs == 0:
            raise ValueError("nargs for store actions must be != 0; if you "
                             "have nothing to store, actions such as store "
                             "true or store const may be more appropriate")
        if const is not None and nargs != OPTIONAL:
            raise ValueError("nargs must be %r to supply const" % OPTIONAL)
        Action.__init__(self, option_strings, dest, nargs, const, default,
                        type, choices, required, help, metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, values)


class _StoreConstAction(Action):
    def __init__(self, option_strings, dest, const=None, default=None,
                 required=False, help=None, metavar=None):
        Action.__init__(self, option_strings, dest, nargs=0, const=const,
                        default=default, required=required, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, self.const)


class _StoreTrueAction(_StoreConstAction):
    def __init__(self, option_strings, dest, default=False, required=False,
                 help=None):
        _StoreConstAction.__init__(self, option_strings, dest, True, default,
                                   required, help)


class _StoreFalseAction(_StoreConstAction):
    def __init__(self, option_strings, dest, default=True, required=False,
                 help=None):
        _StoreConstAction.__init__(self, option_strings, dest, False, default,
                                   required, help)


class _AppendAction(Action):
    def __init__(self, option_strings, dest, nargs=None, const=None,
                 default=None, type=None, choices=None, required=False,
                 help=None, metavar=None):
        if nargs == 0:
            raise ValueError("nargs for append actions must be != 0; if arg "
                             "strings are not supplying the value to append, "
                             "the append const action may be more appropriate")
        if const is not None and nargs != OPTIONAL:
            raise ValueError("nargs must be %r to supply const" % OPTIONAL)
        Action.__init__(self, option_strings, dest, nargs, const, default,
                        type, choices, required, help, metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        # A fresh list each time, so a list default is never mutated.
        items = _copy_list(getattr(namespace, self.dest, None))
        items.append(values)
        setattr(namespace, self.dest, items)


class _AppendConstAction(Action):
    def __init__(self, option_strings, dest, const=None, default=None,
                 required=False, help=None, metavar=None):
        Action.__init__(self, option_strings, dest, nargs=0, const=const,
                        default=default, required=required, help=help,
                        metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        items = _copy_list(getattr(namespace, self.dest, None))
        items.append(self.const)
        setattr(namespace, self.dest, items)


class _ExtendAction(_AppendAction):
    def __call__(self, parser, namespace, values, option_string=None):
        items = _copy_list(getattr(namespace, self.dest, None))
        items.extend(values)
        setattr(namespace, self.dest, items)


class _CountAction(Action):
    def __init__(self, option_strings, dest, default=None, required=False,
                 help=None):
        Action.__init__(self, option_strings, dest, nargs=0, default=default,
                        required=required, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        count = getattr(namespace, self.dest, None)
        if count is None:
            count = 0
        setattr(namespace, self.dest, count + 1)


class _HelpAction(Action):
    def __init__(self, option_strings, dest=SUPPRESS, default=SUPPRESS,
                 help=None):
        Action.__init__(self, option_strings, dest, nargs=0, default=default,
                        help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        parser.print_help()
        parser.exit()


class _VersionAction(Action):
    def __init__(self, option_strings, version=None, dest=SUPPRESS,
                 default=SUPPRESS, help="show program's version number and exit"):
        Action.__init__(self, option_strings, dest, nargs=0, default=default,
                        help=help)
        self.version = version

    def __call__(self, parser, namespace, values, option_string=None):
        version = self.version
        if version is None:
            version = parser.version
        formatter = parser._get_formatter()
        formatter.add_text(version)
        parser._print_message(formatter.format_help(), _sys.stdout)
        parser.exit()


class _SubParsersAction(Action):
    """The positional that picks a sub-command and hands it the rest."""

    class _ChoicesPseudoAction(Action):
        # Only used to list each sub-command in the help output.
        def __init__(self, name, aliases, help):
            shown = name
            if aliases:
                shown += " (%s)" % ", ".join(aliases)
            Action.__init__(self, option_strings=[], dest=name, help=help,
                            metavar=shown)

    def __init__(self, option_strings, prog, parser_class, dest=SUPPRESS,
                 required=False, help=None, metavar=None):
        self._prog_prefix = prog
        self._parser_class = parser_class
        self._name_parser_map = {}
        self._choices_actions = []
        Action.__init__(self, option_strings=option_strings, dest=dest,
                        nargs=PARSER, choices=self._name_parser_map,
                        required=required, help=help, metavar=metavar)

    def add_parser(self, name, **kwargs):
        if kwargs.get("prog") is None:
            kwargs["prog"] = "%s %s" % (self._prog_prefix, name)
        aliases = kwargs.pop("aliases", ())
        if name in self._name_parser_map:
            raise ArgumentError(self, "conflicting subparser: %s" % name)
        for alias in aliases:
            if alias in self._name_parser_map:
                raise ArgumentError(self, "conflicting subparser alias: %s"
                                    % alias)
        if "help" in kwargs:
            help = kwargs.pop("help")
            self._choices_actions.append(
                self._ChoicesPseudoAction(name, aliases, help))
        parser = self._parser_class(**kwargs)
        self._name_parser_map[name] = parser
        for alias in aliases:
            self._name_parser_map[alias] = parser
        return parser

    def _get_subactions(self):
        return self._choices_actions

    def __call__(self, parser, namespace, values, option_string=None):
        name = values[0]
        rest = values[1:]
        if self.dest is not SUPPRESS:
            setattr(namespace, self.dest, name)
        try:
            sub = self._name_parser_map[name]
        except KeyError:
            choices = ", ".join(self._name_parser_map)
            raise ArgumentError(self, "unknown parser %r (choices: %s)"
                                % (name, choices))
        subns, rest = sub.parse_known_args(rest, None)
        for key, value in list(subns.__dict__.items()):
            setattr(namespace, key, value)
        if rest:
            extra = getattr(namespace, _UNRECOGNIZED, None)
            if extra is None:
                extra = []
                setattr(namespace, _UNRECOGNIZED, extra)
            extra.extend(rest)


# -------------------------------------------------------------- namespace

class Namespace(_AttributeHolder):
    """A plain object holding the parsed values as attributes."""

    def __init__(self, **kwargs):
        for name in kwargs:
            setattr(self, name, kwargs[name])

    def __eq__(self, other):
        if not isinstance(other, Namespace):
            return NotImplemented
        return vars(self) == vars(other)

    def __ne__(self, other):
        result = self.__eq__(other)
        if result is NotImplemented:
            return result
        return not result

    def __contains__(self, key):
        return key in self.__dict__

    __hash__ = None


# ------------------------------------------------------------- containers

_ACTIONS = {
    None: _StoreAction,
    "store": _StoreAction,
    "store_const": _StoreConstAction,
    "store_true": _StoreTrueAction,
    "store_false": _StoreFalseAction,
    "append": _AppendAction,
    "append_const": _AppendConstAction,
    "extend": _ExtendAction,
    "count": _CountAction,
    "help": _HelpAction,
    "version": _VersionAction,
    "parsers": _SubParsersAction,
}


class _ActionsContainer(object):
    """What parsers and argument groups share: adding arguments."""

    def __init__(self, description, prefix_chars, argument_default,
                 conflict_handler):
        self.description = description
        self.argument_default = argument_default
        self.prefix_chars = prefix_chars
        if conflict_handler != "error":
            raise ValueError("invalid conflict_resolution value: %r"
                             % conflict_handler)
        self.conflict_handler = conflict_handler
        self._registries = {"action": dict(_ACTIONS), "type": {None: _identity}}
        self._actions = []
        self._option_string_actions = {}
        self._action_groups = []
        self._mutually_exclusive_groups = []
        self._defaults = {}
        self._has_negative_number_optionals = []

    def register(self, registry_name, value, obj):
        self._registries.setdefault(registry_name, {})[value] = obj

    def _registry_get(self, registry_name, value, default=None):
        return self._registries[registry_name].get(value, default)

    def set_defaults(self, **kwargs):
        self._defaults.update(kwargs)
        for action in self._actions:
            if action.dest in kwargs:
                action.default = kwargs[action.dest]

    def get_default(self, dest):
        for action in self._actions:
            if action.dest == dest and action.default is not None:
                return action.default
        return self._defaults.get(dest, None)

    def add_argument(self, *args, **kwargs):
        chars = self.prefix_chars
        if not args or (len(args) == 1 and args[0][0] not in chars):
            if args and "dest" in kwargs:
                raise ValueError("dest supplied twice for positional argument")
            kwargs = self._positional_kwargs(*args, **kwargs)
        else:
            kwargs = self._optional_kwargs(*args, **kwargs)
        if "default" not in kwargs:
            dest = kwargs["dest"]
            if dest in self._defaults:
                kwargs["default"] = self._defaults[dest]
            elif self.argument_default is not None:
                kwargs["default"] = self.argument_default
        action_class = self._pop_action_class(kwargs)
        if not callable(action_class):
            raise ValueError('unknown action "%s"' % (action_class,))
        action = action_class(**kwargs)
        type_func = self._registry_get("type", action.type, action.type)
        if not callable(type_func):
            raise ValueError("%r is not callable" % (type_func,))
        if hasattr(self, "_get_formatter"):
            try:
                self._get_formatter()._format_args(action, None)
            except TypeError:
                raise ValueError("length of metavar tuple does not match nargs")
        return self._add_action(action)

    def add_argument_group(self, *args, **kwargs):
        group = _ArgumentGroup(self, *args, **kwargs)
        self._action_groups.append(group)
        return group

    def add_mutually_exclusive_group(self, **kwargs):
        group = _MutuallyExclusiveGroup(self, **kwargs)
        self._mutually_exclusive_groups.append(group)
        return group

    def _add_action(self, action):
        self._check_conflict(action)
        self._actions.append(action)
        action.container = self
        for s in action.option_strings:
            self._option_string_actions[s] = action
        for s in action.option_strings:
            if _NEGATIVE_NUMBER.match(s):
                if not self._has_negative_number_optionals:
                    self._has_negative_number_optionals.append(True)
        return action

    def _remove_action(self, action):
        self._actions.remove(action)

    def _add_container_actions(self, container):
        # Copy a parent parser's arguments, keeping its group layout.
        by_title = {}
        for group in self._action_groups:
            if group.title in by_title:
                raise ValueError("cannot merge actions - two groups are "
                                 "named %r" % (group.title,))
            by_title[group.title] = group
        target = {}
        for group in container._action_groups:
            if group.title not in by_title:
                by_title[group.title] = self.add_argument_group(
                    title=group.title, description=group.description,
                    conflict_handler=group.conflict_handler)
            for action in group._group_actions:
                target[action] = by_title[group.title]
        for group in container._mutually_exclusive_groups:
            mutex = self.add_mutually_exclusive_group(required=group.required)
            for action in group._group_actions:
                target[action] = mutex
        for action in container._actions:
            target.get(action, self)._add_action(action)

    def _positional_kwargs(self, dest, **kwargs):
        if "required" in kwargs:
            raise TypeError("'required' is an invalid argument for positionals")
        nargs = kwargs.get("nargs")
        if nargs not in (OPTIONAL, ZERO_OR_MORE):
            kwargs["required"] = True
        if nargs == ZERO_OR_MORE and "default" not in kwargs:
            kwargs["required"] = True
        kwargs["dest"] = dest
        kwargs["option_strings"] = []
        return kwargs

    def _optional_kwargs(self, *args, **kwargs):
        strings = []
        long_strings = []
        for s in args:
            if not s or s[0] not in self.prefix_chars:
                raise ValueError(
                    "invalid option string %r: must start with a character %r"
                    % (s, self.prefix_chars))
            strings.append(s)
            if len(s) > 1 and s[1] in self.prefix_chars:
                long_strings.append(s)
        dest = kwargs.pop("dest", None)
        if dest is None:
            source = long_strings[0] if long_strings else strings[0]
            dest = source.lstrip(self.prefix_chars)
            if not dest:
                raise ValueError("dest= is required for options like %r" % s)
            dest = dest.replace("-", "_")
        kwargs["dest"] = dest
        kwargs["option_strings"] = strings
        return kwargs

    def _pop_action_class(self, kwargs, default=None):
        action = kwargs.pop("action", default)
        return self._registry_get("action", action, action)

    def _check_conflict(self, action):
        clashes = []
        for s in action.option_strings:
            if s in self._option_string_actions:
                clashes.append(s)
        if clashes:
            word = "string" if len(clashes) == 1 else "strings"
            raise ArgumentError(action, "conflicting option %s: %s"
                                % (word, ", ".join(clashes)))


def _identity(value):
    return value



class _ArgumentGroup(_ActionsContainer):
    """A titled block of arguments in the help; shares the parser's state."""

    def __init__(self, container, title=None, description=None, **kwargs):
        kwargs.setdefault("conflict_handler", container.conflict_handler)
        kwargs.setdefault("prefix_chars", container.prefix_chars)
        kwargs.setdefault("argument_default", container.argument_default)
        _ActionsContainer.__init__(self, description=description, **kwargs)
        self.title = title
        self._group_actions = []
        # Everything but the group's own action list is the container's.
        self._registries = container._registries
        self._actions = container._actions
        self._option_string_actions = container._option_string_actions
        self._defaults = container._defaults
        self._has_negative_number_optionals = \
            container._has_negative_number_optionals
        self._mutually_exclusive_groups = container._mutually_exclusive_groups

    def _add_action(self, action):
        action = _ActionsContainer._add_action(self, action)
        self._group_actions.append(action)
        return action

    def _remove_action(self, action):
        _ActionsContainer._remove_action(self, action)
        self._group_actions.remove(action)


class _MutuallyExclusiveGroup(_ArgumentGroup):
    def __init__(self, container, required=False):
        _ArgumentGroup.__init__(self, container)
        self.required = required
        self._container = container

    def _add_action(self, action):
        if action.required:
            raise ValueError("mutually exclusive arguments must be optional")
        action = self._container._add_action(action)
        self._group_actions.append(action)
        return action

    def _remove_action(self, action):
        self._container._remove_action(action)
        self._group_actions.remove(action)


# ----------------------------------------------------------------- parser

def _nargs_pattern(action):
    # A regular expression over the argument classes: 'A' a value, 'O' an
    # option, '-' the '--' marker; group 1 is what this action consumes.
    nargs = action.nargs
    if nargs is None:
        pattern = "(-*A-*)"
    elif nargs == OPTIONAL:
        pattern = "(-*A?-*)"
    elif nargs == ZERO_OR_MORE:
        pattern = "(-*[A-]*)"
    elif nargs == ONE_OR_MORE:
        pattern = "(-*A[A-]*)"
    elif nargs == REMAINDER:
        pattern = "([-AO]*)"
    elif nargs == PARSER:
        pattern = "(-*A[-AO]*)"
    elif nargs == SUPPRESS:
        pattern = "(-*-*)"
    else:
        pattern = "(-*%s-*)" % "-*".join("A" * nargs)
    if action.option_strings:
        # Options never swallow the '--' marker.
        pattern = pattern.replace("-*", "").replace("-", "")
    return pattern


class ArgumentParser(_AttributeHolder, _ActionsContainer):
    """Turns a list of strings into a Namespace, or prints help/errors."""

    def __init__(self, prog=None, usage=None, description=None, epilog=None,
                 parents=[], formatter_class=HelpFormatter, prefix_chars="-",
                 fromfile_prefix_chars=None, argument_default=None,
                 conflict_handler="error", add_help=True, allow_abbrev=True,
                 exit_on_error=True):
        _ActionsContainer.__init__(self, description=description,
                                   prefix_chars=prefix_chars,
                                   argument_default=argument_default,
                                   conflict_handler=conflict_handler)
        if prog is None:
            prog = _os.path.basename(_sys.argv[0]) if _sys.argv else ""
        self.prog = prog
        self.usage = usage
        self.epilog = epilog
        self.formatter_class = formatter_class
        self.fromfile_prefix_chars = fromfile_prefix_chars
        self.add_help = add_help
        self.allow_abbrev = allow_abbrev
        self.exit_on_error = exit_on_error

        self._positionals = self.add_argument_group("positional arguments")
        self._optionals = self.add_argument_group("options")
        self._subparsers = None

        self.register("type", None, _identity)

        default_prefix = "-" if "-" in prefix_chars else prefix_chars[0]
        if self.add_help:
            self.add_argument(default_prefix + "h", default_prefix * 2 + "help",
                              action="help", default=SUPPRESS,
                              help="show this help message and exit")
        for parent in parents:
            self._add_container_actions(parent)
            defaults = getattr(parent, "_defaults", None)
            if defaults is not None:
                self._defaults.update(defaults)

    def _get_kwargs(self):
        names = ["prog", "usage", "description", "formatter_class",
                 "conflict_handler", "add_help"]
        return [(name, getattr(self, name)) for name in names]

    def add_subparsers(self, **kwargs):
        if self._subparsers is not None:
            self.error("cannot have multiple subparser arguments")
        kwargs.setdefault("parser_class", type(self))
        if "title" in kwargs or "description" in kwargs:
            title = kwargs.pop("title", "subcommands")
            description = kwargs.pop("description", None)
            self._subparsers = self.add_argument_group(title, description)
        else:
            self._subparsers = self._positionals
        if kwargs.get("prog") is None:
            # Sub-parsers are named after this parser's usage up to here.
            formatter = self._get_formatter()
            formatter.add_usage(self.usage, self._get_positional_actions(),
                                self._mutually_exclusive_groups, "")
            kwargs["prog"] = formatter.format_help().strip()
        action_class = self._pop_action_class(kwargs, "parsers")
        action = action_class(option_strings=[], **kwargs)
        self._subparsers._add_action(action)
        return action

    def _add_action(self, action):
        if action.option_strings:
            self._optionals._add_action(action)
        else:
            self._positionals._add_action(action)
        return action

    def _get_optional_actions(self):
        return [a for a in self._actions if a.option_strings]

    def _get_positional_actions(self):
        return [a for a in self._actions if not a.option_strings]

    # -- parsing

    def parse_args(self, args=None, namespace=None):
        args, argv = self.parse_known_args(args, namespace)
        if argv:
            self.error("unrecognized arguments: %s" % " ".join(argv))
        return args

    def parse_known_args(self, args=None, namespace=None):
        if args is None:
            args = _sys.argv[1:]
        else:
            args = list(args)
        if namespace is None:
            namespace = Namespace()
        for action in self._actions:
            if action.dest is not SUPPRESS and not hasattr(namespace, action.dest):
                if action.default is not SUPPRESS:
                    setattr(namespace, action.dest, action.default)
        for dest in self._defaults:
            if not hasattr(namespace, dest):
                setattr(namespace, dest, self._defaults[dest])
        if self.exit_on_error:
            try:
                namespace, args = self._parse_known_args(args, namespace)
            except ArgumentError as err:
                self.error(str(err))
        else:
            namespace, args = self._parse_known_args(args, namespace)
        if hasattr(namespace, _UNRECOGNIZED):
            args.extend(getattr(namespace, _UNRECOGNIZED))
            delattr(namespace, _UNRECOGNIZED)
        return namespace, args

    def _parse_known_args(self, arg_strings, namespace):
        conflicts = {}
        for group in self._mutually_exclusive_groups:
            members = group._group_actions
            for i, action in enumerate(members):
                lst = conflicts.setdefault(action, [])
                lst.extend(members[:i])
                lst.extend(members[i + 1:])

        # Classify every string; after '--' everything is a value.
        option_at = {}
        kinds = []
        i = 0
        n = len(arg_strings)
        while i < n:
            s = arg_strings[i]
            if s == "--":
                kinds.append("-")
                kinds.extend(["A"] * (n - i - 1))
                break
            found = self._parse_optional(s)
            if found is None:
                kinds.append("A")
            else:
                option_at[i] = found
                kinds.append("O")
            i += 1
        pattern = "".join(kinds)

        seen = set()
        seen_non_default = set()
        extras = []

        def take_action(action, argument_strings, option_string=None):
            seen.add(action)
            values = self._get_values(action, argument_strings)
            if values is not action.default:
                seen_non_default.add(action)
                for other in conflicts.get(action, []):
                    if other in seen_non_default:
                        raise ArgumentError(action, "not allowed with argument %s"
                                            % _action_name(other))
            if values is not SUPPRESS:
                action(self, namespace, values, option_string)

        def consume_optional(start):
            action, option_string, explicit = option_at[start]
            pending = []
            while True:
                if action is None:
                    extras.append(arg_strings[start])
                    return start + 1
                if explicit is not None:
                    count = self._match_argument(action, "A")
                    if (count == 0 and option_string[1] not in self.prefix_chars
                            and explicit != ""):
                        # -xyz: -x takes nothing, so y starts another flag.
                        pending.append((action, [], option_string))
                        option_string = option_string[0] + explicit[0]
                        rest = explicit[1:] or None
                        if option_string in self._option_string_actions:
                            action = self._option_string_actions[option_string]
                            explicit = rest
                        else:
                            raise ArgumentError(
                                action, "ignored explicit argument %r" % explicit)
                    elif count == 1:
                        stop = start + 1
                        pending.append((action, [explicit], option_string))
                        break
                    else:
                        raise ArgumentError(
                            action, "ignored explicit argument %r" % explicit)
                else:
                    first = start + 1
                    count = self._match_argument(action, pattern[first:])
                    stop = first + count
                    pending.append((action, arg_strings[first:stop],
                                    option_string))
                    break
            for act, args, opt in pending:
                take_action(act, args, opt)
            return stop

        positionals = self._get_positional_actions()

        def consume_positionals(start):
            counts = self._match_arguments_partial(positionals, pattern[start:])
            for action, count in zip(positionals, counts):
                args = arg_strings[start:start + count]
                start += count
                take_action(action, args)
            del positionals[:len(counts)]
            return start

        start = 0
        last_option = max(option_at) if option_at else -1
        while start <= last_option:
            next_option = min([k for k in option_at if k >= start])
            if start != next_option:
                end = consume_positionals(start)
                if end > start:
                    start = end
                    continue
                start = end
            if start not in option_at:
                extras.extend(arg_strings[start:next_option])
                start = next_option
            start = consume_optional(start)
        stop = consume_positionals(start)
        extras.extend(arg_strings[stop:])

        missing = []
        for action in self._actions:
            if action not in seen:
                if action.required:
                    missing.append(_action_name(action))
                elif (action.default is not None
                      and isinstance(action.default, str)
                      and hasattr(namespace, action.dest)
                      and action.default is getattr(namespace, action.dest)):
                    # String defaults go through type= like given values.
                    setattr(namespace, action.dest,
                            self._get_value(action, action.default))
        if missing:
            self.error("the following arguments are required: %s"
                       % ", ".join(missing))

        for group in self._mutually_exclusive_groups:
            if group.required:
                for action in group._group_actions:
                    if action in seen_non_default:
                        break
                else:
                    names = [_action_name(a) for a in group._group_actions
                             if a.help is not SUPPRESS]
                    self.error("one of the arguments %s is required"
                               % " ".join(names))
        return namespace, extras

    def _match_argument(self, action, kinds):
        m = _re.match(_nargs_pattern(action), kinds)
        if m is None:
            nargs = action.nargs
            if nargs is None:
                msg = "expected one argument"
            elif nargs == OPTIONAL:
                msg = "expected at most one argument"
            elif nargs == ONE_OR_MORE:
                msg = "expected at least one argument"
            elif nargs == 1:
                msg = "expected %s argument" % nargs
            else:
                msg = "expected %s arguments" % nargs
            raise ArgumentError(action, msg)
        return len(m.group(1))

    def _match_arguments_partial(self, actions, kinds):
        # As many leading positionals as can match, greedily.
        for i in range(len(actions), 0, -1):
            pat = "".join([_nargs_pattern(a) for a in actions[:i]])
            m = _re.match(pat, kinds)
            if m is not None:
                return [len(g) for g in m.groups()]
        return []

    def _parse_optional(self, s):
        if not s or s[0] not in self.prefix_chars:
            return None
        if s in self._option_string_actions:
            return self._option_string_actions[s], s, None
        if len(s) == 1:
            return None
        if "=" in s:
            name, explicit = s.split("=", 1)
            if name in self._option_string_actions:
                return self._option_string_actions[name], name, explicit
        found = self._get_option_tuples(s)
        if len(found) > 1:
            names = ", ".join([t[1] for t in found])
            self.error("ambiguous option: %s could match %s" % (s, names))
        elif len(found) == 1:
            return found[0]
        if _NEGATIVE_NUMBER.match(s):
            if not self._has_negative_number_optionals:
                return None
        if " " in s:
            return None
        return None, s, None

    def _get_option_tuples(self, s):
        found = []
        chars = self.prefix_chars
        if s[0] in chars and s[1] in chars:
            if self.allow_abbrev:
                if "=" in s:
                    prefix, explicit = s.split("=", 1)
                else:
                    prefix, explicit = s, None
                for name in self._option_string_actions:
                    if name.startswith(prefix):
                        found.append((self._option_string_actions[name], name,
                                      explicit))
        elif s[0] in chars and s[1] not in chars:
            short = s[:2]
            short_explicit = s[2:]
            for name in self._option_string_actions:
                action = self._option_string_actions[name]
                if name == short:
                    found.append((action, name, short_explicit))
                elif name.startswith(s):
                    found.append((action, name, None))
        else:
            self.error("unexpected option string: %s" % s)
        return found

    def _get_values(self, action, strings):
        if action.nargs not in (PARSER, REMAINDER):
            if "--" in strings:
                strings.remove("--")
        if not strings and action.nargs == OPTIONAL:
            value = action.const if action.option_strings else action.default
            if isinstance(value, str):
                value = self._get_value(action, value)
                self._check_value(action, value)
        elif (not strings and action.nargs == ZERO_OR_MORE
              and not action.option_strings):
            value = action.default if action.default is not None else strings
            self._check_value(action, value)
        elif len(strings) == 1 and action.nargs in (None, OPTIONAL):
            value = self._get_value(action, strings[0])
            self._check_value(action, value)
        elif action.nargs == REMAINDER:
            value = [self._get_value(action, v) for v in strings]
        elif action.nargs == PARSER:
            value = [self._get_value(action, v) for v in strings]
            self._check_value(action, value[0])
        elif action.nargs == SUPPRESS:
            value = SUPPRESS
        else:
            value = [self._get_value(action, v) for v in strings]
            for v in value:
                self._check_value(action, v)
        return value

    def _get_value(self, action, text):
        convert = self._registry_get("type", action.type, action.type)
        if not callable(convert):
            raise ArgumentError(action, "%r is not callable" % (convert,))
        try:
            return convert(text)
        except ArgumentTypeError as err:
            raise ArgumentError(action, str(err))
        except (TypeError, ValueError):
            name = getattr(action.type, "__name__", repr(action.type))
            raise ArgumentError(action, "invalid %s value: %r" % (name, text))

    def _check_value(self, action, value):
        if action.choices is not None and value not in action.choices:
            choices = ", ".join([repr(c) for c in action.choices])
            raise ArgumentError(action, "invalid choice: %r (choose from %s)"
                                % (value, choices))

    # -- help and errors

    def format_usage(self):
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions,
                            self._mutually_exclusive_groups)
        return formatter.format_help()

    def format_help(self):
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions,
                            self._mutually_exclusive_groups)
        formatter.add_text(self.description)
        for group in self._action_groups:
            formatter.start_section(group.title)
            formatter.add_text(group.description)
            formatter.add_arguments(group._group_actions)
            formatter.end_section()
        formatter.add_text(self.epilog)
        return formatter.format_help()

    def _get_formatter(self):
        return self.formatter_class(prog=self.prog)

    def print_usage(self, file=None):
        if file is None:
            file = _sys.stdout
        self._print_message(self.format_usage(), file)

    def print_help(self, file=None):
        if file is None:
            file = _sys.stdout
        self._print_message(self.format_help(), file)

    def _print_message(self, message, file=None):
        if message:
            if file is None:
                file = _sys.stderr
            try:
                file.write(message)
            except (AttributeError, OSError):
                pass

    def exit(self, status=0, message=None):
        if message:
            self._print_message(message, _sys.stderr)
        _sys.exit(status)

    def error(self, message):
        self.print_usage(_sys.stderr)
        self.exit(2, "%s: error: %s\n" % (self.prog, message))

    def convert_arg_line_to_args(self, arg_line):
        return [arg_line]
