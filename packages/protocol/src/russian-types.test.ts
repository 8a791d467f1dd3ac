/**
 * The Russian poker socket's schemas infer the engine's types, field for
 * field: compile-time checks run by the package's typecheck, as in
 * engine-types.test.ts. The runtime half is russian.test.ts.
 */
import type { russian } from "@felt/engine";
import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type * as wire from "./index";

type Out<S extends z.ZodType> = z.output<S>;
type In<S extends z.ZodType> = z.input<S>;

describe("the Russian poker schemas infer the engine's types", () => {
  it("the table view and the round view inside it", () => {
    expectTypeOf<
      Out<typeof wire.russianTableViewSchema>
    >().toEqualTypeOf<russian.RussianTableView>();
    expectTypeOf<
      In<typeof wire.russianTableViewSchema>
    >().toEqualTypeOf<russian.RussianTableView>();
    expectTypeOf<Out<typeof wire.russianViewSchema>>().toEqualTypeOf<russian.RussianView>();
    expectTypeOf<Out<typeof wire.boxViewSchema>>().toEqualTypeOf<russian.BoxView>();
    expectTypeOf<Out<typeof wire.settlementViewSchema>>().toEqualTypeOf<russian.SettlementView>();
    expectTypeOf<Out<typeof wire.fieldResultSchema>>().toEqualTypeOf<russian.FieldResult>();
    expectTypeOf<Out<typeof wire.russianLegalActionSchema>>().toEqualTypeOf<russian.LegalAction>();
    expectTypeOf<
      Out<typeof wire.russianOptionsSchema>
    >().toEqualTypeOf<russian.RussianTableOptions>();
  });

  it("the vocabulary", () => {
    expectTypeOf<Out<typeof wire.russianCategorySchema>>().toEqualTypeOf<russian.Category>();
    expectTypeOf<
      Out<typeof wire.russianPayingCategorySchema>
    >().toEqualTypeOf<russian.PayingCategory>();
    expectTypeOf<
      Out<typeof wire.russianBonusCategorySchema>
    >().toEqualTypeOf<russian.BonusCategory>();
    expectTypeOf<Out<typeof wire.russianPhaseSchema>>().toEqualTypeOf<russian.Phase>();
    expectTypeOf<Out<typeof wire.boxStatusSchema>>().toEqualTypeOf<russian.BoxStatus>();
  });

  it("a decision is a player command without the player and the version, cards as codes", () => {
    type Strip<T> = T extends unknown ? Omit<T, "playerId" | "expectedVersion" | "cards"> : never;
    type Decision = Out<typeof wire.russianDecisionSchema>;
    expectTypeOf<Strip<Decision>>().toEqualTypeOf<Strip<russian.PlayerCommand>>();
    type Exchange = Extract<Decision, { type: "exchange" }>;
    expectTypeOf<Exchange["cards"]>().toEqualTypeOf<string[]>();
  });
});
