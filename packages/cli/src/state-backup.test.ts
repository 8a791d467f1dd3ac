/**
 * `felt backup` and `felt restore` on a state tree that a real process keeps
 * writing: the copy is one instant of it (the writer is stopped for it and
 * goes on after), a restore is checked against the manifest and refused
 * while the state is open. The platform itself is backed up mid-play and
 * restored in restore-mid-play.test.ts.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "./cli";
import {
  BackupError,
  backupState,
  MANIFEST,
  readBackup,
  restoreState,
  stateWriters,
} from "./state-backup";

const FILES = 40;
const temps: string[] = [];
const children: ChildProcess[] = [];

function temp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "felt-backup-test-"));
  temps.push(dir);
  return dir;
}

afterEach(() => {
  vi.restoreAllMocks();
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A process that holds FILES files open under <state>/v3/do and writes round
 * after round: the round's number into each file in order, as a database
 * writes its pages. Resolves once it has written `rounds` rounds.
 */
async function writer(state: string, rounds = 50): Promise<ChildProcess> {
  const dir = path.join(state, "v3", "do");
  mkdirSync(dir, { recursive: true });
  const script = `
    const fs = require("node:fs");
    const fds = Array.from({ length: ${FILES} }, (_, i) =>
      fs.openSync(${JSON.stringify(dir)} + "/f" + String(i).padStart(3, "0") + ".sqlite", "w"));
    for (let n = 1; ; n++) {
      for (const fd of fds) fs.writeSync(fd, String(n).padStart(12), 0);
      if (n === ${rounds}) process.stdout.write("going\\n");
    }`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`the writer exited (${code})`)));
  });
  return child;
}

const rounds = (dir: string) =>
  readdirSync(path.join(dir, "v3", "do"))
    .sort()
    .map((file) => Number(readFileSync(path.join(dir, "v3", "do", file), "utf8")));

