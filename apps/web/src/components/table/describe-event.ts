import type { TableEvent } from "@felt/engine";
import { formatCards } from "@felt/engine/cards";
import { chips } from "@/lib/format";

const CATEGORY_NAMES: Record<string, string> = {
  "five-of-a-kind": "five of a kind",
  "straight-flush": "a straight flush",
  "four-of-a-kind": "four of a kind",
  "full-house": "a full house",
  flush: "a flush",
  straight: "a straight",
  "three-of-a-kind": "three of a kind",
  "two-pair": "two pair",
  "one-pair": "a pair",
  "high-card": "high card",
};

/** One line of the hand-history panel, or null for events not worth a line. */
export function describeEvent(event: TableEvent, nameOf: (seat: number) => string): string | null {
  switch (event.type) {
    case "playerSat":
      return `${event.name} sits down with ${chips(event.buyIn)}`;
    case "chipsAdded":
      return `${nameOf(event.seat)} adds ${chips(event.amount)}${event.effective === "nextHand" ? " (next hand)" : ""}`;
    case "playerSatOut":
      return `${nameOf(event.seat)} sits out${event.reason === "timeouts" ? " (timed out)" : event.reason === "busted" ? " (no chips)" : ""}`;
    case "playerSatIn":
      return `${nameOf(event.seat)} is back`;
    case "leaveRequested":
      return `${nameOf(event.seat)} will leave after this hand`;
    case "playerLeft":
      return `${nameOf(event.seat)} leaves with ${chips(event.cashOut)}`;
    case "handSettled":
      return null;
    case "blindsOwed":
      return event.owes === "missedBig"
        ? `${nameOf(event.seat)} missed the big blind (owes a live big blind and a dead small blind)`
        : event.owes === "missedSmall"
          ? `${nameOf(event.seat)} missed the small blind (owes a dead small blind)`
          : null;
    case "waitForBigBlindSet":
      return event.wait ? `${nameOf(event.seat)} waits for the big blind` : null;
    case "gameChosen":
      return event.seat === null
        ? `Dealer's choice: ${event.name}`
        : `${nameOf(event.seat)} picks ${event.name}`;
    case "stakesChanged":
      return `New stakes from the next hand: blinds ${chips(event.smallBlind)}/${chips(event.bigBlind)}, buy-in ${chips(event.minBuyIn)}–${chips(event.maxBuyIn)}`;
    case "handEvent":
      break;
    default:
      return null;
  }
  const e = event.event;
  switch (e.type) {
    case "handStarted":
      return `— Hand #${event.handNumber} —`;
    case "antePosted":
      return `${nameOf(e.seat)} posts ante ${chips(e.amount)}`;
    case "blindPosted":
      return `${nameOf(e.seat)} posts ${e.blind} blind ${chips(e.amount)}`;
    case "deadBlindPosted":
      return `${nameOf(e.seat)} posts a dead small blind ${chips(e.amount)}`;
    case "rakeTaken":
      return `Rake ${chips(e.amount)}`;
    case "boardDealt":
      return `${e.street[0]?.toUpperCase()}${e.street.slice(1)}: ${formatCards(e.cards)}`;
    case "folded":
      return `${nameOf(e.seat)} folds${e.timedOut ? " (time)" : ""}`;
    case "checked":
      return `${nameOf(e.seat)} checks${e.timedOut ? " (time)" : ""}`;
    case "called":
      return `${nameOf(e.seat)} calls ${chips(e.amount)}${e.allIn ? " and is all-in" : ""}`;
    case "betPlaced":
      return `${nameOf(e.seat)} bets ${chips(e.amount)}${e.allIn ? " and is all-in" : ""}`;
    case "raisedTo":
      return `${nameOf(e.seat)} raises to ${chips(e.amount)}${e.allIn ? " and is all-in" : ""}`;
    case "uncalledBetReturned":
      return `${chips(e.amount)} returned to ${nameOf(e.seat)}`;
    case "handShown":
      return `${nameOf(e.seat)} shows ${formatCards(e.cards)}`;
    case "handMucked":
      return `${nameOf(e.seat)} mucks`;
    case "drew": {
      const time = e.timedOut ? " (time)" : "";
      if (e.count === 0) return `${nameOf(e.seat)} stands pat${time}`;
      const cards =
        e.discarded && e.dealt ? `: ${formatCards(e.discarded)} for ${formatCards(e.dealt)}` : "";
      return `${nameOf(e.seat)} draws ${e.count}${time}${cards}`;
    }
    case "discardsReshuffled":
      return `The discards are reshuffled (${e.count} cards)`;
    case "potAwarded": {
      const pot = e.pot === 0 ? "the pot" : `side pot ${e.pot}`;
      return e.winners
        .map(
          (w) =>
            `${nameOf(w.seat)} wins ${chips(w.amount)} from ${pot}${w.hand ? ` with ${CATEGORY_NAMES[w.hand.category] ?? w.hand.category}` : ""}`,
        )
        .join("; ");
    }
    default:
      return null;
  }
}
