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
import { backupState } from "../state-backup";
import { runStateCommand } from "./state-command";

export const run = (args: string[]): Promise<number> =>
  runStateCommand("backup", args, async (dir, state) => {
    // Said first: should this command be killed outright (SIGKILL) mid-copy, the server stays stopped.
    const manifest = await backupState(state, dir, (pids) =>
      console.error(
        `felt backup: pausing process ${pids.join(", ")} for the copy (should this command die, resume it: kill -CONT ${pids.join(" ")})`,
      ),
    );
    return {
      backup: path.resolve(dir),
      state: manifest.source,
      files: manifest.files.length,
      bytes: manifest.files.reduce((sum, file) => sum + file.bytes, 0),
      server: manifest.frozenPids.length > 0 ? "paused for the copy" : "not running",
      paused_ms: manifest.pausedMs,
    };
  });
