import textfmt


def show(doc, wide=False):
    for word, count in doc.counts():
        print(textfmt.columns(word, count, 30 if wide else 16))
    print(textfmt.rule())
