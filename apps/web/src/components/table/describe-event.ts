import type { TableEvent } from "@felt/engine";
import { type Card, formatCards } from "@felt/engine/cards";
import { categorySchema } from "@felt/protocol";
import type { useTranslations } from "next-intl";

/** The hand log's messages (`table.log`). */
export type LogMessages = ReturnType<typeof useTranslations<"table.log">>;

type Category = (typeof categorySchema.options)[number];
const isCategory = (c: string): c is Category => categorySchema.safeParse(c).success;

const yes = (flag: boolean | undefined) => (flag ? "yes" : "no");

/**
 * One line of the hand-history panel in the viewer's language, or null for
 * events not worth a line. `chips` writes amounts as the viewer's language does.
 */
export function describeEvent(
  event: TableEvent,
  nameOf: (seat: number) => string,
  t: LogMessages,
  chips: (amount: number) => string,
  /** A dealer's choice game's name in the viewer's language (the event carries the English). */
  gameName: (name: string) => string = (name) => name,
): string | null {
  switch (event.type) {
    case "playerSat":
      return t("sits", { name: event.name, amount: chips(event.buyIn) });
    case "chipsAdded":
      return t(event.effective === "nextHand" ? "addsChipsNextHand" : "addsChips", {
        name: nameOf(event.seat),
        amount: chips(event.amount),
      });
    case "playerSatOut":
      return t("sitsOut", { name: nameOf(event.seat), reason: event.reason });
    case "playerSatIn":
      return t("isBack", { name: nameOf(event.seat) });
    case "leaveRequested":
      return t("willLeave", { name: nameOf(event.seat) });
    case "playerLeft":
      return t("leaves", { name: nameOf(event.seat), amount: chips(event.cashOut) });
    case "handSettled":
      return null;
    case "blindsOwed":
      return event.owes === "missedBig"
        ? t("missedBig", { name: nameOf(event.seat) })
        : event.owes === "missedSmall"
          ? t("missedSmall", { name: nameOf(event.seat) })
          : null;
    case "waitForBigBlindSet":
      return event.wait ? t("waitsForBigBlind", { name: nameOf(event.seat) }) : null;
    case "gameChosen":
      return event.seat === null
        ? t("dealersChoice", { game: gameName(event.name) })
        : t("picks", { name: nameOf(event.seat), game: gameName(event.name) });
    case "stakesChanged":
      return t("stakesChanged", {
        small: chips(event.smallBlind),
        big: chips(event.bigBlind),
        min: chips(event.minBuyIn),
        max: chips(event.maxBuyIn),
      });
    case "handEvent":
      break;
    default:
      return null;
  }
  const e = event.event;
  switch (e.type) {
    case "handStarted":
      return t("handStarted", { n: event.handNumber });
    case "antePosted":
      return t("ante", { name: nameOf(e.seat), amount: chips(e.amount) });
    case "blindPosted":
      return t("blind", { name: nameOf(e.seat), blind: e.blind, amount: chips(e.amount) });
    case "deadBlindPosted":
      return t("deadBlind", { name: nameOf(e.seat), amount: chips(e.amount) });
    case "rakeTaken":
      return t("rake", { amount: chips(e.amount) });
    case "boardDealt":
      // ST-6: stud's last street as one common card, when the stub is short.
      return isStudStreet(e.street)
        ? t("commonCard", { street: t(`streets.${e.street}`), cards: formatCards(e.cards) })
        : t("board", { street: e.street, cards: formatCards(e.cards) });
    case "upCardsDealt":
      return describeUpCards(e.street, [e], nameOf, t);
    case "folded":
      return t("folds", { name: nameOf(e.seat), time: yes(e.timedOut) });
    case "checked":
      return t("checks", { name: nameOf(e.seat), time: yes(e.timedOut) });
    case "called":
      return t("calls", { name: nameOf(e.seat), amount: chips(e.amount), allIn: yes(e.allIn) });
    case "betPlaced":
      return t(e.bringIn ? "bringsIn" : "bets", {
        name: nameOf(e.seat),
        amount: chips(e.amount),
        allIn: yes(e.allIn),
      });
    case "raisedTo":
      return t("raises", { name: nameOf(e.seat), amount: chips(e.amount), allIn: yes(e.allIn) });
    case "uncalledBetReturned":
      return t("returned", { name: nameOf(e.seat), amount: chips(e.amount) });
    case "handShown":
      return t("shows", { name: nameOf(e.seat), cards: formatCards(e.cards) });
    case "handMucked":
      return t("mucks", { name: nameOf(e.seat) });
    case "drew": {
      const base = { name: nameOf(e.seat), time: yes(e.timedOut) };
      if (e.count === 0) return t("standsPat", base);
      return e.discarded && e.dealt
        ? t("drawsCards", {
            ...base,
            count: e.count,
            discarded: formatCards(e.discarded),
            dealt: formatCards(e.dealt),
          })
        : t("draws", { ...base, count: e.count });
    }
    case "discardsReshuffled":
      return t("reshuffled", { count: e.count });
    case "potAwarded": {
      const pot = e.pot === 0 ? t("mainPot") : t("sidePot", { n: e.pot });
      return e.winners
        .map((w) => {
          const won = { name: nameOf(w.seat), amount: chips(w.amount), pot };
          if (!w.hand) return t("wins", won);
          const category = w.hand.category;
          const hand = isCategory(category) ? t(`categories.${category}`) : category;
          return t("winsWith", { ...won, hand });
        })
        .join("; ");
    }
    default:
      return null;
  }
}

const STUD_STREETS = ["second", "third", "fourth", "fifth", "sixth", "seventh"] as const;
type StudStreet = (typeof STUD_STREETS)[number];
const isStudStreet = (street: string): street is StudStreet =>
  (STUD_STREETS as readonly string[]).includes(street);

/**
 * Stud (ST-1): the up cards one street dealt, everyone's to see, in one line
 * ("4th street face up: Alice 7h, Bob Ks"); the hand log joins a street's
 * `upCardsDealt` events into it.
 */
export function describeUpCards(
  street: string,
  deals: readonly { seat: number; cards: readonly Card[] }[],
  nameOf: (seat: number) => string,
  t: LogMessages,
): string {
  return t("upCards", {
    street: isStudStreet(street) ? t(`streets.${street}`) : street,
    deals: deals.map((d) => `${nameOf(d.seat)} ${formatCards(d.cards)}`).join(", "),
  });
}

/**
 * Stud's seventh street (ST-1): a card face down to each player still in, in one line
 * ("7th street face down: Alice, Bob 9h"); only the viewer's own card has a face.
 */
export function describeDownCards(
  street: string,
  deals: readonly { seat: number; cards: readonly Card[] | null }[],
  nameOf: (seat: number) => string,
  t: LogMessages,
): string {
  return t("downCards", {
    street: isStudStreet(street) ? t(`streets.${street}`) : street,
    deals: deals
      .map((d) => (d.cards ? `${nameOf(d.seat)} ${formatCards(d.cards)}` : nameOf(d.seat)))
      .join(", "),
  });
}
