import { useEffect, useRef, useState } from 'react';
import { createQrDecoder } from '../lib/qr-decoder';

const FRAME_INTERVAL_MS = 120;

type CameraState = 'starting' | 'scanning' | 'unavailable';

/** Opens the back camera into `video` and calls onCode with each QR text read; returns the stop. */
async function startScanning(video: HTMLVideoElement, onCode: (text: string) => void, isStopped: () => boolean, onDecoder: (name: string) => void) {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  if (isStopped()) {
    stream.getTracks().forEach((track) => track.stop());
    return () => {};
  }
  video.srcObject = stream;
  await video.play().catch(() => {});
  const { decode, name } = await createQrDecoder();
  onDecoder(name);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    if (isStopped()) return;
    const text = await decode(video).catch(() => null);
    if (text && !isStopped()) onCode(text);
    timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
  };
  void tick();
  return () => {
    clearTimeout(timer);
    stream.getTracks().forEach((track) => track.stop());
  };
}

/** The camera's view, scanning without a tap; a phone without a camera (or refused) keeps the typed code. */
export function CameraScanner({ onCode }: { onCode: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const latest = useRef(onCode);
  latest.current = onCode;
  const [state, setState] = useState<CameraState>('starting');
  const [decoder, setDecoder] = useState('');

  useEffect(() => {
    if (!video.current || !navigator.mediaDevices?.getUserMedia) {
      setState('unavailable');
      return;
    }
    let stopped = false;
    let stop = () => {};
    startScanning(video.current, (text) => latest.current(text), () => stopped, setDecoder)
      .then((stopScanning) => {
        stop = stopScanning;
        if (!stopped) setState('scanning');
      })
      .catch(() => !stopped && setState('unavailable'));
    return () => {
      stopped = true;
      stop();
    };
  }, []);

  return (
    <div className="check-in__camera" data-state={state} data-decoder={decoder}>
      <video ref={video} muted playsInline aria-label="Camera" hidden={state === 'unavailable'} />
      <p className="check-in__camera-status">
        {state === 'starting' && 'Starting the camera…'}
        {state === 'scanning' && 'Hold the ticket\'s QR code in the frame'}
        {state === 'unavailable' && 'No camera: type the ticket code below'}
      </p>
    </div>
  );
}
