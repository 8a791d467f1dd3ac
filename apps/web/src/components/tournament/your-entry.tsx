"use client";
import Link from "next/link";
import { errorMessage } from "@/lib/errors";
import { buyInText, chips, ordinal, placeName } from "@/lib/format";
import { ChipOffers } from "./chip-offers";
import { type Tournament, useEntryActions } from "./use-tournament";

/** Everything about you in this tournament: your seat, your standing, and what you may do now. */
export function YourEntry({ t }: { t: Tournament }) {
  const actions = useEntryActions(t.id);
  const you = t.you;
  const open = t.status === "registering" || t.status === "running";

  if (!you) {
    if (!open) return null;
    const back = encodeURIComponent(`/tournament/${t.id}`);
    return (
      <section className="your-entry" aria-label="Your entry">
        <p>
          <Link href={`/sign-in?next=${back}`} className="button-link">
            Sign in to register
          </Link>{" "}
          <span className="muted">
            or <Link href={`/sign-up?next=${back}`}>create an account</Link> · buy-in{" "}
            {buyInText(t.buyIn.prize, t.buyIn.fee)}
          </span>
        </p>
      </section>
    );
  }

  const table = you.tableId ? t.tables.find((x) => x.tableId === you.tableId) : undefined;
  return (
    <section className="your-entry" aria-label="Your entry" data-testid="your-entry">
      {you.tableId && (
        <p className="table-ready" role="status">
          <span>
            Your table: <strong>Table {table?.number ?? "?"}</strong>
            {you.seat !== null && <>, seat {you.seat}</>}
          </span>
          <Link href={`/table/${you.tableId}`} className="button-link">
            Go to your table
          </Link>
        </p>
      )}
      <YourStanding t={t} />
      <div className="actions">
        {you.canRegister && (
          <button type="button" onClick={actions.register} disabled={actions.pending}>
            {you.registered ? "Re-enter" : "Register"}
          </button>
        )}
        {you.canUnregister && (
          <button
            type="button"
            className="secondary"
            onClick={actions.unregister}
            disabled={actions.pending}
          >
            Unregister
          </button>
        )}
        <ChipOffers t={t} actions={actions} />
      </div>
      {actions.error && (
        <p role="alert" className="error" data-testid="entry-error">
          {errorMessage(actions.error)}
        </p>
      )}
    </section>
  );
}

function YourStanding({ t }: { t: Tournament }) {
  const you = t.you;
  if (!you) return null;
  const buyIn = `buy-in ${buyInText(t.buyIn.prize, t.buyIn.fee)} for ${chips(t.startingStack)} chips`;
  if (you.place) {
    const prize = you.prize ? ` and won ${chips(you.prize)}` : "";
    return (
      <p data-testid="your-standing">
        {you.place.from === 1 && you.place.to === 1 ? (
          <strong>You won the tournament{prize}!</strong>
        ) : (
          <>
            You finished <strong>{placeName(you.place)}</strong>
            {prize}.
          </>
        )}
      </p>
    );
  }
  if (you.rebuyOffered) {
    return (
      <p data-testid="your-standing">
        You are out of chips. Rebuy to keep playing, or decline to take your place.
      </p>
    );
  }
  if (you.alive && you.stack !== null) {
    return (
      <p data-testid="your-standing">
        Your stack <strong>{chips(you.stack)}</strong>
        {you.rank !== null && (
          <>
            {" "}
            · <strong>{ordinal(you.rank)}</strong> of {chips(t.alive)} in chips
          </>
        )}
      </p>
    );
  }
  if (you.registered && t.status === "registering") {
    return (
      <p data-testid="your-standing">
        You are registered.{" "}
        <span className="muted">Your {buyIn}; seats are drawn at the start.</span>
      </p>
    );
  }
  if (you.canRegister) return <p className="muted">{capitalize(buyIn)}.</p>;
  return null;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
