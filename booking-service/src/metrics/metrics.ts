import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { routeOfDatabaseWork, type DatabaseCommand } from './database-commands.ts';
import { onSaleMetrics, type OnSaleSources } from './on-sale-metrics.ts';

/** What the gauges read when Prometheus scrapes: the store's figures and the open seat and queue streams. */
interface MetricSources extends OnSaleSources {
  liveHeldSeats(): Promise<number>;
  outboxBacklog(): Promise<number>;
  /** null where the store has no pool (MongoDB). */
  poolUse(): { total: number; idle: number; waiting: number } | null;
  openSeatStreams(): number;
  openQueueStreams(): number;
}

/** Where bookings go: a hold made, paid (on time or late), ended by its deadline or otherwise, refunded. */
type BookingTransition = 'held' | 'paid' | 'expired' | 'cancelled' | 'refunded';
type WebhookOutcome = 'processed' | 'duplicate' | 'refused' | 'failed';

/** Request durations (s): a read from cache is ~1 ms, a booking tens of ms, a slow one seconds. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Change notification lag (s): the bound between instances is 0.2 s. */
const LAG_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2, 5];

/**
 * The service's Prometheus metrics, in a registry of their own (served on METRICS_PORT by main.ts, never on
 * the API's port). Counters are incremented where things happen; the gauges read their sources at scrape
 * time, so nothing is polled between scrapes. Node's default metrics (event-loop delay, heap, GC, handles)
 * come with them.
 */
export function createMetrics(sources: MetricSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'API requests by method, route pattern (never the raw URL) and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  // A child of the histogram per route pattern, method and status, made once and kept: observing through the
  // parent built a labels object, a closure and the status's string every request. Bounded: the
  // routes' patterns (never raw URLs), the methods Node accepts and the status codes the service answers.
  const timers = new Map<string, Map<string, Map<number, Histogram.Internal<'method' | 'route' | 'status_code'>>>>();
  function requestTimer(route: string, method: string, statusCode: number) {
    let byMethod = timers.get(route);
    if (!byMethod) timers.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let timer = byStatus.get(statusCode);
    if (!timer) byStatus.set(statusCode, (timer = requestDuration.labels({ method, route, status_code: String(statusCode) })));
    return timer;
  }
  const databaseCommands = new Counter({
    name: 'db_commands_total',
    help: "Commands sent to the database, by the route of the request they served (background: timers, the waiting room's ticks, change feeds) and command (PostgreSQL's tag, MongoDB's command, failed)",
    labelNames: ['route', 'command'] as const,
    registers,
  });
  const databaseRows = new Counter({
    name: 'db_rows_total',
    help: 'Rows (MongoDB: documents) those commands read (returned) and wrote (inserted, changed, removed), by route and direction',
    labelNames: ['route', 'direction'] as const,
    registers,
  });
  // Children made once per label pair and kept, as the request timers: a command is counted without building labels.
  const commandCounters = new Map<string, { sent: Counter.Internal; read: Counter.Internal; written: Counter.Internal }>();
  function commandCounter(route: string, command: string) {
    const key = `${route} ${command}`;
    let counter = commandCounters.get(key);
    if (!counter) {
      counter = {
        sent: databaseCommands.labels({ route, command }),
        read: databaseRows.labels({ route, direction: 'read' }),
        written: databaseRows.labels({ route, direction: 'written' }),
      };
      commandCounters.set(key, counter);
    }
    return counter;
  }
  const bookingTransitions = new Counter({
    name: 'booking_transitions_total',
    help: 'Bookings entering a state on this instance: held, paid, expired (hold ran out), cancelled (otherwise), refunded',
    labelNames: ['to'] as const,
    registers,
  });
  const webhookDeliveries = new Counter({
    name: 'payment_webhook_deliveries_total',
    help: 'Payment webhook deliveries by outcome: processed, duplicate (seen before), refused (bad signature or body), failed (error while handling)',
    labelNames: ['outcome'] as const,
    registers,
  });
  const unknownCodesThrottled = new Counter({
    name: 'door_unknown_codes_throttled_total',
    help: 'Door scans of unknown codes past one door account\'s limit a minute (CHECK_IN_UNKNOWN_CODES_PER_MINUTE): answered 429, counted here, not logged one by one',
    registers,
  });
  const changeNotificationLag = new Histogram({
    name: 'change_notification_lag_seconds',
    help: 'From the database sending a change notification (the writing statement) to this instance receiving it (PostgreSQL only)',
    buckets: LAG_BUCKETS,
    registers,
  });
  new Gauge({
    name: 'booking_held_seats',
    help: 'Seats of unpaid holds that have not ended (the whole database, not this instance only)',
    registers,
    async collect() {
      this.set(await sources.liveHeldSeats());
    },
  });
  new Gauge({
    name: 'email_outbox_backlog',
    help: 'Emails not sent yet that are still to be tried (the whole database)',
    registers,
    async collect() {
      this.set(await sources.outboxBacklog());
    },
  });
  new Gauge({
    name: 'seat_streams_open',
    help: 'Live seat-map streams (server-sent events) open on this instance',
    registers,
    collect() {
      this.set(sources.openSeatStreams());
    },
  });
  new Gauge({
    name: 'waiting_room_streams_open',
    help: "Waiting-room queue streams (server-sent events) open on this instance: the on-sale's crowd waiting here",
    registers,
    collect() {
      this.set(sources.openQueueStreams());
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: "This instance's database pool: connections open (total), idle, and requests waiting for one",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const use = sources.poolUse();
      if (!use) return;
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
    },
  });

  const onSale = onSaleMetrics(registers, sources);
  return {
    registry,
    ...onSale,
    requestFinished(method: string, route: string, statusCode: number, seconds: number) {
      requestTimer(route, method, statusCode).observe(seconds);
    },
    /** A store's command (its tap, store/types.ts), counted under the request it served. */
    databaseCommandSent(command: DatabaseCommand) {
      const counter = commandCounter(routeOfDatabaseWork(), command.name);
      counter.sent.inc();
      if (command.rowsRead > 0) counter.read.inc(command.rowsRead);
      if (command.rowsWritten > 0) counter.written.inc(command.rowsWritten);
    },
    bookingEntered(to: BookingTransition) {
      bookingTransitions.inc({ to });
    },
    webhookDelivered(outcome: WebhookOutcome) {
      webhookDeliveries.inc({ outcome });
    },
    unknownCodeThrottled() {
      unknownCodesThrottled.inc();
    },
    changeHeard(sentAtMs: number, nowMs: number) {
      // Clocks of two machines: a notification seemingly from the future counts as instant.
      changeNotificationLag.observe(Math.max(0, nowMs - sentAtMs) / 1000);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
