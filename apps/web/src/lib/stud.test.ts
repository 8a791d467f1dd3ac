import {
  apply,
  type HandState,
  type HandView,
  legalActions,
  STANDARD_DECK,
  startHand,
  viewFor,
} from "@felt/engine";
import { parseCards } from "@felt/engine/cards";
import { describe, expect, it } from "vitest";
import { bringInOf, studTurn } from "./stud";

/**
 * A seven-card stud hand from the engine, stakes 1/2 (bring-in 1, small bet 2,
 * big bet 4): `first` is each seat's down, down, up; `fourth` the 4th street's
 * up cards in seat order (after a burn).
 */
function studHand(first: string[], fourth = ""): HandState {
  const n = first.length;
  const own = first.map((cards) => parseCards(cards));
  const placed: (number | null)[] = [];
  for (let r = 0; r < 3; r++) for (let k = 0; k < n; k++) placed.push(own[k]?.[r] ?? null);
  if (fourth) placed.push(null, ...parseCards(fourth));
  const used = new Set(placed);
  const spare = STANDARD_DECK.filter((c) => !used.has(c));
  let next = 0;
  const deck = placed.map((c) => c ?? (spare[next++] as number)).concat(spare.slice(next));
  const started = startHand({
    type: "start",
    config: { game: "stud7", betting: "fixed-limit", smallBlind: 1, bigBlind: 2, ante: 1 },
    players: first.map((_, i) => ({ seat: i + 1, stack: 100 })),
    button: n,
    deck,
  });
  if (!started.ok) throw new Error(started.error.code);
  return started.state;
}

function play(state: HandState, moves: [number, "call" | number][]): HandState {
  let s = state;
  for (const [seat, move] of moves) {
    const result = apply(
      s,
      move === "call"
        ? { type: "call", seat }
        : { type: "betOrRaiseTo", seat, amount: move as number },
    );
    if (!result.ok) throw new Error(`${seat} ${move}: ${result.error.code}`);
    s = result.state;
  }
  return s;
}

const turnOf = (state: HandState, seat: number) =>
  studTurn(viewFor(state, seat), legalActions(state, seat));

describe("stud on the table page: the bring-in and the bet buttons' words", () => {
  it("ST-2 the lowest up card brings in (suits break a tie of rank: clubs lowest), for the table's bring-in", () => {
    const state = studHand(["AsKs7h", "QdQc2d", "JhTh2c"]);
    expect(state.toAct).toBe(3);
    const view = viewFor(state, 1);
    expect(view.bringIn).toBe(1);
    expect(bringInOf(view)).toEqual({ seat: 3, amount: 1 });
    // Still named after he posted it and others folded, while the first street lasts.
    const later = apply(play(state, [[3, 1]]), { type: "fold", seat: 1 });
    if (!later.ok) throw new Error(later.error.code);
    expect(bringInOf(viewFor(later.state, null))).toEqual({ seat: 3, amount: 1 });
  });

  it("ST-2 aces are high: an up ace never brings in against a deuce; later streets have no bring-in", () => {
    const state = studHand(["KsKd2h", "QdQcAc"], "9c8d");
    expect(bringInOf(viewFor(state, null))?.seat).toBe(1);
    const fourth = play(state, [
      [1, 1],
      [2, "call"],
    ]);
    expect(fourth.street).toBe("fourth");
    expect(bringInOf(viewFor(fourth, null))).toBeNull();
  });

  it("ST-2 the bring-in player's turn is worded bring-in or complete; over the bring-in, a completion", () => {
    const state = studHand(["AsKs7h", "QdQc2d", "JhTh9c"]);
    expect(turnOf(state, 2)).toBe("bringIn");
    const posted = play(state, [[2, 1]]);
    expect(turnOf(posted, 3)).toBe("complete");
    // Once completed, the next bet is an ordinary raise.
    expect(turnOf(play(posted, [[3, 2]]), 1)).toBeNull();
  });

  it("ST-4 open pair on fourth street: a bet by the small or the big bet", () => {
    // Seat 2 pairs his deuce on fourth street.
    const state = studHand(["AsKs7h", "QdQc2d", "JhTh9c"], "8h2s3d");
    const fourth = play(state, [
      [2, 1],
      [3, "call"],
      [1, "call"],
    ]);
    expect(fourth.street).toBe("fourth");
    expect(fourth.toAct).toBe(2);
    expect(turnOf(fourth, 2)).toBe("openPair");
  });

  it("other games keep the ordinary words", () => {
    const holdem: Pick<HandView, "game" | "street" | "smallBet" | "bigBet" | "bringIn"> = {
      game: "holdem",
      street: "preflop",
      smallBet: 2,
      bigBet: 4,
      bringIn: 0,
    };
    const range = { kind: "bet" as const, min: 1, max: 2, onlyMinOrMax: true as const };
    expect(studTurn({ ...holdem, players: [{ bet: 0 }] }, { betOrRaise: range })).toBeNull();
    expect(bringInOf({ ...holdem, players: [{ seat: 1, upCards: [] }] })).toBeNull();
  });
});
