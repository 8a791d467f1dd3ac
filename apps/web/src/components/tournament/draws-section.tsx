"use client";
import { commitmentOf, seedFromHex } from "@felt/fairness";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { Tournament } from "./use-tournament";

type Draw = { commitment: string; seed: string | null };
type Check = "pending" | "verified" | "failed";

/**
 * The tournament's fair draws (docs/fairness.md, "Tournament seat draws"):
 * the seat draw and the final table's redraw were each committed when the
 * tournament opened. Each shows its commitment, then its seed once the draw
 * is made, and this browser checks that the seed's SHA-256 is the commitment
 * published before: the draw was fixed before anyone registered.
 */
export function DrawsSection({ t }: { t: Tournament }) {
  const tr = useTranslations("tournament.draws");
  if (!t.seatDraw && !t.finalDraw) return null;
  return (
    <section aria-labelledby="draws-heading" className="panel">
      <h2 id="draws-heading">{tr("heading")}</h2>
      <p className="muted">{tr("intro")}</p>
      <dl className="details">
        {t.seatDraw && <DrawRow name={tr("seatDraw")} draw={t.seatDraw} testId="draw-seats" />}
        {t.finalDraw && (
          <DrawRow name={tr("finalDraw")} draw={t.finalDraw} testId="draw-final-table" />
        )}
      </dl>
    </section>
  );
}

function DrawRow({ name, draw, testId }: { name: string; draw: Draw; testId: string }) {
  const tr = useTranslations("tournament.draws");
  const check = useSeedCheck(draw);
  return (
    <>
      <dt>{name}</dt>
      <dd data-testid={testId} data-status={check}>
        <div>
          {tr("commitment")} <code className="hash">{draw.commitment}</code>
        </div>
        {draw.seed === null ? (
          <div className="muted">{tr("seedLater")}</div>
        ) : (
          <>
            <div>
              {tr("seed")} <code className="hash">{draw.seed}</code>
            </div>
            <div role="status" className={check === "failed" ? "error" : undefined}>
              {check === "pending" ? tr("checking") : tr(check)}
            </div>
          </>
        )}
      </dd>
    </>
  );
}

/** SHA-256 of the shown seed against the commitment, computed here with Web Crypto. */
function useSeedCheck({ commitment, seed }: Draw): Check {
  const [check, setCheck] = useState<Check>("pending");
  useEffect(() => {
    if (seed === null) {
      setCheck("pending");
      return;
    }
    let current = true;
    const bytes = seedFromHex(seed);
    if (!bytes) {
      setCheck("failed");
      return;
    }
    commitmentOf(bytes).then(
      (hash) => current && setCheck(hash === commitment ? "verified" : "failed"),
      () => current && setCheck("failed"),
    );
    return () => {
      current = false;
    };
  }, [commitment, seed]);
  return check;
}
