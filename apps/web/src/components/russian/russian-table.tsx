"use client";
import { parseCard } from "@felt/engine/cards";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useFormat } from "@/i18n/format";
import { newIdempotencyKey, useErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { useRussianSocket } from "@/lib/use-russian-socket";
import { PlayingCard } from "../cards/playing-card";
import { BuyInForm } from "../table/buy-in";
import { ProofCheck } from "../table/proof-check";
import { TableChat } from "../table/table-chat";
import { DealerVerdict } from "./dealer-verdict";
import { RussianBox } from "./russian-box";

/** The Russian poker section of /rules, by the page's language (GitHub's heading anchors). */
const RULES_ANCHOR: Record<string, string> = { en: "5-russian-poker", ru: "5-русский-покер" };

/** Seconds left on the room's clock, ticking. */
function useSecondsTo(endsAt: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [endsAt]);
  return endsAt === null ? null : Math.max(0, Math.ceil((endsAt - now) / 1000));
}

type Round = NonNullable<
  NonNullable<ReturnType<typeof useRussianSocket>["state"]>["view"]["round"]
>;

/**
 * The last settled round as this viewer saw it. The room opens the next round a few seconds
 * after a settlement; its result stays on the table until the player bets again (or the next
 * round is dealt), so a payout is there to read for as long as he wants (issue 48).
 */
function useLastResult(roundNumber: number | null, round: Round | null) {
  const [last, setLast] = useState<{ roundNumber: number; round: Round } | null>(null);
  useEffect(() => {
    if (roundNumber !== null && round?.phase === "settled") setLast({ roundNumber, round });
  }, [roundNumber, round]);
  return last;
}

/**
 * A Russian poker table (RP-1 … RP-12): six boxes against the dealer. The
 * player's own open boxes show their cards; closed boxes and everyone
 * else's stay face down until the round is settled, and the dealer shows
 * one card until he reveals.
 */
