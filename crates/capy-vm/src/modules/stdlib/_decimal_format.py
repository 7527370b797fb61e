"""__format__ support of capy's decimal (private module).

Parses a format spec (fill, align, sign, 'z', '0', width, ','
grouping, precision, type) and formats a Decimal with the '', e, E, f,
F, g, G, n and % presentation types, as Decimal.__format__ does.
"""

from _decimal_base import _INF, _NAN, _nd, _round_int


# ---------------------------------------------------------------- format

def _parse_spec(spec):
    """Split a format spec; ValueError('invalid format string') if bad."""
    i = 0
    n = len(spec)
    fill = None
    align = None
    if n >= 2 and spec[1] in "<>=^":
        fill, align = spec[0], spec[1]
        i = 2
    elif n >= 1 and spec[0] in "<>=^":
        align = spec[0]
        i = 1
    sign = "-"
    if i < n and spec[i] in "+- ":
        sign = spec[i]
        i += 1
    z = False
    if i < n and spec[i] == "z":
        z = True
        i += 1
    zero = False
    if i < n and spec[i] == "0":
        zero = True
        i += 1
    j = i
    while j < n and spec[j].isdigit():
        j += 1
    width = int(spec[i:j]) if j > i else None
    i = j
    grouping = False
    if i < n and spec[i] == ",":
        grouping = True
        i += 1
    prec = None
    if i < n and spec[i] == ".":
        j = i + 1
        while j < n and spec[j].isdigit():
            j += 1
        if j == i + 1:
            raise ValueError("invalid format string")
        prec = int(spec[i + 1:j])
        i = j
    typ = None
    if i < n:
        typ = spec[i]
        i += 1
        if typ not in "eEfFgGn%":
            raise ValueError("invalid format string")
    if i != n:
        raise ValueError("invalid format string")
    if zero and fill is None and align is None:
        fill, align = "0", "="
    if fill is None:
        fill = " "
    if align is None:
        align = ">"
    return fill, align, sign, z, zero, width, grouping, prec, typ


def _group(intpart, minwidth):
    """Insert ',' every three digits, padding with zeros (when minwidth
    asks for it) the way CPython's zero-padded grouping does."""
    n = len(intpart)
    while n + (n - 1) // 3 < minwidth:
        n += 1
    digits = "0" * (n - len(intpart)) + intpart
    groups = []
    while len(digits) > 3:
        groups.append(digits[-3:])
        digits = digits[:-3]
    groups.append(digits)
    return ",".join(reversed(groups))


def _format(d, spec):
    fill, align, signopt, z, zero, width, grouping, prec, typ = \
        _parse_spec(spec)
    # Imported here: decimal imports this module, and by the time a
    # Decimal is formatted decimal is fully loaded.
    from decimal import getcontext
    ctx = getcontext()
    mode = ctx.rounding
    neg = d._sign == 1
    suffix = "%" if typ == "%" else ""
    if d._special:
        body = "Infinity" if d._special == _INF else \
            ("NaN" if d._special == _NAN else "sNaN")
        if d._special != _INF and d._int:
            body += str(d._int)
        body += suffix
        intpart, rest = "", body
        if fill == "0" and align == "=" and zero:
            fill, align = " ", ">"
        grouping_ok = False
    else:
        sign, c, e = d._sign, d._int, d._exp
        if typ == "%":
            e += 2
        if typ is None or typ in "gGn":
            if prec is not None:
                p = prec if prec > 0 else 1
                nd = _nd(c)
                if nd > p:
                    c, _ = _round_int(c, nd - p, sign, mode)
                    e += nd - p
                    if _nd(c) > p:
                        c //= 10
                        e += 1
            upper = (typ == "G") or (typ is None and ctx.capitals)
            digits = str(c)
            adj = e + len(digits) - 1
            if e <= 0 and adj >= -6:
                mant, expo = _fixed_digits(digits, e), ""
            else:
                mant = digits[0] + ("." + digits[1:] if len(digits) > 1
                                    else "")
                expo = ("E" if upper else "e") + ("+" if adj >= 0 else "") \
                    + str(adj)
        elif typ in "eE":
            if prec is not None:
                if c == 0:
                    digits = "0" * (prec + 1)
                else:
                    nd = _nd(c)
                    if nd > prec + 1:
                        c, _ = _round_int(c, nd - prec - 1, sign, mode)
                        e += nd - prec - 1
                        if _nd(c) > prec + 1:
                            c //= 10
                            e += 1
                    digits = str(c)
                    if len(digits) < prec + 1:
                        e -= prec + 1 - len(digits)
                        digits += "0" * (prec + 1 - len(digits))
            else:
                digits = str(c)
            adj = e + len(digits) - 1
            mant = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
            expo = typ + ("+" if adj >= 0 else "") + str(adj)
        else:  # f, F, %
            if prec is not None:
                if e < -prec:
                    c, _ = _round_int(c, -prec - e, sign, mode)
                    e = -prec
                elif e > -prec:
                    c *= 10 ** (e + prec)
                    e = -prec
            if e > 0:
                c *= 10 ** e
                e = 0
            mant = _fixed_digits(str(c), e)
            expo = ""
        if z and neg and c == 0:
            neg = False
        if "." in mant:
            intpart, frac = mant.split(".")
            rest = "." + frac + expo + suffix
        else:
            intpart = mant
            rest = expo + suffix
        grouping_ok = True
    if neg:
        signstr = "-"
    elif signopt == "+":
        signstr = "+"
    elif signopt == " ":
        signstr = " "
    else:
        signstr = ""
    if grouping and grouping_ok:
        minw = 0
        if fill == "0" and align == "=" and width is not None:
            minw = width - len(signstr) - len(rest)
        intpart = _group(intpart, minw)
    body = intpart + rest
    total = len(signstr) + len(body)
    if width is None or total >= width:
        return signstr + body
    pad = width - total
    if align == "<":
        return signstr + body + fill * pad
    if align == ">":
        return fill * pad + signstr + body
    if align == "=":
        return signstr + fill * pad + body
    left = pad // 2
    return fill * left + signstr + body + fill * (pad - left)


def _fixed_digits(digits, e):
    """Plain notation for coefficient digits and exponent e <= 0."""
    if e >= 0:
        return digits + "0" * e
    n = len(digits)
    point = n + e
    if point > 0:
        return digits[:point] + "." + digits[point:]
    return "0." + "0" * (-point) + digits
