"use client";
import { russian } from "@felt/engine";
import { parseCard } from "@felt/engine/cards";
import type { RussianDecision, RussianStateMessage } from "@felt/protocol";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFormat } from "@/i18n/format";
import { PlayingCard } from "../cards/playing-card";

type Round = NonNullable<RussianStateMessage["view"]["round"]>;
type Box = Round["boxes"][number];
type Legal = Round["legalActions"][number];
type Settlement = Round["settlements"][number];

type Props = {
  box: Box;
  ownerName: string | null;
  mine: boolean;
  legal: Legal[];
  settlement: Settlement | null;
  /** The ANTE the player already has on his other boxes (RP-1: the same on all of them). */
  myAnte: number | null;
  decide: (decision: RussianDecision) => void;
};

/** A box's stakes, in the engine's order (one list for the table and the replayer). */
const FIELDS = russian.BET_FIELDS;

/** One of the six boxes: its stakes, its cards (face down to everyone when closed), its decisions and its result. */
export function RussianBox({ box, ownerName, mine, legal, settlement, myAnte, decide }: Props) {
  const t = useTranslations("russian");
  const { chips } = useFormat();
  const of = <T extends Legal["type"]>(type: T) =>
    legal.find(
      (a): a is Extract<Legal, { type: T }> => a.type === type && "box" in a && a.box === box.box,
    ) ?? null;
  const place = legal.find((a) => a.type === "placeBets" && a.boxes.includes(box.box)) as
    | Extract<Legal, { type: "placeBets" }>
    | undefined;
  const play = of("play");
  const exchange = of("exchange");
  const sixth = of("buySixthCard");
  const fold = of("fold");
  const clear = of("clearBets");
  const takeAnte = of("takeAnte");
  const buyGame = of("buyGame");

  // Until the player types, the ANTE of his other boxes (RP-1) and the least insurance.
  const [typedAnte, setAnte] = useState<number | null>(null);
  const ante = typedAnte ?? myAnte ?? place?.ante.min ?? 0;
  const [bonus, setBonus] = useState(0);
  const [typedInsurance, setInsurance] = useState<number | null>(null);
  const insurance = typedInsurance ?? play?.insurance?.min ?? 0;
  const [picked, setPicked] = useState<string[]>([]);
  const toggle = (code: string) =>
    setPicked((p) => (p.includes(code) ? p.filter((c) => c !== code) : [...p, code].slice(0, 5)));

  const cards = settlement?.hand?.cards ?? box.cards;
  const faceDown = box.cardCount > 0 && cards === null;
  return (
    <section
      className={`russian-box${mine ? " russian-box-mine" : ""}`}
      aria-label={t("box.label", { n: box.box + 1 })}
      data-testid={`box-${box.box}`}
      data-status={box.status}
    >
      <header>
        <strong>{t("box.label", { n: box.box + 1 })}</strong>
        {ownerName && <span className="muted"> · {ownerName}</span>}
        {box.closed && <span className="badge">{t("box.closed")}</span>}
      </header>
      <div className="russian-cards">
        {cards?.map((code) => (
          <button
            key={code}
            type="button"
            className={`card-button${picked.includes(code) ? " card-picked" : ""}`}
            disabled={!exchange}
            aria-pressed={picked.includes(code)}
            onClick={() => toggle(code)}
          >
            <PlayingCard card={parseCard(code)} width={40} />
          </button>
        ))}
        {faceDown &&
          Array.from({ length: box.cardCount }, (_, i) => (
            <PlayingCard key={i} card={null} width={40} />
          ))}
      </div>
      {box.ownerId && (
        <p className="russian-stakes muted">
          {t("box.stakes", { ante: chips(box.ante), bet: chips(box.bet), bonus: chips(box.bonus) })}
          {box.insurance > 0 && ` · ${t("box.insurance", { amount: chips(box.insurance) })}`}
          {box.exchanged !== null && ` · ${t("box.exchanged", { n: box.exchanged })}`}
          {box.boughtSixthCard && ` · ${t("box.sixthCard")}`}
        </p>
      )}
      {box.waitingFor && <p className="muted">{t(`box.waiting.${box.waitingFor}`)}</p>}
      {place && (
        <form
          className="russian-decisions"
          onSubmit={(e) => {
            e.preventDefault();
            decide({ type: "placeBets", box: box.box, ante, ...(bonus > 0 ? { bonus } : {}) });
          }}
        >
          <label>
            {t("bet.ante", { min: chips(place.ante.min), max: chips(place.ante.max) })}
            <input
              type="number"
              name="ante"
              min={place.ante.min}
              max={place.ante.max}
              value={ante}
              onChange={(e) => setAnte(Number(e.target.value))}
            />
          </label>
          <label>
            {t(place.bonusLimit === "ante" ? "bet.bonus" : "bet.bonusHalf")}
            <input
              type="number"
              name="bonus"
              min={0}
              value={bonus}
              onChange={(e) => setBonus(Number(e.target.value))}
            />
          </label>
          <button type="submit">
            {place.closed
              ? t("bet.placeClosed", { total: chips(3 * ante + bonus) })
              : t("bet.place", { total: chips(ante + bonus) })}
          </button>
        </form>
      )}
      <div className="russian-decisions">
        {clear && (
          <button
            type="button"
            className="secondary"
            onClick={() => decide({ type: "clearBets", box: box.box })}
          >
            {t("action.clear")}
          </button>
        )}
        {fold && (
          <button
            type="button"
            className="secondary"
            onClick={() => decide({ type: "fold", box: box.box })}
          >
            {t("action.fold")}
          </button>
        )}
        {play && (
          <button type="button" onClick={() => decide({ type: "play", box: box.box })}>
            {t("action.play", { bet: chips(play.bet) })}
          </button>
        )}
        {play?.insurance && (
          <span className="row">
            <input
              type="number"
              aria-label={t("action.insuranceAmount")}
              name="insurance"
              min={play.insurance.min}
              max={play.insurance.max}
              value={insurance}
              onChange={(e) => setInsurance(Number(e.target.value))}
            />
            <button type="button" onClick={() => decide({ type: "play", box: box.box, insurance })}>
              {t("action.playInsured", { total: chips(play.bet + insurance) })}
            </button>
          </span>
        )}
        {exchange && (
          <button
            type="button"
            disabled={picked.length === 0}
            onClick={() => {
              decide({ type: "exchange", box: box.box, cards: picked });
              setPicked([]);
            }}
          >
            {t("action.exchange", { n: picked.length, fee: chips(exchange.fee) })}
          </button>
        )}
        {sixth && (
          <button type="button" onClick={() => decide({ type: "buySixthCard", box: box.box })}>
            {t("action.sixthCard", { fee: chips(sixth.fee) })}
          </button>
        )}
        {takeAnte && (
          <button type="button" onClick={() => decide({ type: "takeAnte", box: box.box })}>
            {t("action.takeAnte")}
          </button>
        )}
        {buyGame && (
          <button type="button" onClick={() => decide({ type: "buyGame", box: box.box })}>
            {t("action.buyGame", { fee: chips(buyGame.fee) })}
          </button>
        )}
      </div>
      {settlement && <SettlementTable settlement={settlement} />}
    </section>
  );
}

