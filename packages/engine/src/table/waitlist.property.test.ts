/**
 * T-12 under random play: players join and leave the list, seated players
 * leave, players sit down (only where the list lets them), and time passes.
 * After every step the list must hold: nobody on it twice or seated here,
 * no more offers than free seats, every free seat offered while anyone
 * waits unoffered, offers only at the front of the line, the first come
 * still first, and an offer never outliving SEAT_OFFER_MS.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { must, tableWith } from "./room-test-support";
import type { TableState } from "./types";
import {
  joinWaitlist,
  leaveWaitlist,
  maySit,
  SEAT_OFFER_MS,
  settleWaitlist,
  type Waitlist,
} from "./waitlist";

const PEOPLE = ["a", "b", "c", "d", "e", "f", "g", "h"];

type Step =
  | { kind: "join" | "leaveList" | "leaveSeat" | "sit"; who: number }
  | { kind: "wait"; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constantFrom("join", "leaveList", "leaveSeat", "sit"),
    who: fc.integer({ min: 0, max: PEOPLE.length - 1 }),
  }) as fc.Arbitrary<Step>,
  fc.record({ kind: fc.constant("wait" as const), ms: fc.integer({ min: 0, max: 40_000 }) }),
);

const seated = (t: TableState, id: string) => t.seats.some((o) => o?.playerId === id);
const free = (t: TableState) => t.seats.filter((o) => o === null).length;

describe("T-12 waiting list, random sessions", () => {
  it("keeps its order and its holds whatever happens", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        // a, b, c sit at a three-seat table: full.
        let table = tableWith([100, 100, 100], 3);
        let list: Waitlist = [];
        let now = 0;
        const joinedAt = new Map<string, number>();
        let joins = 0;
        for (const s of steps) {
          if (s.kind === "wait") {
            now += s.ms;
            list = settleWaitlist(list, table, now);
          } else {
            const id = PEOPLE[s.who] as string;
            if (s.kind === "join") {
              const r = joinWaitlist(list, table, { playerId: id, name: id }, now);
              if (r.ok) {
                list = r.list;
                joins += 1;
                joinedAt.set(id, joins);
              }
            } else if (s.kind === "leaveList") {
              const r = leaveWaitlist(list, table, id, now);
              if (r.ok) list = r.list;
            } else if (s.kind === "leaveSeat" && seated(table, id)) {
              table = must(table, { type: "leave", playerId: id }).state;
              list = settleWaitlist(list, table, now);
            } else if (s.kind === "sit" && !seated(table, id) && free(table) > 0) {
              if (!maySit(list, table, id)) continue;
              const seat = table.seats.indexOf(null) + 1;
              table = must(table, { type: "sit", seat, playerId: id, name: id, buyIn: 100 }).state;
              list = settleWaitlist(list, table, now);
            }
          }
          const ids = list.map((w) => w.playerId);
          expect(new Set(ids).size).toBe(ids.length);
          for (const id of ids) expect(seated(table, id)).toBe(false);
          const offers = list.filter((w) => w.offerUntil !== null);
          expect(offers.length).toBeLessThanOrEqual(free(table));
          if (offers.length < list.length) expect(offers.length).toBe(free(table));
          // Offers go to the front of the line: no one waits unoffered before an offered player.
          const firstUnoffered = list.findIndex((w) => w.offerUntil === null);
          if (firstUnoffered >= 0)
            expect(list.slice(firstUnoffered).every((w) => w.offerUntil === null)).toBe(true);
          for (const w of offers) {
            expect(w.offerUntil as number).toBeGreaterThan(now);
            expect(w.offerUntil as number).toBeLessThanOrEqual(now + SEAT_OFFER_MS);
          }
          // First come, first served: the list keeps the order players joined in.
          const order = ids.map((id) => joinedAt.get(id) as number);
          expect(order).toEqual([...order].sort((x, y) => x - y));
        }
      }),
      { numRuns: 300 },
    );
  });
});
