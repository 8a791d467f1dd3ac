/**
 * `felt census <5|6|7>`: counts every hand of that many cards from the
 * standard deck by category and prints one JSON line:
 * {"cards":7,"total":133784560,"categories":{…},"ms":…}
 * (royal flushes are counted as straight flushes, C-2).
 */
import { CATEGORIES, countHandsByCategory } from "@felt/engine";

const USAGE = "usage: felt census <5|6|7>";

export async function run(args: string[]): Promise<number> {
  const unsupported = args.find(
    (a) => a === "--deck" || a === "--wild" || a.startsWith("--deck=") || a.startsWith("--wild="),
  );
  if (unsupported !== undefined) {
    console.error(
      `felt census: ${unsupported.split("=")[0]} is not supported yet (standard 52-card deck, no wild cards)`,
    );
    return 2;
  }
  if (args.length !== 1 || !/^[567]$/.test(args[0] ?? "")) {
    console.error(
      `felt census: expected the number of cards, 5, 6 or 7, got ${JSON.stringify(args.join(" "))}\n${USAGE}`,
    );
    return 2;
  }
  const cards = Number(args[0]);
  const started = performance.now();
  const categories = countHandsByCategory(cards);
  const ms = Math.round(performance.now() - started);
  const total = CATEGORIES.reduce((sum, category) => sum + categories[category], 0);
  console.log(JSON.stringify({ cards, total, categories, ms }));
  return 0;
}
