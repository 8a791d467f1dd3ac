/**
 * The structure templates an admin starts a tournament from, and the blind
 * ladder they climb. Pure data and arithmetic, so the API (the admin's form,
 * the config it stores) and anything else that plans a tournament agree on
 * the same levels.
 */
import type { BlindStructure, StructureEntry } from "./levels";

/**
 * Blinds for a 10,000-chip stack; a template starts somewhere on this ladder
 * and every level is scaled with the starting stack. The big-blind ante
 * (one ante, posted by the big blind) comes in from the fourth level.
 */
export const BLIND_LADDER: readonly [number, number][] = [
  [25, 50],
  [50, 100],
  [75, 150],
  [100, 200],
  [150, 300],
  [200, 400],
  [300, 600],
  [400, 800],
  [500, 1_000],
  [600, 1_200],
  [800, 1_600],
  [1_000, 2_000],
  [1_500, 3_000],
  [2_000, 4_000],
  [3_000, 6_000],
  [4_000, 8_000],
  [5_000, 10_000],
  [6_000, 12_000],
  [8_000, 16_000],
  [10_000, 20_000],
  [15_000, 30_000],
  [20_000, 40_000],
  [30_000, 60_000],
  [40_000, 80_000],
  [50_000, 100_000],
  [75_000, 150_000],
  [100_000, 200_000],
  [150_000, 300_000],
  [200_000, 400_000],
  [300_000, 600_000],
];
const ANTES_FROM_LEVEL = 4;

export const TEMPLATES = {
  regular: {
    name: "Regular",
    description: "200 big blinds deep, 15-minute levels, a 5-minute break every 6 levels.",
    firstRung: 0,
    levelSeconds: 15 * 60,
    breakEveryLevels: 6,
    breakSeconds: 5 * 60,
    actionSeconds: 20,
    timeBankSeconds: 60,
  },
  turbo: {
    name: "Turbo",
    description: "100 big blinds, 6-minute levels, a 5-minute break every 10 levels.",
    firstRung: 1,
    levelSeconds: 6 * 60,
    breakEveryLevels: 10,
    breakSeconds: 5 * 60,
    actionSeconds: 20,
    timeBankSeconds: 60,
  },
  hyper: {
    name: "Hyper",
    description: "50 big blinds, 3-minute levels, no breaks.",
    firstRung: 3,
    levelSeconds: 3 * 60,
    breakEveryLevels: null,
    breakSeconds: 0,
    // Hyper levels are short: so is the clock, or one slow player eats a level.
    actionSeconds: 15,
    timeBankSeconds: 30,
  },
} as const satisfies Record<
  string,
  {
    name: string;
    description: string;
    firstRung: number;
    levelSeconds: number;
    breakEveryLevels: number | null;
    breakSeconds: number;
    /** The tables' clock unless the admin sets another. */
    actionSeconds: number;
    timeBankSeconds: number;
  }
>;

export type TemplateId = keyof typeof TEMPLATES;
export const TEMPLATE_IDS = Object.keys(TEMPLATES) as [TemplateId, ...TemplateId[]];

/** The levels of a template for a starting stack, each `levelSeconds` long. */
export function structureFromTemplate(
  template: TemplateId,
  startingStack: number,
  levelSeconds: number,
): BlindStructure {
  const t = TEMPLATES[template];
  // Whole multiples keep the blinds round; a stack under 10,000 plays the ladder as it is.
  const scale = Math.max(1, Math.round(startingStack / 10_000));
  const entries: StructureEntry[] = [];
  BLIND_LADDER.slice(t.firstRung).forEach(([small, big], i) => {
    const level = i + 1;
    if (t.breakEveryLevels !== null && i > 0 && i % t.breakEveryLevels === 0)
      entries.push({ kind: "break", durationMs: t.breakSeconds * 1000 });
    entries.push({
      kind: "level",
      smallBlind: small * scale,
      bigBlind: big * scale,
      ante: level >= ANTES_FROM_LEVEL ? big * scale : 0,
      durationMs: levelSeconds * 1000,
    });
  });
  return { anteKind: "big-blind", entries };
}

/**
 * Under this many big blinds at the first level a starting stack is short: the
 * admin's form warns (issue 48, bug 12: a 1,500 hyper started at 7.5 BB).
 */
export const SHORT_STACK_BIG_BLINDS = 20;

/**
 * How deep a starting stack is at a template's first level: its big blind and
 * the stack in big blinds (7.5 for 1,500 at 100/200), and whether that is short.
 */
export function startingDepth(
  template: TemplateId,
  startingStack: number,
): { bigBlind: number; bigBlinds: number; short: boolean } {
  const first = structureFromTemplate(template, startingStack, 60).entries.find(
    (entry) => entry.kind === "level",
  );
  const bigBlind = first?.kind === "level" ? first.bigBlind : 1;
  const bigBlinds = startingStack / bigBlind;
  return { bigBlind, bigBlinds, short: bigBlinds < SHORT_STACK_BIG_BLINDS };
}