/** What the box paid and won, field by field, and the combinations it was paid for (RP-6). */
function SettlementTable({ settlement }: { settlement: Settlement }) {
  const t = useTranslations("russian");
  const { chips } = useFormat();
  const { hand } = settlement;
  return (
    <div className="russian-settlement" data-testid="settlement" data-outcome={settlement.outcome}>
      <p>
        <strong>{t(`outcome.${settlement.outcome}`)}</strong>
        {hand && ` · ${t(`category.${hand.first}`)}`}
        {hand?.second && ` + ${t(`category.${hand.second}`)}`}
        {hand?.bonus && ` · ${t("bonusHand", { hand: t(`bonusCategory.${hand.bonus}`) })}`}
        {settlement.capped && ` · ${t("capped")}`}
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">{t("field.name")}</th>
            <th scope="col">{t("field.stake")}</th>
            <th scope="col">{t("field.returned")}</th>
            <th scope="col">{t("field.paid")}</th>
          </tr>
        </thead>
        <tbody>
          {FIELDS.filter((field) => settlement[field].stake > 0).map((field) => (
            <tr key={field}>
              <th scope="row">{t(`field.${field}`)}</th>
              <td>{chips(settlement[field].stake)}</td>
              <td>{chips(settlement[field].returned)}</td>
              <td>{chips(settlement[field].paid)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t("toPlayer", { amount: chips(settlement.toPlayer) })}</p>
    </div>
  );
}
