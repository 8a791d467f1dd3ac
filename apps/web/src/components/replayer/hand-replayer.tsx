"use client";
import {
  type Card,
  type HandHistory,
  parsePhh,
  type ReplayStep,
  replaySteps,
  type StepAction,
} from "@felt/engine";
import { isJoker, RANKS, rankOf, suitOf } from "@felt/engine/cards";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useState } from "react";
import { PlayingCard } from "@/components/cards/playing-card";
import { useFormat } from "@/i18n/format";
import { useErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { checkFairness, type FairnessResult } from "./fairness";
import styles from "./hand-replayer.module.css";
import { RussianRoundView } from "./russian-round";

/** A street (stud's included), the draw or the showdown. */
type Section = ReplayStep["street"] | "draw" | "showdown";

/** Which part of the hand a step belongs to, for the street jumps. */
function sectionOf(step: ReplayStep): Section {
  if (step.phase === "draw") return "draw";
  if (step.phase === "showdown") return "showdown";
  // S-2: the showdown plays itself with the last action, whose step is the hand's last.
  if (step.phase === "complete" && step.players.filter((p) => !p.folded).length > 1)
    return "showdown";
  if (step.action?.kind === "show" || step.action?.kind === "muck") return "showdown";
  return step.street;
}

const SUIT_SYMBOLS = ["♣", "♦", "♥", "♠"];
const cardText = (card: Card | null) =>
  card === null
    ? "??"
    : isJoker(card)
      ? "Jk"
      : `${RANKS[rankOf(card)] === "T" ? "10" : RANKS[rankOf(card)]}${SUIT_SYMBOLS[suitOf(card)]}`;

/** A finished hand replayed step by step from its history, as the engine replays it. */
export function HandReplayer({ handId }: { handId: string }) {
  const t = useTranslations("replayer");
  const trpc = useTRPC();
  const errors = useErrors();
  const hand = useQuery(trpc.history.get.queryOptions({ handId }));

  if (hand.isError) {
    return (
      <p role="alert" className="error">
        {errors.message(hand.error)}{" "}
        <Link href={`/sign-in?next=${encodeURIComponent(`/hands/${handId}`)}`}>{t("signIn")}</Link>
      </p>
    );
  }
  if (!hand.data) return <p className="muted">{t("loading")}</p>;
  // PHH has no Russian poker: a round is its own record (docs/russian-rounds.md).
  if (hand.data.kind === "russian") return <RussianRoundView round={hand.data.round} />;
  return (
    <Replay
      phh={hand.data.phh}
      viewerSeat={hand.data.seat}
      handNumber={hand.data.handNumber}
      tableId={hand.data.tableId}
    />
  );
}

function Replay({
  phh,
  viewerSeat,
  handNumber,
  tableId,
}: {
  phh: string;
  viewerSeat: number;
  handNumber: number;
  tableId: string;
}) {
  const t = useTranslations("replayer");
  const replay = useMemo(() => {
    const parsed = parsePhh(phh);
    if (!parsed.ok) return { ok: false as const, error: parsed.error };
    const history = parsed.history;
    const viewer = history.seats?.indexOf(viewerSeat) ?? -1;
    const steps = replaySteps(history, viewer >= 0 ? { viewer } : {});
    if (!steps.ok) return { ok: false as const, error: steps.error };
    return { ...steps, history, viewer };
  }, [phh, viewerSeat]);

  return (
    <section aria-labelledby="replayer-heading" className={styles.replayer}>
      <p>
        <Link href="/hands">← {t("back")}</Link>
      </p>
      <h1 id="replayer-heading">
        {t("titleAt", {
          number: handNumber,
          table: replay.ok ? String(replay.history.table ?? tableId) : tableId,
        })}
      </h1>
      {replay.ok ? (
        <Stepper
          history={replay.history}
          steps={replay.steps}
          viewer={replay.viewer}
          matches={replay.matches}
        />
      ) : (
        <p role="alert" className="error">
          {t("notReplayable", { reason: replay.error.message })}
        </p>
      )}
    </section>
  );
}

function Stepper({
  history,
  steps,
  viewer,
  matches,
}: {
  history: HandHistory;
  steps: ReplayStep[];
  viewer: number;
  matches: boolean;
}) {
  const t = useTranslations("replayer");
  const { chips } = useFormat();
  // F7S (PokerKit's), and Felt's F5S, F7SW, F5SW (docs/hand-history.md).
  const stud = /^F[57]SW?$/.test(history.variant);
  const [index, setIndex] = useState(0);
  const lastIndex = steps.length - 1;
  const go = useCallback(
    (to: number) => setIndex(Math.max(0, Math.min(lastIndex, to))),
    [lastIndex],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
      if (event.key === "ArrowLeft") setIndex((i) => Math.max(0, i - 1));
      else if (event.key === "ArrowRight") setIndex((i) => Math.min(lastIndex, i + 1));
      else if (event.key === "Home") setIndex(0);
      else if (event.key === "End") setIndex(lastIndex);
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [lastIndex]);

  const step = steps[index] as ReplayStep;
  const name = (player: number) =>
    history.players?.[player] ?? t("table.seat", { seat: history.seats?.[player] ?? player + 1 });

  const sections = useMemo(() => {
    const first = new Map<Section, number>();
    steps.forEach((s, i) => {
      const section = sectionOf(s);
      if (!first.has(section)) first.set(section, i);
    });
    return [...first.entries()];
  }, [steps]);

  const describe = (s: ReplayStep, i: number): string[] => {
    const lines: string[] = [];
    if (s.action === null) lines.push(t(stud ? "actions.dealStud" : "actions.deal"));
    else lines.push(describeAction(s.action));
    // Stud (ST-1): a street's up cards, everyone's to see.
    if (s.upDealt.length > 0)
      lines.push(
        t("actions.upDealt", {
          street: t(`streets.${s.street}`),
          cards: s.upDealt
            .map((d) => `${name(d.player)} ${d.cards.map(cardText).join(" ")}`)
            .join(", "),
        }),
      );
    for (const r of s.returned)
      lines.push(t("actions.returned", { name: name(r.player), amount: chips(r.amount) }));
    if (s.dealt.length > 0 && i > 0 && stud) {
      // ST-6: stud's common last card.
      lines.push(
        t("actions.dealt", {
          street: t(`streets.${s.street}`),
          cards: s.dealt.map(cardText).join(" "),
        }),
      );
    } else if (s.dealt.length > 0 && i > 0) {
      // An all-in runout deals several streets in one step: then it is simply "Board".
      const street =
        s.dealt.length === 3
          ? "flop"
          : s.dealt.length > 1
            ? null
            : s.board.length === 4
              ? "turn"
              : "river";
      lines.push(
        t("actions.dealt", {
          street: street === null ? t("table.board") : t(`streets.${street}`),
          cards: s.dealt.map(cardText).join(" "),
        }),
      );
    }
    return lines;
  };

  const describeAction = (a: StepAction): string => {
    const who = name(a.player);
    switch (a.kind) {
      case "fold":
      case "check":
      case "show":
      case "muck":
        return t(`actions.${a.kind}`, { name: who });
      case "call":
      case "bet":
      case "raise":
        if (a.kind === "bet" && a.bringIn)
          return t(a.allIn ? "actions.bringInAllIn" : "actions.bringIn", {
            name: who,
            amount: chips(a.amount),
          });
        return t(a.allIn ? `actions.${a.kind}AllIn` : `actions.${a.kind}`, {
          name: who,
          amount: chips(a.amount),
        });
      case "draw":
        return a.count === 0
          ? t("actions.standPat", { name: who })
          : t("actions.draw", { name: who, count: a.count });
    }
  };

  // Stud has no button (the dealer sits before p1, ST-3).
  const buttonPlayer = stud ? -1 : history.startingStacks.length - 1;
  const last = steps[lastIndex] as ReplayStep;

  return (
    <>
      <nav className={styles.controls} aria-label={t("controls.label")}>
        <div className={styles.buttons}>
          <button
            type="button"
            onClick={() => go(0)}
            disabled={index === 0}
            aria-label={t("controls.first")}
          >
            «
          </button>
          <button
            type="button"
            onClick={() => go(index - 1)}
            disabled={index === 0}
            aria-label={t("controls.prev")}
          >
            ‹
          </button>
          <span className={styles.counter} data-testid="step-counter" aria-live="polite">
            {t("controls.step", { current: index + 1, total: steps.length })}
          </span>
          <button
            type="button"
            onClick={() => go(index + 1)}
            disabled={index === lastIndex}
            aria-label={t("controls.next")}
          >
            ›
          </button>
          <button
            type="button"
            onClick={() => go(lastIndex)}
            disabled={index === lastIndex}
            aria-label={t("controls.last")}
          >
            »
          </button>
        </div>
        <fieldset className={styles.streets}>
          <legend className="visually-hidden">{t("controls.streets")}</legend>
          {sections.map(([section, at]) => (
            <button
              key={section}
              type="button"
              className={
                sectionOf(step) === section ? `small ${styles.activeStreet}` : "small secondary"
              }
              aria-pressed={sectionOf(step) === section}
              onClick={() => go(at)}
            >
              {t(`streets.${section}`)}
            </button>
          ))}
        </fieldset>
        <p className="muted">{t("controls.keys")}</p>
      </nav>

      <div className={styles.felt} data-testid="replay-table">
        <div className={styles.middle}>
          <div className={styles.board} data-testid="replay-board">
            <span className="visually-hidden">{t("table.board")}</span>
            {step.board.length === 0 && !history.variant.endsWith("5D") && !stud ? (
              <span className="muted">{t("table.noBoard")}</span>
            ) : (
              step.board.map((card) => <PlayingCard key={card} card={card} width={34} />)
            )}
          </div>
          <div className={styles.pots} data-testid="replay-pots">
            {step.pots.map((pot, i) => (
              <span key={`${i}-${pot.amount}`}>
                {step.pots.length === 1
                  ? t("table.pot", { amount: chips(pot.amount) })
                  : i === 0
                    ? t("table.mainPot", { amount: chips(pot.amount) })
                    : t("table.sidePot", { n: i, amount: chips(pot.amount) })}
              </span>
            ))}
            {step.totalPot > 0 && (
              <span className="muted">{t("table.totalPot", { amount: chips(step.totalPot) })}</span>
            )}
          </div>
        </div>
        <ul className={styles.seats}>
          {step.players.map((p) => {
            const classes = [
              styles.seat,
              p.folded || p.mucked ? styles.out : "",
              step.toAct === p.player ? styles.acting : "",
              step.action && "player" in step.action && step.action.player === p.player
                ? styles.actor
                : "",
            ].join(" ");
            return (
              <li key={p.player} className={classes} data-testid={`replay-seat-${p.player}`}>
                <div className={styles.seatHead}>
                  <strong>{name(p.player)}</strong>
                  {p.player === viewer && <span className="muted"> ({t("table.you")})</span>}
                  {p.player === buttonPlayer && (
                    <span className={styles.dealer} title={t("table.button")}>
                      D
                    </span>
                  )}
                </div>
                {stud ? (
                  <div className={styles.studCards}>
                    <ul
                      className={styles.cards}
                      aria-label={t("table.downCards")}
                      data-testid={`replay-down-${p.player}`}
                    >
                      {p.cards.map((card, i) => (
                        <li key={i}>
                          <PlayingCard card={card} width={26} dim={p.folded || p.mucked} />
                        </li>
                      ))}
                    </ul>
                    <ul
                      className={styles.cards}
                      aria-label={t("table.upCards")}
                      data-testid={`replay-up-${p.player}`}
                    >
                      {p.upCards.map((card) => (
                        <li key={card}>
                          <PlayingCard card={card} width={26} dim={p.folded || p.mucked} />
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : (
                  <div className={styles.cards}>
                    {p.cards.map((card, i) => (
                      <PlayingCard key={i} card={card} width={26} dim={p.folded || p.mucked} />
                    ))}
                  </div>
                )}
                <div>
                  {t("table.stack")}:{" "}
                  <span data-testid={`replay-stack-${p.player}`}>{chips(p.stack)}</span>
                </div>
                {p.bet > 0 && (
                  <div className={styles.bet}>{t("table.bet", { amount: chips(p.bet) })}</div>
                )}
                <div className={styles.tags}>
                  {p.folded && <span>{t("table.folded")}</span>}
                  {p.mucked && <span>{t("table.mucked")}</span>}
                  {p.allIn && !p.folded && <span>{t("table.allIn")}</span>}
                  {step.toAct === p.player && <span>{t("table.toAct")}</span>}
                  {p.drew !== null && <span>{t("table.drew", { count: p.drew })}</span>}
                </div>
                {p.discarded.length > 0 && (
                  <div className={styles.discards}>
                    {t("table.discarded")}: {p.discarded.map(cardText).join(" ")}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </div>

      <section aria-labelledby="replay-actions" className={styles.panel}>
        <h2 id="replay-actions">{t("actions.title")}</h2>
        <ol className={styles.actions} data-testid="replay-actions">
          {steps.map((s, i) => (
            <li key={i} aria-current={i === index ? "step" : undefined}>
              <button
                type="button"
                className={i === index ? styles.current : styles.actionButton}
                onClick={() => go(i)}
              >
                {describe(s, i).join(" · ")}
              </button>
            </li>
          ))}
        </ol>
      </section>

      {index === lastIndex && (
        <section
          aria-labelledby="replay-result"
          className={styles.panel}
          data-testid="replay-result"
        >
          <h2 id="replay-result">{t("result.title")}</h2>
          <ul>
            {last.awards.flatMap((award) =>
              award.winners.map((w) => (
                <li key={`${award.pot}-${w.player}`}>
                  {award.pot === 0
                    ? t("result.wins", { name: name(w.player), amount: chips(w.amount) })
                    : t("result.winsSide", {
                        name: name(w.player),
                        amount: chips(w.amount),
                        n: award.pot,
                      })}
                  {w.category && (
                    <>
                      {" "}
                      {t("result.with", { hand: t(`categories.${w.category}` as never) })}{" "}
                      <span className="muted">{w.cards.map(cardText).join(" ")}</span>
                    </>
                  )}
                </li>
              )),
            )}
          </ul>
          <table className="lobby-table">
            <caption>{t("result.finalStacks")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("result.player")}</th>
                <th scope="col">{t("result.start")}</th>
                <th scope="col">{t("result.end")}</th>
                <th scope="col">{t("result.net")}</th>
              </tr>
            </thead>
            <tbody>
              {last.players.map((p) => {
                const start = history.startingStacks[p.player] ?? 0;
                const net = p.stack - start;
                return (
                  <tr key={p.player}>
                    <td>{name(p.player)}</td>
                    <td>{chips(start)}</td>
                    <td data-testid={`final-stack-${p.player}`}>{chips(p.stack)}</td>
                    <td className={net >= 0 ? "ok" : "error"}>
                      {net > 0 ? "+" : ""}
                      {chips(net)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {!matches && (
            <p role="alert" className="error">
              {t("mismatch")}
            </p>
          )}
        </section>
      )}

      <Fairness history={history} />
    </>
  );
}

function Fairness({ history }: { history: HandHistory }) {
  const t = useTranslations("replayer.fairness");
  const [result, setResult] = useState<FairnessResult | null>(null);
  useEffect(() => {
    let live = true;
    void checkFairness(history).then((r) => {
      if (live) setResult(r);
    });
    return () => {
      live = false;
    };
  }, [history]);

  return (
    <section
      aria-labelledby="replay-fairness"
      className={styles.panel}
      data-testid="replay-fairness"
    >
      <h2 id="replay-fairness">{t("title")}</h2>
      <p className="muted">{t("explain")}</p>
      {result === null ? (
        <p>{t("checking")}</p>
      ) : result.status === "unavailable" ? (
        <p>{t("unavailable")}</p>
      ) : result.status === "malformed" ? (
        <p className="error" data-testid="fairness-status" data-status="malformed">
          {t("malformed", { field: result.field })}
        </p>
      ) : (
        <>
          <dl className={styles.hashes}>
            <dt>{t("root")}</dt>
            <dd>
              <code>{result.root}</code>
            </dd>
            <dt>{t("seedCommitment")}</dt>
            <dd>
              <code>{result.seedCommitment}</code>
            </dd>
            <dt>{t("clientSeeds")}</dt>
            <dd>
              <code>{result.clientSeeds === "" ? t("noClientSeeds") : result.clientSeeds}</code>
            </dd>
          </dl>
          <p
            className={result.status === "verified" ? "ok" : "error"}
            data-testid="fairness-status"
            data-status={result.status}
          >
            {result.status === "verified"
              ? `✓ ${t("verified", { n: result.proven })}`
              : `✗ ${t("failed", { n: result.unproven.length + result.badLeaves.length })}`}
          </p>
        </>
      )}
    </section>
  );
}
