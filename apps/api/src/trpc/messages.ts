import { TRPCError } from "@trpc/server";
import { type core, z } from "zod";

/**
 * Input errors a person can act on: zod's defaults ("Invalid input: expected
 * number, received string") are written for programmers. Installed once with
 * z.config at start-up; it only maps an issue to words, it keeps no state.
 */
export function humanMessage(issue: core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "is required";
      if (issue.expected === "int") return "must be a whole number";
      if (issue.expected === "number" && typeof issue.input === "number")
        return "must be a finite number";
      return `must be ${article(issue.expected)}`;
    case "too_small":
      if (issue.origin === "string")
        return issue.minimum === 1
          ? "must not be empty"
          : `must be at least ${issue.minimum} characters`;
      if (issue.origin === "array") return `needs at least ${issue.minimum} items`;
      if (issue.minimum === Number.MIN_SAFE_INTEGER) return "is far too small";
      return issue.inclusive === false
        ? `must be more than ${issue.minimum}`
        : `must be at least ${issue.minimum}`;
    case "too_big":
      if (issue.origin === "string") return `must be at most ${issue.maximum} characters`;
      if (issue.origin === "array") return `can have at most ${issue.maximum} items`;
      // A whole number beyond 2^53 cannot even be represented exactly.
      if (issue.maximum === Number.MAX_SAFE_INTEGER) return "is far too large";
      return issue.inclusive === false
        ? `must be less than ${issue.maximum}`
        : `must be at most ${issue.maximum}`;
    case "invalid_format":
      return issue.format === "email" ? "must be an email address" : "has the wrong format";
    case "invalid_value":
      if (issue.input === undefined) return "is required";
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "unrecognized_keys":
      return `has unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.join(", ")}`;
    case "not_multiple_of":
      return `must be a multiple of ${issue.divisor}`;
    default:
      return undefined; // refinements carry their own message
  }
}

const article = (expected: string) =>
  ({
    string: "text",
    number: "a number",
    boolean: "true or false",
    object: "an object",
    array: "a list",
  })[expected] ?? `a ${expected}`;

z.config({ customError: humanMessage });

/** `tiers[0].maxEntrants` for a path of ["tiers", 0, "maxEntrants"]. */
export function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (name, key) =>
      typeof key === "number" ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key),
    "",
  );
}

/** Per-field messages, and one sentence that names every field, for a rejected input. */
export function describeIssues(issues: readonly core.$ZodIssue[]): {
  message: string;
  fieldErrors: Record<string, string>;
} {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) {
    const name = fieldName(issue.path) || "input";
    fieldErrors[name] ??= issue.message;
  }
  const message = Object.entries(fieldErrors)
    .map(([name, text]) => `${name} ${text}`)
    .join("; ");
  return { message: `Please fix: ${message}.`, fieldErrors };
}

/** A BAD_REQUEST for one field, shaped like an input-validation failure. */
export function fieldError(field: string, message: string): TRPCError {
  return new TRPCError({
    code: "BAD_REQUEST",
    message: `Please fix: ${field} ${message}.`,
    cause: new FieldErrors({ [field]: message }),
  });
}

/** Carries per-field messages from a handler's own checks to the error formatter. */
export class FieldErrors extends Error {
  constructor(readonly fieldErrors: Record<string, string>) {
    super("field errors");
  }
}
