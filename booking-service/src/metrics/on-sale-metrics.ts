import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** What the on-sale's gauges read at the scrape. */
export interface OnSaleSources {
  /** The database server's lock waits and NOTIFY queue use (PostgreSQL); null elsewhere. */
  serverWaits(): Promise<{ lockWaits: number; notificationQueueUsage: number } | null>;
  /** The on-sale events of the day (on sale in the last 24 hours or still to open) and their lines, read now. */
  waitingRoomLines(): Promise<{ eventId: string; preQueue: number; waiting: number; shopping: number }[]>;
  /** Joins this instance holds, writing or waiting their turn (waiting-room.ts; bounded by WAITING_ROOM_JOIN_BACKLOG). */
  joinsHeld(): number;
}

/** A draw's duration (s): 5,000 places take well under a second; a million, seconds. */
const DRAW_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * The figures an operator watches on the day of an on-sale (docs/operators/metrics.md): the line of each event,
 * admissions and draws, the joins an instance holds, and the database's lock waits and NOTIFY queue. Returns what
 * the waiting room tells them.
 */
export function onSaleMetrics(registers: Registry[], sources: OnSaleSources) {
  // Two gauges read the server's waits: one query per scrape, shared by both.
  let waits: { readAt: number; value: ReturnType<OnSaleSources['serverWaits']> } | null = null;
  const serverWaits = () => {
    if (!waits || Date.now() - waits.readAt > 1_000) waits = { readAt: Date.now(), value: sources.serverWaits() };
    return waits.value;
  };
  const admitted = new Counter({
    name: 'waiting_room_admitted_total',
    help: "Moviegoers this instance's admission runs let in to shop (sum over instances: the event's admissions)",
    registers,
  });
  const drawDuration = new Histogram({
    name: 'waiting_room_draw_seconds',
    help: "Draws of a pre-queue run by this instance's admission timer (a draw a join ran, on PostgreSQL, is in that join's request duration)",
    buckets: DRAW_BUCKETS,
    registers,
  });
  new Gauge({
    name: 'waiting_room_line',
    help: 'Moviegoers of each on-sale event of the day: in the pre-queue, waiting with a place, shopping (the whole database, read at the scrape)',
    labelNames: ['event', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      for (const line of await sources.waitingRoomLines()) {
        this.set({ event: line.eventId, state: 'pre_queue' }, line.preQueue);
        this.set({ event: line.eventId, state: 'waiting' }, line.waiting);
        this.set({ event: line.eventId, state: 'shopping' }, line.shopping);
      }
    },
  });
  new Gauge({
    name: 'waiting_room_joins_held',
    help: 'Joins this instance holds in memory, writing or waiting their turn; past 5 + WAITING_ROOM_JOIN_BACKLOG a join is answered 503',
    registers,
    collect() {
      this.set(sources.joinsHeld());
    },
  });
  new Gauge({
    name: 'db_lock_waits',
    help: "Sessions of this database waiting on a lock now (PostgreSQL's pg_stat_activity): joins queueing on an event's row show here",
    registers,
    async collect() {
      const waits = await serverWaits();
      if (waits) this.set(waits.lockWaits);
    },
  });
  new Gauge({
    name: 'db_notification_queue_usage',
    help: "Share of PostgreSQL's NOTIFY queue in use (pg_notification_queue_usage(), 0-1): at 1, every commit that notifies fails",
    registers,
    async collect() {
      const waits = await serverWaits();
      if (waits) this.set(waits.notificationQueueUsage);
    },
  });

  return {
    /** An admission run let `count` moviegoers in. */
    admittedToShop(count: number) {
      if (count > 0) admitted.inc(count);
    },
    /** This instance ran a draw, in `seconds`. */
    drawRan(seconds: number) {
      drawDuration.observe(seconds);
    },
  };
}
