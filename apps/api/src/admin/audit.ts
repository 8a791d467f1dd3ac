import type { Database } from "../db/client";
import { adminAudit } from "../db/schema";

export type AuditEntry = {
  adminId: string;
  /** `stake.create`, `table.close`, `payoutTable.update`, … */
  action: string;
  targetId: string;
  before: unknown;
  after: unknown;
};

/** The audit row for a change, to run in the same batch as the change itself. */
export const auditStatement = (db: Database, entry: AuditEntry) =>
  db.insert(adminAudit).values({
    adminId: entry.adminId,
    action: entry.action,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
