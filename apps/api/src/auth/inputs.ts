/**
 * What sign-up, the account page and a password reset check alike: the
 * email and display name rules, a new password's strength, and the answer
 * to a name or email that is taken. One place, so the rules cannot drift.
 */
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { FieldErrors, fieldError, refinement } from "../trpc/messages";
import { hasInvisibleCharacters } from "./display-name";
import { judgePassword } from "./password-policy";

export const email = z.string().trim().toLowerCase().max(254).pipe(z.email());
/** A display name, as sign-up and `account.changeDisplayName` take it. */
export const displayName = z
  .string()
  .trim()
  .min(2)
  .max(24)
  .regex(
    /^[\p{L}\p{N}][\p{L}\p{N} _.-]*$/u,
    refinement("display_name_chars", "may use letters, digits, spaces, _ . and - only"),
  );

/** A new password: strong enough and not the email (password-policy.ts), or a field error. */
export function checkPassword(password: string, accountEmail: string, field = "password"): void {
  const verdict = judgePassword(password, accountEmail);
  if (!verdict.ok) {
    throw fieldError(
      field,
      verdict.code === "password_is_email"
        ? "may not be your email"
        : "is too easy to guess: use a longer phrase of uncommon words",
      verdict.code,
    );
  }
}

/** What the name rule's regex cannot say: no invisible characters. */
export function checkDisplayName(name: string): void {
  if (hasInvisibleCharacters(name)) {
    throw fieldError("displayName", "may not hold invisible characters", "display_name_invisible");
  }
}

/**
 * A taken email or a look-alike name. The email's answer does not say that
 * someone has an account with it (sign-in does not either); a person who
 * has one knows to sign in. Names are public: that one may say "taken".
 */
export function clash(field: "email" | "displayName"): TRPCError {
  const [message, code] =
    field === "email"
      ? ["cannot be used for a new account: use another, or sign in", "email_unavailable"]
      : ["is taken or looks like a name that is: choose another", "display_name_taken"];
  return new TRPCError({
    code: "CONFLICT",
    message: `${field} ${message}.`,
    cause: new FieldErrors({ [field]: message }, { [field]: { code } }, "conflict"),
  });
}
