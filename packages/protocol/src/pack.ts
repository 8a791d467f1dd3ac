/**
 * A change's events as a delta carries them: shorter than the events
 * themselves, and given back exactly from the delta and the state it follows
 * (`unpack(pack(events, before), before)` equals `events`). Every change
 * reaches every socket, so the few bytes each form saves count many times:
 *   - the events of one hand stand bare, out of their `handEvent` envelopes,
 *     under the delta's `hand` (hand and table event types are apart), which
 *     is left out when it is the hand the state holds;
 *   - a wager that did not put its player all in leaves out `allIn: false`;
 *   - a deal's rules are left out when the state has them already (`rules`),
 *     and its players' names when they are those of their seats;
 *   - hole cards dealt face down come as one `hiddenCardsDealt` per run;
 *   - a settlement's stacks are left out when the hand's end just gave them.
 * Events of another hand than the delta's keep their envelopes, as they are.
 */
import { z } from "zod";
import {
  type HandEvent,
  handEventOptions,
  handSettledSchema,
  handStartedSchema,
  type TableEvent,
  tableEventOptions,
  wagerEventOptions,
} from "./events";
import { diff } from "./patch";
import { countSchema, seatSchema } from "./poker";
import type { StateMessage } from "./table";

/** Hole cards the viewer does not see, dealt to each of `seats` in turn. */
const hiddenCardsDealtSchema = z.strictObject({
  type: z.literal("hiddenCardsDealt"),
  seats: z.array(seatSchema).min(1).max(10),
  count: countSchema.max(5),
});

const [ante, blind, deadBlind, called, betPlaced, raisedTo] = wagerEventOptions;
const allInUnlessSaid = { allIn: true } as const;

export const packedEventSchema = z.discriminatedUnion("type", [
  ...tableEventOptions,
  ante.partial(allInUnlessSaid),
  blind.partial(allInUnlessSaid),
  deadBlind.partial(allInUnlessSaid),
  called.partial(allInUnlessSaid),
  betPlaced.partial(allInUnlessSaid),
  raisedTo.partial(allInUnlessSaid),
  handSettledSchema.partial({ stacks: true }),
  handStartedSchema.partial({ rules: true }).extend({ seatNames: z.literal(true).optional() }),
  ...handEventOptions,
  hiddenCardsDealtSchema,
]);
export type PackedEvent = z.infer<typeof packedEventSchema>;

type Stacks = Extract<HandEvent, { type: "handEnded" }>["stacks"];
type Started = Extract<HandEvent, { type: "handStarted" }>;
type PackedStart = Extract<PackedEvent, { type: "handStarted" }>;

/** The events of a change as a delta carries them, given the state `before` it that the viewer holds. */
export function pack(
  events: readonly TableEvent[],
  before: StateMessage,
): { hand?: number; events: PackedEvent[] } {
  const hand = events.find((e) => e.type === "handEvent")?.handNumber;
  const packed: PackedEvent[] = [];
  let ended: Stacks | null = null;
  for (const e of events) {
    if (e.type === "handSettled") {
      const { stacks, ...settled } = e;
      packed.push(ended && sameJson(stacks, ended) ? settled : e);
      continue;
    }
    if (e.type !== "handEvent" || e.handNumber !== hand) {
      packed.push(e);
      continue;
    }
    const { event } = e;
    const last = packed.at(-1);
    switch (event.type) {
      case "handStarted":
        packed.push(packStart(event, before));
        break;
      case "holeCardsDealt":
        if (event.cards !== null) packed.push(event);
        else if (last?.type === "hiddenCardsDealt" && last.count === event.count)
          last.seats.push(event.seat);
        else packed.push({ type: "hiddenCardsDealt", seats: [event.seat], count: event.count });
        break;
      case "handEnded":
        ended = event.stacks;
        packed.push(event);
        break;
      default:
        if ("allIn" in event && event.allIn === false) {
          const { allIn: _no, ...wager } = event;
          packed.push(wager);
        } else packed.push(event);
    }
  }
  return hand === undefined || hand === before.view.handNumber
    ? { events: packed }
    : { hand, events: packed };
}

function packStart(event: Started, before: StateMessage): PackedStart {
  const { rules, ...rest } = event;
  const start: PackedStart = sameJson(rules, before.rules) ? rest : event;
  const seated = event.players.every(
    (p) => p.name !== undefined && p.name === before.view.seats[p.seat - 1]?.name,
  );
  if (!seated) return start;
  const players = event.players.map(({ seat, stack }) => ({ seat, stack }));
  return { ...start, players, seatNames: true };
}

/** A delta that cannot be unpacked against the state held: the client asks for `sync`. */
export class UnpackMismatch extends Error {}

/** The events `pack` was given, from what it made of them and the same state `held`. */
export function unpack(
  delta: { hand?: number; events: readonly PackedEvent[] },
  held: StateMessage,
): TableEvent[] {
  const { hand = held.view.handNumber, events } = delta;
  const unpacked: TableEvent[] = [];
  let ended: Stacks | null = null;
  const bare = (event: HandEvent) => unpacked.push({ type: "handEvent", handNumber: hand, event });
  for (const e of events) {
    switch (e.type) {
      case "handSettled": {
        const stacks = e.stacks ?? ended;
        if (!stacks) throw new UnpackMismatch("a settlement without stacks needs the hand's end");
        unpacked.push({ type: "handSettled", handNumber: e.handNumber, rake: e.rake, stacks });
        break;
      }
      case "hiddenCardsDealt":
        for (const seat of e.seats)
          bare({ type: "holeCardsDealt", seat, count: e.count, cards: null });
        break;
      case "handStarted":
        bare(unpackStart(e, held));
        break;
      case "handEnded":
        ended = e.stacks;
        bare(e);
        break;
      default:
        if (isTableEvent(e)) unpacked.push(e);
        else if (isWager(e)) bare({ ...e, allIn: e.allIn ?? false });
        else bare(e);
    }
  }
  return unpacked;
}

function unpackStart(
  { seatNames, rules: packedRules, ...event }: PackedStart,
  held: StateMessage,
): Started {
  const rules = packedRules ?? held.rules;
  if (!rules) throw new UnpackMismatch("a deal without rules needs the rules held");
  const players = seatNames
    ? event.players.map(({ seat, stack }) => {
        const name = held.view.seats[seat - 1]?.name;
        if (name === undefined) throw new UnpackMismatch(`seat ${seat} has no name held`);
        return { seat, stack, name };
      })
    : event.players;
  return { type: "handStarted", rules, button: event.button, players };
}

/** The table's own event types; every other type is a hand's. */
const TABLE_EVENT_TYPES: ReadonlySet<string> = new Set(
  tableEventOptions.map((option) => option.shape.type.value),
);

const wagerTypes = wagerEventOptions.map((option) => option.shape.type.value);
const WAGERS: ReadonlySet<string> = new Set(wagerTypes);
type PackedWager = Extract<PackedEvent, { type: (typeof wagerTypes)[number] }>;
const isWager = (event: PackedEvent): event is PackedWager => WAGERS.has(event.type);

const isTableEvent = (event: PackedEvent): event is Exclude<TableEvent, { type: "handSettled" }> =>
  TABLE_EVENT_TYPES.has(event.type);

/** Equal as JSON (rules, stacks): the feed's own diff finds nothing to change. */
const sameJson = (a: unknown, b: unknown): boolean => diff(a, b) === undefined;
