/**
 * Worker-thread entry: PGlite and a PostgreSQL-protocol server on a Unix socket,
 * so the database's work (WebAssembly, synchronous) runs on its own thread
 * instead of the service's event loop. The service talks to it with the same
 * `pg` pool it uses for a PostgreSQL server. See openPglite in database.ts.
 */
import { fsyncSync, readFileSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface PgliteWorkerData {
  /** undefined keeps the database in memory. */
  dataDir: string | undefined;
  /** A copy of an in-memory database (dumpDataDir's tarball) to start from instead of initdb. */
  startFrom?: string;
  socketPath: string;
}

/** 'close' ends PGlite (answered 'closed'); dumpTo writes a copy of the database to that file (answered 'dumped'). */
export type PgliteWorkerMessage = 'close' | { dumpTo: string };

const { dataDir, startFrom, socketPath } = workerData as PgliteWorkerData;

/**
 * PGlite starts PostgreSQL with fsync off (`-F`): a power cut could lose committed payments. Here it runs
 * with fsync on, and WAL flushes by fsync(): the WebAssembly file layer drops fdatasync(), and its Node
 * file system has no fsync of its own, so one is given to it, which reaches the disk.
 */
const DURABLE_START = [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'wal_sync_method=fsync'];

interface EmscriptenFs {
  lookupPath(path: string): { node: { stream_ops?: { fsync?: (stream: { nfd?: number }) => void } } };
}

function syncToDisk(db: PGlite): void {
  const fs = (db as unknown as { mod?: { FS?: EmscriptenFs } }).mod?.FS;
  const streams = fs?.lookupPath(PGlite.paths.PGDATA).node.stream_ops;
  if (!streams) throw new Error('PGlite changed: its data folder cannot be synced to disk (see pglite-worker.ts)');
  streams.fsync ??= (stream) => {
    if (stream.nfd !== undefined) fsyncSync(stream.nfd);
  };
}

// amcheck: start-up checks the seat and money indexes against their tables (integrity/stale-indexes.ts).
// btree_gist: one screen, one show at a time (migration 0020's exclusion constraint compares screen ids in gist).
const extensions = { amcheck, btree_gist };
const copy = startFrom ? { loadDataDir: new Blob([readFileSync(startFrom)]) } : {};
const db = await PGlite.create(dataDir, dataDir ? { startParams: DURABLE_START, extensions } : { extensions, ...copy });
if (dataDir) syncToDisk(db);
// The service's pool holds one connection at a time: PGlite has one session, and the server's
// multiplexer would interleave two busy clients' extended-protocol messages. The second slot
// is for the replacement the pool opens when it discards a connection after a failed query,
// while the old one's Terminate is still on its way.
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 2 });
await server.start();
parentPort!.postMessage('ready');

parentPort!.on('message', (message: PgliteWorkerMessage) => {
  if (message === 'close') {
    void (async () => {
      await server.stop();
      await db.close();
      parentPort!.postMessage('closed');
    })();
    return;
  }
  void (async () => {
    try {
      const tarball = await db.dumpDataDir('none');
      writeFileSync(message.dumpTo, Buffer.from(await tarball.arrayBuffer()));
      parentPort!.postMessage('dumped');
    } catch (error) {
      parentPort!.postMessage(error instanceof Error ? error.message : String(error));
    }
  })();
});
