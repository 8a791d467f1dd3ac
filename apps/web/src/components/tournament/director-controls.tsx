"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useFormat } from "@/i18n/format";
import { useErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { DealShares } from "./deal-panel";
import type { Tournament } from "./use-tournament";

/** A deal is for the last ten players (the tournament package's limit). */
const DEAL_PLAYERS = 10;

/** For admins on a running tournament's page: stop and restart the clock (MT-3), and offer a deal. */
export function DirectorControls({ t }: { t: Tournament }) {
  const tr = useTranslations("tournament.director");
  const errors = useErrors();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useQuery(trpc.auth.me.queryOptions());
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.tournaments.get.queryKey({ id: t.id }) });
  const pause = useMutation(trpc.admin.tournaments.pause.mutationOptions({ onSuccess: refresh }));
  const resume = useMutation(trpc.admin.tournaments.resume.mutationOptions({ onSuccess: refresh }));
  if (me.data?.role !== "admin" || t.status !== "running") return null;
  const busy = pause.isPending || resume.isPending;
  const error = pause.error ?? resume.error;
  return (
    <section className="director" aria-label={tr("label")}>
      <div className="actions">
        {t.paused ? (
          <button type="button" disabled={busy} onClick={() => resume.mutate({ id: t.id })}>
            {tr("resume")}
          </button>
        ) : (
          <button type="button" disabled={busy} onClick={() => pause.mutate({ id: t.id })}>
            {tr("pause")}
          </button>
        )}
      </div>
      {error && (
        <p role="alert" className="error">
          {errors.message(error)}
        </p>
      )}
      <LevelTime t={t} refresh={refresh} />
      {t.tables.length === 1 && t.finalDraw && <Redraw t={t} refresh={refresh} />}
      <PlayerTools t={t} refresh={refresh} />
      {t.alive <= DEAL_PLAYERS && <DealControls t={t} refresh={refresh} />}
      <CancelAfterStart t={t} refresh={refresh} />
    </section>
  );
}

/** Minutes on or off the level in play; "end it now" takes everything left. */
function LevelTime({ t, refresh }: { t: Tournament; refresh: () => Promise<void> }) {
  const tr = useTranslations("tournament.director");
  const errors = useErrors();
  const trpc = useTRPC();
  const adjust = useMutation(
    trpc.admin.tournaments.adjustLevel.mutationOptions({ onSuccess: refresh }),
  );
  const steps = [
    { seconds: 60, label: tr("addMinute") },
    { seconds: 300, label: tr("addFive") },
    { seconds: -60, label: tr("takeMinute") },
    { seconds: -86_400, label: tr("endLevel") },
  ];
  return (
    <fieldset className="actions level-time">
      <legend className="visually-hidden">{tr("levelTime")}</legend>
      {steps.map(({ seconds, label }) => (
        <button
          key={seconds}
          type="button"
          className="secondary small"
          disabled={adjust.isPending}
          onClick={() => adjust.mutate({ id: t.id, seconds })}
        >
          {label}
        </button>
      ))}
      {adjust.error && (
        <p role="alert" className="error">
          {errors.message(adjust.error)}
        </p>
      )}
    </fieldset>
  );
}

/** The final table's seats drawn again (once), from the seed committed at the opening. */
function Redraw({ t, refresh }: { t: Tournament; refresh: () => Promise<void> }) {
  const tr = useTranslations("tournament.director");
  const errors = useErrors();
  const trpc = useTRPC();
  const redraw = useMutation(
    trpc.admin.tournaments.redrawFinalTable.mutationOptions({ onSuccess: refresh }),
  );
  const seed = t.finalDraw?.seed ?? null;
  return (
    <div className="actions">
      {seed ? (
        <p role="status" className="muted" data-testid="redrawn">
          {tr("redrawn", { seed: seed.slice(0, 16) })}
        </p>
      ) : (
        <button
          type="button"
          className="secondary small"
          disabled={redraw.isPending}
          onClick={() => redraw.mutate({ id: t.id })}
        >
          {tr("redraw")}
        </button>
      )}
      {redraw.error && (
        <p role="alert" className="error">
          {errors.message(redraw.error)}
        </p>
      )}
    </div>
  );
}

