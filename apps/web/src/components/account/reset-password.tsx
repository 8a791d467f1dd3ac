"use client";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { Field } from "@/components/field";
import { useErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";

/** Without a token: ask for a reset link by email. With one (from the link): set a new password. */
export function ResetPassword({ token }: { token: string | null }) {
  return token === null ? <RequestLink /> : <SetPassword token={token} />;
}

function RequestLink() {
  const t = useTranslations("account.reset");
  const tAuth = useTranslations("auth.fields");
  const locale = useLocale();
  const wording = useErrors();
  const trpc = useTRPC();
  const [email, setEmail] = useState("");
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions());
  const errors = wording.fields(request.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate({ email, locale: locale === "ru" ? "ru" : "en" });
  };
  return (
    <form className="form narrow" onSubmit={submit} noValidate>
      <h1>{t("requestTitle")}</h1>
      <p className="muted">{t("requestIntro")}</p>
      <Field name="email" label={tAuth("email")} error={errors.email}>
        <input
          id="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      {request.isError && Object.keys(errors).length === 0 && (
        <p role="alert" className="error">
          {wording.message(request.error)}
        </p>
      )}
      <button type="submit" disabled={request.isPending}>
        {t("requestSubmit")}
      </button>
      <p className="ok" role="status">
        {request.isSuccess ? t("requestSent") : ""}
      </p>
    </form>
  );
}

function SetPassword({ token }: { token: string }) {
  const t = useTranslations("account.reset");
  const tPassword = useTranslations("account.password");
  const wording = useErrors();
  const trpc = useTRPC();
  const [newPassword, setNewPassword] = useState("");
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());
  const errors = wording.fields(reset.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset.mutate({ token, newPassword });
  };
  if (reset.isSuccess) {
    return (
      <div className="form narrow">
        <h1>{t("setTitle")}</h1>
        <p className="ok" role="status">
          {t.rich("done", { link: (chunks) => <Link href="/sign-in">{chunks}</Link> })}
        </p>
      </div>
    );
  }
  return (
    <form className="form narrow" onSubmit={submit} noValidate>
      <h1>{t("setTitle")}</h1>
      <Field
        name="newPassword"
        label={tPassword("new")}
        error={errors.newPassword}
        hint={tPassword("hint")}
      >
        <input
          id="newPassword"
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
        />
      </Field>
      {reset.isError && Object.keys(errors).length === 0 && (
        <p role="alert" className="error">
          {wording.message(reset.error)}
        </p>
      )}
      <button type="submit" disabled={reset.isPending}>
        {t("setSubmit")}
      </button>
    </form>
  );
}
