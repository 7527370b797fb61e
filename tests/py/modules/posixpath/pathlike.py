# Helper of the posixpath tests (prints nothing by itself): an
# os.PathLike object standing for a str or bytes path.


class P:
    def __init__(self, p):
        self.p = p

    def __fspath__(self):
        return self.p

    def __repr__(self):
        return "P(%r)" % (self.p,)
