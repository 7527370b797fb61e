"""fs=capy.Dir(path, write=False): a directory is the compartment's file
system, and it cannot be left."""

import os

import pytest

import capy


@pytest.fixture
def tree(tmp_path):
    root = tmp_path / "root"
    (root / "sub").mkdir(parents=True)
    (root / "a.txt").write_text("hello")
    (root / "sub" / "b.txt").write_text("inner")
    (tmp_path / "secret.txt").write_text("outside")
    return root


def test_read_only_directory(tree):
    with capy.Compartment(fs=capy.Dir(tree)) as c:
        assert c.run("open('a.txt').read()") == "hello"
        assert c.run("open('sub/b.txt').read()") == "inner"
        assert sorted(c.run("import os\nos.listdir('.')")) == ["a.txt", "sub"]
        assert c.run("os.stat('a.txt')[6]") == 5
        with pytest.raises(capy.CompartmentError) as e:
            c.run("open('new.txt', 'w')")
        assert e.value.kind == "PermissionError"
        assert not (tree / "new.txt").exists()


def test_writable_directory(tree):
    with capy.Compartment(fs=capy.Dir(str(tree), write=True)) as c:
        c.run("with open('new.txt', 'w') as f:\n    f.write('made inside')")
        c.run("import os\nos.mkdir('d')")
        assert (tree / "new.txt").read_text() == "made inside"
        assert (tree / "d").is_dir()
        # A reset keeps the grant.
        c.reset()
        assert c.run("open('new.txt').read()") == "made inside"


@pytest.mark.parametrize(
    "path", ["../secret.txt", "sub/../../secret.txt", "/etc/passwd", "{outside}"]
)
def test_escapes_are_refused(tree, path):
    path = path.format(outside=tree.parent / "secret.txt")
    with capy.Compartment(fs=capy.Dir(tree, write=True)) as c:
        with pytest.raises(capy.CompartmentError) as e:
            c.run(f"open({path!r}).read()")
        assert e.value.kind in ("PermissionError", "OSError")
        with pytest.raises(capy.CompartmentError):
            c.run(f"open({path!r}, 'w').write('x')")
    assert (tree.parent / "secret.txt").read_text() == "outside"


def test_a_symlink_leading_out_is_refused(tree):
    os.symlink(tree.parent / "secret.txt", tree / "link.txt")
    os.symlink(tree.parent, tree / "up")
    with capy.Compartment(fs=capy.Dir(tree, write=True)) as c:
        for p in ("link.txt", "up/secret.txt"):
            with pytest.raises(capy.CompartmentError) as e:
                c.run(f"open({p!r}).read()")
            assert e.value.kind in ("PermissionError", "OSError")
        with pytest.raises(capy.CompartmentError):
            c.run("open('link.txt', 'w').write('x')")
    assert (tree.parent / "secret.txt").read_text() == "outside"


def test_without_fs_there_are_no_files(tree):
    with capy.Compartment() as c:
        with pytest.raises(capy.CompartmentError) as e:
            c.run(f"open({str(tree / 'a.txt')!r}).read()")
        assert e.value.kind == "PermissionError"


def test_bad_fs_options(tree):
    with pytest.raises(FileNotFoundError):
        capy.Compartment(fs=capy.Dir(tree / "missing"))
    with pytest.raises(NotADirectoryError):
        capy.Compartment(fs=capy.Dir(tree / "a.txt"))
    with pytest.raises(TypeError):
        capy.Compartment(fs=str(tree))
    assert capy.Dir(tree).write is False
    assert capy.Dir(tree).path == str(tree)
    assert repr(capy.Dir("/x", write=True)) == "capy.Dir('/x', write=True)"
