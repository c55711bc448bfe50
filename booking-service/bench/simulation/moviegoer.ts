/**
 * A moviegoer as waiting-room-bench.ts plays one (its `moviegoer` and `shop`): joins, opens the queue stream with its
 * place token, polls every 20 s (the first at a random phase), at once on its turn (again 0.5 s later if the polled
 * instance's view has not reached it yet), stops when told sold out; once admitted reads a show's seat map and tries
 * up to 3 times to hold 1-2 free seats, then leaves.
 */
import { JOIN_BACKLOG_RETRY_SECONDS } from '../../src/waiting-room/waiting-room.ts';
import { MEASURED } from './costs.ts';
import type { Entry } from './database.ts';
import type { Instance, PollAnswer } from './instance.ts';
import type { StreamNews, Watcher } from './queue-streams.ts';
import { exchange, onGenerator, type World } from './world.ts';

/** The waiting page's safety poll with its stream open (customer-mfe use-queue-status.ts; the bench's POLL_WITH_STREAM_S). */
const POLL_MS = 20_000;
/** The bench asks again this long after a turn the polled instance did not see yet. */
const TURN_AGAIN_MS = 500;
const BOOKING_ATTEMPTS = 3;

/** What the run records (the bench's Timings and Journey, in simulated milliseconds). */
export interface Records {
  polls: number[];
  seatMaps: number[];
  bookings: number[];
  joins: number[];
  lastSeatAt: number | null;
  moviegoers: Moviegoer[];
}

export class Moviegoer {
  readonly entry: Entry = { place: null, admitted: false, left: false };
  joinAnsweredAt: number | null = null;
  admittedAt: number | null = null;
  soldOutSeenAt: number | null = null;
  booked = false;
  done = false;
  private tokenPlace: number | null = null;
  private watcher: Watcher | null = null;
  private streamInstance: Instance | null = null;
  /** Bumped at each poll: a timer set before it is stale. */
  private pollGeneration = 0;
  private lastCueTurn = false;

  constructor(
    private readonly world: World,
    private readonly records: Records,
    readonly index: number,
    private readonly onDone: () => void,
  ) {}

  private anyInstance(): Instance {
    const { instances, random } = this.world;
    return instances[Math.floor(random.uniform() * instances.length)]!;
  }

  arrive() {
    const instance = this.anyInstance();
    let placed = false;
    exchange(this.world, instance, (respond) => instance.join(this.entry, (ok) => ((placed = ok), respond())), (ms) => {
      this.records.joins.push(ms);
      if (!placed) {
        if (this.world.scenario.retryRefusedJoins) this.world.sim.after(JOIN_BACKLOG_RETRY_SECONDS * 1000, () => this.arrive());
        else this.finish();
        return;
      }
      this.joinAnsweredAt = this.world.sim.now;
      this.tokenPlace = this.entry.place;
      this.openStream();
    });
  }

  /** nginx's least_conn: the instance holding the fewest streams. */
  private openStream() {
    const instance = this.world.instances.reduce((a, b) => (b.streams.open < a.streams.open ? b : a));
    const watcher: Watcher = { entry: this.entry, place: this.tokenPlace, beat: 0, lastServing: 0, open: true, hear: (news) => this.hear(news) };
    exchange(this.world, instance, (respond) => (instance.streams.subscribe(watcher), respond()), () => {
      this.watcher = watcher;
      this.streamInstance = instance;
      this.schedulePoll(this.world.random.uniform() * POLL_MS);
    });
  }

  private hear(news: StreamNews) {
    if (this.done || this.admittedAt !== null) return;
    if (news === 'sold-out') return this.toldSoldOut();
    if (news === 'turn') this.poll(true);
  }

  private schedulePoll(delay: number) {
    const generation = ++this.pollGeneration;
    this.world.sim.after(delay, () => generation === this.pollGeneration && this.poll(false));
  }

  private poll(onTurn: boolean) {
    if (this.done || this.admittedAt !== null) return;
    if (onTurn && this.lastCueTurn) {
      this.lastCueTurn = false;
      return this.world.sim.after(TURN_AGAIN_MS, () => this.poll(true));
    }
    this.lastCueTurn = onTurn;
    ++this.pollGeneration;
    const instance = this.anyInstance();
    let answer: PollAnswer | null = null;
    exchange(this.world, instance, (respond) => instance.poll(this.entry, this.tokenPlace, (a) => ((answer = a), respond())), (ms) => {
      this.records.polls.push(ms);
      const { state, soldOut, place } = answer!;
      if (place !== null) this.tokenPlace = place;
      if (state === 'shopping') return this.shop();
      if (soldOut) return this.toldSoldOut();
      if (onTurn) return this.poll(true);
      this.schedulePoll(POLL_MS);
    });
  }

  private toldSoldOut() {
    this.soldOutSeenAt ??= this.world.sim.now;
    this.finish();
  }

  private closeStream() {
    if (!this.watcher) return;
    this.streamInstance!.streams.close(this.watcher);
    this.watcher = null;
    onGenerator(this.world, MEASURED.streamCloseGenerator, () => {});
  }

  private finish() {
    if (this.done) return;
    this.done = true;
    this.closeStream();
    this.onDone();
  }

  private shop() {
    this.admittedAt = this.world.sim.now;
    this.closeStream();
    this.tryToBook(0);
  }

  private tryToBook(attempt: number) {
    const { world, records } = this;
    const show = this.index % world.scenario.shows;
    const mapInstance = this.anyInstance();
    let free: number[] = [];
    exchange(world, mapInstance, (respond) => mapInstance.seatMap(show, (f) => ((free = f), respond())), (ms) => {
      records.seatMaps.push(ms);
      if (free.length === 0) return this.leave();
      const first = Math.floor(world.random.uniform() * free.length);
      const seats = free.slice(first, first + 1 + (this.index % 2));
      const instance = this.anyInstance();
      let held = false;
      exchange(world, instance, (respond) => instance.book(show, seats, (h) => ((held = h), respond())), (bookingMs) => {
        records.bookings.push(bookingMs);
        if (held) {
          this.booked = true;
          records.lastSeatAt = world.sim.now;
          return this.leave();
        }
        if (attempt + 1 < BOOKING_ATTEMPTS) return this.tryToBook(attempt + 1);
        this.leave();
      });
    });
  }

  private leave() {
    const instance = this.anyInstance();
    exchange(this.world, instance, (respond) => instance.leave(this.entry, respond), () => this.finish());
  }
}
