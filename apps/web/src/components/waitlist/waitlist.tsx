"use client";
/**
 * T-12: waiting lists of full cash tables. The player's lists are polled
 * (waitlist.mine, from the rooms' memory) like the "my tables" bar, more
 * often while he is on one, so a seat offered reaches him within a couple
 * of seconds wherever he is: the lobby or a table page. The offer's clock
 * counts down from the server's reading (`offerMsLeft`), not this device's
 * idea of the time.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useFormat } from "@/i18n/format";
import { useErrors } from "@/lib/errors";
import { type RouterOutputs, useTRPC } from "@/lib/trpc";
import { useRemaining } from "@/lib/use-countdown";
import styles from "./waitlist.module.css";

type Wait = RouterOutputs["waitlist"]["mine"][number];

/** On a list: an offer lasts 30 s, so a poll every 2 s shows it with most of its time left. */
const WAITING_POLL_MS = 2_000;
/** On no list: only to notice lists joined in another tab. */
const IDLE_POLL_MS = 15_000;

/** The signed-in player's lists, with when they were read (for the offer's clock). */
export function useMyWaits() {
  const trpc = useTRPC();
  const me = useQuery(trpc.auth.me.queryOptions());
  const mine = useQuery({
    ...trpc.waitlist.mine.queryOptions(),
    enabled: Boolean(me.data),
    refetchInterval: (query) => (query.state.data?.length ? WAITING_POLL_MS : IDLE_POLL_MS),
    refetchOnWindowFocus: true,
  });
  return {
    signedIn: Boolean(me.data),
    waits: me.data ? (mine.data ?? []) : [],
    measuredAt: mine.dataUpdatedAt,
  };
}

/** Join or leave a table's list; the lists and the lobby are read again after. */
function useListChange(tableId: string, action: "join" | "leave") {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options =
    action === "join"
      ? trpc.waitlist.join.mutationOptions()
      : trpc.waitlist.leave.mutationOptions();
  return useMutation({
    ...options,
    mutationKey: [...(options.mutationKey ?? []), tableId],
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: trpc.waitlist.mine.queryKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.lobby.tables.queryKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.lobby.table.queryKey() });
    },
  });
}

/**
 * Every seat offered to the player, pinned in view: "A seat is yours at
 * Aurora: 0:27 — Take it / Decline". `here` is the table of this page:
 * "Take it" there opens its buy-in (`onTake`); elsewhere it goes to the table.
 */
export function SeatOffers({ here, onTake }: { here?: string; onTake?: () => void }) {
  const t = useTranslations("waitlist");
  const { waits, measuredAt } = useMyWaits();
  const offers = waits.filter((w) => w.offerMsLeft !== null);
  if (offers.length === 0) return null;
  return (
    <>
      {/* Room at the page's end, so the pinned offer never hides its last lines. */}
      <div className={styles.spacer} aria-hidden="true" />
      <section className={styles.offers} aria-label={t("offers")}>
        {offers.map((wait) => (
          <SeatOffer
            key={wait.tableId}
            wait={wait}
            measuredAt={measuredAt}
            onTake={wait.tableId === here ? onTake : undefined}
          />
        ))}
      </section>
    </>
  );
}

