/**
 * `felt backup <dir> [--state DIR]`: a consistent copy of a self-hosted
 * platform's state (D1, every room's storage, the rest of Miniflare's
 * tree) into a new directory, taken while the server runs: its processes
 * are stopped for the copy and resumed (state-backup.ts says why).
 * `--state` defaults to FELT_PERSIST_DIR, else apps/api/.wrangler/state (what
 * `npm start` and `npm run dev` use). Prints one JSON line; exit 1 when the
 * backup failed, 2 on usage errors. docs/operations.md, "Backups".
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError, backupState, DEFAULT_STATE_DIR } from "../state-backup";

const USAGE = "usage: felt backup <dir> [--state DIR]";

export async function run(args: string[]): Promise<number> {
  let dir: string;
  let state: string;
  try {
    const { values, positionals } = parseArgs({
      args,
      options: { state: { type: "string" }, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (positionals.length !== 1) throw new Error("one backup directory, please");
    dir = positionals[0] as string;
    state = values.state ?? process.env.FELT_PERSIST_DIR ?? DEFAULT_STATE_DIR;
  } catch (error) {
    console.error(`felt backup: ${error instanceof Error ? error.message : error}\n${USAGE}`);
    return 2;
  }
  try {
    // Said first: should this command be killed outright (SIGKILL) mid-copy, the server stays stopped.
    const manifest = await backupState(state, dir, (pids) =>
      console.error(
        `felt backup: pausing process ${pids.join(", ")} for the copy (should this command die, resume it: kill -CONT ${pids.join(" ")})`,
      ),
    );
    console.log(
      JSON.stringify({
        backup: path.resolve(dir),
        state: manifest.source,
        files: manifest.files.length,
        bytes: manifest.files.reduce((sum, file) => sum + file.bytes, 0),
        server: manifest.frozenPids.length > 0 ? "paused for the copy" : "not running",
        paused_ms: manifest.pausedMs,
      }),
    );
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(`felt backup: ${error.message}`);
    return 1;
  }
}
