/**
 * What a new password must be: at least 8 characters, not the email (or its
 * name part), and not easily guessed. zxcvbn-ts estimates the guesses an
 * attacker needs, knowing the 30,000 most common passwords from breaches,
 * keyboard walks, repeats, sequences, dates and l33t; score 3 is "safely
 * unguessable: moderate protection from an offline attack" (10^8 guesses and
 * up). `password` and `12345678` score 0.
 */
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MIN_SCORE = 3;

const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

export type PasswordVerdict =
  | { ok: true }
  | { ok: false; code: "password_is_email" | "password_weak" };

export function judgePassword(password: string, email: string): PasswordVerdict {
  const lower = password.trim().toLowerCase();
  const local = email.split("@")[0] ?? "";
  if (lower === email || (local.length >= 3 && lower === local)) {
    return { ok: false, code: "password_is_email" };
  }
  // The email's parts count as words the attacker knows.
  const result = zxcvbn.check(password, [email, local]);
  return result.score >= PASSWORD_MIN_SCORE ? { ok: true } : { ok: false, code: "password_weak" };
}