function SeatOffer({
  wait,
  measuredAt,
  onTake,
}: {
  wait: Wait;
  measuredAt: number;
  onTake: (() => void) | undefined;
}) {
  const t = useTranslations("waitlist");
  const f = useFormat();
  const errors = useErrors();
  const left = useRemaining(wait.offerMsLeft, measuredAt) ?? 0;
  const decline = useListChange(wait.tableId, "leave");
  const table = wait.name;
  return (
    <div className={styles.offer} data-testid="seat-offer" data-table={wait.tableId}>
      {/* Said once as it appears; the clock beside it is not read out every second. */}
      <p role="alert">{t("offer", { table })}</p>
      <span className={styles.clock} role="timer" aria-live="off" data-testid="offer-clock">
        {f.countdown(left)}
        <span className="visually-hidden"> {t("offerTime", { time: f.countdown(left) })}</span>
      </span>
      <span className={styles.actions}>
        {onTake ? (
          <button type="button" onClick={onTake} aria-label={t("takeLabel", { table })}>
            {t("take")}
          </button>
        ) : (
          <Link
            className="button-link"
            href={`/table/${wait.tableId}`}
            aria-label={t("takeLabel", { table })}
          >
            {t("take")}
          </Link>
        )}
        <button
          type="button"
          disabled={decline.isPending}
          onClick={() => decline.mutate({ tableId: wait.tableId })}
          aria-label={t("declineLabel", { table })}
        >
          {t("decline")}
        </button>
      </span>
      <span className={styles.hint}>{t("offerHint")}</span>
      {decline.error && (
        <p role="alert" className="error">
          {errors.message(decline.error)}
        </p>
      )}
    </div>
  );
}

/** Join or leave one table's list; the error, if any, beside it. */
export function WaitlistButton({
  tableId,
  table,
  waiting,
}: {
  tableId: string;
  table: string;
  waiting: boolean;
}) {
  const t = useTranslations("waitlist");
  const errors = useErrors();
  const join = useListChange(tableId, "join");
  const leave = useListChange(tableId, "leave");
  const change = waiting ? leave : join;
  return (
    <>
      <button
        type="button"
        data-testid={waiting ? "waitlist-leave" : "waitlist-join"}
        disabled={change.isPending}
        onClick={() => change.mutate({ tableId })}
        aria-label={t(waiting ? "leaveLabel" : "joinLabel", { table })}
      >
        {t(waiting ? "leave" : "join")}
      </button>
      {change.error && (
        <span role="alert" className="error">
          {errors.message(change.error)}
        </span>
      )}
    </>
  );
}

/**
 * Under a lobby row's table name (in view on a phone, where the players'
 * column is not): "full · 2 waiting" and the list's button.
 */
export function LobbyWaitlist({
  table,
}: {
  table: { id: string; name: string; game: string; seatsFree: number; waiting: number };
}) {
  const t = useTranslations("waitlist");
  const { signedIn, waits } = useMyWaits();
  // Russian poker is played against the house: no seat is ever short there.
  const listed = table.game !== "russian" && (table.seatsFree === 0 || table.waiting > 0);
  if (!listed) return null;
  return (
    <span className={styles.lobby}>
      <span className={styles.full} data-testid="lobby-waiting">
        {t("full", { count: table.waiting })}
      </span>
      {signedIn && (
        <WaitlistButton
          tableId={table.id}
          table={table.name}
          waiting={waits.some((w) => w.tableId === table.id)}
        />
      )}
    </span>
  );
}

/**
 * At a table page, for a player not seated there: his place on its list,
 * or "This table is full: N waiting" and the way onto it. Nothing while a
 * seat is free for him (he sits down as usual) or when the table keeps no list.
 */
export function TableWaitlist({ tableId, full }: { tableId: string; full: boolean }) {
  const t = useTranslations("waitlist");
  const trpc = useTRPC();
  const { signedIn, waits } = useMyWaits();
  const table = useQuery({ ...trpc.lobby.table.queryOptions({ id: tableId }), retry: false });
  const mine = waits.find((w) => w.tableId === tableId);
  const row = table.data;
  if (!signedIn || !row || row.home || row.status !== "open" || row.stake.game === "russian")
    return null;
  if (mine) {
    return (
      <div className={styles.panel} data-testid="table-waitlist">
        <p role="status">{t("position", { position: mine.position, count: mine.waiting })}</p>
        <WaitlistButton tableId={tableId} table={row.name} waiting />
      </div>
    );
  }
  if (!full) return null;
  return (
    <div className={styles.panel} data-testid="table-waitlist">
      <p>{t("tableFull", { count: row.waiting })}</p>
      <WaitlistButton tableId={tableId} table={row.name} waiting={false} />
    </div>
  );
}
