"""Snapshots of a pending run: round trips in this process and in
another one; altered, truncated, foreign and other-version snapshots are
refused with SnapshotError."""

import hashlib
import hmac
import pickle
import subprocess
import sys

import pytest

import capy

KEY = b"0123456789abcdef0123456789abcdef"

CODE = (
    "import random, time, os\n"
    "seed = random.random()\n"
    "token = os.urandom(4)\n"
    "t = time.time()\n"
    "print('before')\n"
    "total = 0\n"
    "for i in range(3):\n"
    "    total += fetch(i) * double(i)\n"
    "(total, seed, token, t)"
)


def compartment(**kw):
    return capy.Compartment(grants={"fetch": capy.external("fetch"), "double": lambda x: 2 * x}, **kw)


def finish(p):
    while isinstance(p, capy.Pending):
        p = p.resume(p.args[0] + 10)
    return p.value


def test_round_trip_in_this_process():
    with compartment() as c:
        c.run("def f(x):\n    return x * 3\nkept = [1]")
        p = c.start(CODE).resume(10)
        data = p.snapshot(KEY)
        assert isinstance(data, bytes)
        original = finish(p)
    q = capy.restore(data, KEY, grants={"double": lambda x: 2 * x})
    assert isinstance(q, capy.Pending)
    assert (q.name, q.args) == ("fetch", (1,))
    # Same random seed, entropy and clock as when recorded.
    assert finish(q) == original
    assert q.compartment.call("f", 2) == 6
    assert q.compartment.run("kept") == [1]
    q.compartment.close()


def test_restore_accepts_key_by_name_and_prints_nothing_again():
    printed = []
    with compartment(stdout=printed.append) as c:
        p = c.start(CODE)
        data = p.snapshot(key=KEY)
        p.resume(0)
    assert "".join(printed) == "before\n"
    again = []
    q = capy.restore(data, key=KEY, grants={"double": lambda x: 2 * x}, stdout=again.append)
    assert again == []
    q.compartment.close()


def test_snapshot_needs_the_host_functions_again():
    with compartment() as c:
        data = c.start(CODE).snapshot(KEY)
    with pytest.raises(capy.SnapshotError) as e:
        capy.restore(data, KEY)
    assert "double" in str(e.value)


def test_round_trip_in_another_process(tmp_path):
    with compartment() as c:
        p = c.start(CODE).resume(10)
        data = p.snapshot(KEY)
        expected = finish(p)
    (tmp_path / "snap").write_bytes(data)
    child = (
        "import capy, pickle, sys\n"
        "data = open(sys.argv[1], 'rb').read()\n"
        f"p = capy.restore(data, {KEY!r}, grants={{'double': lambda x: 2 * x}})\n"
        "while isinstance(p, capy.Pending):\n"
        "    p = p.resume(p.args[0] + 10)\n"
        "sys.stdout.buffer.write(pickle.dumps(p.value))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", child, str(tmp_path / "snap")], capture_output=True, check=True
    ).stdout
    assert pickle.loads(out) == expected


