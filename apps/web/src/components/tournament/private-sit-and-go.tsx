"use client";
/**
 * A home game's host opens a private sit-and-go (H-7): a freezeout of the game
 * he chooses that starts when its seats are taken, out of the lobby. He gets a link to pass
 * on; only people with it see the tournament and may register.
 */
import { TOURNAMENT_GAMES, type TournamentGame } from "@felt/protocol/games";
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { Field } from "@/components/field";
import { useErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";

export function PrivateSitAndGo({ tableId }: { tableId: string }) {
  const tr = useTranslations("tournament.private");
  const games = useTranslations("tournament.games");
  const trpc = useTRPC();
  const wording = useErrors();
  const home = useQuery({ ...trpc.home.get.queryOptions({ tableId }), retry: false });
  const open = useMutation(trpc.tournaments.openPrivate.mutationOptions());
  const [form, setForm] = useState({ name: "", seats: "6", buyIn: "100", levelSeconds: "60" });
  const [game, setGame] = useState<TournamentGame>("holdem-nl");
  if (home.data?.role !== "host") return null;
  const errors = open.error ? wording.fields(open.error) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    open.mutate({
      homeTableId: tableId,
      name: form.name,
      game,
      seats: Number(form.seats),
      // ST-1: seven-card stud deals to at most 8 a table.
      seatsPerTable: Math.min(Number(form.seats), game === "stud7" ? 8 : 9),
      buyIn: Number(form.buyIn),
      levelSeconds: Number(form.levelSeconds),
    });
  };
  const input = (name: keyof typeof form, type: "text" | "number", min?: number, max?: number) => (
    <input
      id={`psng-${name}`}
      name={name}
      type={type}
      inputMode={type === "number" ? "numeric" : undefined}
      min={min}
      max={max}
      required
      value={form[name]}
      aria-invalid={errors[name] ? true : undefined}
      aria-describedby={errors[name] ? `psng-${name}-error` : undefined}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
    />
  );
  const link = open.data
    ? `${typeof window === "undefined" ? "" : window.location.origin}/tournament/${open.data.id}#invite=${open.data.invite}`
    : null;
  return (
    <section aria-labelledby="psng-heading" className="home-section" data-testid="private-sng">
      <h2 id="psng-heading">{tr("heading")}</h2>
      <p className="muted">{tr("explain")}</p>
      <form onSubmit={submit} noValidate>
        <Field name="psng-name" label={tr("name")} error={errors.name}>
          {input("name", "text")}
        </Field>
        <Field name="psng-game" label={tr("game")} error={errors.game}>
          <select
            id="psng-game"
            value={game}
            onChange={(e) => setGame(e.target.value as TournamentGame)}
          >
            {TOURNAMENT_GAMES.map((g) => (
              <option key={g} value={g}>
                {games(g)}
              </option>
            ))}
          </select>
        </Field>
        <Field name="psng-seats" label={tr("seats")} error={errors.seats}>
          {input("seats", "number", 2, 30)}
        </Field>
        <Field name="psng-buyIn" label={tr("buyIn")} error={errors.buyIn}>
          {input("buyIn", "number", 0)}
        </Field>
        <Field name="psng-levelSeconds" label={tr("levelSeconds")} error={errors.levelSeconds}>
          {input("levelSeconds", "number", 10, 7200)}
        </Field>
        <button type="submit" disabled={open.isPending}>
          {tr("open")}
        </button>
        {open.error && Object.keys(errors).length === 0 && (
          <p role="alert" className="error">
            {wording.message(open.error)}
          </p>
        )}
      </form>
      {link && open.data && (
        <div role="status">
          <p>{tr("opened")}</p>
          <label htmlFor="psng-link">{tr("link")}</label>
          <input id="psng-link" readOnly value={link} data-testid="private-sng-link" />
          <p>
            <Link href={`/tournament/${open.data.id}#invite=${open.data.invite}`}>
              {tr("toPage")}
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}
