/**
 * What each piece of work costs, in milliseconds of one core, with where each figure was measured. "perf.md" is
 * docs/performance.md; the service's own rules (intervals, caps, ramps) are imported from its code elsewhere.
 * Two figures are fitted, not measured: the generator's and nginx's CPU an exchange (FittedCosts, calibration.ts).
 */

/** The measured PostgreSQL costs and counts (the 10k bench's PostgreSQL scenario unless said). */
export const MEASURED = {
  /**
   * The instance's CPU for one request through all its plumbing, the route included: perf.md, "Where the seat map's
   * time goes": the service's whole plumbing 47.1 / 45.7 µs a request, its seat map 43-54 µs. Every route here is
   * given this (their own work beyond it, a token's HMAC or a small JSON answer, is not measured; the booking's is below).
   */
  requestCpu: 0.05,
  /**
   * One database command's round trip from the instance on an idle store: perf.md, "The engine's own share",
   * PostgreSQL's "join after the draw" 0.64 ms for its 2 commands (line.ts: the entry read, the placing statement).
   * The single-document calls there take 0.3-0.6 ms: the same order.
   */
  commandMs: 0.32,
  /** The instance's per-second read of its events' view: perf.md, "per-second event state", PostgreSQL 0.96 ms. */
  viewReadMs: 0.96,
  /** One admission run (the advisory lock, the count, the places admitted): perf.md, "admission run", PostgreSQL 2.9 ms. */
  admissionRunMs: 2.9,
  /** The draw, per pre-queue entry: perf.md, "draw of 1,000", PostgreSQL 12.7 ms (scaled linearly: unmeasured past 1,000). */
  drawMsPerEntry: 12.7 / 1000,
  /**
   * Database commands per request, as the instances counted them in the 10k bench (perf.md, its table: poll / join /
   * seat map / booking 0.02 / 5.50 / 0.69 / 5.42). A join's 5.50 is the mean of the two paths of line.ts (with the
   * account written at the first sign-in): the pre-queue's 8 commands in 5 transactions (the account, the entry read,
   * the placing statement finding no draw, the entry read again, then BEGIN, SELECT ... FOR UPDATE, INSERT, COMMIT)
   * and a later arrival's 3 in 3 (the account, the entry read, the placing statement). The poll's 0.02 is its claim on
   * the turn: modelled as one command on the turn, none otherwise.
   */
  preQueueJoin: { commands: 8, transactions: 5, underRowLock: 3 },
  laterJoin: { commands: 3, transactions: 3, underRowLock: 1 },
  seatMapCommands: 0.69,
  bookingCommands: 5.42,
  /**
   * A booking's own work on the instance past the plumbing (the hold policy, the claim's statement built and read, the
   * change notification), run a piece after each of its commands' answers as a handler runs between its awaits.
   * queue-rules.ts and docs/service/waiting-room.md: 90 moviegoers admitted at once (a claim, a seat map, a booking
   * and a leave each) "stalled both instances for ~370 ms", 45 an instance: 8.2 ms of loop each in wall time with
   * the loops sharing the 2 cores with PostgreSQL, nginx and the generator (about twice the cores' count runnable),
   * so about 370 / 45 / 2 = 4.1 ms of a core (the model stretches work by the sharing itself). All put on the
   * booking: the split between the shopper's requests is not measured.
   */
  bookingCpu: 370 / 45 / 2,
  /** A leave: one single-row call (perf.md, "The engine's own share": single-document calls, claim and leave among them). */
  leaveCommands: 1,
  /**
   * Commands outside requests (ticks, timers, the hold sweeper), per instance and second: perf.md, the 10k bench's
   * "database commands outside requests" 1,641 on 2 instances over its ~72 s (its transactions table: -1 to 71 s).
   */
  backgroundCommandsPerSecond: 1641 / (2 * 72),
  /**
   * One queue-stream event written, in core-ms: the instance's share and the rest (nginx passing it on, the load
   * generator reading it). perf.md and queue-feed.ts: "sold out" written to 8,000 streams at once held nginx and both
   * instances up to ~0.8 s on 2 cores, so about 2 x 0.8 s / 8,000 = 0.2 ms of the machine an event, in wall time
   * with everything runnable at once (about twice the cores' count): 0.1 ms of one core, split half and half
   * between the instance and the others (the split is not measured).
   */
  streamEventInstance: 0.05,
  streamEventElsewhere: 0.05,
  /** The load generator closing a stream: waiting-room-bench.ts, 8,000 closed in one go stalled it ~0.67 s. */
  streamCloseGenerator: 0.67 / 8000 * 1000,
} as const;

/**
 * What is not measured anywhere in the docs, fitted by calibration.ts (`fitCosts`), each on the one measured figure
 * of the 10k bench that isolates it, then checked against the others:
 * - `generatorPerExchange`: the load generator's CPU for one HTTP exchange (its Node client writing the request and
 *   reading the answer, half each way). Fitted on the generator's own event-loop delay p99 (18.1 ms).
 * - `proxyPerExchange`: nginx's CPU for one exchange (both ways). Fitted on the probe to nginx alone (p99 11.9 ms).
 */
export interface FittedCosts {
  generatorPerExchange: number;
  proxyPerExchange: number;
}
