/** nginx (Debian's package) in front of service instances, started and stopped by a benchmark, on loopback only. */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { freePort, startProcess } from '../../test/support/processes.ts';

/** The settings docs/operators/several-instances.md gives for server-sent events behind nginx (a worker per core). */
function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  return `
worker_processes auto;
worker_rlimit_nofile 100000;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 40000; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream booking {
    least_conn;
${upstreams.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    # The bench's probe of nginx alone (its own answer): tells its delays from the instances'.
    location = /nginx-ping { return 204; }
    location / {
      proxy_pass http://booking;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      # Server-sent events: pass every event on at once, and keep quiet streams open.
      proxy_buffering off;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
    }
  }
}
`;
}

export async function startNginx(dir: string, upstreams: number[]): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  await chmod(dir, 0o755); // nginx's workers run as nobody
  await writeFile(path.join(dir, 'nginx.conf'), nginxConfig(dir, port, upstreams));
  const child = await startProcess('nginx', ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')], {}, `http://127.0.0.1:${port}/api/health`);
  return { origin: `http://127.0.0.1:${port}`, child };
}

export function nginxVersion(): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn('nginx', ['-v']);
    let text = '';
    child.stderr.on('data', (c: Buffer) => (text += c));
    child.on('close', () => resolve(/nginx\/([\d.]+)/.exec(text)?.[1] ?? '(version unknown)'));
    child.on('error', () => resolve('(not found)'));
  });
}

