/**
 * `felt replay` without the I/O: one file's text → one report line per hand.
 * Kept apart from the command so it can be tested on strings.
 */
import {
  type HandHistory,
  type PhhError,
  parsePhh,
  parsePhhsEntries,
  replayHistory,
} from "@felt/engine";

export type ReplayLine =
  | {
      file: string;
      hand: number | string | null;
      ok: true;
      finishing_stacks: number[];
      expected?: number[];
      matches?: boolean;
    }
  | {
      file: string;
      hand: number | string | null;
      ok: false;
      error: { code: string; message: string };
    };

/** A failed line, or a mismatch with the file's finishing_stacks, makes the command exit 1. */
export const isFailure = (line: ReplayLine): boolean => !line.ok || line.matches === false;

/** `.phhs` holds numbered tables `[1]`, `[2]`, …; anything else is read as one `.phh` hand. */
export function replayText(file: string, text: string): ReplayLine[] {
  if (!file.toLowerCase().endsWith(".phhs")) {
    const parsed = parsePhh(text);
    // The hand's own number (`hand = 5`) when it has one, as `felt verify` prints it.
    return [
      parsed.ok
        ? lineOf(file, parsed.history.hand ?? 1, parsed.history)
        : failed(file, 1, parsed.error),
    ];
  }
  const all = parsePhhsEntries(text);
  if (!all.ok) return [failed(file, null, all.error)];
  return all.entries.map(({ name, result }) => {
    const hand = /^\d+$/.test(name) ? Number(name) : name;
    return result.ok ? lineOf(file, hand, result.history) : failed(file, hand, result.error);
  });
}

function lineOf(file: string, hand: number | string, history: HandHistory): ReplayLine {
  const result = replayHistory(history);
  if (!result.ok) return failed(file, hand, result.error);
  return {
    file,
    hand,
    ok: true,
    finishing_stacks: result.finishingStacks,
    ...(result.expected === undefined
      ? {}
      : { expected: result.expected, matches: result.matches }),
  };
}

const failed = (file: string, hand: number | string | null, error: PhhError): ReplayLine => ({
  file,
  hand,
  ok: false,
  error: { code: error.code, message: error.message },
});
