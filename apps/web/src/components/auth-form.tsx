"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { useFormat } from "@/i18n/format";
import { useErrors } from "@/lib/errors";
import { returnPath } from "@/lib/return-path";
import { useTRPC } from "@/lib/trpc";
import { Field } from "./field";

/** Sign up or sign in; the session arrives as an HttpOnly cookie the page never sees. */
export function AuthForm({ mode }: { mode: "sign-up" | "sign-in" }) {
  const t = useTranslations("auth");
  const tReset = useTranslations("account.reset");
  const f = useFormat();
  const wording = useErrors();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [values, setValues] = useState({ email: "", password: "", displayName: "" });
  const done = async () => {
    await queryClient.invalidateQueries();
    router.push(
      returnPath(new URLSearchParams(window.location.search).get("next"), window.location.origin),
    );
  };
  const signUp = useMutation(trpc.auth.signUp.mutationOptions({ onSuccess: done }));
  const signIn = useMutation(trpc.auth.signIn.mutationOptions({ onSuccess: done }));
  const mutation = mode === "sign-up" ? signUp : signIn;
  const errors = wording.fields(mutation.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === "sign-up") signUp.mutate(values);
    else signIn.mutate({ email: values.email, password: values.password });
  };
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  return (
    <form className="form narrow" onSubmit={submit} noValidate>
      <h1>{mode === "sign-up" ? t("signUp.title") : t("signIn.title")}</h1>
      {mode === "sign-up" && (
        <p className="muted">{t("signUp.intro", { chips: f.chips(10_000) })}</p>
      )}
      <Field name="email" label={t("fields.email")} error={errors.email}>
        <input
          id="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set("email")}
        />
      </Field>
      {mode === "sign-up" && (
        <Field
          name="displayName"
          label={t("fields.displayName")}
          error={errors.displayName}
          hint={t("fields.displayNameHint")}
        >
          <input
            id="displayName"
            autoComplete="nickname"
            value={values.displayName}
            onChange={set("displayName")}
          />
        </Field>
      )}
      <Field
        name="password"
        label={t("fields.password")}
        error={errors.password}
        {...(mode === "sign-up" ? { hint: t("fields.passwordHint") } : {})}
      >
        <input
          id="password"
          type="password"
          autoComplete={mode === "sign-up" ? "new-password" : "current-password"}
          value={values.password}
          onChange={set("password")}
        />
      </Field>
      {mutation.isError && Object.keys(errors).length === 0 && (
        <p role="alert" className="error">
          {wording.message(mutation.error)}
        </p>
      )}
      <button type="submit" disabled={mutation.isPending}>
        {mode === "sign-up" ? t("signUp.submit") : t("signIn.submit")}
      </button>
      {mode === "sign-in" && (
        <p>
          <Link href="/reset-password">{tReset("forgot")}</Link>
        </p>
      )}
      <p className="muted">
        {mode === "sign-up"
          ? t.rich("signUp.switch", {
              link: (chunks) => <Link href="/sign-in">{chunks}</Link>,
            })
          : t.rich("signIn.switch", {
              link: (chunks) => <Link href="/sign-up">{chunks}</Link>,
            })}
      </p>
    </form>
  );
}
