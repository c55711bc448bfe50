import { afterEach, beforeEach, vi } from 'vitest';
import { installComponentTestHooks } from 'shared-ui/testing/setup';
import { FIXTURE_NOW } from './fixtures';
import { server } from './server';

installComponentTestHooks(server);

// The fixtures' shows are on fixed dates: every test sees the clock at FIXTURE_NOW, running on from there (only Date
// is faked; a test that fakes the timers too starts them from this clock). Without it the tests broke the day those
// shows passed (2026-12-01: "Online sales closed" instead of the prices).
beforeEach(() => {
  vi.useFakeTimers({ now: FIXTURE_NOW, toFake: ['Date'], shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});
