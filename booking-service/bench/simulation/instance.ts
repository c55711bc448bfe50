/**
 * One service instance: its event loop and pool, its view of the event (read once a second by the admission timer,
 * then the draw and an admission run: waiting-room.ts), the joins it writes 5 at a time, and the routes' work.
 * The queue streams it holds are in queue-streams.ts.
 */
import { ADMISSION_INTERVAL_MS } from '../../src/waiting-room/waiting-room.ts';
import { MEASURED } from './costs.ts';
import type { Entry } from './database.ts';
import { EventLoop, Semaphore } from './engine.ts';
import { QueueStreams } from './queue-streams.ts';
import type { World } from './world.ts';

/** waiting-room.ts's JOINS_AT_ONCE (not exported): joins each instance writes at once; the rest wait in memory. */
const JOINS_AT_ONCE = 5;

/** What the instance last read of the event (event-view.ts). */
export interface View {
  serving: number;
  drawn: boolean;
  soldOut: boolean;
  paused: boolean;
}

export type PollAnswer = { state: 'pre-queue' | 'waiting' | 'shopping'; soldOut: boolean; place: number | null };

export class Instance {
  readonly loop: EventLoop;
  readonly pool: Semaphore;
  private readonly joinSlots = new Semaphore(JOINS_AT_ONCE);
  private joinsHeld = 0;
  /** Joins answered 503 (past the backlog). */
  joinsRefused = 0;
  view: View = { serving: 0, drawn: false, soldOut: false, paused: false };
  readonly streams: QueueStreams;

  constructor(
    private readonly world: World,
    readonly index: number,
  ) {
    this.loop = new EventLoop(world.sim, world.instanceCores[index]!);
    this.pool = new Semaphore(world.scenario.poolSize);
    this.streams = new QueueStreams(world, this);
  }

  /** The admission timer (every second, at this instance's own phase): the view, then the draw and the admissions. */
  start() {
    const { sim, random } = this.world;
    const tick = () => {
      if (this.world.finished) return;
      this.world.db.countTransactions(MEASURED.backgroundCommandsPerSecond);
      this.refreshView(() => this.admitAll());
      sim.after(ADMISSION_INTERVAL_MS, tick);
    };
    sim.after(random.uniform() * ADMISSION_INTERVAL_MS, tick);
    this.streams.start();
  }

  refreshView(done: () => void) {
    const { db } = this.world;
    db.work(this.pool, MEASURED.viewReadMs, () => {
      this.view = { serving: db.serving, drawn: db.drawnAt !== null, soldOut: db.seatsLeft <= 0, paused: db.paused };
      done();
    });
  }

  private admitAll() {
    const { db, sim } = this.world;
    const admit = () => {
      if (this.view.soldOut) return;
      db.admitNext(this.pool, (count) => {
        if (count > 0) this.refreshView(() => {});
      });
    };
    if (sim.now < db.onSaleAt || this.view.drawn) return admit();
    this.transaction(1, () => admit());
  }

  /**
   * A transaction taking the event row's lock (BEGIN outside it; SELECT ... FOR UPDATE and then `afterSelect`
   * commands, COMMIT the last, under it), running the draw first when it is due, as lockEvent does.
   */
  private transaction(afterSelect: number, then: () => void, whileLocked: () => void = () => {}) {
    const { db } = this.world;
    this.pool.acquire(() =>
      db.run(1, () =>
        db.rowLock.acquire(() =>
          db.run(1, () =>
            db.drawLocked(() =>
              db.run(afterSelect, () => {
                whileLocked();
                db.rowLock.release();
                this.pool.release();
                db.countTransactions(1);
                then();
              }),
            ),
          ),
        ),
      ),
    );
  }

  /** A join (line.ts), 5 at a time here; past the backlog answered 503 at once. `respond(true)` when placed. */
  join(entry: Entry, respond: (placed: boolean) => void) {
    if (this.joinsHeld >= JOINS_AT_ONCE + this.world.scenario.joinBacklog) {
      this.joinsRefused++;
      return respond(false);
    }
    this.joinsHeld++;
    const finish = () => {
      this.joinSlots.release();
      this.joinsHeld--;
      respond(true);
    };
    this.joinSlots.acquire(() => this.joinWrites(entry, finish));
  }

  private joinWrites(entry: Entry, finish: () => void) {
    const { db } = this.world;
    if (this.world.scenario.joins === 'no-hot-row') {
      // The account and the entry with its place or lottery key: 2 transactions, no lock shared by all joins.
      return db.autocommit(this.pool, 2, () => (db.enter(entry), finish()));
    }
    // line.ts's join, command for command (MEASURED.laterJoin's 3; the pre-queue's 8 in MEASURED.preQueueJoin): the
    // account (first sign-in) and the entry read; then the placing statement, which waits on the row's lock.
    db.autocommit(this.pool, 2, () =>
      this.pool.acquire(() =>
        db.rowLock.acquire(() =>
          db.run(1, () => {
            const drawn = db.drawnAt !== null;
            if (drawn) db.enter(entry);
            db.rowLock.release();
            this.pool.release();
            db.countTransactions(1);
            if (drawn) return finish();
            // No draw yet: the entry read again, then the pre-queue's transaction under the row's lock.
            db.autocommit(this.pool, 1, () => this.transaction(MEASURED.preQueueJoin.underRowLock - 1, finish, () => db.enter(entry)));
          }),
        ),
      ),
    );
  }

  /** A poll with the place token: from the view while the turn has not come, else the entry row (claiming it). */
  poll(entry: Entry, tokenPlace: number | null, respond: (answer: PollAnswer) => void) {
    const { db } = this.world;
    const view = this.view;
    if (tokenPlace === null && !view.drawn) return respond({ state: 'pre-queue', soldOut: view.soldOut, place: null });
    this.streams.drawnPlaces(() => {
      const place = tokenPlace ?? entry.place;
      if (place !== null && place > view.serving) return respond({ state: 'waiting', soldOut: view.soldOut, place });
      db.autocommit(this.pool, 1, () => respond({ state: entry.admitted && !entry.left ? 'shopping' : 'waiting', soldOut: this.view.soldOut, place: entry.place }));
    });
  }

  /** The seat map of a show: its free seats (the read cache answers most: MEASURED.seatMapCommands a request). */
  seatMap(show: number, respond: (free: number[]) => void) {
    const { db, random } = this.world;
    db.autocommit(this.pool, random.count(MEASURED.seatMapCommands), () => {
      const free: number[] = [];
      db.seats[show]!.forEach((isFree, seat) => isFree && free.push(seat));
      respond(free);
    });
  }

  /**
   * A booking: its commands one after another, each answer handled on the loop (MEASURED.bookingCpu split evenly
   * over them: the handler runs between its awaits), the seats claimed at the last (409 when one was taken meanwhile).
   */
  book(show: number, seats: number[], respond: (held: boolean) => void) {
    const { db, random } = this.world;
    const commands = Math.max(1, random.count(MEASURED.bookingCommands));
    const piece = MEASURED.bookingCpu / commands;
    const next = (left: number) =>
      db.autocommit(this.pool, 1, () =>
        this.loop.submit(piece, () => {
          if (left > 1) return next(left - 1);
          respond(db.hold(show, seats));
        }),
      );
    next(commands);
  }

  leave(entry: Entry, respond: () => void) {
    const { db } = this.world;
    db.autocommit(this.pool, MEASURED.leaveCommands, () => {
      db.leave(entry);
      respond();
    });
  }
}
