/**
 * The queue streams one instance holds (queue-feed.ts): every second, from the instance's view, news everyone waits
 * for (the draw, sold out) to every stream, the turn to the streams whose place the serving counter reached, and the
 * queue's progress to each stream once in 15 s of its own beat; written SEND_BURST at a time (more for a large
 * crowd), SEND_BURST_PAUSE_MS apart. Each write costs the instance, nginx and the reader (MEASURED.streamEvent*).
 */
import { Heap } from 'heap-js';
import { QUEUE_FEED_INTERVAL_MS, QUEUE_PROGRESS_INTERVAL_MS, SEND_BURST, SEND_BURST_PAUSE_MS, SEND_SPREAD_MS } from '../../src/waiting-room/queue-feed.ts';
import { MEASURED } from './costs.ts';
import type { Entry } from './database.ts';
import { onCores } from './engine.ts';
import type { Instance } from './instance.ts';
import { onGenerator, type World } from './world.ts';

export type StreamNews = 'drawn' | 'sold-out' | 'turn' | 'progress';

export interface Watcher {
  entry: Entry;
  /** The place it knows (null: in the pre-queue, until the draw's places are read). */
  place: number | null;
  beat: number;
  lastServing: number;
  open: boolean;
  hear(news: StreamNews): void;
}

const BEATS = QUEUE_PROGRESS_INTERVAL_MS / QUEUE_FEED_INTERVAL_MS;

export class QueueStreams {
  private readonly beats: Set<Watcher>[] = Array.from({ length: BEATS }, () => new Set());
  private readonly turns = new Heap<Watcher>((a, b) => a.place! - b.place!);
  private awaitingDraw: Watcher[] = [];
  private sent = { drawn: false, soldOut: false };
  private ticking = false;
  private placesRead: 'no' | 'reading' | 'yes' = 'no';
  private readonly placesWaiting: (() => void)[] = [];
  open = 0;
  mostOpen = 0;
  /** Events written, all streams together. */
  written = 0;

  constructor(
    private readonly world: World,
    private readonly instance: Instance,
  ) {}

  start() {
    const { sim, random } = this.world;
    const tick = () => {
      if (this.world.finished) return;
      this.tick();
      sim.after(QUEUE_FEED_INTERVAL_MS, tick);
    };
    sim.after(random.uniform() * QUEUE_FEED_INTERVAL_MS, tick);
  }

  /** A stream opened with its place token (the current event is written at once, with the request). */
  subscribe(watcher: Watcher) {
    const { sim } = this.world;
    watcher.beat = Math.floor(sim.now / QUEUE_FEED_INTERVAL_MS) % BEATS;
    watcher.lastServing = this.instance.view.serving;
    this.beats[watcher.beat]!.add(watcher);
    if (watcher.place === null) this.awaitingDraw.push(watcher);
    else this.turns.push(watcher);
    this.open++;
    this.mostOpen = Math.max(this.mostOpen, this.open);
  }

  close(watcher: Watcher) {
    if (!watcher.open) return;
    watcher.open = false;
    this.beats[watcher.beat]!.delete(watcher);
    this.open--;
  }

  /** The draw's places, read once per instance (one query; its rows priced as the draw's, unmeasured). */
  drawnPlaces(then: () => void) {
    if (this.placesRead === 'yes' || !this.instance.view.drawn) return then();
    this.placesWaiting.push(then);
    if (this.placesRead === 'reading') return;
    this.placesRead = 'reading';
    const { db } = this.world;
    db.work(this.instance.pool, MEASURED.commandMs + db.lastPlace * MEASURED.drawMsPerEntry, () => {
      this.placesRead = 'yes';
      for (const waiting of this.placesWaiting.splice(0)) waiting();
    });
  }

  private tick() {
    if (this.ticking || this.open === 0) return;
    this.ticking = true;
    const view = this.instance.view;
    const place = view.drawn && this.awaitingDraw.length > 0 ? (then: () => void) => this.drawnPlaces(then) : (then: () => void) => then();
    place(() => {
      if (view.drawn) this.placeAwaiting();
      this.send(this.due(view), () => (this.ticking = false));
    });
  }

  private placeAwaiting() {
    for (const watcher of this.awaitingDraw) {
      watcher.place = watcher.entry.place;
      if (watcher.place !== null) this.turns.push(watcher);
    }
    this.awaitingDraw = [];
  }

  /** The writes due now: urgent news to every stream, else the turns reached and this second's beat. */
  private due(view: Instance['view']): [Watcher, StreamNews][] {
    const writes: [Watcher, StreamNews][] = [];
    const urgent: StreamNews | null = view.soldOut && !this.sent.soldOut ? 'sold-out' : view.drawn && !this.sent.drawn ? 'drawn' : null;
    this.sent = { drawn: view.drawn, soldOut: view.soldOut };
    const turned = new Set<Watcher>();
    while (this.turns.length > 0 && this.turns.peek()!.place! <= view.serving) {
      const watcher = this.turns.pop()!;
      if (watcher.open) turned.add(watcher);
    }
    if (urgent) {
      for (const beat of this.beats) for (const watcher of beat) writes.push([watcher, turned.has(watcher) ? 'turn' : urgent]);
      return writes;
    }
    for (const watcher of turned) writes.push([watcher, 'turn']);
    const beat = Math.floor(this.world.sim.now / QUEUE_FEED_INTERVAL_MS) % BEATS;
    for (const watcher of this.beats[beat]!) {
      if (turned.has(watcher) || watcher.lastServing === view.serving) continue;
      watcher.lastServing = view.serving;
      writes.push([watcher, 'progress']);
    }
    return writes;
  }

  /** The writes in bursts, SEND_BURST_PAUSE_MS apart; each burst on the instance's loop, then nginx and the reader. */
  private send(writes: [Watcher, StreamNews][], done: () => void) {
    const { sim, proxyCores } = this.world;
    const burst = Math.max(SEND_BURST, Math.ceil(this.open / (SEND_SPREAD_MS / SEND_BURST_PAUSE_MS)));
    const next = (from: number) => {
      if (from >= writes.length) return done();
      const slice = writes.slice(from, from + burst);
      this.written += slice.length;
      this.instance.loop.submit(slice.length * MEASURED.streamEventInstance, () => {
        const elsewhere = (slice.length * MEASURED.streamEventElsewhere) / 2;
        onCores(sim, proxyCores, elsewhere, () =>
          onGenerator(this.world, elsewhere, () => {
            for (const [watcher, news] of slice) if (watcher.open) watcher.hear(news);
          }),
        );
        if (from + burst >= writes.length) return done();
        sim.after(SEND_BURST_PAUSE_MS, () => next(from + burst));
      });
    };
    next(0);
  }
}
