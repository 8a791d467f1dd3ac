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
      kind: "scheduled" as const,
      seats: null,
      refill: false,
      hostId: null,
      inviteHash: null,
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

  it("H-7 a refilling sit-and-go opens the next one now, with an id counting up from the last", () => {
    const row = {
      id: "turbo-6-ab12",
      name: "Turbo 6",
      startsAt: new Date(1_000_000),
      buyIn: 10,
      fee: 1,
      startingStack: 1000,
      status: "running" as const,
      config: null,
      minEntrants: 2,
      repeatEveryMinutes: null,
      seriesId: null,
      entries: 6,
      prizePool: 60,
      createdAt: new Date(0),
      game: "holdem-nl" as const,
      actionSeconds: 20,
      timeBankSeconds: 60,
      description: null,
      nameRu: null,
      descriptionRu: null,
      kind: "sit-and-go" as const,
      seats: 6,
      refill: true,
      hostId: null,
      inviteHash: null,
    };
    const next = nextOfSeries(row, 2_000_000) as NonNullable<ReturnType<typeof nextOfSeries>>;
    expect(next).toMatchObject({
      id: "turbo-6-ab12-n1",
      seriesId: "turbo-6-ab12",
      kind: "sit-and-go",
      seats: 6,
      refill: true,
      status: "registering",
      entries: 0,
      prizePool: 0,
    });
    expect(next.startsAt.getTime()).toBe(2_000_000);
    // The same start asked twice names the same next one; the one after counts on.
    expect(nextOfSeries(row, 2_000_500)?.id).toBe("turbo-6-ab12-n1");
    expect(nextOfSeries({ ...next, status: "running" }, 3_000_000)?.id).toBe("turbo-6-ab12-n2");
    // No refill, or a private one (a host's, by link): nothing opens.
    expect(nextOfSeries({ ...row, refill: false }, 0)).toBeNull();
    expect(nextOfSeries({ ...row, hostId: "u1", inviteHash: "ab" }, 0)).toBeNull();
  });
});
