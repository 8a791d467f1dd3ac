import { describe, expect, it } from "vitest";
import { MAX_CLIENT_MESSAGE_BYTES, parseClientMessage } from "./table";

describe("parseClientMessage", () => {
  it("accepts well-formed messages", () => {
    expect(parseClientMessage('{"type":"sync"}')).toEqual({ ok: true, message: { type: "sync" } });
    const echo = parseClientMessage('{"type":"echo","text":"hi","expectedVersion":3}');
    expect(echo).toEqual({ ok: true, message: { type: "echo", text: "hi", expectedVersion: 3 } });
  });

  it.each([
    ["not JSON", "{", "malformed_message"],
    ["unknown type", '{"type":"dance"}', "malformed_message"],
    ["extra field", '{"type":"sync","x":1}', "malformed_message"],
    ["negative version", '{"type":"echo","text":"a","expectedVersion":-1}', "malformed_message"],
    ["fractional version", '{"type":"echo","text":"a","expectedVersion":1.5}', "malformed_message"],
    ["string version", '{"type":"echo","text":"a","expectedVersion":"1"}', "malformed_message"],
    ["empty text", '{"type":"echo","text":"","expectedVersion":0}', "malformed_message"],
    ["array", "[]", "malformed_message"],
    ["null", "null", "malformed_message"],
  ])("rejects %s", (_name, raw, code) => {
    const parsed = parseClientMessage(raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.code).toBe(code);
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
