from string import Template

t = Template("$who likes $what")
print(t.substitute(who="tim", what="kung pao"))
print(t.substitute({"who": "ann", "what": "tea"}))
print(t.substitute({"who": "ann", "what": "tea"}, what="coffee"))
print(Template("${noun}ification costs $$${price}").substitute(noun="simpl", price=10))
print(Template("$a$b ${a}b $$a $").safe_substitute(a=1))
print(Template("no placeholders").substitute())
print(Template("$x and $x").substitute(x=[1, 2]))
print(t.template)

try:
    t.substitute(who="tim")
except KeyError as e:
    print("KeyError", e)
print(t.safe_substitute(who="tim"))
print(Template("${missing} and $missing").safe_substitute())

for bad in ["cost: $", "$1abc", "line1\nline2 $ x", "${bad", "${1}", "ok $x\n\n  $!"]:
    try:
        Template(bad).substitute(x=1)
    except ValueError as e:
        print("ValueError:", e)
    print(repr(Template(bad).safe_substitute(x=1)))

print(Template("$a ${b} $a $$c ${d}").get_identifiers())
print(Template("$a $").is_valid(), Template("$a ${b}").is_valid(), Template("$$").is_valid())
print(Template("$_private $CamelCase $with9 $9no").safe_substitute(_private="p", CamelCase="C", with9="w"))
print(Template("$ab_c.d").substitute(ab_c="X"))
print(Template("é$x€").substitute(x="ü"))

class Percent(Template):
    delimiter = "%"

p = Percent("%name is %% %{age}y")
print(p.substitute(name="Bo", age=3))
print(p.get_identifiers())

class Dotted(Template):
    idpattern = r"[a-z][_a-z0-9.]*"

print(Dotted("$user.name is ${user.age}").substitute({"user.name": "al", "user.age": 9}))

class Multi(Template):
    delimiter = "{{"

print(Multi("x={{x} and {{{{ lit").safe_substitute(x=5))

class Obj:
    def __str__(self):
        return "obj!"

print(Template("$o").substitute(o=Obj()))
