"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { errorMessage, fieldErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { Field } from "./field";

/**
 * Where to go once signed in: `?next=` when it is a path on this site (a
 * tournament's "Sign in to register", a table's seat), else the lobby. Only
 * same-site paths, so a link cannot send a new session to another site.
 */
function returnPath(): string {
  const next = new URLSearchParams(window.location.search).get("next");
  return next && /^\/(?![/\\])/.test(next) ? next : "/";
}

/** Sign up or sign in; the session arrives as an HttpOnly cookie the page never sees. */
export function AuthForm({ mode }: { mode: "sign-up" | "sign-in" }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [values, setValues] = useState({ email: "", password: "", displayName: "" });
  const done = async () => {
    await queryClient.invalidateQueries();
    router.push(returnPath());
  };
  const signUp = useMutation(trpc.auth.signUp.mutationOptions({ onSuccess: done }));
  const signIn = useMutation(trpc.auth.signIn.mutationOptions({ onSuccess: done }));
  const mutation = mode === "sign-up" ? signUp : signIn;
  const errors = fieldErrors(mutation.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === "sign-up") signUp.mutate(values);
    else signIn.mutate({ email: values.email, password: values.password });
  };
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  return (
    <form className="form narrow" onSubmit={submit} noValidate>
      <h1>{mode === "sign-up" ? "Create an account" : "Sign in"}</h1>
      {mode === "sign-up" && <p className="muted">New players start with 10,000 play chips.</p>}
      <Field name="email" label="Email" error={errors.email}>
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
          label="Display name"
          error={errors.displayName}
          hint="2–24 letters, digits, spaces, _ . -"
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
        label="Password"
        error={errors.password}
        {...(mode === "sign-up" ? { hint: "At least 8 characters" } : {})}
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
          {errorMessage(mutation.error)}
        </p>
      )}
      <button type="submit" disabled={mutation.isPending}>
        {mode === "sign-up" ? "Sign up" : "Sign in"}
      </button>
      <p className="muted">
        {mode === "sign-up" ? (
          <>
            Have an account? <Link href="/sign-in">Sign in</Link>
          </>
        ) : (
          <>
            New here? <Link href="/sign-up">Create an account</Link>
          </>
        )}
      </p>
    </form>
  );
}
