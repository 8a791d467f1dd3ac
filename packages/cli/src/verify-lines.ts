/**
 * `felt verify` without the I/O: one file's text → one report line per hand
 * (docs/fairness.md). Kept apart from the command so it can be tested on strings.
 */
import { type HandHistory, parsePhh, parsePhhsEntries } from "@felt/engine";
import { type AuditCheck, auditHistory, type HistoryCheck, verifyHistory } from "@felt/fairness";

export type VerifyLine =
  | ({ file: string; hand: number | string | null; audit?: AuditCheck } & HistoryCheck)
  | { file: string; hand: number | string | null; status: "unreadable"; error: string };

/** A hand that is not verified, or fails its audit, makes the command exit 1. */
export const isFailure = (line: VerifyLine): boolean =>
  line.status !== "verified" || (line.audit !== undefined && line.audit.status !== "audited");

/** `.phhs` holds numbered tables `[1]`, `[2]`, …; anything else is read as one `.phh` hand. */
export async function verifyText(
  file: string,
  text: string,
  audit: boolean,
): Promise<VerifyLine[]> {
  if (!file.toLowerCase().endsWith(".phhs")) {
    const parsed = parsePhh(text);
    return [
      parsed.ok
        ? await lineOf(file, parsed.history.hand ?? 1, parsed.history, audit)
        : { file, hand: 1, status: "unreadable", error: parsed.error.message },
    ];
  }
  const all = parsePhhsEntries(text);
  if (!all.ok) return [{ file, hand: null, status: "unreadable", error: all.error.message }];
  const lines: VerifyLine[] = [];
  for (const { name, result } of all.entries) {
    const hand = /^\d+$/.test(name) ? Number(name) : name;
    lines.push(
      result.ok
        ? await lineOf(file, hand, result.history, audit)
        : { file, hand, status: "unreadable", error: result.error.message },
    );
  }
  return lines;
}

async function lineOf(
  file: string,
  hand: number | string,
  history: HandHistory,
  audit: boolean,
): Promise<VerifyLine> {
  const check = await verifyHistory(history);
  return { file, hand, ...check, ...(audit ? { audit: await auditHistory(history) } : {}) };
}
