# Titlecase letters (ǅ, ᾈ) are cased but neither upper nor lower case
# (found by the differential fuzzer: capy said 'ǅx'.islower()).
for t in ["ǅx", "ǅ", "Ǆ", "ǆ", "ǅX", "aǅ", "ᾈ", "ᾈa", "ABC", "abc", "Ab Cd", "ǅx ǅy", "", "1", "ß"]:
    print(repr(t), t.islower(), t.isupper(), t.istitle())
