/**
 * Tells the door attendant the answer without looking: a buzz and a beep where the browser allows them
 * (vibration on Android; audio after the page has had a tap, which the typed code or the door's choice gives).
 */
let audio: AudioContext | null = null;

function beep(frequency: number, seconds: number) {
  const Context = globalThis.AudioContext as typeof AudioContext | undefined;
  if (!Context) return;
  try {
    audio ??= new Context();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.value = 0.15;
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + seconds);
  } catch {
    // no sound: the screen and the vibration still tell
  }
}

export function signalResult(admitted: boolean) {
  if (typeof navigator.vibrate === 'function') navigator.vibrate(admitted ? 120 : [200, 80, 200]);
  if (admitted) beep(880, 0.12);
  else beep(220, 0.4);
}
