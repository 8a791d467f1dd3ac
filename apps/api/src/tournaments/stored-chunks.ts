/**
 * A tournament's state, stored in pieces. A 10,000-entrant field is a few
 * megabytes as one JSON value: above a Durable Object's 2 MB value limit, and
 * far too much to rewrite after every hand. So the long lists (players,
 * tables, eliminations, finishes) are cut into chunks, the per-player and
 * per-table maps into one key per entry, and only the pieces whose contents
 * changed are written. States are never mutated (the tournament package
 * copies what it changes), so "changed" is a reference comparison.
 *
 * Rooms stored by older code are upgraded as they load (`upgraded`): what
 * the room used to decide itself now lives in the state machine's state.
 */
import { DEFAULT_REBUY_DECISION_MS, type TournamentState } from "@felt/tournament";
import { inBackground } from "../durable/background";
import type { Status, Stored } from "./stored";

type Lists = {
  players: TournamentState["players"];
  tables: TournamentState["tables"];
  eliminations: TournamentState["eliminations"];
  finishes: Stored["finishes"];
};
type Maps = Pick<Stored, "names" | "dealt" | "intents">;
const LISTS = ["players", "tables", "eliminations", "finishes"] as const;
/**
 * Items per chunk (tens of kilobytes each): small enough to rewrite often,
 * large enough to keep the key count low. A table (up to ten seats) is the
 * biggest item and the one that changes with every hand.
 */
export const CHUNK: Record<keyof Lists, number> = {
  players: 500,
  tables: 50,
  eliminations: 250,
  finishes: 250,
};
const MAPS = ["names", "dealt", "intents"] as const;
/** Maps older rooms kept, read once to upgrade them (`legacyKeys` are deleted after). */
const LEGACY_MAPS = ["rebuyOffers"] as const;

/** Everything but the lists and maps, with each list's length so loading knows its chunks. */
type Head = Omit<Stored, keyof Lists | keyof Maps | "state"> & {
  state: Omit<TournamentState, "players" | "tables" | "eliminations">;
  lengths: Record<keyof Lists, number>;
};

export type Writes = { put: Record<string, unknown>; delete: string[] };

const chunkKey = (list: string, index: number) => `${list}:${index}`;
const entryKey = (map: string, id: string) => `${map}=${id}`;

function listsOf(t: Stored): Lists {
  const { players, tables, eliminations } = t.state;
  return { players, tables, eliminations, finishes: t.finishes };
}

/** The keys and values to write (and delete) to go from `before` (null: nothing stored) to `after`. */
export function piecesToWrite(before: Stored | null, after: Stored): Writes {
  const writes: Writes = { put: {}, delete: [] };
  const old = before ? listsOf(before) : null;
  const lists = listsOf(after);
  for (const name of LISTS) {
    const next = lists[name] as readonly unknown[];
    const prev = (old?.[name] ?? []) as readonly unknown[];
    const size = CHUNK[name];
    const chunks = Math.ceil(next.length / size);
    for (let c = 0; c < chunks; c++) {
      const from = c * size;
      const to = Math.min(next.length, from + size);
      let same = old !== null && prev.length >= to && (to - from === size || prev.length === to);
      for (let i = from; same && i < to; i++) same = next[i] === prev[i];
      if (!same) writes.put[chunkKey(name, c)] = next.slice(from, to);
    }
    for (let c = chunks; c < Math.ceil(prev.length / size); c++)
      writes.delete.push(chunkKey(name, c));
  }
  for (const name of MAPS) {
    const next = after[name] as Record<string, unknown>;
    const prev = (before?.[name] ?? {}) as Record<string, unknown>;
    for (const [id, value] of Object.entries(next))
      if (prev[id] !== value) writes.put[entryKey(name, id)] = value;
    for (const id of Object.keys(prev)) if (!(id in next)) writes.delete.push(entryKey(name, id));
  }
  writes.put.head = headOf(after, lists);
  return writes;
}

function headOf(t: Stored, lists: Lists): Head {
  const { players: _p, tables: _t, eliminations: _e, ...state } = t.state;
  const { names: _n, dealt: _d, intents: _i, finishes: _f, state: _s, ...rest } = t;
  return {
    ...rest,
    state,
    lengths: {
      players: lists.players.length,
      tables: lists.tables.length,
      eliminations: lists.eliminations.length,
      finishes: lists.finishes.length,
    },
  };
}

