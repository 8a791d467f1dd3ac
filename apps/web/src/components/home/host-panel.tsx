"use client";
/**
 * A home game's own page: for the host, the invite link, the guests'
 * requests and his controls between hands (H-1, H-2); for everyone at the
 * game, its state and the banker's sheet (H-6), downloadable as CSV.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { type FormEvent, useEffect, useState } from "react";
import { Field } from "@/components/field";
import { useFormat } from "@/i18n/format";
import { useErrors } from "@/lib/errors";
import { type RouterOutputs, useTRPC } from "@/lib/trpc";

const POLL_MS = 3_000;

type Game = RouterOutputs["home"]["get"];

export function HostPanel({ tableId }: { tableId: string }) {
  const t = useTranslations("home.panel");
  const f = useFormat();
  const wording = useErrors();
  const trpc = useTRPC();
  const game = useQuery({
    ...trpc.home.get.queryOptions({ tableId }),
    retry: false,
    refetchInterval: POLL_MS,
  });
  if (game.isError)
    return (
      <p role="alert" className="error">
        {wording.message(game.error)}
      </p>
    );
  const data = game.data;
  if (!data) return null;
  const state =
    data.status === "closed" || data.room?.closed
      ? "closed"
      : data.room?.paused
        ? "paused"
        : "open";
  return (
    <div className="home-panel">
      <h1>{t("title", { name: data.name })}</h1>
      <p>
        <span data-testid="home-state">{t(`status.${state}`)}</span>
        {data.room?.handInProgress ? ` · ${t("handInProgress")}` : ""}
        {data.options.endsAt !== null
          ? ` · ${t("endsAt", { time: f.startTime(data.options.endsAt) })}`
          : ""}
      </p>
      {state !== "closed" && (
        <p>
          <Link className="button-link" href={`/table/${tableId}`}>
            {t("toTable")}
          </Link>
        </p>
      )}
      {data.role === "host" && state !== "closed" && (
        <>
          <InviteLink tableId={tableId} />
          <Guests tableId={tableId} />
          <Controls tableId={tableId} paused={state === "paused"} />
          <StakesForm tableId={tableId} game={data} />
        </>
      )}
      <BankersSheet tableId={tableId} />
    </div>
  );
}

/** The token comes in the page's fragment once, right after the game is made or a link renewed. */
function InviteLink({ tableId }: { tableId: string }) {
  const t = useTranslations("home.panel");
  const trpc = useTRPC();
  const [token, setToken] = useState<string | null>(null);
  const [revoked, setRevoked] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    const found = /invite=([A-Za-z0-9_-]+)/.exec(window.location.hash)?.[1];
    if (found) setToken(found);
  }, []);
  const renew = useMutation(
    trpc.home.invite.renew.mutationOptions({
      onSuccess: (made) => {
        setToken(made.token);
        setRevoked(false);
        window.history.replaceState(null, "", `#invite=${made.token}`);
      },
    }),
  );
  const revoke = useMutation(
    trpc.home.invite.revoke.mutationOptions({
      onSuccess: () => {
        setToken(null);
        setRevoked(true);
        window.history.replaceState(null, "", window.location.pathname);
      },
    }),
  );
  const link =
    token && typeof window !== "undefined" ? `${window.location.origin}/home/join#${token}` : null;
  return (
    <section className="panel" aria-labelledby="invite-title">
      <h2 id="invite-title">{t("invite")}</h2>
      {link ? (
        <>
          <p className="muted">{t("inviteHint")}</p>
          <p>
            <input
              aria-label={t("invite")}
              readOnly
              value={link}
              data-testid="invite-link"
              style={{ width: "100%" }}
            />{" "}
            <button
              type="button"
              onClick={() =>
                navigator.clipboard?.writeText(link).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
            >
              {copied ? t("copied") : t("copy")}
            </button>
          </p>
        </>
      ) : (
        <p className="muted">{revoked ? t("revoked") : t("inviteHidden")}</p>
      )}
      <div className="actions">
        <button type="button" onClick={() => renew.mutate({ tableId })}>
          {t("renew")}
        </button>
        <button type="button" onClick={() => revoke.mutate({ tableId })}>
          {t("revoke")}
        </button>
      </div>
    </section>
  );
}

