import { render, screen, waitFor } from '@testing-library/react';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { ticketQrText } from 'booking-service/ticket-qr-text';
import { QrCode } from './qr-code';

const PIXELS_PER_MODULE = 4;

/** Paints the drawn SVG (one path of 1x1 module squares) into RGBA pixels, as a camera would see the screen. */
function rasterize(svg: SVGSVGElement): { data: Uint8ClampedArray; width: number } {
  const dimension = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
  const width = dimension * PIXELS_PER_MODULE;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  const d = svg.querySelector('path')!.getAttribute('d')!;
  for (const [, x, y] of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let py = 0; py < PIXELS_PER_MODULE; py++) {
      for (let px = 0; px < PIXELS_PER_MODULE; px++) {
        const offset = ((Number(y) * PIXELS_PER_MODULE + py) * width + Number(x) * PIXELS_PER_MODULE + px) * 4;
        data.fill(0, offset, offset + 3);
      }
    }
  }
  return { data, width };
}

describe('QrCode', () => {
  it('draws a QR code that a scanner reads back as the ticket text', async () => {
    render(<QrCode value={ticketQrText('MRQ-7F3A-19C2')} label="Ticket QR code MRQ-7F3A-19C2" />);
    const svg = screen.getByRole('img', { name: 'Ticket QR code MRQ-7F3A-19C2' }) as unknown as SVGSVGElement;
    await waitFor(() => expect(svg.querySelector('path')).not.toBeNull());
    const { data, width } = rasterize(svg);
    expect(jsQR(data, width, width)?.data).toBe('TICKET:MRQ-7F3A-19C2');
  });
});
