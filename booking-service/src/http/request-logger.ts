import type { Bindings, ChildLoggerOptions, Logger } from 'pino';

type LogArgs = unknown[];
type Log = (...args: LogArgs) => void;

/**
 * A request's logger (`request.log`), made into a pino child only when something logs through it. Fastify makes a
 * child logger for every request; pino's child serializes its bindings at once, which a request that logs nothing
 * (all but a few) paid for nothing. The access log writes its one line with the parent logger and the
 * request's fields instead (`line`), so an answered request makes no child at all.
 */
export class RequestLogger {
  #child: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    /** What every line of the request carries: `reqId`, and `traceId` when the caller named a trace. */
    readonly fields: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** The pino child, made on first use and kept. */
  private get logger(): Logger {
    return (this.#child ??= this.parent.child(this.fields, this.options));
  }

  /**
   * One line with the request's fields, without making the child when there is none yet: written by `via`, a
   * logger of the same destination (the access log's, which skips redaction: its fields are its own).
   */
  line(via: Logger, level: 'info' | 'warn' | 'error', object: Record<string, unknown>, message: string) {
    if (this.#child) this.#child[level](object, message);
    else via[level]({ ...this.fields, ...object }, message);
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }
  set level(level: string) {
    this.logger.level = level;
  }

  // Methods on the prototype, not arrow fields: a request would pay for seven closures.
  fatal(...args: LogArgs) {
    (this.logger.fatal as Log)(...args);
  }
  error(...args: LogArgs) {
    (this.logger.error as Log)(...args);
  }
  warn(...args: LogArgs) {
    (this.logger.warn as Log)(...args);
  }
  info(...args: LogArgs) {
    (this.logger.info as Log)(...args);
  }
  debug(...args: LogArgs) {
    (this.logger.debug as Log)(...args);
  }
  trace(...args: LogArgs) {
    (this.logger.trace as Log)(...args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): Logger {
    return this.logger.child(bindings, options);
  }

  bindings(): Bindings {
    return this.#child ? this.#child.bindings() : { ...this.parent.bindings(), ...this.fields };
  }

  isLevelEnabled(level: string): boolean {
    return this.logger.isLevelEnabled(level);
  }
}
