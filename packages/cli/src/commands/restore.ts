/**
 * `felt restore <dir> [--state DIR]`: puts a `felt backup` in place as the
 * state of a self-hosted platform, after checking every file against the
 * backup's manifest. The server must be stopped; the state it replaces is
 * moved aside (`v3.before-restore-<time>`), not deleted. `--state` as for
 * `felt backup`. Prints one JSON line; exit 1 when refused, 2 on usage
 * errors. docs/operations.md, "Backups".
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError, DEFAULT_STATE_DIR, restoreState } from "../state-backup";

const USAGE = "usage: felt restore <dir> [--state DIR]";

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
    console.error(`felt restore: ${error instanceof Error ? error.message : error}\n${USAGE}`);
    return 2;
  }
  try {
    const restored = restoreState(dir, state);
    console.log(
      JSON.stringify({
        restored: path.resolve(dir),
        state: path.resolve(state),
        files: restored.files,
        bytes: restored.bytes,
        moved_aside: restored.movedAside,
      }),
    );
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(`felt restore: ${error.message}`);
    return 1;
  }
}
