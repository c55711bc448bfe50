import type { Log } from './payment-context.ts';
import type { PaymentService } from './payment-service.ts';

export interface PaymentJobsOptions {
  service: PaymentService;
  log: Log;
  /** 0: only once at start. */
  sweepIntervalMs: number;
  reconcileIntervalMs: number;
}

export interface PaymentJobs {
  /** Runs both jobs once now, then on their intervals. */
  start(): void;
  /** Stops the timers and waits for a run in progress. */
  stop(): Promise<void>;
  /** One sweep / reconciliation now (skipped, answering null, while one is already running). */
  sweepNow(): Promise<Awaited<ReturnType<PaymentService['sweepExpiredHolds']>> | null>;
  reconcileNow(): Promise<Awaited<ReturnType<PaymentService['reconcile']>> | null>;
}

/**
 * The background side of payments on one instance: the hold sweeper and the
 * reconciliation. Runs never overlap on an instance; across instances they are
 * safe because every change they make is a conditional update.
 */
export function createPaymentJobs(options: PaymentJobsOptions): PaymentJobs {
  const { service, log } = options;
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<unknown>>();
  let stopped = false;

  function once<T>(name: string, job: () => Promise<T>): Promise<T | null> {
    if (running.has(name)) return Promise.resolve(null);
    const run = job()
      .catch((error: unknown) => {
        log.error({ err: error }, `${name} failed; it runs again on its next turn`);
        return null;
      })
      .finally(() => running.delete(name));
    running.set(name, run);
    return run;
  }

  const sweepNow = () => once('hold sweep', () => service.sweepExpiredHolds());
  const reconcileNow = () => once('payment reconciliation', () => service.reconcile());

  function every(intervalMs: number, run: () => Promise<unknown>) {
    if (intervalMs <= 0) return;
    const timer = setInterval(() => {
      if (!stopped) void run();
    }, intervalMs);
    timer.unref();
    timers.push(timer);
  }

  return {
    start() {
      stopped = false;
      void sweepNow().then(() => reconcileNow());
      every(options.sweepIntervalMs, sweepNow);
      every(options.reconcileIntervalMs, reconcileNow);
    },
    async stop() {
      stopped = true;
      for (const timer of timers.splice(0)) clearInterval(timer);
      while (running.size > 0) await Promise.allSettled([...running.values()]);
    },
    sweepNow,
    reconcileNow,
  };
}
