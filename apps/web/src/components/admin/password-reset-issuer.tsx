"use client";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { Field } from "@/components/field";
import { useFormat } from "@/i18n/format";
import { useErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";

/** An admin makes a player's password reset link, to hand over himself (no mail is sent). */
export function PasswordResetIssuer() {
  const t = useTranslations("account.adminReset");
  const tAuth = useTranslations("auth.fields");
  const f = useFormat();
  const wording = useErrors();
  const trpc = useTRPC();
  const [email, setEmail] = useState("");
  const issue = useMutation(trpc.admin.users.issuePasswordReset.mutationOptions());
  const errors = wording.fields(issue.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    issue.mutate({ email });
  };
  return (
    <form id="players" className="form panel" onSubmit={submit} noValidate>
      <h2>{t("title")}</h2>
      <p className="muted">{t("intro")}</p>
      <Field name="resetEmail" label={tAuth("email")} error={errors.email}>
        <input
          id="resetEmail"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      {issue.isError && Object.keys(errors).length === 0 && (
        <p role="alert" className="error">
          {wording.message(issue.error)}
        </p>
      )}
      <button type="submit" disabled={issue.isPending}>
        {t("submit")}
      </button>
      {issue.data && (
        <p role="status">
          {t("issued", { until: f.startTime(issue.data.expiresAt) })}{" "}
          <output className="reset-link" data-testid="reset-link">
            {issue.data.link}
          </output>
        </p>
      )}
    </form>
  );
}
