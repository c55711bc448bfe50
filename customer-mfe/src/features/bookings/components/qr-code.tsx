import { useEffect, useState } from 'react';

/** The standard quiet zone around a QR code, in modules. */
const QUIET_ZONE = 4;

interface DrawnQr {
  path: string;
  dimension: number;
}

/**
 * The `qrcode` library (the same as the ticket email's) loads with the first ticket shown, not with the
 * first visit; level M like the email's, so a scuffed phone screen still scans.
 */
async function drawQr(value: string): Promise<DrawnQr> {
  const { default: QRCode } = await import('qrcode');
  const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (modules.get(y, x)) path += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { path, dimension: modules.size + 2 * QUIET_ZONE };
}

/** A QR code as one SVG path; the frame (its name and size) is there at once, the modules once the encoder has loaded. */
export function QrCode({ value, label, size = 176 }: { value: string; label: string; size?: number }) {
  const [drawn, setDrawn] = useState<DrawnQr & { value: string }>();
  useEffect(() => {
    let current = true;
    void drawQr(value).then((qr) => {
      if (current) setDrawn({ ...qr, value });
    });
    return () => {
      current = false;
    };
  }, [value]);
  const qr = drawn?.value === value ? drawn : undefined;
  const dimension = qr?.dimension ?? 1;
  return (
    <svg className="c-qr" role="img" aria-label={label} viewBox={`0 0 ${dimension} ${dimension}`} width={size} height={size} shapeRendering="crispEdges">
      <rect width={dimension} height={dimension} fill="#fff" />
      {qr && <path d={qr.path} fill="#000" />}
    </svg>
  );
}
