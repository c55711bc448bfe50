/** The service processes of a scenario, and what they logged. */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { builtServiceEnv, freePort, startProcess } from '../../test/support/processes.ts';

export interface Service {
  origin: string;
  child: ChildProcess;
  logFile: string;
}

export async function startService(label: string, workDir: string, dataDir: string, jwksUrl: string, databaseUrl: string, mongodbUri = ''): Promise<Service> {
  const port = await freePort();
  const logFile = path.join(workDir, `${label}.log`);
  const env = { ...builtServiceEnv({ port, dataDir, databaseUrl, jwksUrl, logLevel: 'warn' }), MONGODB_URI: mongodbUri };
  const child = await startProcess(process.execPath, ['dist/main.js'], env, `http://127.0.0.1:${port}/api/health`, {
    logFile,
  });
  return { origin: `http://127.0.0.1:${port}`, child, logFile };
}

/** Warnings and errors the service logged (its JSON log lines at level warn and above), grouped by message. */
export function logSummary(services: Service[]): string[] {
  const groups = new Map<string, number>();
  for (const service of services) {
    if (!existsSync(service.logFile)) continue;
    for (const line of readFileSync(service.logFile, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      let entry: { level?: number; msg?: string; err?: { type?: string; message?: string; code?: string } };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        groups.set(`(not JSON) ${line.slice(0, 160)}`, (groups.get(`(not JSON) ${line.slice(0, 160)}`) ?? 0) + 1);
        continue;
      }
      if ((entry.level ?? 0) < 40) continue;
      const level = (entry.level ?? 0) >= 50 ? 'error' : 'warn';
      const err = entry.err ? ` — ${entry.err.type ?? 'Error'}${entry.err.code ? ` ${entry.err.code}` : ''}: ${(entry.err.message ?? '').slice(0, 200)}` : '';
      const key = `${level}: ${entry.msg ?? ''}${err}`;
      groups.set(key, (groups.get(key) ?? 0) + 1);
    }
  }
  return [...groups].sort((a, b) => b[1] - a[1]).map(([key, n]) => `${n} × ${key}`);
}
