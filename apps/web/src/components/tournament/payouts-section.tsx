import { useTranslations } from "next-intl";
import { useFormat } from "@/i18n/format";
import type { Tournament } from "./use-tournament";

/** What each place pays, and where the pool comes from (entries, and the house's overlay). */
export function PayoutsSection({ t }: { t: Tournament }) {
  const tr = useTranslations("tournament.payouts");
  const f = useFormat();
  const settled = t.status === "finished" || t.status === "cancelled";
  return (
    <section aria-labelledby="payouts-heading" className="panel">
      <h2 id="payouts-heading">{tr("heading")}</h2>
      <p>
        {tr.rich("prizePool", {
          amount: f.chips(t.prizePool),
          strong: (chunks) => <strong>{chunks}</strong>,
        })}
        {t.guarantee > 0 && <> {tr("guaranteed", { amount: f.chips(t.guarantee) })}</>}
        {t.overlay > 0 && (
          <span className="muted"> {tr("overlay", { amount: f.chips(t.overlay) })}</span>
        )}
      </p>
      {!settled && <p className="muted">{tr("provisional")}</p>}
      <table className="lobby-table compact" data-testid="payouts">
        <thead>
          <tr>
            <th scope="col">{tr("place")}</th>
            <th scope="col">{tr("prize")}</th>
          </tr>
        </thead>
        <tbody>
          {t.payouts.map((amount, i) => (
            <tr key={f.ordinal(i + 1)}>
              <td>{f.ordinal(i + 1)}</td>
              <td>{f.chips(amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The rules a player weighs before paying in: stack, table size, late registration, rebuys. */
export function DetailsSection({ t }: { t: Tournament }) {
  const tr = useTranslations("tournament.details");
  const f = useFormat();
  return (
    <section aria-labelledby="details-heading" className="panel">
      <h2 id="details-heading">{tr("heading")}</h2>
      <dl className="details">
        <dt>{tr("buyIn")}</dt>
        <dd>{f.buyInText(t.buyIn.prize, t.buyIn.fee)}</dd>
        <dt>{tr("startingStack")}</dt>
        <dd>{f.chips(t.startingStack)}</dd>
        <dt>{tr("playersPerTable")}</dt>
        <dd>{t.seatsPerTable}</dd>
        <dt>{tr("field")}</dt>
        <dd>
          {t.maxEntries === null
            ? tr("fieldAtLeast", { min: String(t.minEntrants) })
            : tr("fieldBetween", { min: String(t.minEntrants), max: f.chips(t.maxEntries) })}
        </dd>
        <dt>{tr("lateRegistration")}</dt>
        <dd>
          {t.lateRegistrationUntilLevel === null
            ? tr("lateRegistrationNone")
            : tr("lateRegistrationUntil", { level: String(t.lateRegistrationUntilLevel) })}
        </dd>
        <dt>{tr("reEntry")}</dt>
        <dd>
          {t.maxEntriesPerPlayer > 1
            ? tr("reEntryUpTo", { count: t.maxEntriesPerPlayer })
            : tr("none")}
        </dd>
        <dt>{tr("rebuy")}</dt>
        <dd>
          {t.rebuy
            ? tr("rebuyTerms", {
                chips: t.rebuy.chips,
                price: f.buyInText(t.rebuy.prize, t.rebuy.fee),
                level: String(t.rebuy.untilLevel),
              })
            : tr("none")}
        </dd>
        <dt>{tr("addOn")}</dt>
        <dd>
          {t.addOn
            ? tr("addOnTerms", {
                chips: t.addOn.chips,
                price: f.buyInText(t.addOn.prize, t.addOn.fee),
                from: String(t.addOn.fromLevel),
                until: String(t.addOn.untilLevel),
                // One level is "level 6", not "levels 6–6" (issue 48, bug 12).
                oneLevel: String(t.addOn.fromLevel === t.addOn.untilLevel),
              })
            : tr("none")}
        </dd>
      </dl>
    </section>
  );
}
