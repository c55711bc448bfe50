/**
 * PostgreSQL in the model: the queue's and the seats' state, commands that take a pool connection and a core, the
 * event row's lock (pre-queue joins and the draw, waiting-room/line.ts), the advisory lock of the admission runs,
 * and the transactions counted a second at a time (what pg_stat_database's xact_commit shows the bench).
 */
import { admissionRunDue, admissionsPerRun } from '../../src/waiting-room/queue-rules.ts';
import { MEASURED } from './costs.ts';
import { onCores, Semaphore, type Cores, type Simulation } from './engine.ts';
import type { Random } from './random.ts';
import type { Scenario } from './scenario.ts';

/** A moviegoer as the database keeps them: the entry row. */
export interface Entry {
  place: number | null;
  admitted: boolean;
  left: boolean;
}

export class Database {
  readonly rowLock = new Semaphore(1);
  private admitting = false;
  drawnAt: number | null = null;
  lastPlace = 0;
  serving = 0;
  shopping = 0;
  lastAdmissionAt: number | null = null;
  paused = false;
  admitted = 0;
  /** The most shopping at once (never above the shopping capacity). */
  mostShopping = 0;
  /** Each admission run that let someone in: when, how many (the ramp's check). */
  readonly admissionRuns: { at: number; count: number }[] = [];
  /** Draws run (the rules allow one). */
  draws = 0;
  private readonly preQueue: Entry[] = [];
  private readonly byPlace: Entry[] = [];
  private nextPlace = 1;
  /** Free seats by show (true: free), and how many are left in all. */
  readonly seats: boolean[][];
  seatsLeft: number;
  /** Transactions committed in each second of the run. */
  readonly transactionsBySecond: number[] = [];

  constructor(
    private readonly sim: Simulation,
    private readonly cores: Cores,
    private readonly random: Random,
    private readonly scenario: Scenario,
    readonly onSaleAt: number,
  ) {
    this.seats = Array.from({ length: scenario.shows }, () => new Array<boolean>(scenario.seatsPerShow).fill(true));
    this.seatsLeft = scenario.shows * scenario.seatsPerShow;
  }

  countTransactions(count: number) {
    const second = Math.floor(this.sim.now / 1000);
    this.transactionsBySecond[second] = (this.transactionsBySecond[second] ?? 0) + count;
  }

  /** `count` commands one after another on a connection already held (each a round trip: MEASURED.commandMs on average). */
  run(count: number, done: () => void) {
    if (count <= 0) return done();
    onCores(this.sim, this.cores, this.random.exponential(MEASURED.commandMs), () => this.run(count - 1, done));
  }

  /** `count` autocommit commands through `pool` (a connection each, as pg's pool.query takes one per query). */
  autocommit(pool: Semaphore, count: number, done: () => void) {
    if (count <= 0) return done();
    pool.acquire(() =>
      this.run(1, () => {
        pool.release();
        this.countTransactions(1);
        this.autocommit(pool, count - 1, done);
      }),
    );
  }

  /** Work of `ms` on one connection (a view read, an admission run): one transaction. */
  work(pool: Semaphore, ms: number, done: () => void) {
    pool.acquire(() =>
      onCores(this.sim, this.cores, this.random.exponential(ms), () => {
        pool.release();
        this.countTransactions(1);
        done();
      }),
    );
  }

  /** The draw, under the row's lock (the caller holds it): the pre-queue in random order after the last place. */
  drawLocked(done: () => void) {
    if (this.drawnAt !== null || this.sim.now < this.onSaleAt) return done();
    // Without the hot row the order was given at each join (a lottery key): nothing to run at the on-sale time.
    const cost = this.scenario.joins === 'event-row-lock' ? this.preQueue.length * MEASURED.drawMsPerEntry : 0;
    onCores(this.sim, this.cores, cost, () => {
      const order = this.preQueue.splice(0);
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(this.random.uniform() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      for (const entry of order) this.place(entry);
      this.drawnAt = this.sim.now;
      this.draws++;
      done();
    });
  }

  /** A place in arrival order (after the draw), or the pre-queue. */
  enter(entry: Entry) {
    if (this.drawnAt === null) this.preQueue.push(entry);
    else this.place(entry);
  }

  private place(entry: Entry) {
    entry.place = ++this.lastPlace;
    this.byPlace[entry.place] = entry;
  }

  /**
   * One admission run (repository.admitNext): skipped while another instance holds the advisory lock; admits when the
   * event's last admission is at least ADMISSION_RUN_SPACING_MS old, up to admissionsPerRun, within the free slots.
   */
  admitNext(pool: Semaphore, done: (admitted: number) => void) {
    if (this.admitting) return done(0);
    this.admitting = true;
    this.work(pool, MEASURED.admissionRunMs, () => {
      this.admitting = false;
      const due = this.drawnAt !== null && !this.paused && admissionRunDue(this.lastAdmissionAt === null ? null : new Date(this.lastAdmissionAt), new Date(this.sim.now));
      if (!due || this.seatsLeft <= 0) return done(0);
      let count = 0;
      const room = Math.min(admissionsPerRun(this.scenario.shoppingCapacity), this.scenario.shoppingCapacity - this.shopping);
      while (count < room && this.nextPlace <= this.lastPlace) {
        const entry = this.byPlace[this.nextPlace++];
        if (!entry || entry.left) continue;
        entry.admitted = true;
        this.serving = entry.place!;
        count++;
      }
      this.shopping += count;
      this.mostShopping = Math.max(this.mostShopping, this.shopping);
      this.admitted += count;
      if (count > 0) {
        this.lastAdmissionAt = this.sim.now;
        this.admissionRuns.push({ at: this.sim.now, count });
      }
      done(count);
    });
  }

  /** A hold of `seats` of a show, if all are free (the booking's claim). */
  hold(show: number, seats: number[]): boolean {
    const free = this.seats[show]!;
    if (!seats.every((seat) => free[seat])) return false;
    for (const seat of seats) free[seat] = false;
    this.seatsLeft -= seats.length;
    return true;
  }

  leave(entry: Entry) {
    if (entry.left) return;
    entry.left = true;
    if (entry.admitted) this.shopping--;
  }
}
