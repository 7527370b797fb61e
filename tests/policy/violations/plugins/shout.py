from .spell import KNOWN
import store


def shout(words):
    store.put("last", words)
    return [w.upper() + "!" for w in words if w in KNOWN]
