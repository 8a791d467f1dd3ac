/**
 * What each bet field of a box pays, returns and loses (RP-2, RP-8 … RP-12).
 *
 * Choices the texts leave open (see also machine.ts):
 * - RP-11's cap covers everything the box itself wins: insurance, BET and ANTE (the ANTE
 *   is only ever paid when the dealer has no game, or with `antePaidOnWin`). Within the cap
 *   insurance is paid first (it is settled first, RP-10), then the BET, then the ANTE.
 *   The bonus is a separate side bet with its own table and is not capped.
 * - A box that bought a game and wins is paid for both combinations (RP-6), as in RP-9:
 *   the source's buy-a-game section itself speaks of a second combination. `antePaidOnWin`
 *   does not apply there: RP-8 says the ANTE is not paid after a bought game.
 * - A bonus multiplier of 0 in an edited table means that combination does not win.
 */
import {
  bestHand,
  betMultiplier,
  bonusCategory,
  boxCombinations,
  compareHands,
  hasGame,
} from "./combinations";
import type { RussianTableOptions } from "./options";
import type { BoxSettlement, BoxState, DealerState, FieldResult } from "./types";

const nothing = (): FieldResult => ({ stake: 0, paid: 0, returned: 0, lost: 0 });
const lost = (stake: number): FieldResult => ({ stake, paid: 0, returned: 0, lost: stake });
const returned = (stake: number): FieldResult => ({ stake, paid: 0, returned: stake, lost: 0 });
const won = (stake: number, paid: number): FieldResult => ({
  stake,
  paid,
  returned: stake,
  lost: 0,
});

/** RP-10: the dealer has no game, so insurance is paid 1:1 before the RP-8 choice (RP-11 cap). */
export function insuranceWhenDealerHasNoGame(
  box: BoxState,
  options: RussianTableOptions,
): FieldResult {
  if (box.insurance === 0) return nothing();
  return won(box.insurance, Math.min(box.insurance, options.maxPayout ?? box.insurance));
}

/** RP-2: paid on the first five cards unless the box exchanged, bought a sixth card or folded. */
function settleBonus(box: BoxState, options: RussianTableOptions): FieldResult {
  if (box.bonus === 0) return nothing();
  const forfeited = box.status === "folded" || box.exchanged !== null || box.boughtSixthCard;
  const category = forfeited ? null : bonusCategory(box.firstFive);
  const multiplier = category === null ? 0 : options.bonusPayTable[category];
  return multiplier > 0 ? won(box.bonus, box.bonus * multiplier) : lost(box.bonus);
}

type MainResult = Pick<BoxSettlement, "outcome" | "ante" | "bet" | "insurance">;

/** RP-9 with RP-10: the dealer qualified at the reveal. */
function againstQualifiedDealer(
  box: BoxState,
  comparison: number,
  betWin: number,
  options: RussianTableOptions,
): MainResult {
  if (comparison > 0) {
    return {
      outcome: "won",
      ante: options.antePaidOnWin ? won(box.ante, box.ante) : returned(box.ante),
      bet: won(box.bet, betWin),
      insurance: lost(box.insurance),
    };
  }
  if (comparison < 0) {
    return {
      outcome: "lost",
      ante: lost(box.ante),
      bet: lost(box.bet),
      insurance: returned(box.insurance),
    };
  }
  return {
    outcome: "stay",
    ante: returned(box.ante),
    bet: returned(box.bet),
    insurance: lost(box.insurance),
  };
}

/** RP-8: the dealer had no game; insurance was settled at the reveal. */
function againstDealerWithoutGame(
  box: BoxState,
  dealer: DealerState,
  comparisonWithBoughtHand: () => number,
  betWin: number,
): MainResult {
  const insurance = box.insuranceResult ?? nothing();
  if (box.noGameChoice !== "buyGame") {
    return {
      outcome: "antePaid",
      ante: won(box.ante, box.ante),
      bet: returned(box.bet),
      insurance,
    };
  }
  if (!hasGame(bestHand(dealer.cards))) {
    return {
      outcome: "noGameAfterBuy",
      ante: returned(box.ante),
      bet: returned(box.bet),
      insurance,
    };
  }
  const comparison = comparisonWithBoughtHand();
  if (comparison > 0) {
    return { outcome: "won", ante: returned(box.ante), bet: won(box.bet, betWin), insurance };
  }
  if (comparison < 0)
    return { outcome: "lost", ante: lost(box.ante), bet: lost(box.bet), insurance };
  return { outcome: "stay", ante: returned(box.ante), bet: returned(box.bet), insurance };
}

/** RP-11: trim the BET's then the ANTE's payment to what the cap leaves after insurance. */
function applyMaxPayout(
  result: MainResult,
  maxPayout: number | null,
): MainResult & { capped: boolean } {
  if (maxPayout === null) return { ...result, capped: false };
  let budget = Math.max(0, maxPayout - result.insurance.paid);
  const betPaid = Math.min(result.bet.paid, budget);
  budget -= betPaid;
  const antePaid = Math.min(result.ante.paid, budget);
  return {
    ...result,
    bet: { ...result.bet, paid: betPaid },
    ante: { ...result.ante, paid: antePaid },
    capped: betPaid < result.bet.paid || antePaid < result.ante.paid,
  };
}

/** The box's full settlement. The dealer's cards are final (after any bought game). */
export function settleBox(
  box: BoxState,
  dealer: DealerState,
  options: RussianTableOptions,
): BoxSettlement {
  if (box.ownerId === null) throw new Error(`box ${box.box} has no bets to settle`);
  const fees = {
    exchangeFee: lost(box.fees.exchange),
    sixthCardFee: lost(box.fees.sixthCard),
    buyGameFee: lost(box.fees.buyGame),
  };
  const bonus = settleBonus(box, options);

  if (box.status === "folded") {
    const ante = lost(box.ante);
    return {
      box: box.box,
      playerId: box.ownerId,
      closed: box.closed,
      outcome: "folded",
      hand: null,
      ante,
      bet: nothing(),
      bonus,
      insurance: nothing(),
      ...fees,
      capped: false,
      toPlayer: bonus.returned + bonus.paid,
    };
  }
  if (box.status !== "playing") throw new Error(`box ${box.box} is ${box.status} at settlement`);

  const combinations = boxCombinations(box.cards, options.payTable);
  const betWin = box.bet * betMultiplier(combinations, options.payTable);
  const compareWithDealer = () => compareHands(combinations.first, bestHand(dealer.cards));
  const main = dealer.hasGame
    ? againstQualifiedDealer(box, compareWithDealer(), betWin, options)
    : againstDealerWithoutGame(box, dealer, compareWithDealer, betWin);
  const capped = applyMaxPayout(main, options.maxPayout);

  const fields = [capped.ante, capped.bet, bonus, capped.insurance, ...Object.values(fees)];
  const unimproved = box.exchanged === null && !box.boughtSixthCard;
  return {
    box: box.box,
    playerId: box.ownerId,
    closed: box.closed,
    outcome: capped.outcome,
    hand: {
      cards: [...box.cards],
      first: combinations.first.category,
      second: combinations.second?.category ?? null,
      bonus: unimproved ? bonusCategory(box.firstFive) : null,
    },
    ante: capped.ante,
    bet: capped.bet,
    bonus,
    insurance: capped.insurance,
    ...fees,
    capped: capped.capped,
    toPlayer: fields.reduce((sum, field) => sum + field.returned + field.paid, 0),
  };
}