describe("felt backup / felt restore", () => {
  it("copies one instant of a state that is being written, then lets the writer go on", async () => {
    const state = temp();
    const child = await writer(state);
    expect(stateWriters(state)).toEqual([child.pid]);
    const backup = path.join(temp(), "b");
    const manifest = await backupState(state, backup);
    expect(manifest.frozenPids).toEqual([child.pid]);
    // One instant: files written in order, so each holds the same round as the
    // next or one more (the instant fell inside a round), never fewer.
    const copied = rounds(backup);
    expect(copied).toHaveLength(FILES);
    for (let i = 1; i < FILES; i++) {
      expect(copied[i - 1]).toBeGreaterThanOrEqual(copied[i] as number);
      expect(copied[i - 1]).toBeLessThanOrEqual((copied[i] as number) + 1);
    }
    // Resumed: the writer gets past the rounds the backup saw.
    const seen = Math.max(...copied);
    await vi.waitFor(() => expect(Math.min(...rounds(state))).toBeGreaterThan(seen + 10), {
      timeout: 10_000,
    });
    expect(readBackup(backup).files.map((f) => f.path)).toEqual(
      Array.from({ length: FILES }, (_, i) => `v3/do/f${String(i).padStart(3, "0")}.sqlite`),
    );
  });

  it("refuses to restore while a process has the state open, and changes nothing", async () => {
    const source = temp();
    mkdirSync(path.join(source, "v3", "d1"), { recursive: true });
    writeFileSync(path.join(source, "v3", "d1", "db.sqlite"), "backed up");
    const backup = path.join(temp(), "b");
    await backupState(source, backup);
    const state = temp();
    await writer(state, 1);
    expect(() => restoreState(backup, state)).toThrow(/stop the server before restoring/);
    expect(readdirSync(state)).toEqual(["v3"]);
  });

  it("restores into a fresh directory, and moves a state it replaces aside", async () => {
    const source = temp();
    mkdirSync(path.join(source, "v3", "do", "felt-api-TableRoom"), { recursive: true });
    mkdirSync(path.join(source, "v3", "cache"), { recursive: true });
    writeFileSync(path.join(source, "v3", "do", "felt-api-TableRoom", "a.sqlite"), "room");
    writeFileSync(path.join(source, "v3", "do", "felt-api-TableRoom", "a.sqlite-wal"), "its wal");
    writeFileSync(path.join(source, "v3", "do", "felt-api-TableRoom", "a.sqlite-shm"), "index");
    const backup = path.join(temp(), "b");
    const manifest = await backupState(source, backup);
    // The -shm index is rebuilt from the WAL when the database opens: not copied.
    expect(manifest.files.map((f) => f.path)).toEqual([
      "v3/do/felt-api-TableRoom/a.sqlite",
      "v3/do/felt-api-TableRoom/a.sqlite-wal",
    ]);
    expect(manifest).toMatchObject({ frozenPids: [], pausedMs: 0 });

    const fresh = path.join(temp(), "fresh");
    expect(restoreState(backup, fresh)).toEqual({ files: 2, bytes: 11, movedAside: null });
    const room = path.join(fresh, "v3", "do", "felt-api-TableRoom");
    expect(readdirSync(room)).toEqual(["a.sqlite", "a.sqlite-wal"]);
    expect(readdirSync(path.join(fresh, "v3", "cache"))).toEqual([]);

    writeFileSync(path.join(room, "a.sqlite"), "played on");
    const again = restoreState(backup, fresh);
    expect(again.movedAside).toMatch(/v3\.before-restore-/);
    expect(readFileSync(path.join(room, "a.sqlite"), "utf8")).toBe("room");
    const aside = path.join(again.movedAside as string, "do", "felt-api-TableRoom", "a.sqlite");
    expect(readFileSync(aside, "utf8")).toBe("played on");
  });

  it("refuses a changed or unfinished backup, and a backup into a used directory", async () => {
    const source = temp();
    mkdirSync(path.join(source, "v3", "d1"), { recursive: true });
    writeFileSync(path.join(source, "v3", "d1", "db.sqlite"), "ledger");
    const backup = path.join(temp(), "b");
    await backupState(source, backup);
    await expect(backupState(source, backup)).rejects.toThrow(/not empty/);

    writeFileSync(path.join(backup, "v3", "d1", "db.sqlite"), "ledgeR");
    const state = temp();
    expect(() => restoreState(backup, state)).toThrow(/differs from the backup's manifest/);
    const manifest = JSON.parse(readFileSync(path.join(backup, MANIFEST), "utf8"));
    manifest.dirs.push("v3/../../elsewhere");
    writeFileSync(path.join(backup, MANIFEST), JSON.stringify(manifest));
    expect(() => restoreState(backup, state)).toThrow(/paths outside v3/);
    rmSync(path.join(backup, MANIFEST));
    expect(() => restoreState(backup, state)).toThrow(BackupError);
    expect(readdirSync(state)).toEqual([]);
  });

  it("felt backup and felt restore print one JSON line; bad usage exits 2", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const source = temp();
    mkdirSync(path.join(source, "v3", "d1"), { recursive: true });
    writeFileSync(path.join(source, "v3", "d1", "db.sqlite"), "ledger");
    const backup = path.join(temp(), "b");
    expect(await main(["backup", backup, "--state", source])).toBe(0);
    expect(JSON.parse(String(log.mock.calls[0]?.[0]))).toMatchObject({
      backup,
      files: 1,
      bytes: 6,
      server: "not running",
    });
    const state = path.join(temp(), "s");
    expect(await main(["restore", backup, "--state", state])).toBe(0);
    expect(JSON.parse(String(log.mock.calls[1]?.[0]))).toMatchObject({ files: 1, state });
    expect(await main(["backup"])).toBe(2);
    expect(await main(["restore", backup, "--state", state, "--bogus"])).toBe(2);
    expect(await main(["backup", backup, "--state", source])).toBe(1);
    expect(String(error.mock.calls.at(-1)?.[0])).toContain("is not empty");
  });
});
