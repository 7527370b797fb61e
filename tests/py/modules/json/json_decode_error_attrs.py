# json.JSONDecodeError carries msg, doc, pos, lineno and colno.
import json
for doc in ['{"a": }', '[1, 2', '\n\n  {"k" 1}', '"abc', '12 13']:
    try:
        json.loads(doc)
    except json.JSONDecodeError as e:
        print(repr(e.msg), e.pos, e.lineno, e.colno, e.doc == doc, str(e))
