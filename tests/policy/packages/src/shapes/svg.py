from .base import Circle


def render(items):
    out = []
    for c in items:
        if isinstance(c, Circle):
            out.append('<circle r="%s"/>' % c.r)
    return "<svg>" + "".join(out) + "</svg>"
