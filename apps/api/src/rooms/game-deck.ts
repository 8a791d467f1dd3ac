/**
 * The dealer's reshuffle of a draw hand's muck. Like the deck (the engine's
 * `deckOfTable`, shuffled by the pipeline), it comes from the hand's seed, so
 * a finished hand's revealed seed explains every card that was dealt: the deck is `shuffleWithSeed(seed, deck)` and each
 * reshuffle `shuffleWithSeed(seed, needsReshuffle.cards)`.
 */
import { applyTable, type TableResult } from "@felt/engine";
import { seedFromHex, shuffleWithSeed } from "@felt/fairness";

/**
 * After an accepted command: while the hand waits for the stub to be rebuilt
 * (`needsReshuffle`), the room deals the muck again in the seed's order. The
 * reshuffle's events join the command's, so one change goes out. A refused
 * reshuffle (a broken invariant) refuses the whole command instead of leaving
 * the hand stuck.
 */
export async function withReshuffles(
  result: TableResult,
  seedHex: string | null,
): Promise<TableResult> {
  let current = result;
  for (let guard = 0; current.ok && current.state.hand?.needsReshuffle; guard++) {
    const seed = seedHex === null ? null : seedFromHex(seedHex);
    if (seed === null || guard > 10) {
      return {
        ok: false,
        error: { code: "reshuffle_failed", message: "the deck cannot be reshuffled" },
      };
    }
    const order = await shuffleWithSeed(seed, current.state.hand.needsReshuffle.cards);
    const next = applyTable(current.state, { type: "reshuffle", order });
    if (!next.ok) return next;
    current = { ok: true, state: next.state, events: [...current.events, ...next.events] };
  }
  return current;
}
