/**
 * The action-string grammar: `actor verb [argument] [# commentary]`.
 * Parsing is strict (one verb, the right number of words, cards and amounts
 * well formed) so that a file we accept is one PokerKit also accepts.
 */
import { formatCard, parseCard } from "../cards";
import type { PhhAction, PhhCard, PhhError, PhhResult } from "./types";

const PLAYER = /^p([1-9][0-9]*)$/;
const INTEGER = /^(0|[1-9][0-9]*)$/;

/** Splits off commentary: a `#` at the start or after whitespace begins it. */
function splitComment(text: string): { body: string; comment?: string } {
  const match = /(^|\s)#/.exec(text);
  if (!match) return { body: text.trim() };
  const at = match.index + (match[1] ?? "").length;
  return { body: text.slice(0, at).trim(), comment: text.slice(at + 1).trim() };
}

/**
 * "AcKd", "????" or "Ac??" → cards, `??` being null. Jokers (`Jk`, `Jr`) only
 * when `jokers` is set: PHH has none, Felt's draw games with wild cards do.
 */
export function parsePhhCards(text: string, jokers = false): PhhCard[] | undefined {
  if (text.length === 0 || text.length % 2 !== 0) return undefined;
  const cards: PhhCard[] = [];
  for (let i = 0; i < text.length; i += 2) {
    const pair = text.slice(i, i + 2);
    if (pair === "??") {
      cards.push(null);
      continue;
    }
    // parseCard also accepts jokers; PHH has none.
    if (!jokers && (pair === "Jk" || pair === "JK" || pair === "Jr")) return undefined;
    try {
      cards.push(parseCard(pair));
    } catch {
      return undefined;
    }
  }
  return cards;
}

export const formatPhhCards = (cards: readonly PhhCard[]): string =>
  cards.map((card) => (card === null ? "??" : formatCard(card))).join("");

/**
 * Parses one action string. `playerCount` bounds `pN`; `jokers` allows joker
 * cards (Felt's draw games with wild cards). Errors are `phh_bad_action`
 * (grammar), `phh_bad_card` and `phh_bad_amount`.
 */
export function parseAction(
  text: string,
  playerCount: number,
  jokers = false,
): PhhResult<PhhAction> {
  const { body, comment } = splitComment(text);
  const withComment = <T extends PhhAction>(action: T): PhhResult<PhhAction> => ({
    ok: true,
    value: comment === undefined ? action : { ...action, comment },
  });
  const bad = (code: PhhError["code"], why: string): PhhResult<PhhAction> => ({
    ok: false,
    error: { code, message: `action "${text}": ${why}` },
  });
  if (body === "") return withComment({ kind: "none" });

  const [actor = "", verb, ...rest] = body.split(/\s+/);
  // The argument words; `rest.length` checks below say how many there must be.
  const [first = "", second = ""] = rest;
  const player = (name: string): number | undefined => {
    const match = PLAYER.exec(name);
    if (!match) return undefined;
    const index = Number(match[1]) - 1;
    return index < playerCount ? index : undefined;
  };

  if (actor === "d") {
    if (verb === "dh") {
      if (rest.length !== 2) return bad("phh_bad_action", "expected `d dh pN cards`");
      const who = player(first);
      if (who === undefined) return bad("phh_bad_action", `no player "${first}"`);
      const cards = parsePhhCards(second, jokers);
      if (!cards) return bad("phh_bad_card", `bad cards "${second}"`);
      return withComment({ kind: "dealHole", player: who, cards });
    }
    if (verb === "db") {
      if (rest.length !== 1) return bad("phh_bad_action", "expected `d db cards`");
      const cards = parsePhhCards(first);
      if (!cards) return bad("phh_bad_card", `bad cards "${first}"`);
      // Board cards are public: an unknown board card cannot be replayed.
      if (cards.includes(null)) return bad("phh_bad_card", "board cards cannot be unknown");
      return withComment({ kind: "dealBoard", cards: cards as number[] });
    }
    return bad("phh_bad_action", `unknown dealer action "${verb ?? ""}"`);
  }

  const who = player(actor);
  if (who === undefined) return bad("phh_bad_action", `no player "${actor}"`);
  switch (verb) {
    case "f":
    case "cc":
      if (rest.length !== 0) return bad("phh_bad_action", `\`${verb}\` takes no argument`);
      return withComment({ kind: verb === "f" ? "fold" : "checkOrCall", player: who });
    case "cbr": {
      if (rest.length !== 1) return bad("phh_bad_action", "expected `pN cbr amount`");
      if (!INTEGER.test(first))
        return bad("phh_bad_amount", `"${first}" is not a whole chip amount`);
      const value = Number(first);
      if (!Number.isSafeInteger(value) || value <= 0)
        return bad("phh_bad_amount", "amount out of range");
      return withComment({ kind: "betOrRaiseTo", player: who, amount: value });
    }
    case "sm": {
      if (rest.length === 0) return withComment({ kind: "showOrMuck", player: who, show: false });
      if (rest.length !== 1) return bad("phh_bad_action", "expected `pN sm [cards|-]`");
      if (first === "-") return withComment({ kind: "showOrMuck", player: who, show: "dealt" });
      const cards = parsePhhCards(first, jokers);
      if (!cards) return bad("phh_bad_card", `bad cards "${first}"`);
      return withComment({ kind: "showOrMuck", player: who, show: cards });
    }
    case "sd": {
      if (rest.length === 0)
        return withComment({ kind: "standPatOrDiscard", player: who, cards: [] });
      if (rest.length !== 1) return bad("phh_bad_action", "expected `pN sd [cards]`");
      const cards = parsePhhCards(first, jokers);
      if (!cards) return bad("phh_bad_card", `bad cards "${first}"`);
      return withComment({ kind: "standPatOrDiscard", player: who, cards });
    }
    case "pb":
      if (rest.length !== 0) return bad("phh_bad_action", "`pb` takes no argument");
      return withComment({ kind: "postBringIn", player: who });
    default:
      return bad("phh_bad_action", `unknown verb "${verb ?? ""}"`);
  }
}

/** The canonical string of an action, as `writePhh` writes it. */
export function formatAction(action: PhhAction): string {
  const p = (player: number) => `p${player + 1}`;
  let body: string;
  switch (action.kind) {
    case "dealHole":
      body = `d dh ${p(action.player)} ${formatPhhCards(action.cards)}`;
      break;
    case "dealBoard":
      body = `d db ${formatPhhCards(action.cards)}`;
      break;
    case "fold":
      body = `${p(action.player)} f`;
      break;
    case "checkOrCall":
      body = `${p(action.player)} cc`;
      break;
    case "betOrRaiseTo":
      body = `${p(action.player)} cbr ${action.amount}`;
      break;
    case "postBringIn":
      body = `${p(action.player)} pb`;
      break;
    case "standPatOrDiscard":
      body =
        action.cards.length === 0
          ? `${p(action.player)} sd`
          : `${p(action.player)} sd ${formatPhhCards(action.cards)}`;
      break;
    case "showOrMuck":
      body =
        action.show === false
          ? `${p(action.player)} sm`
          : action.show === "dealt"
            ? `${p(action.player)} sm -`
            : `${p(action.player)} sm ${formatPhhCards(action.show)}`;
      break;
    case "none":
      body = "";
      break;
  }
  if (action.comment === undefined) return body;
  return body === "" ? `# ${action.comment}` : `${body} # ${action.comment}`;
}
