import { useMemo } from 'react';
import { encodeQr } from '../lib/qr';

/** What a ticket's QR code carries: the same text as the QR code in the confirmation email, which the door checks. */
export function ticketQrText(ticketCode: string): string {
  return `TICKET:${ticketCode}`;
}

/** A QR code drawn client-side as one SVG path, with the standard 4-module quiet zone. */
export function QrCode({ value, label, size = 176 }: { value: string; label: string; size?: number }) {
  const { path, dimension } = useMemo(() => {
    const qr = encodeQr(value);
    let d = '';
    qr.modules.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x + 4} ${y + 4}h1v1h-1z`;
      }),
    );
    return { path: d, dimension: qr.size + 8 };
  }, [value]);
  return (
    <svg className="c-qr" role="img" aria-label={label} viewBox={`0 0 ${dimension} ${dimension}`} width={size} height={size} shapeRendering="crispEdges">
      <rect width={dimension} height={dimension} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