export function RussianTable({ tableId }: { tableId: string }) {
  const t = useTranslations("russian");
  const locale = useLocale();
  const errors = useErrors();
  const { chips } = useFormat();
  const { state, status, lastError, decide, command, chat, say, proofs, askProofs } =
    useRussianSocket(tableId);
  const [buyingIn, setBuyingIn] = useState(false);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const leave = useMutation(
    trpc.cashier.cashOut.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.cashier.balance.queryKey() }),
    }),
  );
  const me = useQuery(trpc.auth.me.queryOptions());
  const view = state?.view ?? null;
  const round = view?.round ?? null;
  const you = state?.you?.playerId ?? null;
  const mySeat = view?.seats.find((s) => s.playerId === you) ?? null;
  const secondsLeft = useSecondsTo(state?.clock?.endsAt ?? null);
  const nameOf = (playerId: string | null) =>
    view?.seats.find((s) => s.playerId === playerId)?.name ?? (playerId ? t("gone") : null);
  const myAnte = round?.boxes.find((b) => b.ownerId === you && b.ante > 0)?.ante ?? null;
  const myBoxes = round?.boxes.filter((b) => b.ownerId === you) ?? [];
  const last = useLastResult(view?.roundNumber ?? null, round);
  // The last result shows while the next round takes bets and the player has placed none.
  const lastRound =
    last &&
    view &&
    round?.phase === "betting" &&
    myBoxes.length === 0 &&
    last.roundNumber === view.roundNumber - 1
      ? last
      : null;
  const shown = lastRound?.round ?? round;
  const dealer = shown?.dealer ?? null;

  return (
    <div className="table-page russian-page">
      <div className="table-header">
        <Link href="/">{t("header.lobby")}</Link>
        <span className="muted">{t("header.game")}</span>
        {view && <span className="muted">{t("header.round", { n: view.roundNumber })}</span>}
        <Link href={`/rules#${RULES_ANCHOR[locale] ?? RULES_ANCHOR.en}`} className="muted">
          {t("header.rules")}
        </Link>
      </div>
      {status !== "open" && (
        <p role="status" className="banner">
          {status === "connecting" ? t("connection.connecting") : t("connection.lost")}
        </p>
      )}
      <div className="russian-felt" data-testid="russian-state" data-version={view?.version ?? ""}>
        <section className="russian-dealer" aria-label={t("dealer.label")} data-testid="dealer">
          <strong>{t("dealer.label")}</strong>
          {lastRound && (
            <p className="muted" data-testid="last-round">
              {t("lastRound", { n: lastRound.roundNumber })}
            </p>
          )}
          <div className="russian-cards">
            {dealer?.cards
              ? dealer.cards.map((code) => (
                  <PlayingCard key={code} card={parseCard(code)} width={40} />
                ))
              : dealer &&
                Array.from({ length: dealer.cardCount }, (_, i) =>
                  i === dealer.cardCount - 1 && dealer.upCard ? (
                    <PlayingCard key="up" card={parseCard(dealer.upCard)} width={40} />
                  ) : (
                    <PlayingCard key={i} card={null} width={40} />
                  ),
                )}
          </div>
          {dealer?.hasGame !== null && dealer?.hasGame !== undefined && (
            <DealerVerdict cards={dealer.cards} hadGame={dealer.hasGame} swaps={dealer.swaps} />
          )}
          {round && (
            <p className="muted" data-testid="phase">
              {t(`phase.${round.phase}`)}
              {secondsLeft !== null && ` · ${t("clock", { s: secondsLeft })}`}
            </p>
          )}
          {shown?.phase === "settled" && shown.houseResult !== null && (
            <p className="muted">{t("houseResult", { amount: chips(shown.houseResult) })}</p>
          )}
          {state?.fairness && (
            <ProofCheck
              label={t("fairness.root", { n: state.fairness.roundNumber })}
              handNumber={state.fairness.roundNumber}
              root={state.fairness.root}
              proofs={proofs}
              ask={askProofs}
            />
          )}
        </section>
        <div className="russian-boxes">
          {round?.boxes.map((box) => {
            // A box nobody has bet on yet this round still shows how it ended last round.
            const before = lastRound && box.ownerId === null ? lastRound.round : null;
            const settlement = (before ?? round).settlements.find((s) => s.box === box.box);
            return (
              <RussianBox
                key={`${view?.roundNumber}-${box.box}`}
                box={box}
                ownerName={nameOf(
                  box.ownerId ?? before?.boxes.find((b) => b.box === box.box)?.ownerId ?? null,
                )}
                mine={box.ownerId !== null && box.ownerId === you}
                legal={round.legalActions}
                settlement={settlement ?? null}
                myAnte={myAnte}
                decide={decide}
              />
            );
          })}
        </div>
      </div>
      {lastError && (
        <p role="alert" className="error" data-testid="table-error">
          {errors.socket(lastError)}
        </p>
      )}
      <div className="russian-me row">
        {mySeat ? (
          <>
            <span data-testid="my-chips">{t("me.chips", { amount: chips(mySeat.chips) })}</span>
            {round?.phase === "betting" && myBoxes.length > 0 && (
              <button
                type="button"
                disabled={view?.ready.includes(you ?? "")}
                onClick={() => command("ready")}
              >
                {t("me.deal")}
              </button>
            )}
            <button
              type="button"
              className="secondary"
              disabled={leave.isPending || mySeat.leaving}
              onClick={() => leave.mutate({ tableId, idempotencyKey: newIdempotencyKey() })}
            >
              {mySeat.leaving ? t("me.leaving") : t("me.leave")}
            </button>
          </>
        ) : (
          view &&
          view.seats.length < view.maxPlayers &&
          !buyingIn && (
            <button type="button" onClick={() => setBuyingIn(true)} disabled={me.isPending}>
              {t("me.sitDown")}
            </button>
          )
        )}
      </div>
      {buyingIn && view && (
        <BuyInForm
          tableId={tableId}
          seat={view.seats.length + 1}
          minBuyIn={view.minBuyIn}
          maxBuyIn={view.maxBuyIn}
          onDone={() => setBuyingIn(false)}
        />
      )}
      {view && (
        <ul className="russian-seats muted">
          {view.seats.map((seat) => (
            <li key={seat.playerId}>{t("seat", { name: seat.name, chips: chips(seat.chips) })}</li>
          ))}
        </ul>
      )}
      <TableChat chat={chat} say={say} me={you} seated={mySeat !== null} />
    </div>
  );
}
