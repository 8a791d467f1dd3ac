import { describe, expect, it } from "vitest";
import apiDoc from "../../../../docs/API.md?raw";
import { procedureTable, signature, withProcedureTable } from "./describe";
import { appRouter } from "./router";

describe("docs/API.md", () => {
  it("documents every procedure exactly as the routers define them (run `pnpm --filter @felt/api api-docs`)", () => {
    expect(withProcedureTable(apiDoc, procedureTable(appRouter._def.procedures))).toBe(apiDoc);
  });

  it("every procedure says what it does", () => {
    const procedures = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { meta?: { description?: string } } }
    >;
    const undocumented = Object.entries(procedures)
      .filter(([, p]) => !p._def.meta?.description)
      .map(([path]) => path);
    expect(undocumented).toEqual([]);
  });

  it("signatures read like TypeScript", () => {
    expect(
      signature({
        type: "object",
        properties: {
          a: { type: "integer", minimum: 1, maximum: 9 },
          b: { type: "string", minLength: 2 },
          c: { anyOf: [{ type: "integer" }, { type: "null" }], default: null },
          d: { type: "array", items: { enum: ["x", "y"] }, minItems: 1 },
        },
        required: ["a", "c"],
      }),
    ).toBe('{ a: int 1..9, b?: string 2.., c?: int | null = null, d?: ("x" | "y")[1..] }');
  });
});
