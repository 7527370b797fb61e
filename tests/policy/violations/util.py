import time
import store


def log(msg):
    print(time.ticks_ms() // 1000000, msg)
    store.put("log", msg)
