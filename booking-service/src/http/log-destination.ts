import pino from 'pino';

/** Lines gather in memory up to this many bytes, then go out in one write (about 15 access lines). */
const BUFFER_BYTES = 4096;
/** A quiet instance's lines still reach the log within this long. */
const FLUSH_EVERY_MS = 500;

type Destination = ReturnType<typeof pino.destination>;
let stdout: Destination | undefined;

/**
 * The log's destination: stdout, written asynchronously in batches instead of one blocking write a line (a
 * synchronous write per access line cost a bare route about half its throughput, issue 44). One per process.
 * Nothing is lost at a stop: the graceful shutdown awaits flushLog(), and pino flushes the buffer synchronously
 * when the process exits (a crash included); only a SIGKILL loses what the last half second buffered.
 */
export function bufferedStdout(): Destination {
  if (!stdout) {
    const destination = pino.destination({ dest: 1, sync: false, minLength: BUFFER_BYTES });
    // Ended only as the process exits (pino's exit hook): past that there is nothing to flush.
    setInterval(() => (destination as { destroyed?: boolean }).destroyed || destination.flush(), FLUSH_EVERY_MS).unref();
    stdout = destination;
  }
  return stdout;
}

/** Writes out what the log buffered (at a graceful stop, before the process exits). */
export function flushLog(): Promise<void> {
  const destination = stdout;
  if (!destination) return Promise.resolve();
  return new Promise((resolve) => destination.flush(() => resolve()));
}
