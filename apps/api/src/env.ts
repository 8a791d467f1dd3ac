/**
 * The Durable Object class behind each binding, by binding name. bindings.ts
 * fills it in (module augmentation), not this file: every room imports `Env`,
 * so a room imported here would make each of them an import cycle.
 */
// biome-ignore lint/suspicious/noEmptyInterface: bindings.ts declares its members.
export interface DurableClasses {}

/** The namespace of binding `K`, typed by its class for RPC. */
type Namespace<K extends string> = DurableObjectNamespace<
  K extends keyof DurableClasses ? Extract<DurableClasses[K], Rpc.DurableObjectBranded> : undefined
>;

/** Bindings from wrangler.jsonc; the only place the Worker's environment is described. */
export type Env = {
  DB: D1Database;
  TABLE_ROOM: Namespace<"TABLE_ROOM">;
  TOURNAMENT_ROOM: Namespace<"TOURNAMENT_ROOM">;
  /** Russian poker tables, played against the house. */
  RUSSIAN_ROOM: Namespace<"RUSSIAN_ROOM">;
  /** Hand histories' PHH, one object per hand (history/phh-store.ts); D1 keeps the index. */
  HISTORIES: R2Bucket;
  /**
   * Days a finished hand is kept (its index row and its PHH object); unset or
   * 0 keeps every hand. The cron sweeps older ones (history/retention.ts).
   */
  HISTORY_RETENTION_DAYS?: string;
  /** Comma-separated browser origins allowed to call the API with credentials. */
  WEB_ORIGINS: string;
  /** Pause between hands in ms (default 3000); the tests set it long and deal by firing the alarm. */
  NEXT_HAND_DELAY_MS?: string;
  /** "off": no line per request (the API tests set it; errors are still logged). request-log.ts. */
  FELT_REQUEST_LOG?: string;
  /** Test-only: "abort-rooms" lets the soak abort rooms (chaos.ts). Never set in wrangler.jsonc. */
  FELT_CHAOS?: string;
  /** Test-only: "browser-tests" lets the browser tests move the rooms' clock (test-clock.ts). Never set in wrangler.jsonc. */
  FELT_TEST_CLOCK?: string;
  /**
   * Tests only, never in production: a JSON list of stacked 52-card decks that
   * Russian poker rooms deal in turn instead of shuffling, so the browser test
   * reaches an exchange, insurance and a bought game. Such rounds publish no
   * fairness commitment: a stacked deck is not a fair one.
   */
  RUSSIAN_TEST_DECKS?: string;
  /** Sign-ups allowed per address per hour (default 3) and overall per hour (default 100). */
  SIGN_UPS_PER_IP_PER_HOUR?: string;
  SIGN_UPS_PER_HOUR?: string;
  /**
   * Comma-separated addresses of the reverse proxies in front of `npm start`
   * whose `CF-Connecting-IP` header names the client (auth/client-address.ts).
   * Unset: the peer of the socket is the client. Not needed on Cloudflare.
   */
  TRUSTED_PROXIES?: string;
  /** Every sign-up answers no sooner than this many ms (default 300), so its time reveals no email. */
  SIGN_UP_ANSWER_MS?: string;
  /** How email is sent (mail/mail.ts): console (default), resend, or memory (tests). */
  MAIL_TRANSPORT?: string;
  /** For MAIL_TRANSPORT=resend: the API key (a secret) and the sender address. */
  RESEND_API_KEY?: string;
  MAIL_FROM?: string;
};

/** A whole number of at least `least` (default 1) from the environment, else the fallback. */
export function countFrom(value: string | undefined, fallback: number, least = 1): number {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isSafeInteger(n) && n >= least
    ? n
    : fallback;
}

/** The pause between hands: the environment's, when it is a sane number of milliseconds. */
export function nextHandDelayMs(env: Env, fallback: number): number {
  const ms = Number(env.NEXT_HAND_DELAY_MS);
  return Number.isInteger(ms) && ms >= 0 && ms <= 600_000 ? ms : fallback;
}

/** The allowed browser origins, parsed once per request from the environment. */
export function webOrigins(env: Env): string[] {
  return env.WEB_ORIGINS.split(",")
    .map((origin) => origin.trim())
    .filter(Boolean);
}
