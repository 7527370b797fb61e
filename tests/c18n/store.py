"""A key-value store: a mutable container, module state, a context manager.
Imports events, which imports store back (a cycle)."""
import events

shared = ["from store"]
_log = []


class Store:
    def __init__(self):
        self._d = {}

    def put(self, k, v):
        self._d[k] = v
        events.notify("put", k)

    def get(self, k):
        return self._d[k]

    def keys(self):
        return list(self._d)

    def __len__(self):
        return len(self._d)

    def __contains__(self, k):
        return k in self._d

    def __getitem__(self, k):
        return self._d[k]

    def __iter__(self):
        return iter(self._d)


class Transaction:
    def __init__(self, store):
        self.store = store
        self.pending = {}

    def put(self, k, v):
        self.pending[k] = v

    def __enter__(self):
        return self

    def __exit__(self, t, e, tb):
        if t is None:
            for k, v in self.pending.items():
                self.store.put(k, v)
        return False


def log(msg):
    _log.append(msg)
    return len(_log)


def history():
    return tuple(_log)


def get(k):
    return {"known": 1}[k]
