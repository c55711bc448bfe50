import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQrDecoder } from './qr-decoder';

afterEach(() => vi.unstubAllGlobals());

describe('createQrDecoder', () => {
  it("uses the browser's BarcodeDetector when it reads QR codes", async () => {
    const detect = vi.fn(async () => [{ rawValue: 'TICKET:7K2M9P4QRT' }]);
    vi.stubGlobal('BarcodeDetector', Object.assign(function BarcodeDetector() { return { detect }; }, { getSupportedFormats: async () => ['ean_13', 'qr_code'] }));
    const { decode, name } = await createQrDecoder();
    expect(name).toBe('BarcodeDetector');
    expect(await decode(document.createElement('video'))).toBe('TICKET:7K2M9P4QRT');
  });

  it('falls back to jsQR where the detector is missing or reads no QR codes', async () => {
    expect((await createQrDecoder()).name).toBe('jsQR');
    vi.stubGlobal('BarcodeDetector', Object.assign(function BarcodeDetector() { return {}; }, { getSupportedFormats: async () => ['ean_13'] }));
    expect((await createQrDecoder()).name).toBe('jsQR');
  });
});
