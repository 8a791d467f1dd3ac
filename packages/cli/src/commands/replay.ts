/**
 * `felt replay <file.phh|file.phhs …>`: replays every hand through the engine
 * and prints one JSON line per hand. Exit 0 when every hand is legal and
 * matches its finishing_stacks, 1 otherwise, 2 on usage errors (no files, a
 * file that cannot be read), in which case nothing is replayed.
 */
import { readFile } from "node:fs/promises";
import { isFailure, replayText } from "../replay-lines";

const USAGE = "usage: felt replay <file.phh|file.phhs …>";

export async function run(args: string[]): Promise<number> {
  if (args.length === 0 || args.some((arg) => arg === "--help" || arg === "-h")) {
    console.error(USAGE);
    return args.length === 0 ? 2 : 0;
  }
  const texts: string[] = [];
  for (const file of args) {
    try {
      texts.push(await readFile(file, "utf8"));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`felt replay: cannot read ${file}: ${reason}`);
      return 2;
    }
  }
  let status = 0;
  for (const [i, file] of args.entries()) {
    for (const line of replayText(file, texts[i] as string)) {
      console.log(JSON.stringify(line));
      if (isFailure(line)) status = 1;
    }
  }
  return status;
}