/** A player still in moved to another table, or disqualified with a reason for the audit log. */
function PlayerTools({ t, refresh }: { t: Tournament; refresh: () => Promise<void> }) {
  const tr = useTranslations("tournament.director");
  const errors = useErrors();
  const trpc = useTRPC();
  const alive = t.players.filter((p) => p.stack !== null);
  const [playerId, setPlayerId] = useState("");
  const [table, setTable] = useState("");
  const [reason, setReason] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const ids = useId();
  const chosen = alive.find((p) => p.playerId === playerId) ?? null;
  const after = (message: string) => async () => {
    setDone(message);
    setReason("");
    await refresh();
  };
  const move = useMutation(
    trpc.admin.tournaments.movePlayer.mutationOptions({
      onSuccess: after(tr("moved", { name: chosen?.name ?? "" })),
    }),
  );
  const dq = useMutation(
    trpc.admin.tournaments.disqualify.mutationOptions({
      onSuccess: after(tr("disqualified", { name: chosen?.name ?? "" })),
    }),
  );
  const error = move.error ?? dq.error;
  return (
    <fieldset className="player-tools">
      <legend>{tr("playerTools")}</legend>
      <label htmlFor={`${ids}-player`}>{tr("player")}</label>
      <select id={`${ids}-player`} value={playerId} onChange={(e) => setPlayerId(e.target.value)}>
        <option value="">—</option>
        {alive.map((p) => (
          <option key={p.playerId} value={p.playerId}>
            {tr("playerAt", { name: p.name, table: String(p.tableNumber) })}
          </option>
        ))}
      </select>
      <div className="row">
        <label htmlFor={`${ids}-table`}>{tr("toTable")}</label>
        <select id={`${ids}-table`} value={table} onChange={(e) => setTable(e.target.value)}>
          <option value="">—</option>
          {t.tables
            .filter((x) => x.number !== chosen?.tableNumber)
            .map((x) => (
              <option key={x.number} value={x.number}>
                {tr("tableOption", { number: String(x.number), players: x.players })}
              </option>
            ))}
        </select>
        <button
          type="button"
          className="secondary small"
          disabled={!chosen || !table || move.isPending}
          onClick={() => {
            // Each action's answer replaces the last one's (a stale error would hide it).
            dq.reset();
            setDone(null);
            move.mutate({ id: t.id, playerId, table: Number(table) });
          }}
        >
          {tr("move")}
        </button>
      </div>
      <div className="row">
        <label htmlFor={`${ids}-reason`}>{tr("reason")}</label>
        <input
          id={`${ids}-reason`}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
        />
        <button
          type="button"
          className="small danger"
          disabled={!chosen || reason.trim().length < 3 || dq.isPending}
          onClick={() => {
            move.reset();
            setDone(null);
            dq.mutate({ id: t.id, playerId, reason });
          }}
        >
          {tr("disqualify")}
        </button>
      </div>
      {done && !error && (
        <p role="status" className="ok">
          {done}
        </p>
      )}
      {error && (
        <p role="alert" className="error">
          {errors.message(error)}
        </p>
      )}
    </fieldset>
  );
}

/**
 * A cancel after the start: the director sees what each player still in
 * would get, split by chips and equally, and confirms one (players already
 * out keep their prizes; the fees stay the house's).
 */
function CancelAfterStart({ t, refresh }: { t: Tournament; refresh: () => Promise<void> }) {
  const tr = useTranslations("tournament.director");
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const preview = useQuery({
    ...trpc.admin.tournaments.cancelPreview.queryOptions({ id: t.id }),
    enabled: open,
    retry: false,
  });
  const cancel = useMutation(trpc.admin.tournaments.cancel.mutationOptions({ onSuccess: refresh }));
  if (!open) {
    return (
      <div className="actions">
        <button type="button" className="secondary small danger" onClick={() => setOpen(true)}>
          {tr("cancelRunning")}
        </button>
      </div>
    );
  }
  return (
    <OffersSideBySide
      testId="cancel-offer"
      hint={tr("cancelHint")}
      preview={preview}
      offers={[
        { key: "chips", heading: tr("splitChips"), choose: tr("confirmChips") },
        { key: "equal", heading: tr("splitEqual"), choose: tr("confirmEqual") },
      ]}
      danger
      choosing={cancel.isPending}
      onChoose={(split) => cancel.mutate({ id: t.id, split })}
      error={cancel.error}
      closeLabel={tr("keepPlaying")}
      onClose={() => setOpen(false)}
    />
  );
}

