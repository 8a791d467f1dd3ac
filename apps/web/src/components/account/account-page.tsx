"use client";
import { AVATARS, type AvatarId } from "@felt/protocol/avatars";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { type FormEvent, useEffect, useState } from "react";
import { Avatar } from "@/components/avatar";
import { Field } from "@/components/field";
import { useFormat } from "@/i18n/format";
import { useErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";

/** The player's own account: name, avatar, password and results by day and game. */
export function AccountPage() {
  const t = useTranslations("account");
  const tAuth = useTranslations("auth.account");
  const trpc = useTRPC();
  const me = useQuery(trpc.auth.me.queryOptions());
  if (me.isPending) return null;
  if (!me.data) {
    return (
      <p>
        <Link href="/sign-in?next=/account">{tAuth("signIn")}</Link>
      </p>
    );
  }
  return (
    <div className="account-page">
      <h1>{t("title")}</h1>
      <div className="account-grid">
        <DisplayNameForm current={me.data.displayName} />
        <AvatarForm current={me.data.avatar} />
        <PasswordForm />
      </div>
      <Results />
    </div>
  );
}

/**
 * The end of each account form: the refusal that names no field (a field's
 * own is shown under it), the submit button, and "Saved." once it is.
 */
function SaveRow({
  save,
  fieldErrors = {},
  label,
}: {
  save: { isError: boolean; error: unknown; isPending: boolean; isSuccess: boolean };
  fieldErrors?: Record<string, string>;
  label: string;
}) {
  const t = useTranslations("account");
  const wording = useErrors();
  return (
    <>
      {save.isError && Object.keys(fieldErrors).length === 0 && (
        <p role="alert" className="error">
          {wording.message(save.error)}
        </p>
      )}
      <button type="submit" disabled={save.isPending}>
        {label}
      </button>
      <p className="ok" role="status">
        {save.isSuccess ? t("saved") : ""}
      </p>
    </>
  );
}

function DisplayNameForm({ current }: { current: string }) {
  const t = useTranslations("account.profile");
  const tAuth = useTranslations("auth.fields");
  const wording = useErrors();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState(current);
  const change = useMutation(
    trpc.account.changeDisplayName.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() }),
    }),
  );
  const errors = wording.fields(change.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ displayName: name });
  };
  return (
    <form className="form panel" onSubmit={submit} noValidate aria-labelledby="profile-title">
      <h2 id="profile-title">{t("title")}</h2>
      <Field
        name="displayName"
        label={tAuth("displayName")}
        error={errors.displayName}
        hint={t("hint")}
      >
        <input
          id="displayName"
          autoComplete="nickname"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <SaveRow save={change} fieldErrors={errors} label={t("submit")} />
    </form>
  );
}

function AvatarForm({ current }: { current: AvatarId | null }) {
  const t = useTranslations("account.avatar");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<AvatarId | null>(current);
  useEffect(() => setChosen(current), [current]);
  const save = useMutation(
    trpc.account.setAvatar.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() }),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ avatar: chosen });
  };
  return (
    <form className="form panel" onSubmit={submit} aria-labelledby="avatar-title">
      <h2 id="avatar-title">{t("title")}</h2>
      <fieldset className="avatar-picker">
        <legend className="visually-hidden">{t("title")}</legend>
        <label className="avatar-choice">
          <input
            type="radio"
            name="avatar"
            value=""
            checked={chosen === null}
            onChange={() => setChosen(null)}
          />
          <span className="avatar-none">{t("none")}</span>
        </label>
        {AVATARS.map((id) => (
          <label key={id} className="avatar-choice" data-testid={`avatar-${id}`}>
            <input
              type="radio"
              name="avatar"
              value={id}
              checked={chosen === id}
              onChange={() => setChosen(id)}
              aria-label={t(`names.${id}`)}
            />
            <Avatar id={id} size={40} />
          </label>
        ))}
      </fieldset>
      <SaveRow save={save} label={t("submit")} />
    </form>
  );
}

function PasswordForm() {
  const t = useTranslations("account.password");
  const wording = useErrors();
  const trpc = useTRPC();
  const [values, setValues] = useState({ currentPassword: "", newPassword: "" });
  const change = useMutation(
    trpc.account.changePassword.mutationOptions({
      onSuccess: () => setValues({ currentPassword: "", newPassword: "" }),
    }),
  );
  const errors = wording.fields(change.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(values);
  };
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));
  return (
    <form className="form panel" onSubmit={submit} noValidate aria-labelledby="password-title">
      <h2 id="password-title">{t("title")}</h2>
      <Field name="currentPassword" label={t("current")} error={errors.currentPassword}>
        <input
          id="currentPassword"
          type="password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={set("currentPassword")}
        />
      </Field>
      <Field name="newPassword" label={t("new")} error={errors.newPassword} hint={t("hint")}>
        <input
          id="newPassword"
          type="password"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={set("newPassword")}
        />
      </Field>
      <SaveRow save={change} fieldErrors={errors} label={t("submit")} />
    </form>
  );
}

const GAMES = ["holdem", "omaha", "draw", "russian", "dealers-choice", "tournament"] as const;

function Results() {
  const t = useTranslations("account.results");
  const f = useFormat();
  const wording = useErrors();
  const trpc = useTRPC();
  const results = useQuery(trpc.account.results.queryOptions({ days: 30 }));
  const gameName = (game: string) =>
    (GAMES as readonly string[]).includes(game)
      ? t(`games.${game as (typeof GAMES)[number]}`)
      : t("games.unknown");
  const signed = (n: number) => (n > 0 ? `+${f.chips(n)}` : f.chips(n));
  return (
    <section aria-labelledby="results-title" className="panel">
      <h2 id="results-title">{t("title")}</h2>
      <p className="muted">{t("intro")}</p>
      {results.isError && (
        <p role="alert" className="error">
          {wording.message(results.error)}
        </p>
      )}
      {results.data && results.data.days.length === 0 && <p className="muted">{t("empty")}</p>}
      {results.data && results.data.days.length > 0 && (
        <div className="table-scroll">
          <table className="lobby-table" data-testid="results">
            <thead>
              <tr>
                <th scope="col">{t("day")}</th>
                <th scope="col">{t("game")}</th>
                <th scope="col" className="num">
                  {t("paidIn")}
                </th>
                <th scope="col" className="num">
                  {t("paidOut")}
                </th>
                <th scope="col" className="num">
                  {t("net")}
                </th>
              </tr>
            </thead>
            <tbody>
              {results.data.days.map((row) => (
                <tr key={`${row.day} ${row.game}`}>
                  <td>{row.day}</td>
                  <td>{gameName(row.game)}</td>
                  <td className="num">{f.chips(row.paidIn)}</td>
                  <td className="num">{f.chips(row.paidOut)}</td>
                  <td className={`num ${row.net >= 0 ? "ok" : "error"}`}>{signed(row.net)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
