import { describe, expect, it } from "vitest";
import { MAX_CLIENT_MESSAGE_BYTES, parseClientMessage } from "./table";

describe("parseClientMessage", () => {
  it("accepts well-formed messages", () => {
    expect(parseClientMessage('{"type":"sync"}')).toEqual({ ok: true, message: { type: "sync" } });
    const act = parseClientMessage(
      '{"type":"act","action":{"type":"betOrRaiseTo","amount":40},"expectedVersion":3,"seq":7}',
    );
    expect(act).toEqual({
      ok: true,
      message: {
        type: "act",
        action: { type: "betOrRaiseTo", amount: 40 },
        expectedVersion: 3,
        seq: 7,
      },
    });
    expect(parseClientMessage('{"type":"autoRebuy","upTo":null,"seq":1}').ok).toBe(true);
    for (const discard of ["[]", "[0,51,52]", "[1,2,3,4,53]"]) {
      const parsed = parseClientMessage(
        `{"type":"act","action":{"type":"draw","discard":${discard}},"expectedVersion":2,"seq":3}`,
      );
      expect(parsed).toEqual({
        ok: true,
        message: {
          type: "act",
          action: { type: "draw", discard: JSON.parse(discard) },
          expectedVersion: 2,
          seq: 3,
        },
      });
    }
  });

  const act = (action: string, extra = "") =>
    `{"type":"act","action":${action},"expectedVersion":0,"seq":1${extra}}`;

  it.each([
    ["not JSON", "{"],
    ["unknown type", '{"type":"dance"}'],
    ["extra field", '{"type":"sync","x":1}'],
    ["negative amount", act('{"type":"betOrRaiseTo","amount":-5}')],
    ["fractional amount", act('{"type":"betOrRaiseTo","amount":2.5}')],
    ["huge amount", act('{"type":"betOrRaiseTo","amount":1e300}')],
    ["string amount", act('{"type":"betOrRaiseTo","amount":"40"}')],
    ["missing amount", act('{"type":"betOrRaiseTo"}')],
    ["unknown action", act('{"type":"allin"}')],
    ["draw without discard", act('{"type":"draw"}')],
    ["draw of six cards", act('{"type":"draw","discard":[0,1,2,3,4,5]}')],
    ["draw of a card twice", act('{"type":"draw","discard":[7,7]}')],
    ["draw of a card past the jokers", act('{"type":"draw","discard":[54]}')],
    ["draw of a negative card", act('{"type":"draw","discard":[-1]}')],
    ["draw of a fractional card", act('{"type":"draw","discard":[1.5]}')],
    ["draw of a string card", act('{"type":"draw","discard":["Ah"]}')],
    ["draw with an extra field", act('{"type":"draw","discard":[],"x":1}')],
    ["missing seq", '{"type":"act","action":{"type":"fold"},"expectedVersion":0}'],
    ["negative version", '{"type":"act","action":{"type":"fold"},"expectedVersion":-1,"seq":1}'],
    ["array", "[]"],
    ["null", "null"],
  ])("rejects %s", (_name, raw) => {
    expect(parseClientMessage(raw)).toMatchObject({ ok: false, code: "malformed_message" });
  });

  it("refuses binary frames", () => {
    expect(parseClientMessage(new ArrayBuffer(4))).toMatchObject({
      ok: false,
      code: "malformed_message",
    });
  });

  it("refuses oversized messages before parsing them", () => {
    const parsed = parseClientMessage(`"${"x".repeat(MAX_CLIENT_MESSAGE_BYTES)}"`);
    expect(parsed).toMatchObject({ ok: false, code: "message_too_large" });
  });
});
