/**
 * Display names that look alike are one name: `Аdmin` (a Cyrillic А) is
 * `Admin`. Each name is stored with its key, the lower-cased UTS #39-style
 * skeleton of its NFKC form (the `confusables` library maps each character to
 * the Latin one it is mistaken for), and the key is unique in D1. Characters
 * that show nothing (Hangul fillers, zero-width joiners: Unicode's
 * Default_Ignorable_Code_Point) are refused outright.
 */
import { remove } from "confusables";

const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;

export const hasInvisibleCharacters = (name: string) => INVISIBLE.test(name);

export function nameKey(name: string): string {
  return remove(name.normalize("NFKC")).normalize("NFKC").toLowerCase();
}
