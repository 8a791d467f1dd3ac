/**
 * A compact structural diff of JSON values, for the table feed (each socket
 * gets what changed in its own view) and for the room's journal (what changed
 * in its snapshot). A patch is one of:
 *   - `[value]`: the value is replaced by `value`;
 *   - `[]`: the key is removed from its object;
 *   - `{ key: patch, … }`: some keys of an object, or some indices of an array,
 *     change as their patches say. An array that grew gets its new items as
 *     `[value]` at the indices just past its old end (the board, the hand's
 *     actions and the fairness leaves only ever grow during a hand, so a new
 *     card costs that card, not the whole list again); one that shrank is
 *     replaced whole.
 * JSON Patch (RFC 6902) spells every change as a full path and an operation,
 * several times larger for the few chips that move in one action; JSON Merge
 * Patch (RFC 7386) cannot set a value to null and replaces arrays whole.
 */
import { z } from "zod";

export type Patch = [unknown] | [] | { [key: string]: Patch };

export const patchSchema: z.ZodType<Patch> = z.lazy(() =>
  z.union([z.tuple([z.unknown()]), z.tuple([]), z.record(z.string(), patchSchema)]),
);

type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container =>
  typeof value === "object" && value !== null;

/**
 * Patches already worked out, by the pair of objects they lead from and to
 * (null: equal). Views of one change for many viewers share most of their
 * objects, so with one memo for the change each shared part is compared once.
 */
export type DiffMemo = WeakMap<object, WeakMap<object, Patch | null>>;

/**
 * What changes `before` into `after`, or undefined when they are equal as
 * JSON. With a `memo`, objects are taken as unchanged since it last met them.
 */
export function diff(before: unknown, after: unknown, memo?: DiffMemo): Patch | undefined {
  if (before === after) return undefined;
  if (!isContainer(before) || !isContainer(after)) return [after];
  if (!memo) return diffContainers(before, after);
  let known = memo.get(before);
  if (!known) {
    known = new WeakMap();
    memo.set(before, known);
  }
  const seen = known.get(after);
  if (seen !== undefined) return seen ?? undefined;
  const patch = diffContainers(before, after, memo);
  known.set(after, patch ?? null);
  return patch;
}

function diffContainers(before: Container, after: Container, memo?: DiffMemo): Patch | undefined {
  if (Array.isArray(before))
    return Array.isArray(after) ? diffArrays(before, after, memo) : [after];
  return Array.isArray(after) ? [after] : diffObjects(before, after, memo);
}

function diffArrays(before: unknown[], after: unknown[], memo?: DiffMemo): Patch | undefined {
  if (after.length < before.length) return [after];
  let changes: Record<string, Patch> | undefined;
  for (let i = 0; i < after.length; i++) {
    const value = after[i];
    if (i >= before.length) {
      // An item JSON would write as null cannot be appended as itself: the whole array then.
      if (value === undefined) return [after];
      changes ??= {};
      changes[i] = [value];
      continue;
    }
    if (value === undefined) continue;
    const old = before[i];
    const change: Patch | undefined = old === undefined ? [value] : diff(old, value, memo);
    if (change !== undefined) {
      changes ??= {};
      changes[i] = change;
    }
  }
  return changes;
}

function diffObjects(
  from: Record<string, unknown>,
  to: Record<string, unknown>,
  memo?: DiffMemo,
): Patch | undefined {
  let changes: Record<string, Patch> | undefined;
  /** Keys of `to` that `from` has too: when they are all of `from`'s, none was removed. */
  let kept = 0;
  for (const key of Object.keys(to)) {
    const value = to[key];
    // JSON has no undefined: a key holding it is no key at all.
    if (value === undefined) continue;
    const old = own(from, key);
    if (old !== undefined) kept++;
    const change: Patch | undefined = old === undefined ? [value] : diff(old, value, memo);
    if (change !== undefined) {
      changes ??= {};
      changes[key] = change;
    }
  }
  const keys = Object.keys(from);
  if (keys.length === kept) return changes;
  for (const key of keys) {
    if (from[key] !== undefined && own(to, key) === undefined) {
      changes ??= {};
      changes[key] = [];
    }
  }
  return changes;
}

/** The object's own value at `key`: never one inherited, such as `valueOf`. */
function own(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** Keys that would reach an object's prototype rather than the object. */
const FORBIDDEN = new Set(["__proto__", "constructor", "prototype"]);

export class PatchMismatch extends Error {}

/**
 * `value` changed as `patch` says; nothing is modified in place. Throws
 * `PatchMismatch` when the patch was not made for a value of this shape.
 */
export function applyPatch<T>(value: T, patch: Patch): T {
  return patched(value, patch) as T;
}

function patched(value: unknown, patch: Patch): unknown {
  if (Array.isArray(patch)) {
    if (patch.length === 0) throw new PatchMismatch("a removal must stand under a key");
    return patch[0];
  }
  if (!isContainer(value)) throw new PatchMismatch("a patch of keys needs an object or array");
  const copy: Container = Array.isArray(value) ? value.slice() : { ...value };
  for (const [key, change] of Object.entries(patch)) {
    if (FORBIDDEN.has(key)) throw new PatchMismatch(`the key ${key} is not allowed`);
    if (Array.isArray(copy)) {
      const index = Number(key);
      // Indices come in ascending order (JSON objects keep integer keys so), so
      // appended items arrive one past the end each, as whole values.
      const appended = index === copy.length && Array.isArray(change) && change.length === 1;
      if (!Number.isInteger(index) || index < 0 || (index >= copy.length && !appended))
        throw new PatchMismatch(`no index ${key} in an array of ${copy.length}`);
      copy[index] = patched(copy[index], change);
    } else if (Array.isArray(change) && change.length === 0) {
      delete copy[key];
    } else {
      copy[key] = patched(own(copy, key), change);
    }
  }
  return copy;
}
