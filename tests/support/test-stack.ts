/**
 * Ports of the stack the browser tests run against: the normal ones + 100, shifted
 * by TEST_PORT_OFFSET so that two checkouts can run their browser tests at once.
 */
const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);

/** A stack's ports from its shell's (the remotes follow it), its service's and its identity provider's, shifted by TEST_PORT_OFFSET. */
export function stackPorts(shell: number, service: number, identity: number) {
  return { shell: shell + offset, customer: shell + 1 + offset, admin: shell + 2 + offset, debug: shell + 3 + offset, service: service + offset, identity: identity + offset } as const;
}

/** Each port's address on localhost. */
export function urlsOf<T extends Record<string, number>>(ports: T): Record<keyof T, string> {
  return Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, `http://localhost:${port}`])) as Record<keyof T, string>;
}

export const TEST_PORTS = stackPorts(3100, 4100, 4500);
export const urls = urlsOf(TEST_PORTS);

/** Ports for remote builds a test serves itself (version skew): shifted with the stack. */
export const FIXTURE_PORTS = {
  customerNext: 3104 + offset,
  adminOlderSharedUi: 3105 + offset,
  customerForNewerShell: 3106 + offset,
  release0Customer: 3107 + offset,
  release0Admin: 3108 + offset,
  release0Debug: 3109 + offset,
} as const;

/** The control server of the global setup: lets a test stop and start one frontend's server. */
export const CONTROL_URL = `http://127.0.0.1:${3199 + offset}`;

/** `backend`: the service and the identity provider, stopped gracefully and started again on the same DATA_DIR. */
export async function control(action: 'stop' | 'start', frontend: 'shell' | 'customer' | 'admin' | 'debug' | 'backend'): Promise<void> {
  const response = await fetch(`${CONTROL_URL}/${action}/${frontend}`, { method: 'POST' });
  if (!response.ok) throw new Error(`control ${action} ${frontend}: ${response.status} ${await response.text()}`);
}

export type RemotesConfig = Record<'customer' | 'admin' | 'debug', string>;

/** The /remotes.json the test stack's shell serves at start. */
export const DEFAULT_REMOTES: RemotesConfig = {
  customer: `${urls.customer}/mf-manifest.json`,
  admin: `${urls.admin}/mf-manifest.json`,
  debug: `${urls.debug}/mf-manifest.json`,
};

/** Edits the shell's /remotes.json, as a deployment does to ship or roll back a remote; the shell build stays the same. */
export async function setRemotes(remotes: RemotesConfig): Promise<void> {
  const response = await fetch(`${CONTROL_URL}/remotes`, { method: 'PUT', body: JSON.stringify(remotes) });
  if (!response.ok) throw new Error(`control remotes: ${response.status} ${await response.text()}`);
}

/** Turns the shell's first views (FIRST_VIEW) on or off for the specs that follow, as an operator sets FIRST_VIEW. */
export async function setFirstView(on: boolean): Promise<void> {
  const response = await fetch(`${CONTROL_URL}/first-view`, { method: 'PUT', body: on ? 'on' : 'off' });
  if (!response.ok) throw new Error(`control first-view: ${response.status} ${await response.text()}`);
}
