import store
import plugins.spell
from plugins import shout
import util


def run(words):
    store.put("words", words)
    checked = plugins.spell.check(words)
    loud = shout.shout(checked)
    store._cache.clear()
    util.log(loud)
    return loud


def debug():
    return store


print(run(["hello", "wrold"]))
