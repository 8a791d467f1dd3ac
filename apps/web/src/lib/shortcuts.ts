/**
 * The table's keyboard shortcuts, by physical key (`KeyboardEvent.code`) so
 * they sit in the same place on a Russian layout. Each button shows its key.
 */
export const SHORTCUTS = {
  fold: { code: "KeyF", label: "F" },
  checkCall: { code: "KeyC", label: "C" },
  betRaise: { code: "KeyR", label: "R" },
} as const;

/** The bet presets take the number keys, in the order they are shown. */
export const presetShortcut = (index: number) =>
  index < 9 ? { code: `Digit${index + 1}`, label: String(index + 1) } : null;

export type Shortcut = { code: string; label: string };

/**
 * Whether a key press is meant for the table: not while typing in a field
 * (the amount box takes digits), and never with Ctrl, Alt or Meta held.
 */
export function isTableShortcut(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.altKey || event.metaKey || event.repeat) return false;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return true;
  if (target.isContentEditable || target.closest("dialog")) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return false;
  return !(target instanceof HTMLInputElement) || target.type === "range";
}
