_cache = {}


def get(key, default=None):
    return _cache.get(key, default)


def put(key, value):
    _cache[key] = value
