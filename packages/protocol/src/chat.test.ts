import { describe, expect, it } from "vitest";
import { CHAT_MAX_CHARS, cleanChatText } from "./chat";
import { parseClientMessage, serverMessageSchema } from "./table";

describe("cleanChatText", () => {
  it("keeps ordinary text, in any script, with emoji", () => {
    expect(cleanChatText("nice hand")).toEqual({ ok: true, text: "nice hand" });
    expect(cleanChatText("хорошая рука, gg")).toEqual({ ok: true, text: "хорошая рука, gg" });
    // A family emoji is joined by zero-width joiners, which stay.
    const family = "👨\u200d👩\u200d👧";
    expect(cleanChatText(family)).toEqual({ ok: true, text: family });
  });

  it("collapses white space and line breaks into single spaces, and trims", () => {
    expect(cleanChatText("  gl\n\n\thf  \r\n all ")).toEqual({ ok: true, text: "gl hf all" });
  });

  it("removes control, bidi, zero-width and private-use characters", () => {
    // U+202E would show "gg" as a different name's line; U+200B hides a word break; U+E000 is private use.
    expect(cleanChatText("a\u202Eb\u200Bc\u0000d\u0007e\uE000f")).toEqual({
      ok: true,
      text: "abcdef",
    });
    // A lone surrogate (half an emoji) is removed too.
    expect(cleanChatText("x\uD83Dy")).toEqual({ ok: true, text: "xy" });
  });

  it("refuses lines that look empty: Hangul fillers, blank braille, joiners and selectors alone", () => {
    for (const raw of [
      "\u3164",
      "\u2800\u2800",
      "\u115F\u1160",
      "\uFFA0 \u3164",
      "\u200D\u200D", // zero-width joiners, kept for emoji, show nothing alone
      "\uFE0F\u034F", // a variation selector, the combining grapheme joiner
      "\u3000\u2800\u00A0",
    ]) {
      expect(cleanChatText(raw), JSON.stringify(raw)).toEqual({
        ok: false,
        code: "chat_empty",
        max: CHAT_MAX_CHARS,
      });
    }
  });

  it("blank letters around and inside a line count as spaces", () => {
    expect(cleanChatText("\u3164gg\u2800\u2800\u2800wp\uFFA0")).toEqual({
      ok: true,
      text: "gg wp",
    });
  });

  it("normalises to NFC, so the same word is the same line", () => {
    const decomposed = "e\u0301";
    expect(cleanChatText(decomposed)).toEqual({ ok: true, text: "\u00e9" });
  });

  it("refuses an empty line, or one of only hidden characters and spaces", () => {
    for (const raw of ["", "   ", "\n\t", "\u200B\u202E", "\u0000"]) {
      expect(cleanChatText(raw)).toEqual({ ok: false, code: "chat_empty", max: CHAT_MAX_CHARS });
    }
  });

  it("counts code points, not UTF-16 units: 200 emoji pass, 201 letters do not", () => {
    expect(cleanChatText("🂡".repeat(CHAT_MAX_CHARS)).ok).toBe(true);
    expect(cleanChatText("a".repeat(CHAT_MAX_CHARS))).toEqual({
      ok: true,
      text: "a".repeat(CHAT_MAX_CHARS),
    });
    expect(cleanChatText("a".repeat(CHAT_MAX_CHARS + 1))).toEqual({
      ok: false,
      code: "chat_too_long",
      max: CHAT_MAX_CHARS,
    });
  });
});

describe("chat on the wire", () => {
  it("a client's chat line parses with its seq; extra fields or a missing seq do not", () => {
    expect(parseClientMessage('{"type":"chat","text":"hi","seq":4}')).toEqual({
      ok: true,
      message: { type: "chat", text: "hi", seq: 4 },
    });
    for (const raw of [
      '{"type":"chat","text":"hi"}',
      '{"type":"chat","text":5,"seq":1}',
      '{"type":"chat","text":"hi","seq":1,"html":"<b>"}',
      '{"type":"chat","text":"hi","seq":-1}',
    ]) {
      expect(parseClientMessage(raw)).toMatchObject({ ok: false, code: "malformed_message" });
    }
  });

  it("the room's chat message is a server message", () => {
    const message = {
      type: "chat",
      mode: "players",
      reset: false,
      lines: [{ id: 1, at: 5, playerId: "p1", name: "Alice", seat: 2, text: "gl" }],
    };
    expect(serverMessageSchema.parse(message)).toEqual(message);
    expect(() => serverMessageSchema.parse({ ...message, mode: "loud" })).toThrow();
  });
});
