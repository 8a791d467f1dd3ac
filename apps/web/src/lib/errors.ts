import type { AppRouter } from "@felt/api/router";
import { TRPCClientError } from "@trpc/client";

/** The API's per-field messages (`{ seats: "must be at most 10" }`), if the error has them. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (error instanceof TRPCClientError) {
    const data = (error as TRPCClientError<AppRouter>).data as
      | { fieldErrors?: Record<string, string> }
      | undefined;
    return data?.fieldErrors ?? {};
  }
  return {};
}

/** The API's message for a person ("Wrong email or password…"), or a network hint. */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) return error.message;
  return "Could not reach the server. Check your connection and try again.";
}

/**
 * How components word errors for the viewer: the API's errors (`message`),
 * its per-field messages (`fields`), and the table room's refusals
 * (`socket`). Components use this hook, never the functions above, so the
 * wording can follow the viewer's language.
 */
export function useErrors() {
  return {
    message: errorMessage,
    fields: fieldErrors,
    socket: (error: { code: string; message: string }) => error.message,
  };
}

/** A fresh key per user action: a retried request then moves money only once. */
export const newIdempotencyKey = () => crypto.randomUUID();
