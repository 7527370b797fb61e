# expect: exit=1
class AppError(Exception):
    pass
print("start")
raise AppError("custom failure 42")