/**
 * The director compares what ICM and a chip chop would pay before he
 * proposes either; once proposed, he may withdraw it. Working a deal out
 * needs every table between hands, so he pauses the clock first.
 */
function DealControls({ t, refresh }: { t: Tournament; refresh: () => Promise<void> }) {
  const tr = useTranslations("tournament.director");
  const errors = useErrors();
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const preview = useQuery({
    ...trpc.admin.tournaments.dealPreview.queryOptions({ id: t.id }),
    enabled: open && !t.deal,
    retry: false,
  });
  const done = async () => {
    setOpen(false);
    await refresh();
  };
  const propose = useMutation(
    trpc.admin.tournaments.proposeDeal.mutationOptions({ onSuccess: done }),
  );
  const withdraw = useMutation(
    trpc.admin.tournaments.withdrawDeal.mutationOptions({ onSuccess: refresh }),
  );
  const error = propose.error ?? withdraw.error;

  if (t.deal) {
    return (
      <div className="actions">
        <button
          type="button"
          className="secondary"
          disabled={withdraw.isPending}
          onClick={() => withdraw.mutate({ id: t.id })}
        >
          {tr("withdrawDeal")}
        </button>
        {error && (
          <p role="alert" className="error">
            {errors.message(error)}
          </p>
        )}
      </div>
    );
  }
  if (!open) {
    return (
      <div className="actions">
        <button type="button" className="secondary" onClick={() => setOpen(true)}>
          {tr("offerDeal")}
        </button>
      </div>
    );
  }
  return (
    <OffersSideBySide
      testId="deal-offer"
      hint={tr("dealHint")}
      preview={preview}
      offers={[
        { key: "icm", heading: tr("icm"), choose: tr("proposeIcm") },
        { key: "chips", heading: tr("chipChop"), choose: tr("proposeChips") },
      ]}
      choosing={propose.isPending}
      onChoose={(method) => propose.mutate({ id: t.id, method })}
      error={error}
      closeLabel={tr("close")}
      onClose={() => setOpen(false)}
    />
  );
}

type Share = Parameters<typeof DealShares>[0]["shares"][number];

/**
 * Two ways of paying the players still in, side by side, each with the
 * button that chooses it: the director sees every figure before he confirms.
 * The preview is refused while a hand is under way; he may try again.
 */
function OffersSideBySide<K extends string>({
  testId,
  hint,
  preview,
  offers,
  danger = false,
  choosing,
  onChoose,
  error,
  closeLabel,
  onClose,
}: {
  testId: string;
  hint: string;
  preview: {
    data?: Record<K, Share[]> | undefined;
    isPending: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  offers: { key: K; heading: string; choose: string }[];
  danger?: boolean;
  choosing: boolean;
  onChoose: (key: K) => void;
  error: unknown;
  closeLabel: string;
  onClose: () => void;
}) {
  const tr = useTranslations("tournament.director");
  const errors = useErrors();
  const { chips } = useFormat();
  return (
    <div className="deal-offer" data-testid={testId}>
      <p className="muted">{hint}</p>
      {preview.isPending && <p className="muted">{tr("working")}</p>}
      {preview.error ? (
        <p role="alert" className="error">
          {errors.message(preview.error)}
        </p>
      ) : null}
      {preview.data && (
        <div className="deal-methods">
          {offers.map(({ key, heading, choose }) => (
            <section key={key} aria-labelledby={`${testId}-${key}`}>
              <h3 id={`${testId}-${key}`}>{heading}</h3>
              <DealShares shares={preview.data?.[key] ?? []} you={null} chips={chips} />
              <button
                type="button"
                className={danger ? "danger" : undefined}
                disabled={choosing}
                onClick={() => onChoose(key)}
              >
                {choose}
              </button>
            </section>
          ))}
        </div>
      )}
      <div className="actions">
        {preview.error ? (
          <button type="button" className="secondary" onClick={() => preview.refetch()}>
            {tr("tryAgain")}
          </button>
        ) : null}
        <button type="button" className="secondary" onClick={onClose}>
          {closeLabel}
        </button>
      </div>
      {error ? (
        <p role="alert" className="error">
          {errors.message(error)}
        </p>
      ) : null}
    </div>
  );
}
