import { describe, expect, it } from 'vitest';
import { formatWait, positionAnnouncement } from './announcement';

describe('positionAnnouncement', () => {
  it('announces the first position known', () => {
    expect(positionAnnouncement(null, 240)).toBe('You are number 240 in line.');
  });
  it('stays quiet while the position has not moved meaningfully', () => {
    expect(positionAnnouncement(240, 240)).toBeNull();
    expect(positionAnnouncement(240, 225)).toBeNull();
    expect(positionAnnouncement(40, 32)).toBeNull();
  });
  it('speaks after a tenth of the way, at least 10 places', () => {
    expect(positionAnnouncement(240, 216)).toBe('You are number 216 in line.');
    expect(positionAnnouncement(40, 30)).toBe('You are number 30 in line.');
  });
  it('speaks every change in the last 10 places', () => {
    expect(positionAnnouncement(12, 9)).toBe('You are number 9 in line.');
    expect(positionAnnouncement(2, 1)).toBe('You are next in line.');
  });
});

describe('formatWait', () => {
  it('words the estimate', () => {
    expect(formatWait(20)).toBe('less than a minute');
    expect(formatWait(75)).toBe('about 1 minute');
    expect(formatWait(600)).toBe('about 10 minutes');
    expect(formatWait(4500)).toBe('about 1 h 15 min');
  });
});
