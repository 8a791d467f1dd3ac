"use client";

/** The table's sounds, made on the spot with Web Audio: no file to load, nobody's recording. */
export type TableSound = "turn" | "bet" | "win";

type Note = { frequency: number; at: number; length: number; volume: number; type: OscillatorType };

const NOTES: Record<TableSound, Note[]> = {
  // A two-note chime: it is your turn.
  turn: [
    { frequency: 880, at: 0, length: 0.25, volume: 0.15, type: "sine" },
    { frequency: 1320, at: 0.15, length: 0.25, volume: 0.15, type: "sine" },
  ],
  // Two quick clicks, like chips set down.
  bet: [
    { frequency: 2400, at: 0, length: 0.05, volume: 0.08, type: "triangle" },
    { frequency: 1900, at: 0.05, length: 0.06, volume: 0.08, type: "triangle" },
  ],
  // A rising major arpeggio.
  win: [523.25, 659.25, 783.99, 1046.5].map((frequency, i) => ({
    frequency,
    at: i * 0.09,
    length: 0.3,
    volume: 0.12,
    type: "sine" as const,
  })),
};

let context: AudioContext | null = null;

/**
 * Browsers let a page make sound only after the person has interacted with
 * it (autoplay policy): the audio context is made at the first click, tap or
 * key on the page, and until then every sound is silently skipped. Returns
 * the listeners' removal.
 */
export function unlockAudioOnFirstGesture(): () => void {
  const unlock = () => {
    if (!context && typeof window.AudioContext === "function") context = new window.AudioContext();
    void context?.resume();
    remove();
  };
  const events = ["pointerdown", "keydown", "touchend"] as const;
  const remove = () => {
    for (const event of events) window.removeEventListener(event, unlock, true);
  };
  if (context) return () => {};
  for (const event of events) window.addEventListener(event, unlock, true);
  return remove;
}

/** Plays a sound now, if the page may make one yet (see `unlockAudioOnFirstGesture`). */
export function playSound(sound: TableSound): void {
  if (context?.state !== "running") return;
  const start = context.currentTime;
  for (const note of NOTES[sound]) {
    const tone = context.createOscillator();
    const gain = context.createGain();
    tone.type = note.type;
    tone.frequency.value = note.frequency;
    gain.gain.setValueAtTime(note.volume, start + note.at);
    gain.gain.exponentialRampToValueAtTime(0.001, start + note.at + note.length);
    tone.connect(gain).connect(context.destination);
    tone.start(start + note.at);
    tone.stop(start + note.at + note.length + 0.05);
  }
}
