/**
 * The only way round state leaves the engine (STYLE: `viewFor`). The deck, the discards and
 * the dealer's four face-down cards never do before the reveal; a player sees the cards of
 * his own open boxes, and everyone sees the boxes that reached the showdown once settled.
 * Cards are given as codes ("Ah") so that a serialised view can be audited as text.
 */
import { type Card, formatCard } from "../cards";
import type { BonusCategory, Category, PayingCategory } from "./combinations";
import { type LegalAction, legalActions } from "./legal-actions";
import type { RussianTableOptions } from "./options";
import type {
  BoxFees,
  BoxSettlement,
  BoxState,
  BoxStatus,
  FieldResult,
  Phase,
  RussianState,
} from "./types";

export interface BoxView {
  box: number;
  ownerId: string | null;
  closed: boolean;
  status: BoxStatus;
  ante: number;
  bet: number;
  bonus: number;
  insurance: number;
  fees: BoxFees;
  cardCount: number;
  /** Null when the viewer may not see them. */
  cards: string[] | null;
  /** How many cards the box exchanged: public, like a draw (S-3). */
  exchanged: number | null;
  boughtSixthCard: boolean;
  waitingFor: "exchange" | "sixthCard" | null;
  noGameChoice: "takeAnte" | "buyGame" | null;
  insuranceResult: FieldResult | null;
}

export interface SettlementView extends Omit<BoxSettlement, "hand"> {
  hand: {
    cards: string[];
    first: Category;
    second: PayingCategory | null;
    bonus: BonusCategory | null;
  } | null;
}

export interface RussianView {
  game: "russian";
  version: number;
  phase: Phase;
  viewer: string | null;
  options: RussianTableOptions;
  players: { id: string; chips: number }[];
  dealer: {
    upCard: string | null;
    /** All of the dealer's cards, from the reveal on. */
    cards: string[] | null;
    cardCount: number;
    hasGame: boolean | null;
    swaps: { out: string; in: string; free: boolean }[];
  };
  boxes: BoxView[];
  stubCount: number;
  discardCount: number;
  settlements: SettlementView[];
  /** The house's result for the round, once settled. */
  houseResult: number | null;
  legalActions: LegalAction[];
}

const codes = (cards: readonly Card[]): string[] => cards.map(formatCard);

function boxCardsVisible(state: RussianState, box: BoxState, viewer: string | null): boolean {
  const owner = viewer !== null && box.ownerId === viewer;
  if (state.phase === "settled") return box.status === "playing" || owner;
  return owner && !box.closed;
}

function boxView(state: RussianState, box: BoxState, viewer: string | null): BoxView {
  return {
    box: box.box,
    ownerId: box.ownerId,
    closed: box.closed,
    status: box.status,
    ante: box.ante,
    bet: box.bet,
    bonus: box.bonus,
    insurance: box.insurance,
    fees: { ...box.fees },
    cardCount: box.cards.length,
    cards: boxCardsVisible(state, box, viewer) ? codes(box.cards) : null,
    exchanged: box.exchanged,
    boughtSixthCard: box.boughtSixthCard,
    waitingFor: box.pendingImprovement?.kind ?? null,
    noGameChoice: box.noGameChoice,
    insuranceResult: box.insuranceResult === null ? null : { ...box.insuranceResult },
  };
}

const settlementView = (settlement: BoxSettlement): SettlementView => ({
  ...JSON.parse(JSON.stringify(settlement)),
  hand:
    settlement.hand === null ? null : { ...settlement.hand, cards: codes(settlement.hand.cards) },
});

export function viewFor(state: RussianState, viewer: string | null): RussianView {
  const { dealer } = state;
  return {
    game: "russian",
    version: state.version,
    phase: state.phase,
    viewer,
    options: JSON.parse(JSON.stringify(state.options)),
    players: state.players.map(({ id, chips }) => ({ id, chips })),
    dealer: {
      upCard: dealer.upCard === null ? null : formatCard(dealer.upCard),
      cards: dealer.revealed ? codes(dealer.cards) : null,
      cardCount: dealer.cards.length,
      hasGame: dealer.revealed ? dealer.hasGame : null,
      swaps: dealer.swaps.map((swap) => ({
        out: formatCard(swap.out),
        in: formatCard(swap.in),
        free: swap.free,
      })),
    },
    boxes: state.boxes.map((box) => boxView(state, box, viewer)),
    stubCount: state.stub.length,
    discardCount: state.discards.length,
    settlements: state.settlements.map(settlementView),
    houseResult: state.phase === "settled" ? state.houseResult : null,
    legalActions: viewer === null ? [] : legalActions(state, viewer),
  };
}
