# When __enter__ / __aenter__ raises (also after suspending), __exit__ /
# __aexit__ must not run; when the body raises, it must.


class CM:
    def __enter__(self):
        raise ValueError("enter")

    def __exit__(self, *a):
        print("exit called!")
        return False


try:
    with CM():
        print("body")
except ValueError as e:
    print("ValueError", e)


class Suspend:
    def __await__(self):
        yield "suspended"


class ACM:
    def __init__(self, fail_enter):
        self.fail_enter = fail_enter

    async def __aenter__(self):
        await Suspend()
        if self.fail_enter:
            raise ValueError("aenter")
        return "entered"

    async def __aexit__(self, t, e, tb):
        print("aexit", t.__name__ if t else None)
        return True


async def use(fail_enter, fail_body):
    try:
        async with ACM(fail_enter) as v:
            print("body", v)
            if fail_body:
                raise KeyError("body")
        print("after with")
    except ValueError as e:
        print("ValueError", e)


for fail_enter, fail_body in ((True, False), (False, False), (False, True)):
    c = use(fail_enter, fail_body)
    steps = []
    try:
        while True:
            steps.append(c.send(None))
    except StopIteration:
        pass
    print(steps)
