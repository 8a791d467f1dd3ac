/**
 * `felt bots --game russian`: the load test on Russian poker tables. Opens T
 * tables of a new Russian stake (ANTE 1–10, buy-in 200–1,000), seats S bots
 * at each, and plays H rounds per table over the real sockets: each bot takes
 * one to four boxes with random ANTEs and bonuses, asks for the cards, then
 * makes random legal decisions (fold, play, insure, exchange, sixth card,
 * take the ANTE, buy a game). Prints the same JSON as the poker bots plus
 * `rounds` and `house_net` (what the house won, from the ledger); chips
 * before = after counts the house too.
 */
import type { russian } from "@felt/engine";
import {
  followRussianFeed,
  type RussianDecision,
  type RussianServerMessage,
  type RussianStateMessage,
  russianServerMessageSchema,
} from "@felt/protocol";
import WebSocket from "ws";
import { call, chipsInPlay, driftBetween, type Reconciliation } from "../bots-api";
import { percentile } from "../bots-stats";

export type RussianBotOptions = {
  url: string;
  tables: number;
  seats: number;
  hands: number;
  thinkMs: number;
  adminEmail: string;
  adminPassword: string;
  timeoutS: number;
};

/** Refusals a real client meets too when another player acted first: counted, not errors. */
const RACES = new Set(["box_taken", "wrong_phase", "stale_round", "not_awaiting_decision"]);

type Legal = russian.LegalAction;

/** A random legal decision for one of the bot's boxes, or null when none is due. */
function decisionFor(
  legal: Legal[],
  boxes: { box: number; cards: string[] | null }[],
  random: () => number,
): RussianDecision | null {
  const pick = <T>(items: T[]): T | undefined => items[Math.floor(random() * items.length)];
  const byBox = new Map<number, Legal[]>();
  for (const action of legal) {
    if (!("box" in action) || action.type === "clearBets") continue;
    byBox.set(action.box, [...(byBox.get(action.box) ?? []), action]);
  }
  const first = [...byBox.entries()][0];
  if (!first) return null;
  const [box, actions] = first;
  const action = pick(actions) as Legal;
  switch (action.type) {
    case "play":
      return action.insurance && random() < 0.5
        ? { type: "play", box, insurance: action.insurance.min }
        : { type: "play", box };
    case "exchange": {
      const cards = boxes.find((b) => b.box === box)?.cards ?? [];
      const count = 1 + Math.floor(random() * Math.min(3, cards.length));
      return { type: "exchange", box, cards: cards.slice(0, count) };
    }
    case "fold":
    case "buySixthCard":
    case "takeAnte":
    case "buyGame":
      return { type: action.type, box };
    default:
      return null;
  }
}

