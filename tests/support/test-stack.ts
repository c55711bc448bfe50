/**
 * Ports of the stacks the browser tests run against: the normal ones + 100, shifted by TEST_PORT_OFFSET so that two
 * checkouts can run their browser tests at once. Each Playwright worker has a stack of its own (started by
 * global-setup.ts), shifted by a further STACK_PORT_STEP per worker: worker 0 on shell 3100, service 4100, identity
 * 4500, control 3199; worker 1 on 3150, 4150, 4550, 3249.
 */
const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);

/** How far apart two workers' stacks are: a stack uses its shell's port + 0 to 9, and + 99 for its control server. */
export const STACK_PORT_STEP = 50;

/**
 * The worker this process is (Playwright sets TEST_PARALLEL_INDEX, 0 .. workers - 1, in each worker before it loads
 * the config and the specs; a worker started again after a failure keeps its index). Unset in the runner's own
 * process, where the config's baseURL is read as worker 0's and the global setup starts every worker's stack.
 */
const workerIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** A stack's ports from its shell's (the remotes follow it), its service's and its identity provider's, shifted by `shift` (TEST_PORT_OFFSET). */
export function stackPorts(shell: number, service: number, identity: number, shift = offset) {
  return { shell: shell + shift, customer: shell + 1 + shift, admin: shell + 2 + shift, debug: shell + 3 + shift, service: service + shift, identity: identity + shift } as const;
}

/** Each port's address on localhost. */
export function urlsOf<T extends Record<string, number>>(ports: T): Record<keyof T, string> {
  return Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, `http://localhost:${port}`])) as Record<keyof T, string>;
}

/** Worker `index`'s stack: its ports, their addresses, the ports of the builds its tests serve themselves, its control server. */
export function browserStack(index: number) {
  const shift = offset + index * STACK_PORT_STEP;
  const ports = stackPorts(3100, 4100, 4500, shift);
  return {
    index,
    ports,
    urls: urlsOf(ports),
    /** Ports for remote builds a test serves itself (version skew): shifted with the stack. */
    fixturePorts: {
      customerNext: 3104 + shift,
      adminOlderSharedUi: 3105 + shift,
      customerForNewerShell: 3106 + shift,
      release0Customer: 3107 + shift,
      release0Admin: 3108 + shift,
      release0Debug: 3109 + shift,
    },
    /** The global setup's control server for this stack: lets a test stop and start one frontend's server. */
    controlUrl: `http://127.0.0.1:${3199 + shift}`,
    /** The variable the global setup puts the stack's DATA_DIR in (tokens are minted from its identity key). */
    dataDirVariable: `TEST_STACK_DATA_DIR_${index}`,
  } as const;
}

export type BrowserStack = ReturnType<typeof browserStack>;

/** This worker's stack. */
export const STACK = browserStack(workerIndex);
export const TEST_PORTS = STACK.ports;
export const urls = STACK.urls;
export const FIXTURE_PORTS = STACK.fixturePorts;

/** The DATA_DIR of `stack` (this worker's unless given), as the global setup started it. */
export function stackDataDir(stack: BrowserStack = STACK): string {
  const dataDir = process.env[stack.dataDirVariable];
  if (!dataDir) throw new Error(`${stack.dataDirVariable} is not set: the global setup starts one stack per worker`);
  return dataDir;
}

/** The control server of this worker's stack: lets a test stop and start one frontend's server. */
export const CONTROL_URL = STACK.controlUrl;

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
