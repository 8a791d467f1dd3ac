import { describe, expect, it } from "vitest";
import type { Env } from "../env";
import { mailer, sentMail } from "./mail";

const env = (vars: Partial<Env>) => vars as Env;

describe("mailer", () => {
  it("memory keeps the mail for tests; console is the default", async () => {
    sentMail.length = 0;
    await mailer(env({ MAIL_TRANSPORT: "memory" }))({
      to: "a@example.test",
      subject: "s",
      text: "t",
    });
    expect(sentMail).toEqual([{ to: "a@example.test", subject: "s", text: "t" }]);
    await mailer(env({}))({ to: "b@example.test", subject: "s", text: "t" });
    expect(sentMail).toHaveLength(1);
  });

  it("refuses an unknown transport, and resend without its key or sender", () => {
    expect(() => mailer(env({ MAIL_TRANSPORT: "carrier-pigeon" }))).toThrow(/MAIL_TRANSPORT/);
    expect(() => mailer(env({ MAIL_TRANSPORT: "resend", MAIL_FROM: "x@example.test" }))).toThrow(
      /RESEND_API_KEY/,
    );
  });
});
