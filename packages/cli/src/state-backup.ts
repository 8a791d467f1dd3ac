/**
 * Backups of a self-hosted platform's state: the directory `npm start` and
 * `npm run dev` keep it in (wrangler's `--persist-to` layout,
 * `<state>/v3/{d1,do,…}`). D1, every room's storage and whatever else
 * Miniflare keeps there (R2, KV, caches, alarms) are files in that tree,
 * each SQLite database in WAL mode: most of its data sits in its `-wal` file
 * (workerd rarely checkpoints), so a copy of the `.sqlite` files alone is
 * empty.
 *
 * Why a freeze, not SQLite's online backup: the state is many databases
 * (D1 plus one per room) that are only consistent together. A room's chips
 * and the ledger's escrow for its table move in separate databases, and
 * what joins them (the room's outbox, its buy-in intents, idempotent
 * transfers) is built to survive the server dying at any instant, not to
 * survive a D1 copied at one moment and a room copied at another: an outbox
 * delivered between the two copies would be in neither. So every process
 * that has the state open is stopped (SIGSTOP) until each of its threads is
 * stopped, the tree is copied (`-wal` and `-journal` files with their
 * databases; `-shm` is a rebuildable index and left out), and the processes
 * go on (SIGCONT). The copy is exactly what a crash at that instant would
 * leave on disk, which is what the rooms and the ledger already recover
 * from. Sockets stay open; players see a pause as long as the copy.
 */
import { createHash } from "node:crypto";
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Where `npm start` and `npm run dev` keep the state unless FELT_PERSIST_DIR says otherwise. */
export const DEFAULT_STATE_DIR = fileURLToPath(
  new URL("../../../apps/api/.wrangler/state", import.meta.url),
);

export const MANIFEST = "backup.json";
const FORMAT = "felt-state-backup/1";

export type BackupFile = { path: string; bytes: number; sha256: string };

export type Manifest = {
  format: typeof FORMAT;
  createdAt: string;
  /** The state directory it was taken from. */
  source: string;
  /** Processes that had the state open and were stopped for the copy (none: a cold copy). */
  frozenPids: number[];
  /** How long they were stopped, in ms. */
  pausedMs: number;
  /** Every directory under v3, so empty ones come back too; paths relative to the backup. */
  dirs: string[];
  files: BackupFile[];
};

export class BackupError extends Error {}

/** The processes (other than this one) with a file or directory under `<state>/v3` open. Linux only. */
export function stateWriters(stateDir: string): number[] {
  const tree = path.join(realpathSync(stateDir), "v3");
  if (!existsSync("/proc/self/fd"))
    throw new BackupError("finding the server needs Linux's /proc: stop it and copy the state");
  const pids: number[] = [];
  for (const name of readdirSync("/proc")) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // ended meanwhile, or another user's (then it cannot be this server's either)
    }
    const links = fds.flatMap((fd) => {
      try {
        return [readlinkSync(`/proc/${pid}/fd/${fd}`)];
      } catch {
        return [];
      }
    });
    if (!links.some((link) => link === tree || link.startsWith(`${tree}/`))) continue;
    // Writes queued to io_uring go on while the process is stopped: a freeze would not hold them.
    if (links.includes("anon_inode:[io_uring]"))
      throw new BackupError(`process ${pid} writes through io_uring: stop the server to back up`);
    pids.push(pid);
  }
  return pids;
}

/** Each thread's state letter (R, S, D, T, …) of a process; none once it has ended. */
function threadStates(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
        return [stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3)];
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}

/**
 * SIGSTOP takes effect when each thread next leaves the kernel: a write in
 * progress finishes first. So the copy waits until every thread is stopped.
 */
