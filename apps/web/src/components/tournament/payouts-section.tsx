import { buyInText, chips, ordinal } from "@/lib/format";
import type { Tournament } from "./use-tournament";

/** What each place pays, and where the pool comes from (entries, and the house's overlay). */
export function PayoutsSection({ t }: { t: Tournament }) {
  const settled = t.status === "finished" || t.status === "cancelled";
  return (
    <section aria-labelledby="payouts-heading" className="panel">
      <h2 id="payouts-heading">Payouts</h2>
      <p>
        Prize pool <strong>{chips(t.prizePool)}</strong>
        {t.guarantee > 0 && <> · {chips(t.guarantee)} guaranteed</>}
        {t.overlay > 0 && <span className="muted"> (the house adds {chips(t.overlay)})</span>}
      </p>
      {!settled && <p className="muted">As the field stands now; more entries pay more places.</p>}
      <table className="lobby-table compact" data-testid="payouts">
        <thead>
          <tr>
            <th scope="col">Place</th>
            <th scope="col">Prize</th>
          </tr>
        </thead>
        <tbody>
          {t.payouts.map((amount, i) => (
            <tr key={ordinal(i + 1)}>
              <td>{ordinal(i + 1)}</td>
              <td>{chips(amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The rules a player weighs before paying in: stack, table size, late registration, rebuys. */
export function DetailsSection({ t }: { t: Tournament }) {
  return (
    <section aria-labelledby="details-heading" className="panel">
      <h2 id="details-heading">Details</h2>
      <dl className="details">
        <dt>Buy-in</dt>
        <dd>{buyInText(t.buyIn.prize, t.buyIn.fee)}</dd>
        <dt>Starting stack</dt>
        <dd>{chips(t.startingStack)}</dd>
        <dt>Players per table</dt>
        <dd>{t.seatsPerTable}</dd>
        <dt>Field</dt>
        <dd>
          at least {t.minEntrants}
          {t.maxEntries !== null && `, at most ${chips(t.maxEntries)}`}
        </dd>
        <dt>Late registration</dt>
        <dd>
          {t.lateRegistrationUntilLevel === null
            ? "none: closes at the start"
            : `until the end of level ${t.lateRegistrationUntilLevel}`}
        </dd>
        <dt>Re-entry</dt>
        <dd>
          {t.maxEntriesPerPlayer > 1 ? `up to ${t.maxEntriesPerPlayer} entries each` : "none"}
        </dd>
        <dt>Rebuy</dt>
        <dd>
          {t.rebuy
            ? `${chips(t.rebuy.chips)} chips for ${buyInText(t.rebuy.prize, t.rebuy.fee)}, through level ${t.rebuy.untilLevel}`
            : "none"}
        </dd>
        <dt>Add-on</dt>
        <dd>
          {t.addOn
            ? `${chips(t.addOn.chips)} chips for ${buyInText(t.addOn.prize, t.addOn.fee)}, levels ${t.addOn.fromLevel}–${t.addOn.untilLevel}`
            : "none"}
        </dd>
      </dl>
    </section>
  );
}