export async function runRussianBots(o: RussianBotOptions): Promise<number> {
  if (o.seats > 6) {
    console.error("felt bots: --seats must be at most 6 at Russian poker (six boxes)");
    return 2;
  }
  const tag = Date.now().toString(36);
  const admin = await call<{ token: string }>(o.url, "auth.signIn", {
    email: o.adminEmail,
    password: o.adminPassword,
    session: "token",
  });
  const stake = await call<{ id: string }>(
    o.url,
    "admin.stakes.create",
    {
      name: `Russian bots ${tag}`,
      game: "russian",
      betting: "no-limit",
      smallBlind: 1,
      bigBlind: 10,
      seats: o.seats,
      actionSeconds: 30,
    },
    admin.token,
  );
  const tableIds: string[] = [];
  for (let t = 0; t < o.tables; t++) {
    const table = await call<{ id: string }>(
      o.url,
      "admin.tables.open",
      { stakeId: stake.id, name: `Russian bots ${tag} ${t + 1}` },
      admin.token,
    );
    tableIds.push(table.id);
  }
  const bots: { name: string; token: string; tableId: string }[] = [];
  for (const tableId of tableIds) {
    for (let s = 0; s < o.seats; s++) {
      const name = `rbot-${tag}-${bots.length}`;
      // Signed up with the admin's session: the per-address sign-up limit does not apply to it.
      const signed = await call<{ token: string }>(
        o.url,
        "auth.signUp",
        {
          email: `${name}@bots.felt.local`,
          password: "bots-play-for-fun",
          displayName: name,
          session: "token",
        },
        admin.token,
      );
      bots.push({ name, token: signed.token, tableId });
    }
  }
  const reconcile = () =>
    call<Reconciliation>(o.url, "admin.reconcile", undefined, admin.token, "query");
  const before = await reconcile();
  for (const bot of bots) {
    await call(
      o.url,
      "cashier.buyIn",
      { tableId: bot.tableId, amount: 1000, idempotencyKey: `${bot.name}-sit` },
      bot.token,
    );
  }

  const playStartedAt = Date.now();
  const latencies: number[] = [];
  let actions = 0;
  let errors = 0;
  let races = 0;
  let messages = 0;
  let bytes = 0;
  const roundsPlayed = new Map<string, number>();
  let seed = 0x2545f491;
  const random = () => {
    // mulberry32: reproducible bot choices without Math.random.
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  const wsBase = o.url.replace(/^http/, "ws");
  const sockets: WebSocket[] = [];
  const finished = new Promise<void>((resolve) => {
    let done = 0;
    for (const bot of bots) {
      // The token goes in a header, never the URL (logs and proxies keep URLs).
      const socket = new WebSocket(`${wsBase}/ws/table/${bot.tableId}`, {
        headers: { Authorization: `Bearer ${bot.token}` },
      });
      sockets.push(socket);
      let seq = Date.now() * 1000;
      let latest: RussianStateMessage | null = null;
      /** The message sent last, until the room answers it: a state that shows it done, or an error. */
      let pending: {
        seq: number;
        sentAt: number;
        done: (s: RussianStateMessage) => boolean;
      } | null = null;
      let thinking = false;
      let leaving = false;
      /** This round's plan: how many boxes, at which ANTE (RP-1: the same on all), and whether the cards were asked for. */
      let plan = { round: -1, boxes: 0, ante: 1, ready: false };
      const send = (
        message: Record<string, unknown>,
        done: (s: RussianStateMessage) => boolean,
      ) => {
        seq += 1;
        pending = { seq, sentAt: performance.now(), done };
        actions++;
        socket.send(JSON.stringify({ ...message, seq }));
      };
      const act = (state: RussianStateMessage) => {
        const { view } = state;
        const round = view.round;
        if (!round || leaving) return;
        const me = state.you?.playerId ?? "";
        const n = view.roundNumber;
        const moved = (s: RussianStateMessage) => s.view.roundNumber !== n;
        const mine = round.boxes.filter((b) => b.ownerId === me);
        if (round.phase === "betting") {
          const place = round.legalActions.find((a) => a.type === "placeBets");
          if (plan.round !== n && place?.type === "placeBets") {
            const ante = place.ante.min + Math.floor(random() * Math.min(3, place.ante.max));
            plan = { round: n, boxes: 1 + Math.floor(random() * 4), ante, ready: false };
          }
          if (place?.type === "placeBets" && mine.length < plan.boxes && place.boxes.length > 0) {
            const bonus = random() < 0.3 ? 1 : 0;
            const box = place.boxes[Math.floor(random() * place.boxes.length)] as number;
            const decision: RussianDecision = { type: "placeBets", box, ante: plan.ante, bonus };
            return send(
              { type: "decide", decision, round: n },
              (s) => moved(s) || s.view.round?.boxes[box]?.ownerId === me,
            );
          }
          if (mine.length > 0 && !plan.ready) {
            plan.ready = true;
            return send(
              { type: "ready" },
              (s) => moved(s) || s.view.ready.includes(me) || s.view.round?.phase !== "betting",
            );
          }
          return;
        }
        const decision = decisionFor(round.legalActions, mine, random);
        if (!decision) return;
        const before = JSON.stringify(round.boxes[decision.box]);
        send(
          { type: "decide", decision, round: n },
          (s) => moved(s) || JSON.stringify(s.view.round?.boxes[decision.box]) !== before,
        );
      };
      /** Think, then act on the state as it is by then. */
      const maybeAct = () => {
        if (pending || thinking || leaving || !latest) return;
        thinking = true;
        setTimeout(() => {
          thinking = false;
          if (latest && !pending) act(latest);
        }, o.thinkMs);
      };
      socket.on("message", (data) => {
        const text = String(data);
        messages++;
        bytes += Buffer.byteLength(text);
        let message: RussianServerMessage;
        try {
          message = russianServerMessageSchema.parse(JSON.parse(text));
        } catch {
          errors++;
          return;
        }
        if (message.type === "chat") return; // bots read no chat
        if (message.type === "error") {
          if (RACES.has(message.code)) races++;
          else {
            errors++;
            console.error(`${bot.name}: ${message.code}: ${message.message}`);
          }
          if (pending && message.seq === pending.seq) pending = null;
          return maybeAct();
        }
        if (message.type === "proofs") return; // bots never ask for proofs
        const followed = followRussianFeed(latest, message);
        if (!followed.ok) {
          // The room's messages arrive in order on one socket: a gap is a fault.
          errors++;
          console.error(`${bot.name}: russian feed ${followed.reason} at ${message.feed}`);
          socket.send(JSON.stringify({ type: "sync" }));
          return;
        }
        latest = followed.state;
        const { view } = latest;
        if (pending?.done(latest)) {
          latencies.push(performance.now() - pending.sentAt);
          pending = null;
        }
        const settled = view.round?.phase === "settled";
        const rounds = view.roundNumber - (settled ? 0 : 1);
        roundsPlayed.set(bot.tableId, Math.max(roundsPlayed.get(bot.tableId) ?? 0, rounds));
        if (!leaving && rounds >= o.hands) {
          leaving = true;
          seq += 1;
          socket.send(JSON.stringify({ type: "leave", seq }));
          done++;
          if (done === bots.length) resolve();
          return;
        }
        maybeAct();
      });
      socket.on("error", () => errors++);
    }
  });
  const timedOut = await Promise.race([
    finished.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), o.timeoutS * 1000).unref()),
  ]);
  if (timedOut) errors++;
  const playEndedAt = Date.now();
  // Leaving after a round pays out when it is settled: give the rooms a moment, then read the ledger.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise((resolve) => {
          socket.once("close", resolve);
          socket.close();
        }),
    ),
  );
  const after = await reconcile();
  const sorted = latencies.sort((a, b) => a - b);
  const rounds = [...roundsPlayed.values()].reduce((sum, n) => sum + n, 0);
  console.log(
    JSON.stringify({
      game: "russian",
      tables: o.tables,
      hands: rounds,
      rounds,
      actions,
      p50_ms: Math.round(percentile(sorted, 50) * 10) / 10,
      p99_ms: Math.round(percentile(sorted, 99) * 10) / 10,
      errors,
      races,
      bytes_per_action: actions === 0 ? 0 : Math.round(bytes / actions),
      messages_per_action: actions === 0 ? 0 : Math.round((messages / actions) * 100) / 100,
      play_started_at_ms: playStartedAt,
      play_ended_at_ms: playEndedAt,
      chips_before: chipsInPlay(before),
      chips_after: chipsInPlay(after),
      house_net: after.house - before.house,
      ledger_ok: after.ok,
    }),
  );
  return errors === 0 && driftBetween(before, after) === 0 && after.ok ? 0 : 1;
}
