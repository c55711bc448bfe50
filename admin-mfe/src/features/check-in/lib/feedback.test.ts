import { afterEach, expect, it, vi } from 'vitest';
import { signalResult } from './feedback';

afterEach(() => vi.unstubAllGlobals());

it('buzzes once for admitted and twice for refused where the phone vibrates, and stays quiet without audio', () => {
  const vibrate = vi.fn(() => true);
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
  vi.stubGlobal('AudioContext', undefined);
  signalResult(true);
  signalResult(false);
  expect(vibrate.mock.calls).toEqual([[120], [[200, 80, 200]]]);
});
