import { describe, expect, it } from "vitest";
import { nextOfSeries } from "./series";

describe("repeating tournaments", () => {
  it("a repeating series schedules its next start on its rhythm, however late the last one ran", () => {
    const row = {
      id: "daily-x1",
      name: "Daily",
      startsAt: new Date(1_000_000),
      buyIn: 10,
      fee: 1,
      startingStack: 1000,
      status: "running" as const,
      config: null,
      minEntrants: 2,
      repeatEveryMinutes: 60,
      seriesId: null,
      entries: 9,
      prizePool: 90,
      createdAt: new Date(0),
      game: "omaha-pl" as const,
      actionSeconds: 45,
      timeBankSeconds: 90,
      description: "Deep PLO",
      nameRu: "Ежедневный",
      descriptionRu: "Глубокий PLO",
    };
    const next = nextOfSeries(row, 1_000_500) as NonNullable<ReturnType<typeof nextOfSeries>>;
    expect(next).toMatchObject({ seriesId: "daily-x1", status: "registering", entries: 0 });
    // The next of the series deals the same game on the same clock, with the same texts.
    expect(next).toMatchObject({
      game: "omaha-pl",
      actionSeconds: 45,
      timeBankSeconds: 90,
      nameRu: "Ежедневный",
      descriptionRu: "Глубокий PLO",
    });
    expect(next.startsAt.getTime()).toBe(1_000_000 + 3_600_000);
    // Started three and a half hours late: the next is the fourth hour, not one in the past.
    expect(nextOfSeries(row, 1_000_000 + 3.5 * 3_600_000)?.startsAt.getTime()).toBe(
      1_000_000 + 4 * 3_600_000,
    );
    expect(nextOfSeries({ ...row, id: next.id, seriesId: "daily-x1" }, 0)?.id).toMatch(
      /^daily-x1-/,
    );
    expect(nextOfSeries({ ...row, repeatEveryMinutes: null }, 0)).toBeNull();
  });
});
