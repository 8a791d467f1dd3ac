"use client";
import { canShowAfterHand } from "@felt/engine";
import type { Card } from "@felt/engine/cards";
import type { PlayerAction } from "@felt/protocol";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { useFormat } from "@/i18n/format";
import type { Locale } from "@/i18n/locales";
import { useErrors } from "@/lib/errors";
import {
  moveFor,
  type PreAction,
  type PreActionKind,
  stillStands,
  toCallOf,
} from "@/lib/pre-actions";
import { stakesLine } from "@/lib/stakes";
import { bringInOf, isStud, studTurn } from "@/lib/stud";
import { useTRPC } from "@/lib/trpc";
import { useClientSeed } from "@/lib/use-client-seed";
import { usePreference } from "@/lib/use-preference";
import { useTableSocket } from "@/lib/use-table-socket";
import { useTurnAlerts } from "@/lib/use-turn-alerts";
import { useWalletFollowsTable } from "@/lib/use-wallet-follows-table";
import { FeltLayer } from "./felt/felt-layer";
import { seatPosition } from "./felt/geometry";
import { useSeatAvatars } from "./felt/use-seat-avatars";
import { WinnerBanner } from "./felt/winner-banner";
import { HomeTableBar } from "./home/home-table-bar";
import { SpecialRoundBanner } from "./home/special-round-banner";
import { ActionBar } from "./table/action-bar";
import { Board } from "./table/board";
import { BuyInForm } from "./table/buy-in";
import { ChipsDialog } from "./table/chips";
import { useSecondsLeft } from "./table/clock";
import { DrawBar } from "./table/draw-bar";
import { GameChooser, OrbitCount } from "./table/game-chooser";
import { HandLog } from "./table/hand-log";
import { OpenElsewhere } from "./table/open-elsewhere";
import { PreActionBar } from "./table/pre-action-bar";
import { ProofCheck } from "./table/proof-check";
import { Seat } from "./table/seat";
import { SeatNote } from "./table/seat-note";
import { TableChat } from "./table/table-chat";
import { TableOptions } from "./table/table-options";
import { TournamentBanner } from "./table/tournament-banner";
import { SeatOffers, TableWaitlist } from "./waitlist/waitlist";

/** Where each game's rules are on the /rules page, by the page's language. */
const RULES_ANCHORS: Record<Locale, Record<string, string>> = {
  en: {
    holdem: "texas-holdem",
    omaha: "omaha",
    "five-card-draw": "five-card-draw",
    "five-card-draw-7A": "the-32-card-deck",
    stud7: "stud",
    stud5: "stud",
  },
  ru: {
    holdem: "техасский-холдем",
    omaha: "омаха",
    "five-card-draw": "пятикарточный-дро",
    "five-card-draw-7A": "колода-из-32-карт",
    stud7: "стад",
    stud5: "стад",
  },
};

/** The /rules link for a hand's game (the 32-card deck has its own section). */
function rulesHref(locale: Locale, game: string, deckType: string): string {
  const anchors = RULES_ANCHORS[locale];
  const anchor =
    (deckType === "7A" ? anchors[`${game}-7A`] : undefined) ?? anchors[game] ?? undefined;
  return anchor ? `/rules#${anchor}` : "/rules";
}

