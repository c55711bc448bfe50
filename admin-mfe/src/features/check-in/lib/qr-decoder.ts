/** Reads a QR code's text from a video frame, or null when none is in sight. */
export type QrDecoder = (video: HTMLVideoElement) => Promise<string | null>;

interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's own detector, when it has one that reads QR codes (Chrome on Android and macOS, Safari 17+). */
async function nativeDecoder(): Promise<QrDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
  } catch {
    return null;
  }
  const detector = new Detector({ formats: ['qr_code'] });
  return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
}

/** jsQR on the frame's pixels: loaded here, with the check-in page only, where the browser has no detector. */
async function jsqrDecoder(): Promise<QrDecoder> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    // A scaled-down frame decodes faster; a ticket held up fills much of it.
    const scale = Math.min(1, 640 / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/** The QR decoder this browser has: its own BarcodeDetector, else jsQR. */
export async function createQrDecoder(): Promise<{ decode: QrDecoder; name: 'BarcodeDetector' | 'jsQR' }> {
  const native = await nativeDecoder();
  return native ? { decode: native, name: 'BarcodeDetector' } : { decode: await jsqrDecoder(), name: 'jsQR' };
}
