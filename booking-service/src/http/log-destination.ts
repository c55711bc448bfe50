import pino from 'pino';

/**
 * Lines gather in memory up to this many bytes (about 25 access lines), then go out in writes of at most WRITE_BYTES
 * (sonic-boom's default). Small on purpose: sonic-boom measures the byte length of its last pending chunk on every
 * line it takes, so a chunk of 64 KiB cost each line a scan of it. Measured on the hook bench's access-log row
 * (quiet machine, 2026-11-28): 32 KiB / 64 KiB 0.62 of bare Fastify, 4 KiB / 16 KiB 0.79.
 */
const BUFFER_BYTES = 4 * 1024;
const WRITE_BYTES = 16 * 1024;
/** A quiet instance's lines still reach the log within this long. */
const FLUSH_EVERY_MS = 500;

type Destination = ReturnType<typeof pino.destination>;
let stdout: Destination | undefined;

/**
 * The log's destination: stdout, written asynchronously in batches instead of one blocking write a line (a
 * synchronous write per access line cost a bare route about half its throughput, issue 44; under load each
 * write is a system call that yields the core, so fewer and larger is what counts). One per process. Nothing is
 * lost at a stop: the graceful shutdown awaits flushLog(), and pino flushes the buffer synchronously when the
 * process exits (a crash included); only a SIGKILL loses what the last half second buffered.
 */
export function bufferedStdout(): Destination {
  stdout ??= pino.destination({ dest: 1, sync: false, minLength: BUFFER_BYTES, maxWrite: WRITE_BYTES, periodicFlush: FLUSH_EVERY_MS });
  return stdout;
}

/** Writes out what the log buffered (at a graceful stop, before the process exits). */
export function flushLog(): Promise<void> {
  const destination = stdout;
  if (!destination) return Promise.resolve();
  return new Promise((resolve) => destination.flush(() => resolve()));
}
