import { spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes } from './support/databases.ts';
import { freePort, packageRoot, startProcess, stop } from './support/processes.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/** Debian's nginx (apt-get install nginx), or null: the test is then skipped, saying so. */
const nginx = ['/usr/sbin/nginx', spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim()].find((candidate) => candidate && spawnSync(candidate, ['-v']).status === 0) ?? null;
if (!nginx) console.warn('client-addresses.test.ts skipped: no nginx on this machine (apt-get install -y nginx); CI installs it');

const JOINS_PER_ADDRESS = 3;
const RECIPE_PAGE = path.join(packageRoot, '../docs/operators/client-addresses.md');

/** The operators' nginx recipe (docs/operators/client-addresses.md), as written there: the test runs what the page says. */
async function documentedServerBlock(): Promise<string> {
  const page = await readFile(RECIPE_PAGE, 'utf8');
  const recipe = /```nginx\n([\s\S]*?)```/.exec(page)?.[1];
  if (!recipe) throw new Error(`no nginx recipe in ${RECIPE_PAGE}`);
  return recipe;
}

/** The recipe pointed at one instance on loopback, listening on `port`. */
function onLoopback(recipe: string, port: number, upstreamPort: number): string {
  let first = true;
  return recipe
    .replace(/^\s*server \d+\.\d+\.\d+\.\d+:\d+;.*$/gm, (line) => {
      if (!first) return '';
      first = false;
      return line.replace(/\d+\.\d+\.\d+\.\d+:\d+/, `127.0.0.1:${upstreamPort}`);
    })
    .replace(/^server \{/m, `server {\n  listen 127.0.0.1:${port};`);
}

/** An nginx of its own (temp folder, loopback port, not a daemon) around `serverBlock`. */
async function startNginx(serverBlock: string, port: number): Promise<{ child: ChildProcess; dir: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'client-addresses-nginx-'));
  await chmod(dir, 0o755); // nginx's workers run as nobody
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${dir}/${kind};`).join('\n');
  const config = `worker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\ndaemon off;\nevents { worker_connections 256; }\nhttp {\n  access_log off;\n${temp}\n${serverBlock}\n}\n`;
  await writeFile(path.join(dir, 'nginx.conf'), config);
  const child = await startProcess(nginx!, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')], {}, `http://127.0.0.1:${port}/api/health`);
  return { child, dir };
}

/**
 * Issue 38, finding 5: with the README's TRUST_PROXY=true and nginx appending to X-Forwarded-For, one client
 * sending a different address per request passed 100 of 100 joins against a limit of 30 a minute. Here a real
 * nginx stands in front of a service instance, and the client forges a new X-Forwarded-For on every join.
 */
const pglite = lanes.find((l) => l.name === 'pglite')!;
for (const setup of [
  { name: 'the documented recipe (nginx overwrites X-Forwarded-For) and TRUST_PROXY naming nginx', trustProxy: '127.0.0.1', appending: false },
  { name: 'an nginx that appends to X-Forwarded-For and TRUST_PROXY=1 (one hop)', trustProxy: '1', appending: true },
]) {
  describe.skipIf(!nginx || pglite.skipReason !== null)(`client addresses behind a real nginx: ${setup.name}`, () => {
    let t: TestApp;
    let proxy: { child: ChildProcess; dir: string };
    let origin: string;
    let eventId: string;

    beforeAll(async () => {
      t = await startTestApp(pglite, { seed: true, env: { TRUST_PROXY: setup.trustProxy, WAITING_ROOM_JOINS_PER_IP_PER_MINUTE: String(JOINS_PER_ADDRESS) } });
      const port = await freePort();
      let block = onLoopback(await documentedServerBlock(), port, Number(new URL(t.baseUrl).port));
      if (setup.appending) block = block.replace(/proxy_set_header X-Forwarded-For \$remote_addr;/, 'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
      expect(block).toContain(setup.appending ? '$proxy_add_x_forwarded_for' : 'X-Forwarded-For $remote_addr');
      proxy = await startNginx(block, port);
      origin = `http://127.0.0.1:${port}`;
      const [show] = await t.store.shows.listWithSeats({ from: new Date(Date.now() + 3 * 3600_000) });
      const created = await t.api('POST', '/api/admin/on-sale', {
        token: await t.tokenFor('staff@example.com', ['admin']),
        body: { name: 'Premiere', showIds: [show!.id], onSaleAt: new Date(Date.now() + 3600_000).toISOString(), waitingRoom: true },
      });
      eventId = created.body.event.id;
    }, 60_000);
    afterAll(async () => {
      if (proxy) {
        await stop(proxy.child);
        await rm(proxy.dir, { recursive: true, force: true });
      }
      await t?.close();
    });

    it(`joins from one client forging a new X-Forwarded-For each time stop at the per-address limit (${JOINS_PER_ADDRESS} a minute)`, async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const response = await fetch(`${origin}/api/waiting-room/${eventId}/join`, {
          method: 'POST',
          headers: { authorization: `Bearer ${await t.tokenFor(`forger${i}@example.com`)}`, 'x-forwarded-for': `203.0.113.${i + 1}`, 'content-type': 'application/json' },
          body: '{}',
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([...Array(JOINS_PER_ADDRESS).fill(200), ...Array(10 - JOINS_PER_ADDRESS).fill(429)]);
    });
  });
}
