/**
 * Display names that look alike are one name: `Аdmin` (a Cyrillic А),
 * `Admın` (a dotless ı), `Adrnin` (r + n for m) and `A d m i n` are all
 * `Admin`. Each name is stored with its key and the key is unique in D1.
 *
 * The key is Unicode's confusable skeleton (UTS #39, section 4:
 * NFD, then each character mapped by confusables.txt, then NFD) of the name
 * case-folded and without its separators. The mapping is Unicode's own data
 * through `unhomoglyph` (confusables.txt, not a hand list); it maps whole
 * characters to sequences, so `m` becomes `rn` and `rn` stays `rn`. The name
 * is lower-cased first (NFKC before that turns fullwidth and styled letters
 * into plain ones), so names that differ in case only are one name too.
 * Spaces, `_`, `.` and `-` (the separators a name may hold) are left out, so
 * `A d m i n` and `a_dmin` are `admin`.
 *
 * Characters that show nothing (Hangul fillers, zero-width joiners:
 * Unicode's Default_Ignorable_Code_Point) are refused outright.
 */
import unhomoglyph from "unhomoglyph";

const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;
/** What separates the parts of a name (the name rule allows spaces, `_`, `.` and `-`). */
const SEPARATORS = /[\s_.-]/g;
/**
 * Keys carry their kind, so a key made before skeletons (a name's lower case,
 * which never holds a `:`) is told apart and made again (`name-keys.ts`).
 */
export const KEY_PREFIX = "s:";

export const hasInvisibleCharacters = (name: string) => INVISIBLE.test(name);

/** UTS #39's skeleton: NFD, confusables.txt's mapping, NFD. */
export const skeleton = (text: string) => unhomoglyph(text.normalize("NFD")).normalize("NFD");

export function nameKey(name: string): string {
  const folded = name.normalize("NFKC").toLowerCase().replace(SEPARATORS, "");
  // Lower case again: a few prototypes are capitals (a character mapped to one).
  return KEY_PREFIX + skeleton(folded).toLowerCase();
}
