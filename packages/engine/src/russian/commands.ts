/**
 * Commands arrive as untrusted JSON: every field is checked here so the rules
 * below can rely on the types (STYLE: never cast parsed input without validating it).
 */
import type { Card } from "../cards";
import { isAmount } from "./amounts";
import { type Failure, failure } from "./errors";
import { BOX_COUNT, type RussianCommand } from "./types";

const PLAYER_COMMANDS = new Set([
  "placeBets",
  "clearBets",
  "fold",
  "play",
  "exchange",
  "buySixthCard",
  "takeAnte",
  "buyGame",
]);
const HOUSE_COMMANDS = new Set(["deal", "reshuffle", "timeout"]);

export const isCard = (value: unknown): value is Card =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value < 52;

export const isCardList = (value: unknown): value is Card[] =>
  Array.isArray(value) && value.every(isCard);

export const isBoxIndex = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value < BOX_COUNT;

export function parseCommand(input: unknown): { ok: true; command: RussianCommand } | Failure {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return failure("invalid_command", "a command must be an object with a type");
  }
  const raw = input as Record<string, unknown>;
  const { type } = raw;
  if (typeof type !== "string" || !(PLAYER_COMMANDS.has(type) || HOUSE_COMMANDS.has(type))) {
    return failure(
      "unknown_command",
      `unknown command type ${JSON.stringify(type) ?? "undefined"}`,
    );
  }
  if (raw.expectedVersion !== undefined && !isAmount(raw.expectedVersion)) {
    return failure("invalid_command", "expectedVersion must be a non-negative integer");
  }
  if (PLAYER_COMMANDS.has(type)) {
    if (typeof raw.playerId !== "string" || raw.playerId === "") {
      return failure("invalid_command", `${type} needs a playerId`);
    }
    if (!isBoxIndex(raw.box)) {
      return failure("invalid_box", `box must be an integer from 0 to ${BOX_COUNT - 1}`);
    }
  }
  switch (type) {
    case "placeBets":
      if (!isAmount(raw.ante))
        return failure("invalid_amount", "ante must be a whole number of chips");
      if (raw.bonus !== undefined && !isAmount(raw.bonus)) {
        return failure("invalid_amount", "bonus must be a whole number of chips");
      }
      break;
    case "play":
      if (raw.insurance !== undefined && !isAmount(raw.insurance)) {
        return failure("invalid_amount", "insurance must be a whole number of chips");
      }
      break;
    case "exchange":
      if (!isCardList(raw.cards))
        return failure("invalid_exchange", "cards must be a list of cards");
      break;
    case "reshuffle":
      if (!isCardList(raw.cards))
        return failure("invalid_reshuffle", "cards must be a list of cards");
      break;
  }
  return { ok: true, command: raw as unknown as RussianCommand };
}
