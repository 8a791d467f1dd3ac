"use client";
import type { AppRouter } from "@felt/api/router";
import { russian } from "@felt/engine";
import { parseCard } from "@felt/engine/cards";
import type { inferRouterOutputs } from "@trpc/server";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { PlayingCard } from "@/components/cards/playing-card";
import { DealerVerdict } from "@/components/russian/dealer-verdict";
import { useFormat } from "@/i18n/format";

type Hand = inferRouterOutputs<AppRouter>["history"]["get"];
export type RussianRound = NonNullable<Hand["round"]>;
type Box = RussianRound["boxes"][number];

/** A box's stakes, in the engine's order (one list for the table and the replayer). */
const FIELDS = russian.BET_FIELDS;

function Cards({ cards, label }: { cards: string[]; label: string }) {
  return (
    <fieldset className="russian-cards" aria-label={label} data-cards={cards.join(" ")}>
      {cards.map((code) => (
        <PlayingCard key={code} card={parseCard(code)} width={40} />
      ))}
    </fieldset>
  );
}

/**
 * A settled Russian poker round from "My hands" (docs/russian-rounds.md): the dealer's
 * cards once revealed, and the viewer's own boxes with what he decided and what each bet
 * field paid. The API sends only the viewer's boxes.
 */
export function RussianRoundView({ round }: { round: RussianRound }) {
  const t = useTranslations("replayer.russian");
  const r = useTranslations("russian");
  const f = useFormat();
  const { dealer } = round;
  return (
    <article className="russian-round" data-testid="russian-round">
      <h1>{t("title", { number: String(round.roundNumber) })}</h1>
      <p className="muted">
        <Link href={`/russian/${round.tableId}`}>{t("table")}</Link> · {f.startTime(round.endedAt)}
      </p>
      <section aria-labelledby="russian-dealer">
        <h2 id="russian-dealer">{r("dealer.label")}</h2>
        {dealer.cards ? (
          <Cards cards={dealer.cards} label={r("dealer.label")} />
        ) : (
          dealer.upCard && <Cards cards={[dealer.upCard]} label={r("dealer.label")} />
        )}
        {dealer.hadGame === null ? (
          <p>{t("notRevealed")}</p>
        ) : (
          <DealerVerdict cards={dealer.cards} hadGame={dealer.hadGame} swaps={dealer.swaps} />
        )}
      </section>
      {round.boxes.map((box) => (
        <BoxSection key={box.box} box={box} />
      ))}
    </article>
  );
}

function BoxSection({ box }: { box: Box }) {
  const t = useTranslations("replayer.russian");
  const r = useTranslations("russian");
  const f = useFormat();
  const title = `${r("box.label", { n: box.box })}${box.closed ? ` (${r("box.closed")})` : ""}`;
  const changed = box.cards.join() !== box.dealt.join();
  return (
    <section className="russian-round-box" data-testid="russian-round-box" aria-label={title}>
      <h2>{title}</h2>
      <Cards cards={box.dealt} label={t("dealt")} />
      {changed && (
        <>
          <p className="muted">{t("finalHand")}</p>
          <Cards cards={box.cards} label={t("finalHand")} />
        </>
      )}
      {box.decisions.length > 0 && (
        <p>
          {t("decisions")}{" "}
          {box.decisions
            .map((d) => t(`decision.${d.type}`, "count" in d ? { count: d.count } : {}))
            .join(" → ")}
        </p>
      )}
      <p data-testid="russian-round-outcome">
        <strong>{r(`outcome.${box.outcome}`)}</strong>
        {box.combinations && (
          <>
            {" · "}
            {r(`category.${box.combinations.first}`)}
            {box.combinations.second && ` + ${r(`category.${box.combinations.second}`)}`}
            {box.combinations.bonus &&
              ` · ${r("bonusHand", { hand: r(`bonusCategory.${box.combinations.bonus}`) })}`}
          </>
        )}
        {box.capped && ` · ${r("capped")}`}
      </p>
      <table className="lobby-table">
        <thead>
          <tr>
            <th scope="col">{r("field.name")}</th>
            <th scope="col">{r("field.stake")}</th>
            <th scope="col">{r("field.returned")}</th>
            <th scope="col">{r("field.paid")}</th>
          </tr>
        </thead>
        <tbody>
          {FIELDS.filter((field) => box.fields[field].stake > 0).map((field) => (
            <tr key={field}>
              <th scope="row">{r(`field.${field}`)}</th>
              <td>{f.chips(box.fields[field].stake)}</td>
              <td>{f.chips(box.fields[field].returned)}</td>
              <td>{f.chips(box.fields[field].paid)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p data-testid="russian-round-net">
        {r("toPlayer", { amount: f.chips(box.toPlayer) })} ·{" "}
        {t("net", { amount: `${box.net > 0 ? "+" : ""}${f.chips(box.net)}` })}
      </p>
    </section>
  );
}
