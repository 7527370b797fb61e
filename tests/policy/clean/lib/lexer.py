import re

_WORD = re.compile("[A-Za-z']+")


class Token:
    WORD = "word"
    OTHER = "other"

    def __init__(self, kind, text):
        self.kind = kind
        self.text = text


def tokens(text):
    for piece in text.split():
        kind = Token.WORD if _WORD.match(piece) else Token.OTHER
        yield Token(kind, piece)