/** `moved`: the tournament moved you here (the address had `?moved=1`). */
export function TableView({ tableId, moved = false }: { tableId: string; moved?: boolean }) {
  const { state, log, status, lastError, act, command, chat, say, proofs, askProofs, playHere } =
    useTableSocket(tableId);
  // Another tab of this player has the table: this one shows it, but can do nothing there.
  const replaced = status === "replaced";
  useClientSeed(state, command);
  const errors = useErrors();
  const t = useTranslations("table");
  const common = useTranslations("common");
  const locale = useLocale();
  const { chips, gameName } = useFormat();
  const [buyInSeat, setBuyInSeat] = useState<number | null>(null);
  const [chipsOpen, setChipsOpen] = useState(false);
  const view = state?.view ?? null;
  // Tournament chips are not money: the tournament seats you, so there is no buy-in or cash-out.
  const tournament = state?.tournament ?? null;
  const hand = view?.hand ?? null;
  const secondsLeft = useSecondsLeft(state?.clock ?? null);

  const winning = useMemo(() => {
    const cards = new Set<Card>();
    if (hand?.phase === "complete") {
      for (const award of hand.awards) {
        for (const winner of award.winners)
          for (const card of winner.hand?.cards ?? []) cards.add(card);
      }
    }
    return cards;
  }, [hand]);

  // The log keeps who sat where when each line happened; a seat that was empty is "Seat N".
  const seatName = (seat: number) => t("seatName", { n: seat });
  const avatars = useSeatAvatars(view?.seats);
  const me = view?.mySeat ? view.seats[view.mySeat - 1] : null;
  const myPlayer = hand?.players.find((p) => p.seat === view?.mySeat) ?? null;
  const highestBet = hand ? Math.max(0, ...hand.players.map((p) => p.bet)) : 0;
  const legal = hand?.legalActions ?? null;
  // Dealer's choice: the seat that must pick the coming orbit's game now, if any.
  const chooser = view?.dealersChoice?.chooser ?? null;
  const send = (action: PlayerAction) => act(action);
  useWalletFollowsTable(
    log,
    state?.you ? { playerId: state.you.playerId, seat: view?.mySeat ?? null } : null,
  );

  // The draw: the cards picked to discard, cleared whenever the turn changes hands.
  const drawMax = legal?.draw?.max ?? null;
  const [discards, setDiscards] = useState<Card[]>([]);
  useEffect(() => {
    setDiscards([]);
  }, [view?.handNumber, drawMax]);
  const toggleDiscard = (card: Card) =>
    setDiscards((picked) =>
      picked.includes(card)
        ? picked.filter((c) => c !== card)
        : drawMax !== null && picked.length < drawMax
          ? [...picked, card]
          : picked,
    );
  const selectedDiscards = useMemo(() => new Set(discards), [discards]);

  // The tab's title: the table and its game, and a nudge when it is the viewer's turn.
  const trpc = useTRPC();
  // A cash table by its name in the lobby; a tournament's by its number there.
  const cashTable = useQuery({
    ...trpc.lobby.table.queryOptions({ id: tableId }),
    enabled: state !== null && !tournament,
  });
  const tableName = tournament
    ? t("title.tournamentTable", { n: tournament.table })
    : (cashTable.data?.name ?? null);
  // Before the first hand the header reads the game and stakes from the table's stake.
  const stake = tournament ? null : (cashTable.data?.stake ?? null);
  const game = hand
    ? gameName(hand.game, hand.betting, { deck: hand.deckType, wild: hand.wild })
    : stake
      ? gameName(stake.game, stake.betting, stake)
      : null;
  // The hand names its own bet sizes and bring-in (a tournament's grow with the levels).
  const stakes = hand ? stakesLine(hand) : stake && stakesLine(stake);
  // ST-2: who brings in (or brought it in) while stud's first street lasts.
  const bringIn = hand && hand.phase !== "complete" ? bringInOf(hand) : null;
  const studHand = hand !== null && isStud(hand.game);
  const myTurn = Boolean(legal && view?.mySeat && hand?.toAct === view.mySeat);
  const named = [tableName, game].filter(Boolean).join(" · ");
  const title = named ? t(myTurn ? "title.yourTurn" : "title.table", { table: named }) : null;
  const [notify, setNotify] = usePreference("felt.turnNotify", false);
  useTurnAlerts({
    myTurn,
    title,
    siteTitle: common("title"),
    notify,
    notification: {
      title: t("notification.title"),
      body: t("notification.body", { table: named }),
      tag: `felt-turn-${tableId}`,
    },
  });

  // Pre-actions: picked between turns, cleared when the bet they were picked against changes.
  const mySeat = view?.mySeat ?? null;
  const facing =
    hand && mySeat !== null
      ? { handNumber: view?.handNumber ?? 0, street: hand.street, toCall: toCallOf(hand, mySeat) }
      : null;
  const [preAction, setPreAction] = useState<PreAction | null>(null);
  const choosePreAction = (kind: PreActionKind | null) =>
    setPreAction(kind && facing ? { kind, ...facing } : null);
  useEffect(() => {
    if (preAction && (replaced || !facing || !stillStands(preAction, facing))) setPreAction(null);
  }, [preAction, replaced, facing?.handNumber, facing?.street, facing?.toCall]);
  // At the viewer's turn: play his pre-action, from the legal actions now.
  useEffect(() => {
    if (!myTurn || !legal || !hand || mySeat === null || !facing) return;
    if (!preAction || !stillStands(preAction, facing)) return;
    const move = moveFor(preAction, legal);
    // Fold to any bet stays for the hand; the others are used once.
    if (preAction.kind !== "foldToAnyBet" || move?.type === "fold") setPreAction(null);
    if (move) send(move);
  }, [myTurn, view?.version]);
  const offerPreActions =
    hand?.phase === "betting" &&
    !myTurn &&
    myPlayer !== null &&
    !myPlayer.folded &&
    !myPlayer.allIn &&
    facing !== null;

  return (
    <div className="table-page">
      <div className="table-header">
        <Link href="/">{t("header.lobby")}</Link>
        {tableName && (
          <strong className="table-name" data-testid="table-name">
            {tableName}
          </strong>
        )}
        {game && stakes?.kind === "blinds" && (
          <span className="muted" data-testid="table-stakes">
            {game} · {chips(stakes.small)}/{chips(stakes.big)}
          </span>
        )}
        {game && stakes?.kind === "stud" && (
          <span className="muted" data-testid="table-stakes">
            {game} ·{" "}
            {t("header.studStakes", {
              small: chips(stakes.small),
              big: chips(stakes.big),
              ante: chips(stakes.ante),
              bringIn: chips(stakes.bringIn),
            })}
          </span>
        )}
        {view?.dealersChoice && <OrbitCount choice={view.dealersChoice} />}
        {/* Before the first deal there is no hand to number ("Hand #0" read as a fault). */}
        {view && view.handNumber > 0 && (
          <span className="muted">{t("header.handNumber", { n: view.handNumber })}</span>
        )}
        {hand && (
          <Link
            href={rulesHref(locale, hand.game, hand.deckType)}
            className="muted"
            title={t("header.rulesTitle", { game: game ?? "" })}
            data-testid="rules-link"
          >
            {t("header.rules")}
          </Link>
        )}
      </div>
      {tournament && (
        <TournamentBanner
          tableId={tableId}
          link={tournament}
          seatedHere={Boolean(view?.mySeat)}
          moved={moved}
        />
      )}
      {state?.home && <HomeTableBar tableId={tableId} home={state.home} />}
      {view?.homeGame?.specialRound && <SpecialRoundBanner round={view.homeGame.specialRound} />}
      {replaced ? (
        <OpenElsewhere onPlayHere={playHere} />
      ) : (
        status !== "open" && (
          <p role="status" className="banner" data-testid="connection-banner">
            {status === "connecting" ? t("connection.connecting") : t("connection.lost")}
          </p>
        )
      )}
      <div className="felt-oval" data-testid="table-state" data-version={view?.version ?? ""}>
        {hand && (
          <Board hand={hand} winning={winning}>
            <WinnerBanner
              hand={hand}
              handNumber={view?.handNumber ?? 0}
              nameOf={(n) =>
                hand.players.find((p) => p.seat === n)?.name ??
                view?.seats[n - 1]?.name ??
                seatName(n)
              }
            />
          </Board>
        )}
        {!hand && view && (
          <p className="felt-message">
            {chooser !== null
              ? chooser === view.mySeat
                ? t("felt.chooseGame")
                : t("felt.choosing", { name: view.seats[chooser - 1]?.name ?? seatName(chooser) })
              : !tournament
                ? t("felt.waitingForPlayers")
                : tournament.closed
                  ? t("felt.closed")
                  : t("felt.waitingForHand")}
          </p>
        )}
        {view?.seats.map((seat, i) => {
          const number = i + 1;
          const style = seatPosition(number, view.seatCount, view.mySeat);
          if (!seat) {
            // T-12: a seat held for the waiting list is not offered to this player.
            return view.mySeat === null && !tournament && !state?.seatsHeld ? (
              <button
                key={number}
                type="button"
                className="seat seat-empty"
                style={style}
                onClick={() => setBuyInSeat(number)}
              >
                {t("sitHere")}
              </button>
            ) : (
              <div key={number} className="seat seat-empty" style={style} aria-hidden="true" />
            );
          }
          const player = hand?.players.find((p) => p.seat === number) ?? null;
          return (
            <Seat
              key={number}
              seat={seat}
              player={player}
              // Stud has no button: the dealer sits before seat 1 (ST-3).
              isButton={view.button === number && !studHand}
              isMe={view.mySeat === number}
              toAct={hand?.toAct === number && hand.phase !== "complete"}
              secondsLeft={hand?.toAct === number ? secondsLeft : null}
              winning={winning}
              showdown={hand?.phase === "complete"}
              style={style}
              selectable={view.mySeat === number && drawMax !== null}
              selected={selectedDiscards}
              onToggle={toggleDiscard}
              avatar={avatars[seat.playerId] ?? null}
              deal={view.handNumber}
              bringIn={bringIn?.seat === number ? bringIn.amount : null}
              note={
                state?.you && view.mySeat !== number ? (
                  <SeatNote playerId={seat.playerId} name={seat.name} />
                ) : null
              }
            />
          );
        })}
        {view && <FeltLayer view={view} myTurn={myTurn} />}
      </div>

      {/* T-12: a full table's waiting list; a seat offered, here or at another table, in view. */}
      {view && !tournament && view.mySeat === null && (
        <TableWaitlist tableId={tableId} full={!view.seats.includes(null) || !!state?.seatsHeld} />
      )}
      {view && (
        <SeatOffers
          here={tableId}
          onTake={() => setBuyInSeat(view.seats.indexOf(null) + 1 || null)}
        />
      )}
      {buyInSeat !== null && view && !tournament && (
        <BuyInForm
          tableId={tableId}
          seat={buyInSeat}
          minBuyIn={view.minBuyIn}
          maxBuyIn={view.maxBuyIn}
          onDone={() => setBuyInSeat(null)}
        />
      )}

      <p className="visually-hidden" aria-live="assertive" data-testid="your-turn">
        {myTurn ? t("yourTurn") : ""}
      </p>
      {/* The tab that lost the table to another keeps its view, with every control off. */}
      <fieldset className="table-controls" disabled={replaced}>
        {offerPreActions && facing && (
          <PreActionBar
            toCall={facing.toCall}
            chosen={preAction?.kind ?? null}
            onChoose={choosePreAction}
          />
        )}
        {/* S-2: the showdown plays itself; after it, until the next deal, a mucked hand or one
          that won uncalled may still be shown. */}
        {hand && mySeat !== null && canShowAfterHand(hand, mySeat) && (
          <div className="action-bar">
            <button type="button" onClick={() => command({ type: "show" })}>
              {t("showAfterHand")}
            </button>
          </div>
        )}
        {view?.dealersChoice && !(hand && hand.phase !== "complete") && (
          <GameChooser
            choice={view.dealersChoice}
            mySeat={view.mySeat}
            nameOf={(seat) => view.seats[seat - 1]?.name ?? seatName(seat)}
            secondsLeft={
              state?.clock && state.clock.seat === view.dealersChoice.chooser
                ? (secondsLeft?.seconds ?? null)
                : null
            }
            onChoose={(game) => command({ type: "chooseGame", game })}
          />
        )}
        {legal && hand && drawMax !== null && (
          <DrawBar
            selected={discards.length}
            max={drawMax}
            onDraw={() => send({ type: "draw", discard: discards })}
          />
        )}
        {legal && hand && drawMax === null && (
          <ActionBar
            legal={legal}
            totalPot={hand.totalPot}
            highestBet={highestBet}
            ownBet={myPlayer?.bet ?? 0}
            stack={myPlayer?.stack ?? 0}
            disabled={replaced}
            studTurn={studTurn(hand, legal)}
            onAction={send}
          />
        )}

        {me && (
          <div className="seat-controls">
            {me.status === "sittingOut" ? (
              <button type="button" onClick={() => command({ type: "sitIn" })}>
                {t("controls.sitIn")}
              </button>
            ) : (
              <button
                type="button"
                className="secondary"
                onClick={() => command({ type: "sitOut" })}
                // In a tournament an absent player still pays blinds and antes; say so before he goes.
                title={tournament ? t("controls.sitOutTournament") : undefined}
              >
                {t("controls.sitOut")}
              </button>
            )}
            {!tournament && (
              <button type="button" className="secondary" onClick={() => setChipsOpen(true)}>
                {t("controls.chips")}
              </button>
            )}
            {!tournament && (
              <button
                type="button"
                className="secondary"
                disabled={me.leaving}
                onClick={() => command({ type: "leave" })}
              >
                {me.leaving ? t("controls.leaving") : t("controls.leave")}
              </button>
            )}
          </div>
        )}

        {me && (
          <TableOptions
            showMyHand={view?.myShowMyHand ?? false}
            onShowMyHand={(show) => command({ type: "showMyHand", show })}
            notify={notify}
            onNotify={setNotify}
          />
        )}
      </fieldset>

      {chipsOpen && me && view && !tournament && (
        <ChipsDialog
          tableId={tableId}
          minBuyIn={view.minBuyIn}
          maxBuyIn={view.maxBuyIn}
          have={me.stack + me.pendingChips}
          autoRebuy={view.myAutoRebuy}
          onAutoRebuy={(upTo) => command({ type: "autoRebuy", upTo })}
          onClose={() => setChipsOpen(false)}
        />
      )}

      {lastError && (
        <p role="alert" className="error">
          {errors.socket(lastError)}
        </p>
      )}

      <div className="table-panels">
        <HandLog log={log} nameOf={seatName} replayAt={view?.mySeat ? tableId : null} />
        <TableChat
          chat={chat}
          say={say}
          me={state?.you?.playerId ?? null}
          seated={Boolean(view?.mySeat)}
        />
      </div>

      {state?.fairness?.deal && (
        <ProofCheck
          label={t("fairness.root", { n: state.fairness.handNumber })}
          handNumber={state.fairness.handNumber}
          root={state.fairness.deal.root}
          proofs={proofs}
          ask={askProofs}
        />
      )}
    </div>
  );
}
