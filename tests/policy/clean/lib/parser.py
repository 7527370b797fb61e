from lexer import tokens, Token
import textfmt


class ParseError(Exception):
    pass


class Doc:
    def __init__(self):
        self.words = {}

    def counts(self):
        return sorted(self.words.items())


def parse(text):
    doc = Doc()
    for tok in tokens(text):
        if tok.kind != Token.WORD:
            raise ParseError("unexpected " + textfmt.quote(tok.text))
        doc.words[tok.text] = doc.words.get(tok.text, 0) + 1
    return doc
