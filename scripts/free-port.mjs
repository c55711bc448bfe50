/** A free TCP port, for the servers the tests, benchmarks and scripts start (FerretDB, PostgreSQL, the built service). */
import net from 'node:net';

/** A TCP port on 127.0.0.1 nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
