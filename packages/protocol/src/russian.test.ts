/**
 * The room must parse its own Russian poker messages: random rounds played
 * with random legal decisions, and after every command the table view of
 * every player and of a spectator parses with the strict schema, unchanged.
 */
import { parseCard, russian, STANDARD_DECK } from "@felt/engine";
import { describe, expect, it } from "vitest";
import { parseRussianClientMessage, russianTableViewSchema } from "./russian";

type Table = russian.RussianTableState;

function apply(table: Table, command: russian.RussianTableCommand): Table {
  const result = russian.applyRussianTable(table, command);
  if (!result.ok) throw new Error(`${command.type}: ${result.error.code}`);
  return result.state;
}

function checkViews(table: Table, players: string[]): void {
  for (const viewer of [...players, null]) {
    const view = russian.russianTableView(table, viewer);
    expect(russianTableViewSchema.parse(view)).toEqual(view);
  }
}

function decisionFor(
  action: russian.LegalAction,
  random: russian.SeededRandom,
  cards: string[] | null,
): russian.PlayerCommand | null {
  const box = "box" in action ? action.box : 0;
  switch (action.type) {
    case "placeBets": {
      const target = action.boxes[random.nextInt(action.boxes.length)] as number;
      const ante = action.ante.min + random.nextInt(action.ante.max - action.ante.min + 1);
      return { type: "placeBets", playerId: "", box: target, ante, bonus: random.nextInt(2) };
    }
    case "play":
      return { type: "play", playerId: "", box, insurance: action.insurance?.min };
    case "exchange": {
      const codes = (cards ?? []).slice(0, 1 + random.nextInt(3));
      return { type: "exchange", playerId: "", box, cards: codes.map(parseCard) };
    }
    case "clearBets":
      return null;
    default:
      return { type: action.type, playerId: "", box };
  }
}

describe("Russian poker views parse with the wire schemas", () => {
  it("over 25 random rounds, for every viewer", () => {
    const random = russian.seededRandom(13);
    const made = russian.createRussianTable({
      maxPlayers: 3,
      minBuyIn: 100,
      maxBuyIn: 5000,
      options: { minAnte: 1, maxAnte: 20 },
    });
    if (!made.ok) throw new Error(made.error.message);
    const players = ["p1", "p2", "p3"];
    let table = made.state;
    for (const id of players)
      table = apply(table, { type: "sit", playerId: id, name: id, chips: 5000 });
    for (let round = 0; round < 25; round++) {
      const deck = russian.shuffleInPlace([...STANDARD_DECK], random);
      table = apply(table, { type: "openRound", deck });
      for (let step = 0; step < 200 && table.round?.phase !== "settled"; step++) {
        checkViews(table, players);
        const id = players[random.nextInt(players.length)] as string;
        const actions = russian.legalActions(table.round as russian.RussianState, id);
        const action = actions[random.nextInt(Math.max(actions.length, 1))];
        const house = russian.houseActions(table.round as russian.RussianState);
        if (!action || (table.round?.phase === "betting" && step > 6 && house.length > 0)) {
          const next = house[0];
          if (!next) continue;
          const command =
            next.type === "reshuffle"
              ? { type: "reshuffle" as const, cards: [...(table.round?.discards ?? [])] }
              : { type: next.type };
          table = apply(table, { type: "round", command });
          continue;
        }
        const box = "box" in action ? table.round?.boxes[action.box] : undefined;
        const view = box ? russian.viewFor(table.round as russian.RussianState, id) : null;
        const cards = box && view ? (view.boxes[box.box]?.cards ?? null) : null;
        const decision = decisionFor(action, random, cards);
        // A random amount the chips cannot cover is refused: the next step tries another.
        const tried = decision
          ? russian.applyRussianTable(table, {
              type: "round",
              command: { ...decision, playerId: id },
            })
          : null;
        if (tried?.ok) table = tried.state;
      }
      checkViews(table, players);
      expect(table.round?.phase).toBe("settled");
    }
  });

  it("refuses malformed decisions before the room sees them", () => {
    const bad = [
      {
        type: "decide",
        decision: { type: "placeBets", box: 0, ante: 1.5 },
        round: 1,
        seq: 1,
      },
      {
        type: "decide",
        decision: { type: "placeBets", box: 0, ante: -5 },
        round: 1,
        seq: 1,
      },
      { type: "decide", decision: { type: "play", box: 9 }, round: 1, seq: 1 },
      {
        type: "decide",
        decision: { type: "exchange", box: 0, cards: ["Ah", "Ah"] },
        round: 1,
        seq: 1,
      },
      {
        type: "decide",
        decision: { type: "fold", box: 0, playerId: "x" },
        round: 1,
        seq: 1,
      },
    ];
    for (const message of bad) {
      expect(parseRussianClientMessage(JSON.stringify(message))).toMatchObject({
        ok: false,
        code: "malformed_message",
      });
    }
    expect(
      parseRussianClientMessage(
        '{"type":"decide","decision":{"type":"placeBets","box":0,"ante":NaN}}',
      ),
    ).toMatchObject({ ok: false });
  });
});
