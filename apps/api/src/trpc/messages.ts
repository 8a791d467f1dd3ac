import { TRPCError } from "@trpc/server";
import { type core, z } from "zod";

/**
 * Errors are codes with parameters (docs/API.md#calling-it): the English
 * `message` is for API clients and logs; `data.reason` + `data.params` and,
 * per field, `data.fieldCodes` are what a client words in its own language.
 */
export type Params = Record<string, string | number>;
/** A field's stable code and the numbers its wording needs: `{ code: "too_short", minimum: 8 }`. */
export type FieldCode = { code: string } & Params;

/**
 * Input errors a person can act on: zod's defaults ("Invalid input: expected
 * number, received string") are written for programmers. Installed once with
 * z.config at start-up; it only maps an issue to words, it keeps no state.
 * `fieldCode` below gives the same cases their stable codes: keep them in step.
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

/** The English text of each refinement with a code of its own, by text (regex checks carry no params). */
const REFINEMENTS = new Map<string, string>();

/**
 * A refinement's English text, remembered with its stable code:
 * `.regex(re, refinement("table_id", 'must be a table id such as "aurora"'))`.
 */
export function refinement(code: string, message: string): string {
  REFINEMENTS.set(message, code);
  return message;
}

/**
 * A custom issue with a code and parameters, for `superRefine`:
 * `ctx.addIssue(customIssue(["bigBlind"], "below_small_blind", "must be at least the small blind"))`.
 */
export function customIssue(
  path: PropertyKey[],
  code: string,
  message: string,
  params: Params = {},
): { code: "custom"; path: PropertyKey[]; message: string; params: FieldCode } {
  return { code: "custom", path, message, params: { ...params, code } };
}

const bound = (n: number | bigint) => Number(n);

/** The stable code of a zod issue, with the numbers its wording needs (the cases of `humanMessage`). */
export function fieldCode(issue: core.$ZodIssue): FieldCode {
  switch (issue.code) {
    // A finished issue no longer has its input (zod drops it): its words say what the input was.
    case "invalid_type":
      if (issue.message === "is required") return { code: "required" };
      if (issue.expected === "int") return { code: "not_integer" };
      if (issue.expected === "number" && issue.message === "must be a finite number")
        return { code: "not_finite" };
      return { code: "invalid_type", expected: issue.expected };
    case "too_small": {
      const minimum = bound(issue.minimum);
      if (issue.origin === "string")
        return minimum === 1 ? { code: "empty" } : { code: "too_short", minimum };
      if (issue.origin === "array") return { code: "too_few_items", minimum };
      if (minimum === Number.MIN_SAFE_INTEGER) return { code: "far_too_small" };
      return { code: issue.inclusive === false ? "not_above" : "too_small", minimum };
    }
    case "too_big": {
      const maximum = bound(issue.maximum);
      if (issue.origin === "string") return { code: "too_long", maximum };
      if (issue.origin === "array") return { code: "too_many_items", maximum };
      if (maximum === Number.MAX_SAFE_INTEGER) return { code: "far_too_large" };
      return { code: issue.inclusive === false ? "not_below" : "too_big", maximum };
    }
    case "invalid_format": {
      const own = REFINEMENTS.get(issue.message);
      if (own) return { code: own };
      return issue.format === "email"
        ? { code: "invalid_email" }
        : { code: "invalid_format", format: issue.format };
    }
    case "invalid_value":
      if (issue.message === "is required") return { code: "required" };
      return {
        code: "invalid_option",
        values: issue.values.map((v) => JSON.stringify(v)).join(", "),
      };
    case "unrecognized_keys":
      return { code: "unknown_keys", keys: issue.keys.join(", "), count: issue.keys.length };
    case "not_multiple_of":
      return { code: "not_multiple_of", divisor: bound(issue.divisor) };
    case "custom": {
      const params = (issue.params ?? {}) as Partial<FieldCode>;
      if (typeof params.code === "string") return params as FieldCode;
      return { code: REFINEMENTS.get(issue.message) ?? "invalid" };
    }
    default:
      return { code: "invalid" };
  }
}

/** `tiers[0].maxEntrants` for a path of ["tiers", 0, "maxEntrants"]. */
export function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (name, key) =>
      typeof key === "number" ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key),
    "",
  );
}

/** Per-field messages and codes, and one sentence that names every field, for a rejected input. */
export function describeIssues(issues: readonly core.$ZodIssue[]): {
  message: string;
  fieldErrors: Record<string, string>;
  fieldCodes: Record<string, FieldCode>;
} {
  const fieldErrors: Record<string, string> = {};
  const fieldCodes: Record<string, FieldCode> = {};
  for (const issue of issues) {
    const name = fieldName(issue.path) || "input";
    if (name in fieldErrors) continue;
    fieldErrors[name] = issue.message;
    fieldCodes[name] = fieldCode(issue);
  }
  const message = Object.entries(fieldErrors)
    .map(([name, text]) => `${name} ${text}`)
    .join("; ");
  return { message: `Please fix: ${message}.`, fieldErrors, fieldCodes };
}

/** Carries a stable reason and its parameters from a handler to the error formatter. */
export class Reason extends Error {
  constructor(
    readonly reason: string,
    readonly params: Params = {},
  ) {
    super(reason);
  }
}

/**
 * A refusal a person can act on: the tRPC `code`, the stable `reason` a
 * client words (`data.reason`, `data.params`) and the English `message`.
 */
export function apiError(
  code: TRPCError["code"],
  reason: string,
  message: string,
  params: Params = {},
): TRPCError {
  return new TRPCError({ code, message, cause: new Reason(reason, params) });
}

/** A BAD_REQUEST for one field, shaped like an input-validation failure; `reason` is the field's code. */
export function fieldError(
  field: string,
  message: string,
  code: string,
  params: Params = {},
): TRPCError {
  return new TRPCError({
    code: "BAD_REQUEST",
    message: `Please fix: ${field} ${message}.`,
    cause: new FieldErrors({ [field]: message }, { [field]: { ...params, code } }, code, params),
  });
}

/** Carries per-field messages and codes from a handler's own checks to the error formatter. */
export class FieldErrors extends Reason {
  constructor(
    readonly fieldErrors: Record<string, string>,
    readonly fieldCodes: Record<string, FieldCode>,
    reason = "invalid_input",
    params: Params = {},
  ) {
    super(reason, params);
  }
}
