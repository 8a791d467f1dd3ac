/**
 * Blind/ante levels by the clock (MT-3). The level is a function of the
 * tournament's elapsed time alone, never of a table, so every table changes
 * level together: a hand uses the level in force when it starts.
 *
 * Time is in integer milliseconds and always comes in as an argument.
 */
import { failure, isAmount, isPositiveInteger, type Outcome } from "./result";

export type AnteKind = "each" | "big-blind";

export interface BlindLevel {
  kind: "level";
  smallBlind: number;
  bigBlind: number;
  /** Per player (`each`) or posted by the big blind alone (`big-blind`), as the structure says. */
  ante: number;
  durationMs: number;
}

/** No hands are dealt during a break. */
export interface Break {
  kind: "break";
  durationMs: number;
}

export type StructureEntry = BlindLevel | Break;

export interface BlindStructure {
  anteKind: AnteKind;
  /** Levels and breaks in order. The last level lasts until the tournament ends. */
  entries: StructureEntry[];
}

export interface ClockReading {
  /** Index in `entries` of the level or break in force. */
  index: number;
  /** 1-based count of blind levels, breaks not counted; during a break, the level just played. */
  levelNumber: number;
  onBreak: boolean;
  /** The level in force; during a break, the level just played. */
  level: BlindLevel;
  /** The next blind level, null at the last one. */
  nextLevel: BlindLevel | null;
  /** Elapsed time at which this entry began and ends (null: the last level never ends). */
  startsAtMs: number;
  endsAtMs: number | null;
  remainingMs: number | null;
}

/**
 * A structure is valid when it starts and ends with a level, has no two
 * breaks in a row, and every level is at least the one before it in small
 * blind, big blind and ante, and larger in one of them (blinds never go down
 * and a level is never a repeat).
 */
export function validateBlindStructure(structure: unknown): Outcome<{ structure: BlindStructure }> {
  const bad = (message: string) => failure("invalid_structure", message);
  if (typeof structure !== "object" || structure === null) {
    return bad("a structure is { anteKind, entries }");
  }
  const { anteKind, entries } = structure as Record<string, unknown>;
  if (anteKind !== "each" && anteKind !== "big-blind") {
    return bad(`unknown anteKind ${String(anteKind)}`);
  }
  if (!Array.isArray(entries) || entries.length === 0) {
    return bad("a structure needs at least one level");
  }
  let previous: BlindLevel | null = null;
  let previousWasBreak = false;
  for (const [i, entry] of (entries as unknown[]).entries()) {
    if (typeof entry !== "object" || entry === null) return bad(`entry ${i} is not an object`);
    const e = entry as Record<string, unknown>;
    if (!isPositiveInteger(e.durationMs)) {
      return bad(`entry ${i}: durationMs must be a positive integer`);
    }
    if (e.kind === "break") {
      if (i === 0) return bad("the first entry must be a level, not a break");
      if (i === entries.length - 1) return bad("the last entry must be a level, not a break");
      if (previousWasBreak) return bad(`entry ${i}: two breaks in a row`);
      previousWasBreak = true;
      continue;
    }
    if (e.kind !== "level") return bad(`entry ${i}: kind must be "level" or "break"`);
    const { smallBlind, bigBlind, ante } = e;
    if (!isPositiveInteger(smallBlind) || !isPositiveInteger(bigBlind)) {
      return bad(`entry ${i}: blinds must be positive integers`);
    }
    if (smallBlind > bigBlind) return bad(`entry ${i}: the small blind exceeds the big blind`);
    if (!isAmount(ante)) return bad(`entry ${i}: ante must be a non-negative integer`);
    const level = entry as BlindLevel;
    if (previous !== null) {
      if (
        smallBlind < previous.smallBlind ||
        bigBlind < previous.bigBlind ||
        ante < previous.ante
      ) {
        return bad(`entry ${i}: a level may not lower the blinds or the ante`);
      }
      if (
        smallBlind === previous.smallBlind &&
        bigBlind === previous.bigBlind &&
        ante === previous.ante
      ) {
        return bad(`entry ${i}: repeats the level before it`);
      }
    }
    previous = level;
    previousWasBreak = false;
  }
  return { ok: true, structure: structure as BlindStructure };
}

/**
 * The level (or break) in force `elapsedMs` after the start. Negative
 * elapsed time reads as the start. Assumes a validated structure.
 */
export function clockAt(structure: BlindStructure, elapsedMs: number): ClockReading {
  const t = Math.max(0, elapsedMs);
  const { entries } = structure;
  let startsAtMs = 0;
  let levelNumber = 0;
  let level: BlindLevel | null = null;
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index] as StructureEntry;
    if (entry.kind === "level") {
      levelNumber++;
      level = entry;
    }
    const isLast = index === entries.length - 1;
    const endsAtMs = startsAtMs + entry.durationMs;
    if (t < endsAtMs || isLast) {
      return {
        index,
        levelNumber,
        onBreak: entry.kind === "break",
        level: level as BlindLevel,
        nextLevel: nextLevelAfter(entries, index),
        startsAtMs,
        endsAtMs: isLast ? null : endsAtMs,
        remainingMs: isLast ? null : endsAtMs - t,
      };
    }
    startsAtMs = endsAtMs;
  }
  throw new RangeError("clockAt needs a validated structure with at least one level");
}

function nextLevelAfter(entries: readonly StructureEntry[], index: number): BlindLevel | null {
  for (let i = index + 1; i < entries.length; i++) {
    const entry = entries[i] as StructureEntry;
    if (entry.kind === "level") return entry;
  }
  return null;
}

/** How many blind levels the structure has (breaks not counted). */
export function levelCount(structure: BlindStructure): number {
  return structure.entries.filter((entry) => entry.kind === "level").length;
}
