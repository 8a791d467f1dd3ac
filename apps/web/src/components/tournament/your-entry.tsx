"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useFormat } from "@/i18n/format";
import { useErrors } from "@/lib/errors";
import { ChipOffers } from "./chip-offers";
import { type Tournament, useEntryActions } from "./use-tournament";

/** Everything about you in this tournament: your seat, your standing, and what you may do now. */
export function YourEntry({ t, invite = null }: { t: Tournament; invite?: string | null }) {
  const tr = useTranslations("tournament.entry");
  const f = useFormat();
  const errors = useErrors();
  const actions = useEntryActions(t.id, invite);
  const you = t.you;
  const open = t.status === "registering" || t.status === "running";

  if (!you) {
    if (!open) return null;
    // Back here after signing in; a private sit-and-go's token waits in session storage (H-7).
    const back = encodeURIComponent(`/tournament/${t.id}`);
    return (
      <section className="your-entry" aria-label={tr("label")}>
        <p>
          <Link href={`/sign-in?next=${back}`} className="button-link">
            {tr("signInToRegister")}
          </Link>{" "}
          <span className="muted">
            {tr.rich("orSignUp", {
              price: f.buyInText(t.buyIn.prize, t.buyIn.fee),
              link: (chunks) => <Link href={`/sign-up?next=${back}`}>{chunks}</Link>,
            })}
          </span>
        </p>
      </section>
    );
  }

  const table = you.tableId ? t.tables.find((x) => x.tableId === you.tableId) : undefined;
  // Only a running tournament has a table to go to: once it is over the seat means nothing.
  const seated = t.status === "running" && you.tableId !== null;
  return (
    <section className="your-entry" aria-label={tr("label")} data-testid="your-entry">
      {seated && (
        <p className="table-ready" role="status">
          <span>
            {you.seat === null
              ? tr.rich("yourTable", { number: String(table?.number ?? "?"), strong })
              : tr.rich("yourTableSeat", {
                  number: String(table?.number ?? "?"),
                  seat: String(you.seat),
                  strong,
                })}
          </span>
          <Link href={`/table/${you.tableId}`} className="button-link">
            {tr("goToTable")}
          </Link>
        </p>
      )}
      <YourStanding t={t} />
      <div className="actions">
        {you.canRegister && (
          <button type="button" onClick={actions.register} disabled={actions.pending}>
            {you.registered ? tr("reEnter") : tr("register")}
          </button>
        )}
        {you.canUnregister && (
          <button
            type="button"
            className="secondary"
            onClick={actions.unregister}
            disabled={actions.pending}
          >
            {tr("unregister")}
          </button>
        )}
        <ChipOffers t={t} actions={actions} />
      </div>
      {actions.error && (
        <p role="alert" className="error" data-testid="entry-error">
          {errors.message(actions.error)}
        </p>
      )}
    </section>
  );
}

function YourStanding({ t }: { t: Tournament }) {
  const tr = useTranslations("tournament.entry");
  const f = useFormat();
  const you = t.you;
  if (!you) return null;
  const buyIn = {
    price: f.buyInText(t.buyIn.prize, t.buyIn.fee),
    chips: t.startingStack,
  };
  if (you.place) {
    const won = you.place.from === 1 && you.place.to === 1;
    const place = f.placeName(you.place);
    return (
      <p data-testid="your-standing">
        {won ? (
          <strong>
            {you.prize
              ? tr("wonTournamentPrize", { prize: f.chips(you.prize) })
              : tr("wonTournament")}
          </strong>
        ) : you.prize ? (
          tr.rich("finishedPrize", { place, prize: f.chips(you.prize), strong })
        ) : (
          tr.rich("finished", { place, strong })
        )}
      </p>
    );
  }
  if (you.rebuyOffered) {
    return <p data-testid="your-standing">{tr("rebuyOffered")}</p>;
  }
  if (you.alive && you.stack !== null) {
    return (
      <p data-testid="your-standing">
        {tr.rich("stack", { stack: f.chips(you.stack), strong })}
        {you.rank !== null && (
          <> {tr.rich("rank", { rank: f.ordinal(you.rank), alive: f.chips(t.alive), strong })}</>
        )}
      </p>
    );
  }
  if (you.registered && t.status === "registering") {
    return (
      <p data-testid="your-standing">
        {tr("registered")} <span className="muted">{tr("registeredNote", buyIn)}</span>
      </p>
    );
  }
  if (you.canRegister) return <p className="muted">{tr("buyIn", buyIn)}</p>;
  return null;
}

const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;
