/**
 * `felt census <5|6|7>`: counts every hand of that many cards from the
 * standard deck by category and prints one JSON line:
 * {"cards":7,"total":133784560,"categories":{…},"ms":…}
 * (royal flushes are counted as straight flushes, C-2).
 *
 * `felt census 5 --deck 7A` and `--wild <kind>` count the five-card hands of
 * a home-game deck (draw): {"cards":5,"deck":"7A","wild":"joker",…}, with the
 * category `five-of-a-kind` added when there are wild cards (W-6).
 *
 * `felt census 7 --wild low-hole-card` counts seven-card stud's wild option
 * (ST-7): every deal of 3 down and 4 up cards, the lowest down card's rank
 * wild: {"cards":7,"wild":"low-hole-card","total":4682459600,…}.
 */
import {
  CATEGORIES,
  countFiveCardHands,
  countHandsByCategory,
  lowHoleCardCensus,
} from "@felt/engine";
import { CENSUS_USAGE, parseCensusArgs } from "./census-args";

export async function run(args: string[]): Promise<number> {
  const parsed = parseCensusArgs(args);
  if (!parsed.ok) {
    console.error(`felt census: ${parsed.message}\n${CENSUS_USAGE}`);
    return 2;
  }
  const { request } = parsed;
  const started = performance.now();
  if (request.kind === "standard") {
    const categories = countHandsByCategory(request.cards);
    const ms = Math.round(performance.now() - started);
    const total = CATEGORIES.reduce((sum, category) => sum + categories[category], 0);
    console.log(JSON.stringify({ cards: request.cards, total, categories, ms }));
    return 0;
  }
  if (request.kind === "low-hole-card") {
    const { total, categories } = lowHoleCardCensus();
    const ms = Math.round(performance.now() - started);
    console.log(JSON.stringify({ cards: 7, wild: "low-hole-card", total, categories, ms }));
    return 0;
  }
  const { total, categories } = countFiveCardHands(request.ranking);
  const ms = Math.round(performance.now() - started);
  console.log(
    JSON.stringify({
      cards: 5,
      deck: request.ranking.deckType,
      ...(request.wild === null ? {} : { wild: request.ranking.wild }),
      ...(request.ranking.flushBeatsFullHouse ? { flushBeatsFullHouse: true } : {}),
      total,
      categories,
      ms,
    }),
  );
  return 0;
}
