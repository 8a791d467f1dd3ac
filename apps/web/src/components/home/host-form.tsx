"use client";
/**
 * "Host a game" (docs/rules.md#home-games, H-1): a signed-in player opens a
 * private table. What he may choose and its bounds are the API's
 * (`home.create`); the form shows its refusals under each field.
 */
import { DEALERS_CHOICE_GAMES } from "@felt/protocol/games";
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { Field } from "@/components/field";
import { useErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";

const GAMES = ["holdem", "omaha", "draw", "dealers-choice"] as const;
const BETTINGS = ["no-limit", "pot-limit", "fixed-limit"] as const;
const DECKS = ["52", "32"] as const;
const WILDS = [
  "none",
  "joker",
  "two-jokers",
  "bug",
  "deuces",
  "deuces-and-joker",
  "one-eyed-jacks",
  "lowest-in-hand",
] as const;
const CHATS = ["players", "everyone", "off"] as const;

type Game = (typeof GAMES)[number];
type Betting = (typeof BETTINGS)[number];

/** A number field's value: what was typed, as a number (NaN when blank, for the API to name). */
const num = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

export function HostForm() {
  const t = useTranslations("home.host");
  const options = useTranslations("admin.options");
  const wording = useErrors();
  const trpc = useTRPC();
  const router = useRouter();
  const me = useQuery(trpc.auth.me.queryOptions());
  const [name, setName] = useState("");
  const [game, setGame] = useState<Game>("holdem");
  const [games, setGames] = useState<string[]>(["holdem-nl", "omaha-pl"]);
  const [betting, setBetting] = useState<Betting>("no-limit");
  const [deck, setDeck] = useState<(typeof DECKS)[number]>("52");
  const [wild, setWild] = useState<(typeof WILDS)[number]>("none");
  const [numbers, setNumbers] = useState({
    smallBlind: "1",
    bigBlind: "2",
    smallBet: "2",
    bigBet: "4",
    ante: "0",
    minBuyInBb: "20",
    maxBuyInBb: "100",
    seats: "6",
    actionSeconds: "30",
    timeBankSeconds: "60",
    freeSets: "2",
    setChips: "",
  });
  const [chat, setChat] = useState<(typeof CHATS)[number]>("players");
  const [spectators, setSpectators] = useState(false);
  const [endsAt, setEndsAt] = useState("");
  const [poverty, setPoverty] = useState(false);
  const [specialRound, setSpecialRound] = useState(false);
  const create = useMutation(
    trpc.home.create.mutationOptions({
      // The token is shown once, on the host's page: in the fragment, never sent to a server.
      onSuccess: (made) => router.push(`/home/${made.tableId}#invite=${made.token}`),
    }),
  );
  if (me.isPending) return null;
  if (!me.data)
    return (
      <p>
        <Link href="/sign-in?next=/home/new">{t("signIn")}</Link>
      </p>
    );

  const errors = wording.fields(create.error);
  const fixed = betting === "fixed-limit";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = (key: keyof typeof numbers) => num(numbers[key]);
    create.mutate({
      name,
      game,
      games: game === "dealers-choice" ? (games as (typeof DEALERS_CHOICE_GAMES)[number][]) : null,
      betting,
      deck: game === "dealers-choice" ? "52" : deck,
      wild: game === "dealers-choice" ? "none" : wild,
      smallBlind: n("smallBlind"),
      bigBlind: n("bigBlind"),
      smallBet: fixed ? n("smallBet") : null,
      bigBet: fixed ? n("bigBet") : null,
      ante: n("ante"),
      minBuyInBb: n("minBuyInBb"),
      maxBuyInBb: n("maxBuyInBb"),
      seats: n("seats"),
      actionSeconds: n("actionSeconds"),
      timeBankSeconds: n("timeBankSeconds"),
      chat,
      spectators,
      options: {
        endsAt: endsAt === "" ? null : new Date(endsAt).getTime(),
        poverty: poverty
          ? {
              freeSets: n("freeSets"),
              ...(numbers.setChips.trim() === "" ? {} : { setChips: n("setChips") }),
            }
          : null,
        specialRound,
      },
    });
  };
  const numberField = (key: keyof typeof numbers, label: string, hint?: string) => (
    <Field
      name={key}
      label={label}
      error={errors[key] ?? errors[`options.poverty.${key}`]}
      hint={hint}
    >
      <input
        id={key}
        inputMode="numeric"
        value={numbers[key]}
        onChange={(e) => setNumbers((all) => ({ ...all, [key]: e.target.value }))}
      />
    </Field>
  );
  const formError = create.isError && Object.keys(errors).length === 0;
  return (
    <form className="form home-form" onSubmit={submit} noValidate aria-labelledby="host-title">
      <h1 id="host-title">{t("title")}</h1>
      <p className="muted">{t("intro")}</p>
      <Field name="name" label={t("name")} error={errors.name}>
        <input id="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={40} />
      </Field>
      <div className="grid">
        <Field name="game" label={t("game")} error={errors.game}>
          <select id="game" value={game} onChange={(e) => setGame(e.target.value as Game)}>
            {GAMES.map((g) => (
              <option key={g} value={g}>
                {t(`games.${g}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field name="betting" label={t("betting")} error={errors.betting}>
          <select
            id="betting"
            value={betting}
            onChange={(e) => setBetting(e.target.value as Betting)}
          >
            {BETTINGS.map((b) => (
              <option key={b} value={b}>
                {options(`betting.${b}`)}
              </option>
            ))}
          </select>
        </Field>
        {game !== "dealers-choice" && (
          <>
            <Field name="deck" label={t("deck")} error={errors.deck}>
              <select
                id="deck"
                value={deck}
                onChange={(e) => setDeck(e.target.value as (typeof DECKS)[number])}
              >
                {DECKS.map((d) => (
                  <option key={d} value={d}>
                    {options(`decks.${d}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field name="wild" label={t("wild")} error={errors.wild}>
              <select
                id="wild"
                value={wild}
                onChange={(e) => setWild(e.target.value as (typeof WILDS)[number])}
              >
                {WILDS.map((w) => (
                  <option key={w} value={w}>
                    {options(`wild.${w}`)}
                  </option>
                ))}
              </select>
            </Field>
          </>
        )}
      </div>
      {game === "dealers-choice" && (
        <fieldset>
          <legend>{t("dealersGames")}</legend>
          {DEALERS_CHOICE_GAMES.map((g) => (
            <label key={g} className="inline">
              <input
                type="checkbox"
                checked={games.includes(g)}
                onChange={(e) =>
                  setGames((list) =>
                    e.target.checked ? [...list, g] : list.filter((x) => x !== g),
                  )
                }
              />
              {options(`dealersGames.${g}`)}
            </label>
          ))}
          {errors.games && (
            <small className="error" role="alert">
              {errors.games}
            </small>
          )}
        </fieldset>
      )}
      <div className="grid">
        {numberField("smallBlind", t("smallBlind"))}
        {numberField("bigBlind", t("bigBlind"))}
        {fixed && numberField("smallBet", t("smallBet"))}
        {fixed && numberField("bigBet", t("bigBet"))}
        {numberField("ante", t("ante"))}
        {numberField("minBuyInBb", t("minBuyInBb"))}
        {numberField("maxBuyInBb", t("maxBuyInBb"))}
        {numberField("seats", t("seats"))}
        {numberField("actionSeconds", t("actionSeconds"))}
        {numberField("timeBankSeconds", t("timeBankSeconds"))}
        <Field name="chat" label={t("chat")} error={errors.chat}>
          <select
            id="chat"
            value={chat}
            onChange={(e) => setChat(e.target.value as (typeof CHATS)[number])}
          >
            {CHATS.map((c) => (
              <option key={c} value={c}>
                {options(`chat.${c}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <label className="inline">
        <input
          type="checkbox"
          checked={spectators}
          onChange={(e) => setSpectators(e.target.checked)}
        />
        {t("spectators")}
      </label>
      <Field
        name="endsAt"
        label={t("endsAt")}
        error={errors["options.endsAt"]}
        hint={t("endsAtHint")}
      >
        <input
          id="endsAt"
          type="datetime-local"
          value={endsAt}
          onChange={(e) => setEndsAt(e.target.value)}
        />
      </Field>
      <label className="inline">
        <input type="checkbox" checked={poverty} onChange={(e) => setPoverty(e.target.checked)} />
        {t("poverty")}
      </label>
      {poverty && (
        <div className="grid">
          {numberField("freeSets", t("freeSets"))}
          {numberField("setChips", t("setChips"), t("setChipsHint"))}
        </div>
      )}
      <label className="inline">
        <input
          type="checkbox"
          checked={specialRound}
          onChange={(e) => setSpecialRound(e.target.checked)}
        />
        {t("specialRound")}
      </label>
      {errors["options.specialRound"] && (
        <small className="error" role="alert">
          {t("specialRound")}: {errors["options.specialRound"]}
        </small>
      )}
      {formError && (
        <p role="alert" className="error">
          {wording.message(create.error)}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={create.isPending}>
          {create.isPending ? t("creating") : t("submit")}
        </button>
      </div>
    </form>
  );
}
