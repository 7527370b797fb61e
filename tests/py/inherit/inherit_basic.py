class Animal:
    sound = "..."
    def __init__(self, name):
        self.name = name
    def speak(self):
        return self.name + " says " + self.sound
    def kind(self):
        return "animal"
class Dog(Animal):
    sound = "woof"
class Puppy(Dog):
    def speak(self):
        return Dog.speak(self) + "!"
    def kind(self):
        return "puppy/" + super().kind()
for a in (Animal("x"), Dog("rex"), Puppy("bit")):
    print(a.speak(), a.kind())
print(isinstance(Puppy("p"), Animal), issubclass(Puppy, Dog), issubclass(Dog, Puppy))
print(issubclass(Dog, (int, Animal)), isinstance(3, (str, int)))
