# a2b_base64's strict mode as CPython 3.11 has it: leading, discontinuous
# and excess padding, against the lenient default.
import binascii
for s in [b'4RYF=', b'4RYF==', b'0Bqt=', b'YzcnCnsT=', b'4RYF=A', b'4R==', b'4R=', b'=4RYF', b'4R=Y', b'4RY=', b'4RY==', b'4RYF====', b'4R===', b'4RY=F']:
    for strict in (False, True):
        try: r = binascii.a2b_base64(s, strict_mode=strict)
        except Exception as e: r = str(e)
        print(s, strict, r)