/** The stored tournament from its pieces (as `storage.list()` returns them), or null when there is none. */
export function fromPieces(pieces: Map<string, unknown>): Stored | null {
  const head = pieces.get("head") as Head | undefined;
  if (!head) return null;
  const list = <T>(name: keyof Lists): T[] => {
    const items: T[] = [];
    for (let c = 0; c < Math.ceil(head.lengths[name] / CHUNK[name]); c++)
      items.push(...((pieces.get(chunkKey(name, c)) ?? []) as T[]));
    if (items.length !== head.lengths[name])
      throw new Error(`tournament storage: ${name} is short`);
    return items;
  };
  const map = <T>(name: keyof Maps | (typeof LEGACY_MAPS)[number]): Record<string, T> => {
    const entries: Record<string, T> = {};
    const prefix = `${name}=`;
    for (const [key, value] of pieces)
      if (key.startsWith(prefix)) entries[key.slice(prefix.length)] = value as T;
    return entries;
  };
  const { lengths: _l, state, ...rest } = head;
  return upgraded({
    ...rest,
    state: {
      ...state,
      players: list("players"),
      tables: list("tables"),
      eliminations: list("eliminations"),
    },
    finishes: list("finishes"),
    names: map("names"),
    dealt: map("dealt"),
    intents: map("intents"),
    rebuyOffers: map("rebuyOffers"),
  } as Stored & Legacy);
}

/** Keys only older rooms wrote: delete them once the room has loaded (and upgraded) what they held. */
export const legacyKeys = (pieces: Map<string, unknown>): string[] =>
  [...pieces.keys()].filter((key) => LEGACY_MAPS.some((name) => key.startsWith(`${name}=`)));

/**
 * What rooms stored before the state machine kept the tournament's status
 * and rebuy time-outs: their own status and English cancel reason beside the
 * state's phase, the minimum field beside the rules, and when each rebuy was
 * offered in a map of their own.
 */
type Legacy = {
  status?: Status;
  cancelledReason?: string | null;
  minEntrants?: number;
  rebuyOffers?: Record<string, number>;
};

/** A stored room in today's shape; one already in it comes back as it is (but for the legacy fields). */
export function upgraded(old: Stored & Legacy): Stored {
  const { status, cancelledReason, minEntrants, rebuyOffers, ...t } = old;
  let state = t.state;
  const rules = state.rules as Partial<TournamentState["rules"]> & TournamentState["rules"];
  if (rules.minEntrants === undefined || rules.rebuyDecisionMs === undefined)
    state = {
      ...state,
      rules: {
        ...rules,
        minEntrants: rules.minEntrants ?? minEntrants ?? 2,
        rebuyDecisionMs: rules.rebuyDecisionMs ?? DEFAULT_REBUY_DECISION_MS,
      },
    };
  if (state.pendingRebuys.some((p) => p.offeredAt === undefined))
    state = {
      ...state,
      // An offer with no time known times out a full decision time after the room's last command.
      pendingRebuys: state.pendingRebuys.map((p) =>
        p.offeredAt === undefined
          ? { ...p, offeredAt: rebuyOffers?.[p.playerId] ?? state.clock }
          : p,
      ),
    };
  // Cancelled by the room, before the start (phase "registering") or after it ("finished").
  if (status === "cancelled" && state.phase !== "cancelled")
    state = {
      ...state,
      phase: "cancelled",
      cancellation: {
        reason: cancelledReason?.startsWith("Fewer than") ? "min_field" : "director",
        split: null,
      },
    };
  return { ...t, state };
}

/** Keys per storage call (the API's limit). */
const STORAGE_BATCH = 128;

/**
 * Sends `writes` to the room's storage in batches the API takes. Not
 * awaited by the room: the writes go out as one atomic batch, and the
 * output gate holds every reply until they are on disk.
 */
export function sendWrites(storage: DurableObjectStorage, writes: Writes): void {
  const puts = Object.entries(writes.put);
  for (let i = 0; i < puts.length; i += STORAGE_BATCH)
    inBackground(
      storage.put(Object.fromEntries(puts.slice(i, i + STORAGE_BATCH))),
      "tournament storage write",
    );
  for (let i = 0; i < writes.delete.length; i += STORAGE_BATCH)
    inBackground(
      storage.delete(writes.delete.slice(i, i + STORAGE_BATCH)),
      "tournament storage delete",
    );
}

/** Deletes what older rooms kept beside the state (`legacyKeys`), in batches. */
export async function deleteLegacy(
  storage: DurableObjectStorage,
  pieces: Map<string, unknown>,
): Promise<void> {
  const legacy = legacyKeys(pieces);
  for (let i = 0; i < legacy.length; i += STORAGE_BATCH)
    await storage.delete(legacy.slice(i, i + STORAGE_BATCH));
}
