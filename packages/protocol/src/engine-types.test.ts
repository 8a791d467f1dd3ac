/**
 * The wire schemas are the engine's types: `z.infer` of each schema equals
 * the engine type it mirrors, field for field (optional, nullable, readonly
 * and literal unions included). These are compile-time checks: vitest does
 * not evaluate `expectTypeOf`, but this file is under `src`, so the
 * package's `typecheck` (tsc --noEmit -p .) fails when a schema drifts from
 * the engine. The runtime half is engine-views.test.ts.
 *
 * Readonly: the engine's view and event types have mutable arrays (the view
 * and `eventsFor` hand out copies), which is what `z.array` infers. Only
 * three object types the engine passes on from its stored state are
 * declared with readonly properties (`TablePositions`, `HandRules`,
 * `RakeRule`); their schemas end in `.readonly()`, so the equality holds
 * exactly, with no Mutable/DeepWritable helper in between.
 *
 * Intersections: the engine writes one event as `{ type: "potAwarded" } &
 * PotAward`, which expect-type does not count as equal to the same object
 * written flat (as zod infers it), though either is assignable to the other.
 * The events are compared with the engine's intersections flattened by
 * `Flat`, a homomorphic mapped type: it keeps every readonly and optional
 * modifier (checked below), so it hides nothing else.
 */
import type * as engine from "@felt/engine";
import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type * as wire from "./index";

type Out<S extends z.ZodType> = z.output<S>;
type In<S extends z.ZodType> = z.input<S>;
/** Deeply flattens intersections of object types; unions, arrays and modifiers stay as they are. */
type Flat<T> = T extends (infer U)[]
  ? Flat<U>[]
  : T extends object
    ? { [K in keyof T]: Flat<T[K]> }
    : T;

describe("the wire schemas infer the engine's types", () => {
  it("the view", () => {
    expectTypeOf<Out<typeof wire.tableViewSchema>>().toEqualTypeOf<engine.TableView>();
    expectTypeOf<In<typeof wire.tableViewSchema>>().toEqualTypeOf<engine.TableView>();
    expectTypeOf<Out<typeof wire.seatViewSchema>>().toEqualTypeOf<engine.SeatView>();
    expectTypeOf<Out<typeof wire.tablePositionsSchema>>().toEqualTypeOf<engine.TablePositions>();
    expectTypeOf<
      Out<typeof wire.dealersChoiceViewSchema>
    >().toEqualTypeOf<engine.DealersChoiceView>();
    expectTypeOf<Out<typeof wire.homeGameViewSchema>>().toEqualTypeOf<engine.HomeGameView>();
    expectTypeOf<
      Out<typeof wire.specialRoundViewSchema>
    >().toEqualTypeOf<engine.SpecialRoundView>();
    expectTypeOf<Out<typeof wire.handViewSchema>>().toEqualTypeOf<engine.HandView>();
    expectTypeOf<Out<typeof wire.playerViewSchema>>().toEqualTypeOf<engine.PlayerView>();
    expectTypeOf<Out<typeof wire.potViewSchema>>().toEqualTypeOf<engine.PotView>();
    expectTypeOf<Out<typeof wire.legalActionsSchema>>().toEqualTypeOf<engine.LegalActions>();
    expectTypeOf<Out<typeof wire.potAwardSchema>>().toEqualTypeOf<engine.PotAward>();
    expectTypeOf<Out<typeof wire.winnerShareSchema>>().toEqualTypeOf<engine.WinnerShare>();
    expectTypeOf<Out<typeof wire.shownHandSchema>>().toEqualTypeOf<engine.ShownHand>();
  });

  it("Flat flattens intersections and changes nothing else", () => {
    type Modifiers = { readonly a: number; b?: string; c: readonly number[] | null };
    expectTypeOf<Flat<Modifiers>>().toEqualTypeOf<Modifiers>();
    expectTypeOf<Flat<{ a: 1 } & { b: 2 }>>().toEqualTypeOf<{ a: 1; b: 2 }>();
    expectTypeOf<Flat<engine.TableView>>().toEqualTypeOf<engine.TableView>();
    expectTypeOf<Flat<engine.HandRules>>().toEqualTypeOf<engine.HandRules>();
  });

  it("the events", () => {
    expectTypeOf<Out<typeof wire.tableEventSchema>>().toEqualTypeOf<Flat<engine.TableEvent>>();
    expectTypeOf<In<typeof wire.tableEventSchema>>().toEqualTypeOf<Flat<engine.TableEvent>>();
    expectTypeOf<Out<typeof wire.handEventSchema>>().toEqualTypeOf<Flat<engine.HandEvent>>();
    expectTypeOf<Out<typeof wire.handRulesSchema>>().toEqualTypeOf<engine.HandRules>();
    expectTypeOf<Out<typeof wire.rakeRuleSchema>>().toEqualTypeOf<engine.RakeRule>();
  });

  it("the home-game options a host sets are the engine's", () => {
    expectTypeOf<Out<typeof wire.homeGameOptionsSchema>>().toExtend<engine.HomeGameSetup>();
  });

  it("the vocabulary", () => {
    expectTypeOf<Out<typeof wire.streetSchema>>().toEqualTypeOf<engine.Street>();
    expectTypeOf<Out<typeof wire.categorySchema>>().toEqualTypeOf<engine.Category>();
    expectTypeOf<Out<typeof wire.deckTypeSchema>>().toEqualTypeOf<engine.DeckType>();
    expectTypeOf<Out<typeof wire.wildCardsSchema>>().toEqualTypeOf<engine.WildCards>();
    expectTypeOf<Out<typeof wire.seatStatusSchema>>().toEqualTypeOf<engine.SeatStatus>();
    expectTypeOf<Out<typeof wire.blindDebtSchema>>().toEqualTypeOf<engine.BlindDebt>();
  });

  it("the state message carries them", () => {
    type State = Extract<z.output<typeof wire.serverMessageSchema>, { type: "state" }>;
    expectTypeOf<State["view"]>().toEqualTypeOf<engine.TableView>();
    expectTypeOf<State["events"]>().toEqualTypeOf<Flat<engine.TableEvent>[]>();
    // Either way round, as the room and the clients use them.
    expectTypeOf<engine.TableEvent[]>().toExtend<State["events"]>();
    expectTypeOf<State["events"]>().toExtend<engine.TableEvent[]>();
  });
});