def test_a_changed_byte_is_refused():
    with compartment() as c:
        data = c.start(CODE).snapshot(KEY)
    for i in (0, 9, len(data) // 2, len(data) - 1):
        bad = bytearray(data)
        bad[i] ^= 0x40
        with pytest.raises(capy.SnapshotError):
            capy.restore(bytes(bad), KEY, grants={"double": abs})


def test_truncated_empty_and_foreign_data_are_refused():
    with compartment() as c:
        data = c.start(CODE).snapshot(KEY)
    for bad in (data[:-1], data[: len(data) // 2], data[:10], b"", b"CAPYSNAP" + bytes(100)):
        with pytest.raises(capy.SnapshotError):
            capy.restore(bad, KEY, grants={"double": abs})


def test_wrong_or_short_key_is_refused():
    with compartment() as c:
        p = c.start(CODE)
        data = p.snapshot(KEY)
        with pytest.raises(capy.SnapshotError) as e:
            p.snapshot(b"short")
        assert "16 bytes" in str(e.value)
    with pytest.raises(capy.SnapshotError) as e:
        capy.restore(data, b"another key, also long enough", grants={"double": abs})
    assert "not authentic" in str(e.value)


def test_another_version_is_refused_even_when_authentic():
    with compartment() as c:
        data = c.start(CODE).snapshot(KEY)
    body = data[:-32]
    n = body[10]
    version = body[11 : 11 + n]
    other = body[:10] + bytes([5]) + b"0.0.0" + body[11 + n :]
    forged = other + hmac.new(KEY, other, hashlib.sha256).digest()
    with pytest.raises(capy.SnapshotError) as e:
        capy.restore(forged, KEY, grants={"double": abs})
    assert "0.0.0" in str(e.value) and version.decode() in str(e.value)
    # Another format number too.
    other = body[:8] + (99).to_bytes(2, "little") + body[10:]
    forged = other + hmac.new(KEY, other, hashlib.sha256).digest()
    with pytest.raises(capy.SnapshotError) as e:
        capy.restore(forged, KEY, grants={"double": abs})
    assert "format 99" in str(e.value)


def test_a_snapshot_after_reset_and_handles_replays_it_all():
    with compartment() as c:
        c.run("x = 1")
        c.reset()
        c.run("class C:\n    pass\nobjs = [C()]")
        h = c.get("objs")[0]
        assert isinstance(h, capy.Handle)
        p = c.start("y = fetch(objs[0])\ny")
        assert isinstance(p.args[0], capy.Handle)
        data = p.snapshot(KEY)
    q = capy.restore(data, KEY, grants={"double": abs})
    r = q.compartment
    with pytest.raises(capy.CompartmentError):
        r.run("x")
    assert q.resume(7).value == 7
    r.close()


def test_what_cannot_be_snapshotted(tmp_path):
    with capy.Compartment(grants={"fetch": capy.external("fetch")}, fs=capy.Dir(tmp_path)) as c:
        with pytest.raises(capy.SnapshotError) as e:
            c.start("fetch()").snapshot(KEY)
        assert "directory" in str(e.value)
    with compartment(timeout=0.05) as c:
        with pytest.raises(capy.TimeoutError):
            c.run("while True:\n    pass")
        with pytest.raises(capy.SnapshotError) as e:
            c.start("fetch(1)").snapshot(KEY)
        assert "time limit" in str(e.value)


def test_a_used_pending_cannot_be_snapshotted():
    with compartment() as c:
        p = c.start("fetch(1)")
        p.resume(1)
        with pytest.raises(capy.CompartmentError):
            p.snapshot(KEY)


def test_a_restored_compartment_snapshots_again():
    with compartment() as c:
        p = c.start(CODE)
        first = p.snapshot(KEY)
        expected = finish(p)
    q = capy.restore(first, KEY, grants={"double": lambda x: 2 * x})
    q = q.resume(10)
    second = q.snapshot(KEY)
    q.compartment.close()
    r = capy.restore(second, KEY, grants={"double": lambda x: 2 * x})
    assert r.args == (1,)
    assert finish(r) == expected
    r.compartment.close()


def test_restore_answers_host_calls_from_the_log():
    # The host function would answer otherwise now: the replay takes the
    # recorded answer, without calling it.
    with capy.Compartment(grants={"fetch": capy.external("fetch"), "n": lambda: 1}) as c:
        p = c.start("fetch(n())")
        data = p.snapshot(KEY)
    q = capy.restore(data, KEY, grants={"n": lambda: 2})
    assert q.args == (1,)
    q.compartment.close()


def test_a_long_history_is_dropped_not_kept():
    # Each run is a request and an outcome in the log: past the log's
    # bound the log is dropped (the host's memory stays bounded) and the
    # compartment can no longer be snapshotted.
    with capy.Compartment(grants={"fetch": capy.external("fetch")}) as c:
        for _ in range(50_001):
            c.run("1")
        p = c.start("fetch()")
        with pytest.raises(capy.SnapshotError, match="history passed"):
            p.snapshot(KEY)
        assert isinstance(p.resume(1), capy.Done)


def test_a_compartment_that_does_not_record_refuses_snapshots():
    # snapshots=False: no history is kept, so a snapshot says why it
    # cannot be made; the pending run goes on as usual.
    with capy.Compartment(grants={"fetch": capy.external("fetch")}, snapshots=False) as c:
        c.run("x = 1")
        p = c.start("fetch(x)")
        with pytest.raises(capy.SnapshotError, match="snapshots=False"):
            p.snapshot(KEY)
        assert p.resume(41).value == 41
    # Automatic: without an external function nothing is recorded (no
    # Pending of an external can arise); snapshots=True records anyway.
    with capy.Compartment(snapshots=True, grants={"fetch": capy.external("fetch")}) as c:
        p = c.start("fetch(2)")
        q = capy.restore(p.snapshot(KEY), KEY)
        assert q.args == (2,)
        q.compartment.close()


def test_the_snapshots_option_is_checked(tmp_path):
    with pytest.raises(TypeError, match="snapshots"):
        capy.Compartment(snapshots="yes")
    with pytest.raises(ValueError, match="fs="):
        capy.Compartment(snapshots=True, fs=capy.Dir(tmp_path))
    with capy.Compartment(snapshots=None) as c:
        assert c.run("1+1") == 2
