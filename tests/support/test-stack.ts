/**
 * Ports of the stack the browser tests run against: the normal ones + 100, shifted
 * by TEST_PORT_OFFSET so that two checkouts can run their browser tests at once.
 */
const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);
export const TEST_PORTS = {
  shell: 3100 + offset,
  customer: 3101 + offset,
  admin: 3102 + offset,
  debug: 3103 + offset,
  service: 4100 + offset,
  identity: 4500 + offset,
} as const;

export const urls = Object.fromEntries(Object.entries(TEST_PORTS).map(([name, port]) => [name, `http://localhost:${port}`])) as Record<
  keyof typeof TEST_PORTS,
  string
>;

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
