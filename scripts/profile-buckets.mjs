/**
 * Buckets a V8 .cpuprofile (Chrome DevTools protocol `Profiler.stop`) by
 * component, for scripts/profile-live.mjs. Also runnable on a saved profile:
 * `node scripts/profile-buckets.mjs <file.cpuprofile> [bundle index.js]`.
 *
 * Each sample goes to the innermost frame on its stack that names a
 * component: a Worker function by the source module esbuild's bundle names
 * above it (`// src/rooms/room-storage.ts`), a runtime API or builtin by its
 * name (`send`, `digest`, `transactionSync`…); other runtime APIs count as
 * their caller's. So SQLite's `exec` under a room's commit counts as storage
 * commit, R2's `put` under the courier as hand history, and JSON.stringify
 * (a V8 builtin, never a frame of its own) as the function that called it.
 * "(program)" (the runtime's C++ with no JavaScript on the stack), "(root)"
 * and "(garbage collector)" are V8's own; "(idle)" is left out.
 */
import { readFileSync } from "node:fs";

/** Sorted [firstLine, module] pairs from esbuild's `// path` comments in a bundle. */
export function moduleRanges(bundle) {
  const ranges = [];
  bundle.split("\n").forEach((line, i) => {
    const named = /^\/\/ ((?:\.\.\/)*(?:src|packages|node_modules)\/\S+\.[cm]?[jt]sx?)$/.exec(line);
    if (named) ranges.push([i, named[1]]);
  });
  return ranges;
}

function moduleAt(ranges, line) {
  let lo = 0;
  let hi = ranges.length - 1;
  let found = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid][0] <= line) {
      found = ranges[mid][1];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** [component, test on the module path] for the Worker's own code, first match wins. */
const MODULES = [
  [
    "storage commit",
    /rooms\/(room-storage|core\/stored|russian\/russian-storage|outbox-rows)\.ts$/,
  ],
  ["sockets", /rooms\/(room-sockets|table-chat)\.ts$/],
  [
    "D1",
    /rooms\/core\/d1-meter\.ts$|drizzle-orm|src\/(db|ledger)\/|lobby\/rows\.ts$|buy-in-batch|outbox-delivery/,
  ],
  [
    "deal crypto",
    /packages\/fairness\/|rooms\/(fairness|game-deck|russian\/russian-fairness)\.ts$/,
  ],
  // Each seat's view (the engine's viewers), its diff from the last, the messages that carry them.
  [
    "deltas and views",
    /packages\/protocol\/src\/(?!table\.ts)|engine\/src\/.*view|rooms\/(messages|seat-summary)\.ts$/,
  ],
  ["alarms", /rooms\/table-due\.ts$/],
  ["hand history (PHH, R2)", /engine\/src\/phh\/|src\/history\/|rooms\/hand-history\.ts$/],
  ["engine rules", /packages\/(engine|tournament)\/|rooms\/russian\/russian-rules\.ts$/],
  // The players' messages checked against their schemas (protocol/src/table.ts's parsers).
  ["input checks (zod)", /zod|packages\/protocol\/src\/table\.ts$/],
  [
    "HTTP, tRPC, auth",
    /hono|@trpc|src\/(auth|trpc|lobby|account|admin|home|tournaments)\/|src\/[^/]+\.ts$/,
  ],
  ["room plumbing", /src\/rooms\//],
];

/**
 * [component, test on a runtime API's name] for frames with no module. V8's
 * own builtins (JSON.parse and JSON.stringify among them) have no frames in
 * these profiles: their time is their caller's.
 */
const NATIVE = [
  ["storage commit", /^(transactionSync|transaction|exec|one|toArray|raw)$/],
  ["alarms", /^(setAlarm|getAlarm|deleteAlarm|alarm)$/],
  [
    "sockets",
    /^(send|getWebSockets|serializeAttachment|deserializeAttachment|accept|acceptWebSocket|close)$/,
  ],
  ["deal crypto", /^(digest|sign|verify|importKey|getRandomValues|randomUUID)$/],
  ["D1", /^(batch|prepare|bind|run|all|first)$/],
];

const V8 = new Set(["(idle)", "(program)", "(garbage collector)", "(root)"]);

function classify(frame, ranges) {
  const { functionName, url, lineNumber } = frame;
  if (V8.has(functionName)) return functionName;
  const module = url && ranges ? moduleAt(ranges, lineNumber) : null;
  if (module) {
    for (const [name, test] of MODULES) if (test.test(module)) return name;
    return "other";
  }
  if (!url) for (const [name, test] of NATIVE) if (test.test(functionName)) return name;
  return null; // a builtin with no component of its own: its caller's
}

/** Percent of the samples (not idle) by component. */
export function bucketProfile(profile, ranges) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const component = new Map();
  const componentOf = (id) => {
    if (component.has(id)) return component.get(id);
    const own = classify(byId.get(id).callFrame, ranges);
    const found = own ?? (parent.has(id) ? componentOf(parent.get(id)) : "other");
    component.set(id, found);
    return found;
  };
  // Counted by samples, not by the gaps between them: workerd takes a sample
  // only while the isolate runs, so a gap also holds the time it waited.
  const samples = new Map();
  for (const id of profile.samples) {
    const name = componentOf(id);
    samples.set(name, (samples.get(name) ?? 0) + 1);
  }
  const busy = profile.samples.length - (samples.get("(idle)") ?? 0);
  const pct = (n) => Math.round((1000 * n) / Math.max(1, busy)) / 10;
  const components = [...samples]
    .filter(([name]) => name !== "(idle)")
    .sort((a, b) => b[1] - a[1])
    .map(([name, n]) => ({ component: name, pct: pct(n), samples: n }));
  return { samples: busy, components };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, bundle] = process.argv.slice(2);
  if (!file) {
    console.error("usage: node scripts/profile-buckets.mjs <file.cpuprofile> [bundle index.js]");
    process.exit(2);
  }
  const ranges = bundle ? moduleRanges(readFileSync(bundle, "utf8")) : null;
  console.log(
    JSON.stringify(bucketProfile(JSON.parse(readFileSync(file, "utf8")), ranges), null, 2),
  );
}
