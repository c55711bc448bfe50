/**
 * Tells the door attendant the answer without looking: a buzz and a beep where the browser allows them
 * (vibration on Android; audio after the page has had a tap, which the typed code or the door's choice gives).
 */
let audio: AudioContext | null = null;

function audioContext(): AudioContext | null {
  const Context = globalThis.AudioContext as typeof AudioContext | undefined;
  if (!Context) return null;
  audio ??= new Context();
  return audio;
}

/**
 * Browsers start sound only after a tap: the screen calls this on any tap (the door's choice, a typed code,
 * "Change door"), so the beeps of later camera scans, which come without one, are heard.
 */
export function unlockSound() {
  try {
    void audioContext()?.resume();
  } catch {
    // no sound on this phone
  }
}

function beep(frequency: number, seconds: number) {
  try {
    const context = audioContext();
    if (!context) return;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.value = 0.15;
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + seconds);
  } catch {
    // no sound: the screen and the vibration still tell
  }
}

export function signalResult(admitted: boolean) {
  if (typeof navigator.vibrate === 'function') navigator.vibrate(admitted ? 120 : [200, 80, 200]);
  if (admitted) beep(880, 0.12);
  else beep(220, 0.4);
}
