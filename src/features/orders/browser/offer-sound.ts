/*
 * The back office's chime for a new offer: two short tones made with Web Audio (no sound file to
 * load). Browsers allow audio only after the page had a user gesture; before that it stays silent.
 */

const KEY = 'apobote.backoffice.sound';

/** On unless turned off on this device. */
export function soundPreference(): boolean {
  try {
    return localStorage.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

export function storeSoundPreference(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

let context: AudioContext | null = null;

export function playOfferSound(): void {
  try {
    const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return;
    context ??= new Ctor();
    const start = context.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.18, 1175],
    ] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.15, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.16);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.17);
    }
  } catch {
    // No audio device: the title count and the announcement still tell.
  }
}
