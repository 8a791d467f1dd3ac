/**
 * `felt restore <dir> [--state DIR]`: puts a `felt backup` in place as the
 * state of a self-hosted platform, after checking every file against the
 * backup's manifest. The server must be stopped; the state it replaces is
 * moved aside (`v3.before-restore-<time>`), not deleted. `--state` as for
 * `felt backup`. Prints one JSON line; exit 1 when refused, 2 on usage
 * errors. docs/operations.md, "Backups".
 */
import path from "node:path";
import { restoreState } from "../state-backup";
import { runStateCommand } from "./state-command";

export const run = (args: string[]): Promise<number> =>
  runStateCommand("restore", args, (dir, state) => {
    const restored = restoreState(dir, state);
    return {
      restored: path.resolve(dir),
      state: path.resolve(state),
      files: restored.files,
      bytes: restored.bytes,
      moved_aside: restored.movedAside,
    };
  });