async function freeze(pids: number[], timeoutMs = 10_000): Promise<void> {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGSTOP");
    } catch {
      // it ended since it was found: it writes nothing more
    }
  }
  const deadline = Date.now() + timeoutMs;
  while (!pids.every((pid) => threadStates(pid).every((s) => s === "T" || s === "t"))) {
    if (Date.now() > deadline)
      throw new BackupError(`the server (${pids.join(", ")}) did not stop within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

function thaw(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGCONT");
    } catch {
      // it ended while stopped
    }
  }
}

/** Files and directories under `root`, relative to it, sorted. */
function walk(root: string, under = ""): { dirs: string[]; files: string[] } {
  const dirs: string[] = [];
  const files: string[] = [];
  for (const entry of readdirSync(path.join(root, under), { withFileTypes: true })) {
    const rel = path.join(under, entry.name);
    if (entry.isDirectory()) {
      dirs.push(rel);
      const inner = walk(root, rel);
      dirs.push(...inner.dirs);
      files.push(...inner.files);
    } else if (entry.isFile()) files.push(rel);
  }
  return { dirs: dirs.sort(), files: files.sort() };
}

/** SQLite's shared-memory index: rebuilt from the WAL when a database opens, never data. */
const isShm = (file: string) => file.endsWith("-shm");

/** In 1 MiB pieces: a D1 file may be gigabytes. */
function sha256(file: string): string {
  const hash = createHash("sha256");
  const buffer = Buffer.alloc(1 << 20);
  const fd = openSync(file, "r");
  try {
    for (let n = readSync(fd, buffer); n > 0; n = readSync(fd, buffer))
      hash.update(buffer.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest("hex");
}

/**
 * Copies `<stateDir>/v3` into `dest` (which must not exist or be empty),
 * with the server stopped for the copy if one is running, and writes the
 * manifest last: a backup without it is incomplete.
 */
export async function backupState(
  stateDir: string,
  dest: string,
  /** Told the processes about to be stopped, before they are. */
  pausing: (pids: number[]) => void = () => {},
): Promise<Manifest> {
  const tree = path.join(stateDir, "v3");
  if (!existsSync(tree)) throw new BackupError(`no state at ${tree}`);
  if (existsSync(dest) && readdirSync(dest).length > 0)
    throw new BackupError(`${dest} is not empty: back up into a new directory`);
  mkdirSync(dest, { recursive: true });
  const pids = stateWriters(stateDir);
  if (pids.length > 0) pausing(pids);
  // Ctrl-C while the server is stopped must not leave it stopped: the copy is
  // synchronous, so the signal is handled after it, and the finally resumes it.
  let interrupted: NodeJS.Signals | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    interrupted = signal;
  };
  process.on("SIGINT", onSignal).on("SIGTERM", onSignal).on("SIGHUP", onSignal);
  let listing: { dirs: string[]; files: string[] };
  const started = performance.now();
  try {
    await freeze(pids);
    listing = walk(tree);
    mkdirSync(path.join(dest, "v3"));
    for (const dir of listing.dirs) mkdirSync(path.join(dest, "v3", dir), { recursive: true });
    for (const file of listing.files)
      if (!isShm(file)) copyFileSync(path.join(tree, file), path.join(dest, "v3", file));
  } finally {
    thaw(pids);
    process.off("SIGINT", onSignal).off("SIGTERM", onSignal).off("SIGHUP", onSignal);
  }
  const pausedMs = Math.round(performance.now() - started);
  if (interrupted) throw new BackupError(`interrupted (${interrupted}); the server was resumed`);
  const manifest: Manifest = {
    format: FORMAT,
    createdAt: new Date().toISOString(),
    source: path.resolve(stateDir),
    frozenPids: pids,
    pausedMs: pids.length > 0 ? pausedMs : 0,
    dirs: listing.dirs.map((dir) => path.join("v3", dir)),
    files: listing.files
      .filter((file) => !isShm(file))
      .map((file) => {
        const copy = path.join(dest, "v3", file);
        return { path: path.join("v3", file), bytes: statSync(copy).size, sha256: sha256(copy) };
      }),
  };
  writeFileSync(path.join(dest, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** The backup's manifest, after checking every file in it is there and unchanged. */
export function readBackup(dir: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST), "utf8")) as Manifest;
  } catch {
    throw new BackupError(`${dir} has no readable ${MANIFEST}: not a backup, or an unfinished one`);
  }
  if (manifest.format !== FORMAT)
    throw new BackupError(`${dir}: unknown backup format ${JSON.stringify(manifest.format)}`);
  // Every path stays inside v3/: a restore writes nothing anywhere else.
  const inside = (rel: string) =>
    path.normalize(rel) === rel && rel.startsWith("v3/") && !rel.split("/").includes("..");
  const strays = [...manifest.dirs, ...manifest.files.map((f) => f.path)].filter((p) => !inside(p));
  if (strays.length > 0)
    throw new BackupError(`${dir}: paths outside v3/ in the manifest: ${strays}`);
  for (const file of manifest.files) {
    const at = path.join(dir, file.path);
    if (!existsSync(at)) throw new BackupError(`${file.path} is missing from the backup`);
    if (statSync(at).size !== file.bytes || sha256(at) !== file.sha256)
      throw new BackupError(`${file.path} differs from the backup's manifest`);
  }
  return manifest;
}

export type Restored = { files: number; bytes: number; movedAside: string | null };

/**
 * Puts a backup's tree in place as `<stateDir>/v3`. Refused while a server
 * has the state open. The state it replaces is not deleted but moved to
 * `v3.before-restore-<time>` beside it.
 */
export function restoreState(backupDir: string, stateDir: string): Restored {
  const manifest = readBackup(backupDir);
  mkdirSync(stateDir, { recursive: true });
  const running = stateWriters(stateDir);
  if (running.length > 0)
    throw new BackupError(
      `the state is open in process ${running.join(", ")}: stop the server before restoring`,
    );
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const staging = path.join(stateDir, `v3.restoring-${stamp}`);
  rmSync(staging, { recursive: true, force: true });
  const into = (rel: string) => path.join(staging, path.relative("v3", rel));
  mkdirSync(staging);
  for (const dir of manifest.dirs) mkdirSync(into(dir), { recursive: true });
  for (const file of manifest.files) copyFileSync(path.join(backupDir, file.path), into(file.path));
  const tree = path.join(stateDir, "v3");
  let movedAside: string | null = null;
  if (existsSync(tree)) {
    movedAside = path.join(stateDir, `v3.before-restore-${stamp}`);
    renameSync(tree, movedAside);
  }
  renameSync(staging, tree);
  return {
    files: manifest.files.length,
    bytes: manifest.files.reduce((sum, file) => sum + file.bytes, 0),
    movedAside,
  };
}
