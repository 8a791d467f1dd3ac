/**
 * What `felt backup` and `felt restore` share: one directory and `--state`
 * (FELT_PERSIST_DIR, else apps/api/.wrangler/state: what `npm start` and
 * `npm run dev` use), one JSON line on success, exit 1 when the state code
 * refuses, 2 on usage errors.
 */
import { parseArgs } from "node:util";
import { BackupError, DEFAULT_STATE_DIR } from "../state-backup";

export async function runStateCommand(
  name: "backup" | "restore",
  args: string[],
  act: (dir: string, state: string) => Promise<object> | object,
): Promise<number> {
  const usage = `usage: felt ${name} <dir> [--state DIR]`;
  let dir: string;
  let state: string;
  try {
    const { values, positionals } = parseArgs({
      args,
      options: { state: { type: "string" }, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
    });
    if (values.help) {
      console.log(usage);
      return 0;
    }
    if (positionals.length !== 1) throw new Error("one backup directory, please");
    dir = positionals[0] as string;
    state = values.state ?? process.env.FELT_PERSIST_DIR ?? DEFAULT_STATE_DIR;
  } catch (error) {
    console.error(`felt ${name}: ${error instanceof Error ? error.message : error}\n${usage}`);
    return 2;
  }
  try {
    console.log(JSON.stringify(await act(dir, state)));
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(`felt ${name}: ${error.message}`);
    return 1;
  }
}
