/** Ports of the stack the browser tests run against (the normal ones + 100). */
export const TEST_PORTS = { shell: 3100, customer: 3101, admin: 3102, debug: 3103, service: 4100, identity: 4500 } as const;

export const urls = Object.fromEntries(Object.entries(TEST_PORTS).map(([name, port]) => [name, `http://localhost:${port}`])) as Record<
  keyof typeof TEST_PORTS,
  string
>;

/** The control server of the global setup: lets a test stop and start one frontend's server. */
export const CONTROL_URL = 'http://127.0.0.1:3199';

export async function control(action: 'stop' | 'start', frontend: 'shell' | 'customer' | 'admin' | 'debug'): Promise<void> {
  const response = await fetch(`${CONTROL_URL}/${action}/${frontend}`, { method: 'POST' });
  if (!response.ok) throw new Error(`control ${action} ${frontend}: ${response.status} ${await response.text()}`);
}
