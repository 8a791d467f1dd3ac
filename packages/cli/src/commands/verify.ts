/**
 * `felt verify [--audit] <file.phh|file.phhs …>`: checks each hand's deal
 * against its commitment (docs/fairness.md) and prints one JSON line per
 * hand. A player's copy (from history.get, or saved from "My hands"): every
 * card in it has a leaf at the place it was dealt from, under the root
 * published before the deal. `--audit`, for the auditor's copy with the
 * server seed: the seed matches its commitment and rebuilds the whole deck.
 * Exit 0 when every hand passes, 1 otherwise, 2 on usage errors.
 */
import { readFile } from "node:fs/promises";
import { isFailure, verifyText } from "../verify-lines";

const USAGE = "usage: felt verify [--audit] <file.phh|file.phhs …>";

export async function run(args: string[]): Promise<number> {
  const audit = args.includes("--audit");
  const files = args.filter((arg) => arg !== "--audit");
  if (files.length === 0 || files.some((arg) => arg === "--help" || arg === "-h")) {
    console.error(USAGE);
    return files.length === 0 ? 2 : 0;
  }
  const texts: string[] = [];
  for (const file of files) {
    try {
      texts.push(await readFile(file, "utf8"));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`felt verify: cannot read ${file}: ${reason}`);
      return 2;
    }
  }
  let status = 0;
  for (const [i, file] of files.entries()) {
    for (const line of await verifyText(file, texts[i] as string, audit)) {
      console.log(JSON.stringify(line));
      if (isFailure(line)) status = 1;
    }
  }
  return status;
}
