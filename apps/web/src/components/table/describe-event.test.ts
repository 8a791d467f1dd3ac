import type { TableEvent } from "@felt/engine";
import type { Card } from "@felt/engine/cards";
import { parseCards } from "@felt/engine/cards";
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import type { Locale } from "@/i18n/locales";
import { CATALOGUES } from "@/i18n/messages";
import { describeDownCards, describeEvent, describeUpCards } from "./describe-event";

const names = ["Alice", "Bob"];
const nameOf = (seat: number) => names[seat - 1] ?? `Seat ${seat}`;

function lines(locale: Locale, events: TableEvent[]): (string | null)[] {
  const t = createTranslator({ locale, messages: CATALOGUES[locale], namespace: "table.log" });
  const number = new Intl.NumberFormat(locale);
  return events.map((e) => describeEvent(e, nameOf, t, (n) => number.format(n)));
}

const hand = (event: unknown): TableEvent =>
  ({ type: "handEvent", handNumber: 7, event }) as TableEvent;
const cards = (text: string): Card[] => parseCards(text);

const EVENTS: TableEvent[] = [
  { type: "playerSat", seat: 1, playerId: "a", name: "Alice", buyIn: 1000 } as TableEvent,
  { type: "chipsAdded", seat: 2, amount: 50, effective: "nextHand" } as TableEvent,
  { type: "playerSatOut", seat: 2, reason: "timeouts" },
  { type: "playerSatOut", seat: 2, reason: "requested" },
  { type: "blindsOwed", seat: 2, owes: "missedBig" },
  { type: "gameChosen", seat: null, game: 0, name: "NL Hold'em", by: "deadButton" },
  hand({ type: "handStarted" }),
  hand({ type: "blindPosted", seat: 1, blind: "small", amount: 1, allIn: false }),
  hand({ type: "boardDealt", street: "flop", cards: cards("AsKd2c") }),
  hand({ type: "folded", seat: 1, timedOut: true }),
  hand({ type: "raisedTo", seat: 2, amount: 20, allIn: true }),
  hand({ type: "drew", seat: 1, count: 0, timedOut: false }),
  hand({ type: "discardsReshuffled", count: 5 }),
  hand({
    type: "potAwarded",
    pot: 1,
    winners: [{ seat: 2, amount: 1200, hand: { category: "full-house", cards: [] } }],
  }),
];

describe("the hand log", () => {
  it("reads in English as it always has", () => {
    expect(lines("en", EVENTS)).toEqual([
      "Alice sits down with 1,000",
      "Bob adds 50 (next hand)",
      "Bob sits out (timed out)",
      "Bob sits out",
      "Bob missed the big blind (owes a live big blind and a dead small blind)",
      "Dealer's choice: NL Hold'em",
      "— Hand #7 —",
      "Alice posts small blind 1",
      "Flop: AsKd2c",
      "Alice folds (time)",
      "Bob raises to 20 and is all-in",
      "Alice stands pat",
      "The discards are reshuffled (5 cards)",
      "Bob wins 1,200 from side pot 1 with a full house",
    ]);
  });

  it("reads in Russian, with Russian plurals and hand names", () => {
    const ru = lines("ru", EVENTS);
    expect(ru[0]).toBe("Alice садится за стол с 1\u00a0000");
    expect(ru[6]).toBe("— Раздача №7 —");
    expect(ru[7]).toBe("Alice ставит малый блайнд 1");
    expect(ru[8]).toMatch(/^Флоп: /);
    expect(ru[10]).toBe("Bob: рейз до 20, олл-ин");
    expect(ru[12]).toBe("Сброс перемешан (5 карт)");
    expect(ru[13]).toBe("Bob выигрывает 1\u00a0200 из побочного банка 1: фулл-хаус");
  });

  it("ST-1 ST-2 ST-6 stud: the bring-in, a street's up cards in one line, the common card", () => {
    const stud = [
      hand({ type: "upCardsDealt", seat: 1, street: "fourth", cards: cards("7h") }),
      hand({ type: "betPlaced", seat: 2, amount: 1, allIn: false, bringIn: true }),
      hand({ type: "betPlaced", seat: 2, amount: 1, allIn: true, bringIn: true }),
      hand({ type: "boardDealt", street: "seventh", cards: cards("5c") }),
    ];
    expect(lines("en", stud)).toEqual([
      "4th street face up: Alice 7h",
      "Bob brings in 1",
      "Bob brings in 1 (all-in)",
      "7th street: one common card for all, 5c (ST-6)",
    ]);
    expect(lines("ru", stud)).toEqual([
      "4-я улица, в открытую: Alice 7h",
      "Bob: бринг-ин 1",
      "Bob: бринг-ин 1 (олл-ин)",
      "7-я улица: одна общая карта для всех, 5c (ST-6)",
    ]);
    const t = createTranslator({ locale: "en", messages: CATALOGUES.en, namespace: "table.log" });
    expect(
      describeUpCards(
        "third",
        [
          { seat: 1, cards: cards("Kd") },
          { seat: 2, cards: cards("2c") },
        ],
        nameOf,
        t,
      ),
    ).toBe("3rd street face up: Alice Kd, Bob 2c");
    // Seventh street's down cards: only the viewer's own card has a face.
    const down = [
      { seat: 1, cards: cards("9h") },
      { seat: 2, cards: null },
    ];
    expect(describeDownCards("seventh", down, nameOf, t)).toBe(
      "7th street face down: Alice 9h, Bob",
    );
    const ru = createTranslator({ locale: "ru", messages: CATALOGUES.ru, namespace: "table.log" });
    expect(describeDownCards("seventh", down, nameOf, ru)).toBe(
      "7-я улица, в закрытую: Alice 9h, Bob",
    );
  });
});
