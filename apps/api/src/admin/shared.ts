/** Inputs and refusals the admin's routers share. */
import { z } from "zod";
import { apiError, refinement } from "../trpc/messages";

export const id = z.string().min(1).max(80);
export const tableName = z
  .string()
  .trim()
  .min(2)
  .max(40)
  .regex(
    /^[\p{L}\p{N}][\p{L}\p{N} '-]*$/u,
    refinement("table_name_chars", "may use letters, digits, spaces, ' and - only"),
  );

/** `no_stake`, `no_table`, `no_payout_table`: what is missing, and its id. */
export const notFound = (what: "stake" | "table" | "payout table", which: string) =>
  apiError("NOT_FOUND", `no_${what.replace(" ", "_")}`, `There is no ${what} "${which}".`, {
    id: which,
  });
