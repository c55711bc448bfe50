import pino from 'pino';

/**
 * Lines gather in one string up to about this many characters (some 60 access lines), which then goes to the
 * file writer (pino's sonic-boom) as one write. sonic-boom measures the byte length of its last pending chunk on
 * every write it takes, so handing it each line cost each line a scan of up to its chunk's size: in a
 * micro-benchmark of 300,000 access lines (2026-11-28, load about 3), 2.9-3.3 µs of CPU a line handed over one by
 * one (its buffer 4 KiB, writes of 16 KiB), 0.6-0.9 µs in batches of 16 K characters, 0.5-0.6 µs in batches of 32 K.
 */
const BATCH_CHARS = 16 * 1024;
/** sonic-boom's largest write; a batch goes out at once when nothing is being written, else with the next write. */
const WRITE_BYTES = 64 * 1024;
/** A quiet instance's lines still reach the log within this long. */
const FLUSH_EVERY_MS = 500;

/** What pino needs of its destination: lines in, and flushing at a stop (flush) and at an exit or a fatal line (flushSync). */
export interface LogDestination {
  write(line: string): boolean;
  flush(done?: (error?: Error) => void): void;
  flushSync(): void;
}

/**
 * Lines batched in memory in front of an asynchronous file writer: each line is appended to a string, and the string
 * goes to the writer when it is BATCH_CHARS long, every FLUSH_EVERY_MS, at flush() (the graceful stop), and at
 * flushSync() (pino's fatal lines). When the process exits (a crash included), what is batched goes to the writer
 * before the writer's own exit handler writes out synchronously (that listener is put first), so only a SIGKILL
 * loses the last half second. One writer, so lines keep their order, the access log's and every other line's alike.
 */
export function batchedDestination(fd: number): LogDestination {
  const writer = pino.destination({ dest: fd, sync: false, minLength: 1, maxWrite: WRITE_BYTES });
  let pending = '';
  const handOver = () => {
    if (pending === '') return;
    const batch = pending;
    pending = '';
    writer.write(batch);
  };
  const timer = setInterval(handOver, FLUSH_EVERY_MS);
  timer.unref();
  process.prependListener('exit', handOver);
  return {
    write(line) {
      pending += line;
      if (pending.length >= BATCH_CHARS) handOver();
      return true;
    },
    flush(done) {
      handOver();
      writer.flush(done);
    },
    flushSync() {
      handOver();
      writer.flushSync();
    },
  };
}

let stdout: LogDestination | undefined;

/**
 * The log's destination: stdout, batched (batchedDestination) and written asynchronously instead of one blocking
 * write a line (a synchronous write per access line cost a bare route about half its throughput: docs/performance.md,
 * 2026-11-28; under load each write is a system call that yields the core, so fewer and larger is what counts). One
 * per process.
 * Nothing is lost at a stop: the graceful shutdown awaits flushLog().
 */
export function bufferedStdout(): LogDestination {
  stdout ??= batchedDestination(1);
  return stdout;
}

/** Writes out what the log buffered (at a graceful stop, before the process exits). */
export function flushLog(): Promise<void> {
  const destination = stdout;
  if (!destination) return Promise.resolve();
  return new Promise((resolve) => destination.flush(() => resolve()));
}
