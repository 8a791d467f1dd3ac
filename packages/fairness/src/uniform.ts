/**
 * Bounded integers from the platform's CSPRNG (`crypto.getRandomValues`):
 * 32-bit words past the last whole multiple of the bound are drawn again
 * (rejection sampling), so no value is favoured (no modulo bias). This is
 * the one place real draws take their integers from.
 */

const TWO_POW_32 = 2 ** 32;

function checkBound(bound: number): void {
  if (!Number.isInteger(bound) || bound < 1 || bound > TWO_POW_32) {
    throw new RangeError(`bound must be an integer in [1, 2^32], got ${bound}`);
  }
}

/**
 * One uniform integer in `[0, bound)` per bound, e.g. `uniformInts(shuffleBounds(n))`
 * for a Fisher–Yates shuffle of n items.
 */
export function uniformInts(bounds: readonly number[]): number[] {
  for (const bound of bounds) checkBound(bound);
  const out: number[] = [];
  const words = new Uint32Array(Math.max(1, bounds.length));
  let used = words.length;
  for (const bound of bounds) {
    const limit = TWO_POW_32 - (TWO_POW_32 % bound);
    for (;;) {
      if (used === words.length) {
        crypto.getRandomValues(words);
        used = 0;
      }
      const word = words[used++] as number;
      if (word < limit) {
        out.push(word % bound);
        break;
      }
    }
  }
  return out;
}

/** One uniform integer in `[0, bound)`. */
export const uniformInt = (bound: number): number => uniformInts([bound])[0] as number;
