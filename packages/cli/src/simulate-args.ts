/**
 * Arguments of `felt simulate`: parsed strictly, because a typo in a simulation silently
 * answers a different question (a misspelt strategy or "1e7" hands must not run anyway).
 */
import { russian } from "@felt/engine";

export const SIMULATE_USAGE =
  "Usage: felt simulate russian --hands N --seed S --strategy <" +
  `${russian.STRATEGY_NAMES.join("|")}> [--rules FILE.json] [--caribbean] ` +
  "[--engine fast|machine] [--workers K]";

export interface SimulateArgs {
  game: "russian";
  hands: number;
  seed: number;
  strategy: russian.StrategyName;
  rulesFile: string | null;
  caribbean: boolean;
  engine: russian.SimulationEngine;
  /** Threads to play on; null = as many as the machine has (and the run has chunks). */
  workers: number | null;
}

const VALUE_FLAGS = ["--hands", "--seed", "--strategy", "--rules", "--engine", "--workers"];
const SWITCHES = ["--caribbean"];

/** A whole number written in decimal digits (no exponent, fraction or hex), within safe range. */
function integer(flag: string, text: string, min: number): number | string {
  if (!/^-?\d+$/.test(text)) return `${flag} must be an integer, got "${text}"`;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) return `${flag} is too large: ${text}`;
  if (value < min) return `${flag} must be at least ${min}, got ${text}`;
  return value;
}

/** The parsed arguments, or why they are wrong (the command exits 2 with it). */
export function parseSimulateArgs(args: readonly string[]): SimulateArgs | string {
  const [game, ...rest] = args;
  if (game === undefined || game.startsWith("--"))
    return "name the game first: felt simulate russian …";
  if (game !== "russian") return `unknown game "${game}" (only "russian" is simulated)`;

  const given = new Map<string, string>();
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] as string;
    const equals = arg.indexOf("=");
    const flag = equals > 0 ? arg.slice(0, equals) : arg;
    if (SWITCHES.includes(flag)) {
      if (equals > 0) return `${flag} takes no value`;
      if (given.has(flag)) return `${flag} given twice`;
      given.set(flag, "");
      continue;
    }
    if (!VALUE_FLAGS.includes(flag)) return `unknown option "${arg}"`;
    if (given.has(flag)) return `${flag} given twice`;
    const value = equals > 0 ? arg.slice(equals + 1) : rest[++i];
    if (value === undefined || value === "" || (equals < 0 && value.startsWith("--"))) {
      return `${flag} needs a value`;
    }
    given.set(flag, value);
  }

  for (const required of ["--hands", "--seed", "--strategy"]) {
    if (!given.has(required)) return `${required} is required`;
  }
  const hands = integer("--hands", given.get("--hands") as string, 1);
  if (typeof hands === "string") return hands;
  const seed = integer("--seed", given.get("--seed") as string, Number.MIN_SAFE_INTEGER);
  if (typeof seed === "string") return seed;
  const strategy = given.get("--strategy") as string;
  if (!russian.isStrategyName(strategy)) {
    return `unknown strategy "${strategy}" (one of ${russian.STRATEGY_NAMES.join(", ")})`;
  }
  const engine = given.get("--engine") ?? "fast";
  if (engine !== "fast" && engine !== "machine") {
    return `--engine must be "fast" or "machine", got "${engine}"`;
  }
  let workers: number | null = null;
  if (given.has("--workers")) {
    const parsed = integer("--workers", given.get("--workers") as string, 1);
    if (typeof parsed === "string") return parsed;
    workers = parsed;
  }
  return {
    game,
    hands,
    seed,
    strategy,
    rulesFile: given.get("--rules") ?? null,
    caribbean: given.has("--caribbean"),
    engine,
    workers,
  };
}
