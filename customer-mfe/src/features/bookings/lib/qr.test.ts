import { describe, expect, it } from 'vitest';
import { encodeQr } from './qr';

/** Reference matrix made by the `qrcode` package (byte mode, level M, mask 2) for the same text. */
const REFERENCE_MASK_2 = [
  "111111100010101111111",
  "100000100101101000001",
  "101110101111101011101",
  "101110101010101011101",
  "101110101100101011101",
  "100000101111001000001",
  "111111101010101111111",
  "000000001000000000000",
  "101111100011001111100",
  "001011001010100100110",
  "100101101110110000010",
  "001000011110000011110",
  "001101101010101101111",
  "000000001001011010100",
  "111111100010110101110",
  "100000101001000110110",
  "101110101110111000011",
  "101110101100100101000",
  "101110101011110001100",
  "100000100001100010100",
  "111111101100011001010"
];

const rows = (modules: boolean[][]) => modules.map((row) => row.map((dark) => (dark ? '1' : '0')).join(''));

describe('encodeQr', () => {
  it('matches a reference encoder module for module', () => {
    const qr = encodeQr('MRQ-7F3A-19C2', 2);
    expect(qr.version).toBe(1);
    expect(rows(qr.modules)).toEqual(REFERENCE_MASK_2);
  });

  it('picks the smallest version that holds the text', () => {
    expect(encodeQr('HELLO').version).toBe(1);
    expect(encodeQr('https://example.com/ticket/cba6bb11-1f0c-411f-a7d9-4501de1070d1').version).toBe(5);
    expect(encodeQr('x'.repeat(120)).size).toBe(7 * 4 + 17);
  });

  it('draws the three finder patterns', () => {
    const { modules, size } = encodeQr('ticket');
    for (const [x, y] of [
      [0, 0],
      [size - 7, 0],
      [0, size - 7],
    ] as const) {
      expect(modules[y]![x]).toBe(true);
      expect(modules[y + 1]![x + 1]).toBe(false);
      expect(modules[y + 3]![x + 3]).toBe(true);
    }
  });
});