function Guests({ tableId }: { tableId: string }) {
  const t = useTranslations("home.panel");
  const wording = useErrors();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const guests = useQuery({
    ...trpc.home.guests.list.queryOptions({ tableId }),
    refetchInterval: POLL_MS,
  });
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.home.guests.list.queryKey({ tableId }) });
  const admit = useMutation(trpc.home.guests.admit.mutationOptions({ onSuccess: refresh }));
  const refuse = useMutation(trpc.home.guests.refuse.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.home.guests.remove.mutationOptions({ onSuccess: refresh }));
  const failed = admit.error ?? refuse.error ?? remove.error;
  const list = guests.data?.guests ?? [];
  return (
    <section className="panel" aria-labelledby="guests-title">
      <h2 id="guests-title">{t("guests")}</h2>
      {list.length === 0 ? (
        <p className="muted">{t("noGuests")}</p>
      ) : (
        <ul className="home-guests">
          {list.map((g) => (
            <li key={g.playerId} data-testid={`guest-${g.name}`}>
              <strong>{g.name}</strong> — {t(`guestStatus.${g.status}`)}{" "}
              {(g.status === "requested" || g.status === "refused" || g.status === "removed") && (
                <button
                  type="button"
                  onClick={() => admit.mutate({ tableId, playerId: g.playerId })}
                >
                  {t("admit", { name: g.name })}
                </button>
              )}{" "}
              {g.status === "requested" && (
                <button
                  type="button"
                  onClick={() => refuse.mutate({ tableId, playerId: g.playerId })}
                >
                  {t("refuse", { name: g.name })}
                </button>
              )}
              {g.status === "admitted" && (
                <button
                  type="button"
                  onClick={() => remove.mutate({ tableId, playerId: g.playerId })}
                >
                  {t("remove", { name: g.name })}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {failed && (
        <p role="alert" className="error">
          {wording.message(failed)}
        </p>
      )}
    </section>
  );
}

function Controls({ tableId, paused }: { tableId: string; paused: boolean }) {
  const t = useTranslations("home.panel");
  const wording = useErrors();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.home.get.queryKey({ tableId }) });
  const pause = useMutation(trpc.home.pause.mutationOptions({ onSuccess: refresh }));
  const resume = useMutation(trpc.home.resume.mutationOptions({ onSuccess: refresh }));
  const close = useMutation(trpc.home.close.mutationOptions({ onSuccess: refresh }));
  const failed = pause.error ?? resume.error ?? close.error;
  return (
    <section className="panel" aria-labelledby="controls-title">
      <h2 id="controls-title">{t("controls")}</h2>
      <div className="actions">
        {paused ? (
          <button type="button" onClick={() => resume.mutate({ tableId })}>
            {t("resume")}
          </button>
        ) : (
          <button type="button" onClick={() => pause.mutate({ tableId })}>
            {t("pause")}
          </button>
        )}
        <button
          type="button"
          onClick={() => {
            if (window.confirm(t("closeConfirm"))) close.mutate({ tableId });
          }}
        >
          {t("close")}
        </button>
      </div>
      {failed && (
        <p role="alert" className="error">
          {wording.message(failed)}
        </p>
      )}
    </section>
  );
}

/** New blinds, ante and buy-in limits from the next hand; the game and betting stay as they are. */
function StakesForm({ tableId, game }: { tableId: string; game: Game }) {
  const t = useTranslations("home.panel");
  const th = useTranslations("home.host");
  const wording = useErrors();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { stake } = game;
  const [values, setValues] = useState({
    smallBlind: String(stake.smallBlind),
    bigBlind: String(stake.bigBlind),
    ante: String(stake.ante),
    minBuyInBb: String(stake.minBuyIn / stake.bigBlind),
    maxBuyInBb: String(stake.maxBuyIn / stake.bigBlind),
  });
  const save = useMutation(
    trpc.home.changeStakes.mutationOptions({
      onSuccess: () =>
        queryClient.invalidateQueries({ queryKey: trpc.home.get.queryKey({ tableId }) }),
    }),
  );
  const errors = wording.fields(save.error);
  const num = (key: keyof typeof values) => Number(values[key]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fixed = stake.betting === "fixed-limit";
    save.mutate({
      tableId,
      stakes: {
        game: stake.game as "holdem" | "omaha" | "draw" | "dealers-choice",
        games: stake.games,
        betting: stake.betting,
        deck: stake.deck,
        wild: stake.wild,
        smallBlind: num("smallBlind"),
        bigBlind: num("bigBlind"),
        // Fixed limit: the bet units follow the blinds (the big blind is the small bet).
        smallBet: fixed ? num("bigBlind") : null,
        bigBet: fixed ? 2 * num("bigBlind") : null,
        ante: num("ante"),
        minBuyInBb: num("minBuyInBb"),
        maxBuyInBb: num("maxBuyInBb"),
        actionSeconds: stake.actionSeconds,
        timeBankSeconds: stake.timeBankSeconds,
      },
    });
  };
  const field = (key: keyof typeof values) => (
    <Field name={`stakes-${key}`} label={th(key)} error={errors[`stakes.${key}`]}>
      <input
        id={`stakes-${key}`}
        inputMode="numeric"
        value={values[key]}
        onChange={(e) => setValues((all) => ({ ...all, [key]: e.target.value }))}
      />
    </Field>
  );
  return (
    <form className="form panel" onSubmit={submit} noValidate aria-labelledby="stakes-title">
      <h2 id="stakes-title">{t("stakes")}</h2>
      <div className="grid">
        {field("smallBlind")}
        {field("bigBlind")}
        {field("ante")}
        {field("minBuyInBb")}
        {field("maxBuyInBb")}
      </div>
      {save.isError && Object.keys(errors).length === 0 && (
        <p role="alert" className="error">
          {wording.message(save.error)}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {t("saveStakes")}
        </button>
      </div>
      <p className="ok" role="status" data-testid="stakes-saved">
        {save.isSuccess ? t("stakesSaved") : ""}
      </p>
    </form>
  );
}

function BankersSheet({ tableId }: { tableId: string }) {
  const t = useTranslations("home.panel");
  const f = useFormat();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sheet = useQuery({
    ...trpc.home.sheet.queryOptions({ tableId }),
    refetchInterval: POLL_MS,
  });
  const download = async () => {
    const file = await queryClient.fetchQuery(trpc.home.sheetCsv.queryOptions({ tableId }));
    const url = URL.createObjectURL(new Blob([file.csv], { type: "text/csv" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = file.filename;
    a.click();
    URL.revokeObjectURL(url);
  };
  const data = sheet.data;
  if (!data) return null;
  const row = (
    key: string,
    name: string,
    r: Omit<(typeof data.rows)[number], "playerId" | "name">,
  ) => (
    <tr key={key} data-testid={`sheet-${name}`}>
      <th scope="row">{name}</th>
      <td>{f.chips(r.buyIns)}</td>
      <td>{f.chips(r.topUps)}</td>
      <td>
        {r.freeSetCount > 0
          ? t("freeSetCount", { chips: f.chips(r.freeSets), count: r.freeSetCount })
          : f.chips(0)}
      </td>
      <td>{f.chips(r.cashOuts)}</td>
      <td>{f.chips(r.onTable)}</td>
      <td>{f.chips(r.net)}</td>
    </tr>
  );
  return (
    <section className="panel" aria-labelledby="sheet-title">
      <h2 id="sheet-title">{t("sheet")}</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: wider than a phone, it scrolls sideways, so the keyboard must reach it (axe: scrollable-region-focusable) */}
      <section className="table-scroll" aria-labelledby="sheet-title" tabIndex={0}>
        <table className="home-sheet">
          <thead>
            <tr>
              <th scope="col">{t("columns.player")}</th>
              <th scope="col">{t("columns.buyIns")}</th>
              <th scope="col">{t("columns.topUps")}</th>
              <th scope="col">{t("columns.freeSets")}</th>
              <th scope="col">{t("columns.cashOuts")}</th>
              <th scope="col">{t("columns.onTable")}</th>
              <th scope="col">{t("columns.net")}</th>
            </tr>
          </thead>
          <tbody>{data.rows.map((r) => row(r.playerId, r.name, r))}</tbody>
          <tfoot>{row("total", t("total"), data.totals)}</tfoot>
        </table>
      </section>
      <p className="muted" data-testid="sheet-escrow">
        {t("escrow", { chips: f.chips(data.escrow) })}
      </p>
      <button type="button" onClick={download}>
        {t("download")}
      </button>
    </section>
  );
}
