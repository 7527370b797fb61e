# Objects and method dispatch in a richards-style (original code) cooperative
# scheduler: tasks of several kinds pass work packets through queues, with
# priorities, holding and waiting states.
import sys

IDLE, WORKER, HANDLER, DEVICE = 0, 1, 2, 3

class Packet:
    def __init__(self, dest, kind, datum=0):
        self.dest = dest
        self.kind = kind
        self.datum = datum
        self.payload = [0, 0, 0, 0]

class Task:
    def __init__(self, sched, tid, prio):
        self.sched = sched
        self.tid = tid
        self.prio = prio
        self.inbox = []
        self.held = False
        self.runs = 0

    def runnable(self):
        return not self.held and len(self.inbox) > 0

    def step(self):
        self.runs += 1
        pkt = self.inbox.pop(0)
        return self.handle(pkt)

    def handle(self, pkt):
        raise NotImplementedError

class Idle(Task):
    def __init__(self, sched, tid, prio, seed):
        Task.__init__(self, sched, tid, prio)
        self.seed = seed

    def runnable(self):
        return True

    def step(self):
        self.runs += 1
        self.seed = (self.seed * 1103515245 + 12345) & 0x7FFFFFFF
        target = HANDLER + (self.seed >> 8) % 2
        self.sched.send(Packet(target, WORKER, self.seed & 0xFF))
        return self.sched.count < self.sched.limit

class Worker(Task):
    def handle(self, pkt):
        for i in range(4):
            pkt.payload[i] = (pkt.datum + i * self.tid) % 26
        pkt.dest = DEVICE
        self.sched.send(pkt)
        return True

class Handler(Task):
    def __init__(self, sched, tid, prio):
        Task.__init__(self, sched, tid, prio)
        self.total = 0

    def handle(self, pkt):
        if pkt.kind == WORKER:
            pkt.kind = HANDLER
            pkt.dest = WORKER
            self.sched.send(pkt)
        else:
            self.total += sum(pkt.payload)
            self.held = self.total % 7 == 0
        return True

class Device(Task):
    def __init__(self, sched, tid, prio):
        Task.__init__(self, sched, tid, prio)
        self.log = 0

    def handle(self, pkt):
        self.log = (self.log * 17 + pkt.payload[0] + pkt.payload[3]) % 65521
        pkt.dest = HANDLER + (self.log & 1)
        pkt.kind = DEVICE
        self.sched.send(pkt)
        self.sched.count += 1
        return True

class Scheduler:
    def __init__(self, limit):
        self.limit = limit
        self.count = 0
        self.tasks = []
        self.by_kind = {}

    def add(self, task, kind):
        self.tasks.append(task)
        self.by_kind.setdefault(kind, []).append(task)
        self.tasks.sort(key=lambda t: -t.prio)

    def send(self, pkt):
        group = self.by_kind[pkt.dest if pkt.dest < 3 else 3]
        if pkt.dest > DEVICE:
            group = self.by_kind[HANDLER]
        best = group[0]
        for t in group:
            if len(t.inbox) < len(best.inbox):
                best = t
        best.inbox.append(pkt)
        if best.held and len(best.inbox) > 3:
            best.held = False

    def run(self):
        switches = 0
        while True:
            for t in self.tasks:
                if t.runnable():
                    break
            switches += 1
            if not t.step():
                return switches

N = int(sys.argv[1]) if len(sys.argv) > 1 else 160000
s = Scheduler(N)
s.add(Idle(s, 0, 0, 42), IDLE)
s.add(Worker(s, 1, 10), WORKER)
s.add(Worker(s, 2, 11), WORKER)
s.add(Handler(s, 3, 20), HANDLER)
s.add(Handler(s, 4, 21), HANDLER)
s.add(Device(s, 5, 30), DEVICE)
sw = s.run()
print("scheduler", N, sw, [t.runs for t in s.tasks], s.by_kind[DEVICE][0].log)
