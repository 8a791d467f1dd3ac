/**
 * The time bank's refill (an online rule with no ID; docs/rules.md, "Time
 * bank and sitting out"): every `everyHands` hands a player is dealt into,
 * his bank grows by `refillMs`, never above the stake's full bank. Pure
 * arithmetic: the room keeps the banks and the clock, the rule lives here.
 */

export interface TimeBankRule {
  /** The full bank: what a player gets when he sits down, and the cap of every refill. */
  readonly bankMs: number;
  /** Added every `everyHands` hands (0: the bank never refills). */
  readonly refillMs: number;
  readonly everyHands: number;
}

/**
 * The bank after a hand he was dealt into: `handsPlayed` counts his hands at
 * the table, this one included, since he sat down.
 */
export function timeBankAfterHand(bankMs: number, handsPlayed: number, rule: TimeBankRule): number {
  if (rule.refillMs <= 0 || rule.everyHands <= 0 || handsPlayed % rule.everyHands !== 0)
    return bankMs;
  return Math.max(bankMs, Math.min(rule.bankMs, bankMs + rule.refillMs));
}
