/**
 * Sending email, through one small interface. Which way mail goes is chosen
 * by the environment (`MAIL_TRANSPORT`):
 *
 * - `console` (the default, for development): the message is written to the
 *   Worker's log, so a developer copies the link from the terminal;
 * - `resend`: Resend's HTTP API over fetch (https://resend.com/docs/api-reference/emails/send-email),
 *   with the secret `RESEND_API_KEY` and the sender `MAIL_FROM`
 *   (an address at a domain verified with Resend);
 * - `memory` (tests only): kept in `sentMail` below, where a test reads it.
 *   Nothing leaves the process, so the tests need no account and no network.
 */
import type { Env } from "../env";

export type Mail = { to: string; subject: string; text: string };
export type SendMail = (mail: Mail) => Promise<void>;

/** What the `memory` transport has sent, oldest first (tests read and clear it). */
export const sentMail: Mail[] = [];

export const MAIL_TRANSPORTS = ["console", "resend", "memory"] as const;

export function mailer(env: Env): SendMail {
  switch (env.MAIL_TRANSPORT ?? "console") {
    case "resend":
      return resend(env);
    case "memory":
      return async (mail) => {
        sentMail.push(mail);
      };
    case "console":
      return async (mail) => {
        console.log(`mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
      };
    default:
      throw new Error(`MAIL_TRANSPORT must be one of ${MAIL_TRANSPORTS.join(", ")}`);
  }
}

function resend(env: Env): SendMail {
  const key = env.RESEND_API_KEY;
  const from = env.MAIL_FROM;
  if (!key || !from) throw new Error("MAIL_TRANSPORT=resend needs RESEND_API_KEY and MAIL_FROM");
  return async (mail) => {
    const response = await fetch("https://api.resend.com/emails", {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ from, to: [mail.to], subject: mail.subject, text: mail.text }),
    });
    if (!response.ok) {
      throw new Error(`Resend refused the mail: ${response.status} ${await response.text()}`);
    }
  };
}
