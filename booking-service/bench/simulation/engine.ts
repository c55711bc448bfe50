/**
 * The discrete-event engine of the on-sale simulation: a clock, a queue of timed actions (heap-js's binary heap,
 * ties broken by scheduling order so a run is reproducible), and the resources work waits for: cores shared by
 * processes, single-threaded event loops (FIFO), connection pools and locks (FIFO semaphores).
 * Times are milliseconds of simulated time.
 */
import { Heap } from 'heap-js';

interface Scheduled {
  at: number;
  order: number;
  action: () => void;
}

export class Simulation {
  now = 0;
  private order = 0;
  private readonly queue = new Heap<Scheduled>((a, b) => a.at - b.at || a.order - b.order);

  /** Runs `action` at `at` (never in the past). */
  at(at: number, action: () => void) {
    this.queue.push({ at: Math.max(at, this.now), order: this.order++, action });
  }

  after(delay: number, action: () => void) {
    this.at(this.now + delay, action);
  }

  /** Runs the actions in time order until none is left or the next is past `until`. */
  run(until = Infinity) {
    for (let next = this.queue.peek(); next && next.at <= until; next = this.queue.peek()) {
      this.queue.pop();
      this.now = next.at;
      next.action();
    }
  }
}

/**
 * A machine's cores, shared by whatever runs on them. Work started while more processes run than there are cores
 * is stretched by that ratio (processor sharing, frozen at the work's start: a simplification that keeps each
 * piece of work one event). A machine of its own per process makes the slowdown 1.
 */
export class Cores {
  running = 0;
  /** Core-milliseconds of work done: the machine's utilisation over a run. */
  workDone = 0;
  constructor(readonly count: number) {}

  slowdown(): number {
    return Math.max(1, (this.running + 1) / this.count);
  }
}

/** Work that needs a core but no queue of its own (a PostgreSQL backend, an nginx worker): stretched by the cores' sharing. */
export function onCores(sim: Simulation, cores: Cores, work: number, done: () => void) {
  const took = work * cores.slowdown();
  cores.running++;
  cores.workDone += work;
  sim.after(took, () => {
    cores.running--;
    done();
  });
}

/** A single-threaded event loop (a Node process): one piece of work at a time, in arrival order, on shared cores. */
export class EventLoop {
  private readonly waiting: { work: number; done: () => void }[] = [];
  private head = 0;
  private busy = false;
  /** Milliseconds this loop was busy: its utilisation. */
  busyTime = 0;
  constructor(
    private readonly sim: Simulation,
    private readonly cores: Cores,
  ) {}

  submit(work: number, done: () => void) {
    this.waiting.push({ work, done });
    if (!this.busy) this.next();
  }

  private next() {
    if (this.head === this.waiting.length) {
      this.busy = false;
      this.waiting.length = this.head = 0;
      return;
    }
    const job = this.waiting[this.head++]!;
    this.busy = true;
    const started = this.sim.now;
    onCores(this.sim, this.cores, job.work, () => {
      this.busyTime += this.sim.now - started;
      job.done();
      this.next();
    });
  }
}

/** A counted resource taken in arrival order: a connection pool, a row lock (size 1), a limit of joins at once. */
export class Semaphore {
  private readonly waiting: (() => void)[] = [];
  private head = 0;
  inUse = 0;
  /** The most holders waiting at once: a pool too small shows here. */
  mostWaiting = 0;
  constructor(readonly size: number) {}

  acquire(granted: () => void) {
    if (this.inUse < this.size) {
      this.inUse++;
      granted();
      return;
    }
    this.waiting.push(granted);
    this.mostWaiting = Math.max(this.mostWaiting, this.waiting.length - this.head);
  }

  release() {
    if (this.head < this.waiting.length) {
      const next = this.waiting[this.head++]!;
      if (this.head === this.waiting.length) this.waiting.length = this.head = 0;
      next();
      return;
    }
    this.inUse--;
  }

  get waitingCount(): number {
    return this.waiting.length - this.head;
  }
}
