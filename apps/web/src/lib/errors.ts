import type { AppRouter } from "@felt/api/router";
import { TRPCClientError } from "@trpc/client";
import { useTranslations } from "next-intl";

/** An error's parameters, as the API and the table room send them. */
type Params = Record<string, string | number>;
/** The API's error data (docs/API.md#calling-it): a stable reason, its parameters, per-field codes. */
type ErrorData = {
  code?: string;
  reason?: string;
  params?: Params;
  fieldErrors?: Record<string, string>;
  fieldCodes?: Record<string, { code: string } & Params>;
};

function dataOf(error: unknown): ErrorData | null {
  if (!(error instanceof TRPCClientError)) return null;
  return ((error as TRPCClientError<AppRouter>).data ?? {}) as ErrorData;
}

/** The API's per-field messages in English (`{ seats: "must be at most 10" }`), if the error has them. */
export function fieldErrors(error: unknown): Record<string, string> {
  return dataOf(error)?.fieldErrors ?? {};
}

/** The API's English message ("Wrong email or password…"), or a network hint. */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) return error.message;
  return "Could not reach the server. Check your connection and try again.";
}

/**
 * Codes whose wording depends on which parameters came with them: the
 * tournament's "insufficient_funds" quotes the entry, the cashier's the wallet.
 */
function variant(code: string, params: Params): string {
  if (code === "insufficient_funds" && params.amount !== undefined)
    return "insufficient_funds_entry";
  if (code === "invalid_amount" && params.maxBuyIn !== undefined) return "invalid_amount_max";
  if (code === "invalid_amount" && params.minBuyIn !== undefined) return "invalid_amount_min";
  return code;
}

/**
 * How components word errors for the viewer, in the viewer's language: the
 * API's errors (`message`, from `data.reason` + `data.params`), its per-field
 * messages (`fields`, from `data.fieldCodes`: the words after the field's
 * label) and the table room's refusals (`socket`, from `code` + `params`).
 * A code the catalogue does not know is shown as "Something went wrong:
 * <code>", never as the server's English.
 */
export function useErrors() {
  const t = useTranslations("errors");
  // Keys are built from the server's codes, so they are checked at run time (`has`), not by type.
  const say = t as unknown as (key: string, values?: Params) => string;
  const has = (key: string) => t.has(key as Parameters<typeof t.has>[0]);
  const word = (area: "trpc" | "field" | "socket", code: string, params: Params = {}) => {
    const key = `${area}.${variant(code, params)}`;
    return has(key) ? say(key, params) : say("generic", { code });
  };

  const socket = (error: { code: string; message: string; params?: Params | undefined }) =>
    word("socket", error.code, error.params);

  const fields = (error: unknown): Record<string, string> => {
    const data = dataOf(error);
    if (!data) return {};
    const worded: Record<string, string> = {};
    for (const [name, { code, ...params }] of Object.entries(data.fieldCodes ?? {}))
      worded[name] = word("field", code, params);
    // An API without codes: the field is marked, but its English is not shown.
    for (const name of Object.keys(data.fieldErrors ?? {})) worded[name] ??= say("field.invalid");
    return worded;
  };

  const message = (error: unknown): string => {
    const data = dataOf(error);
    // No tRPC error data: the request never reached the API (offline, DNS, CORS…).
    if (!data?.reason && !data?.code) return say("network");
    const worded = fields(error);
    if (Object.keys(worded).length > 0) {
      const list = Object.entries(worded).map(([name, text]) => `${name} ${text}`);
      return say("trpc.invalid_input", { fields: list.join("; ") });
    }
    const reason = data.reason ?? data.code?.toLowerCase() ?? "internal";
    const params = data.params ?? {};
    if (reason === "table_refused") {
      const refusal = typeof params.refusal === "string" ? params.refusal : "refused";
      return say("trpc.table_refused", { reason: word("socket", refusal) });
    }
    return word("trpc", reason, params);
  };

  return { message, fields, socket };
}

/** A fresh key per user action: a retried request then moves money only once. */
export const newIdempotencyKey = () => crypto.randomUUID();
