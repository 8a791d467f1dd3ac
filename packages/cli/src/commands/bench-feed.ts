/**
 * `felt bench feed [--hands N] [--seed N] [--seconds S]`: what a live table's
 * feed costs the room per change, ours against the JSON diffs on npm.
 *
 * Random 6-max no-limit hands (bench-feed-play.ts) are played through the
 * table layer. After every change, each of seven viewers (six seats and a
 * spectator) is sent what changed of his own state, as JSON text:
 *  - **ours**: `changeDeltas` of @felt/protocol, what the table room sends
 *    (the change's events and a patch of what they do not tell);
 *  - **fast-json-patch**: its RFC 6902 `compare` of the viewer's two states;
 *  - **jsondiffpatch**: its delta of the same two states;
 *  - **whole**: the viewer's whole state, as the room sent before deltas.
 *
 * The states are built before the clock starts (all four need them). Every
 * delta is first checked to turn the viewer's state before into the state
 * after; then each way is timed over the same changes. Prints one JSON line:
 * microseconds and bytes per change (all seven viewers together), and each
 * peer's ÷ ours. Exits 1 when a delta of ours does not give the state after.
 */
import { isDeepStrictEqual } from "node:util";
import { changeDeltas, type DiffMemo, followFeed, type StateMessage } from "@felt/protocol";
import jsonPatch from "fast-json-patch";
import * as jsondiffpatch from "jsondiffpatch";
import { type Change, playedChanges, viewersOf } from "../bench-feed-play";

type Way = {
  name: string;
  /** The texts the viewers of change `i` are sent. */
  texts: (i: number) => string[];
  /** The state the viewer holds after `text`, from the one before. */
  follow: (before: StateMessage, text: string) => unknown;
};

/** A positive whole number given as `name value`, the fallback when absent, null when malformed. */
function option(args: string[], name: string, fallback: number): number | null {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const value = Number(args[at + 1]);
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** Each viewer's state at every change: `states[i][v]` before change i, `states[i + 1][v]` after it. */
function statesOf(changes: Change[]): StateMessage[][] {
  const first = changes[0];
  if (!first) return [];
  // As a client holds them, through JSON (no undefined keys): what each way gives compares exactly.
  return [first.before, ...changes.map((c) => c.after)].map((at) => viewersOf(at).map(copy));
}

const jsondiff = jsondiffpatch.create();
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function waysOf(states: StateMessage[][]): Way[] {
  const pairs = (i: number) =>
    (states[i] as StateMessage[]).map((before, v) => ({
      before,
      after: (states[i + 1] as StateMessage[])[v] as StateMessage,
    }));
  return [
    {
      name: "ours",
      texts: (i) => {
        const viewers = pairs(i);
        const spectator = viewers.at(-1) as { before: StateMessage; after: StateMessage };
        // One memo for the change, as the room keeps: the viewers share most of their states.
        const memo: DiffMemo = new WeakMap();
        const deltaFor = changeDeltas(spectator.before, spectator.after, memo);
        return viewers.map(({ before, after }) => JSON.stringify(deltaFor(before, after)));
      },
      follow: (before, text) => {
        const followed = followFeed(before, JSON.parse(text));
        return followed.ok ? followed.state : followed;
      },
    },
    {
      name: "fast-json-patch",
      texts: (i) =>
        pairs(i).map(({ before, after }) => JSON.stringify(jsonPatch.compare(before, after))),
      follow: (before, text) => jsonPatch.applyPatch(copy(before), JSON.parse(text)).newDocument,
    },
    {
      name: "jsondiffpatch",
      texts: (i) =>
        pairs(i).map(({ before, after }) => JSON.stringify(jsondiff.diff(before, after) ?? null)),
      follow: (before, text) => {
        const delta = JSON.parse(text);
        return delta === null ? before : jsondiff.patch(copy(before), delta);
      },
    },
    {
      name: "whole",
      texts: (i) => pairs(i).map(({ after }) => JSON.stringify(after)),
      follow: (_before, text) => JSON.parse(text),
    },
  ];
}

/** Changes whose texts do not take some viewer from its state before to its state after. */
function wrongChanges(way: Way, states: StateMessage[][], count: number): number {
  let wrong = 0;
  for (let i = 0; i < count; i++) {
    const texts = way.texts(i);
    const ok = texts.every((text, v) =>
      isDeepStrictEqual(
        way.follow((states[i] as StateMessage[])[v] as StateMessage, text),
        (states[i + 1] as StateMessage[])[v],
      ),
    );
    if (!ok) wrong++;
  }
  return wrong;
}

/** Microseconds and bytes per change, the fastest of rounds run for about `seconds`. */
function timed(way: Way, count: number, seconds: number) {
  let best = Number.POSITIVE_INFINITY;
  let bytes = 0;
  const until = performance.now() + seconds * 1000;
  do {
    let sum = 0;
    const start = performance.now();
    for (let i = 0; i < count; i++) for (const text of way.texts(i)) sum += text.length;
    best = Math.min(best, performance.now() - start);
    bytes = sum;
  } while (performance.now() < until);
  return {
    us_per_change: round((best * 1000) / count),
    bytes_per_change: Math.round(bytes / count),
  };
}

const round = (x: number) => Math.round(x * 10) / 10;

export async function run(args: string[]): Promise<number> {
  const hands = option(args, "--hands", 300);
  const seed = option(args, "--seed", 1);
  const seconds = option(args, "--seconds", 3);
  if (hands === null || seed === null || seconds === null) {
    console.error("felt bench feed: --hands, --seed and --seconds take a positive whole number");
    return 2;
  }
  const changes = playedChanges(hands, seed);
  const states = statesOf(changes);
  const ways = waysOf(states);
  const results = ways.map((way) => ({
    name: way.name,
    wrong_changes: wrongChanges(way, states, changes.length),
    ...timed(way, changes.length, seconds),
  }));
  const [ours, ...peers] = results as [(typeof results)[number], ...typeof results];
  console.log(
    JSON.stringify({
      bench: "feed",
      hands,
      changes: changes.length,
      viewers: states[0]?.length ?? 0,
      ours,
      peers: peers.map((peer) => ({
        ...peer,
        us_over_ours: round(peer.us_per_change / ours.us_per_change),
        bytes_over_ours: round(peer.bytes_per_change / ours.bytes_per_change),
      })),
    }),
  );
  return ours.wrong_changes === 0 ? 0 : 1;
}
