import demoSql from "../seed/demo.sql?raw";

/** Load the same demo rows `pnpm dev` seeds, so tests see what users see. */
export async function seedDemo(db: D1Database): Promise<void> {
  const statements = demoSql
    .replace(/^\s*--.*$/gm, "")
    .split(";")
    .map((s) => s.trim())
    .filter(Boolean);
  await db.batch(statements.map((s) => db.prepare(s)));
}
