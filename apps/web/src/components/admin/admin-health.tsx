"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useFormat } from "@/i18n/format";
import { useErrors } from "@/lib/errors";
import { type RouterOutputs, useTRPC } from "@/lib/trpc";

type Health = RouterOutputs["admin"]["health"];
type Latency = Health["lastHour"]["latency"]["p50"];

/** The page reads the figures again this often while it is open. */
const REFRESH_MS = 30_000;

/** The platform's health for the operator (admin.health, docs/operations.md#monitoring). */
export function AdminHealth() {
  const t = useTranslations("admin.health");
  const consoleT = useTranslations("admin.console");
  const trpc = useTRPC();
  const me = useQuery(trpc.auth.me.queryOptions());
  const isAdmin = me.data?.role === "admin";
  const health = useQuery({
    ...trpc.admin.health.queryOptions(),
    enabled: isAdmin,
    refetchInterval: REFRESH_MS,
  });
  const errors = useErrors();

  if (me.isPending) return <p className="muted">{consoleT("loading")}</p>;
  if (!isAdmin) {
    return (
      <p role="alert" className="error">
        {consoleT.rich("forAdmins", { link: (chunks) => <Link href="/sign-in">{chunks}</Link> })}
      </p>
    );
  }
  return (
    <div className="admin health">
      <h1>{t("title")}</h1>
      <nav className="admin-nav" aria-label={consoleT("sections")}>
        <Link href="/admin">{t("back")}</Link>
      </nav>
      {health.error && (
        <p role="alert" className="error">
          {errors.message(health.error)}
        </p>
      )}
      {health.data ? (
        <Figures health={health.data} />
      ) : (
        <p className="muted">{consoleT("loading")}</p>
      )}
    </div>
  );
}

function Figures({ health }: { health: Health }) {
  const t = useTranslations("admin.health");
  const f = useFormat();
  const { lastHour } = health;
  const latency = (value: Latency) =>
    value === null
      ? t("none")
      : value.over
        ? t("overMs", { ms: f.chips(value.ms) })
        : t("upToMs", { ms: f.chips(value.ms) });
  const stat = (label: string, value: string, testId: string) => (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  return (
    <>
      <p className="muted" data-testid="health-at">
        {t("readAt", { at: f.startTime(health.at) })}
      </p>
      <section aria-labelledby="health-now">
        <h2 id="health-now">{t("now")}</h2>
        <dl className="stats health-stats">
          {stat(t("openTables"), f.chips(health.tables.open), "health-open-tables")}
          {stat(t("playersSeated"), f.chips(health.tables.playersSeated), "health-seated")}
          {stat(t("playersOnline"), f.chips(health.playersOnline), "health-online")}
          {stat(
            t("tournamentsRegistering"),
            f.chips(health.tournaments.registering),
            "health-registering",
          )}
          {stat(t("tournamentsRunning"), f.chips(health.tournaments.running), "health-running")}
          {stat(t("runningEntries"), f.chips(health.tournaments.runningEntries), "health-entries")}
        </dl>
      </section>
      <section aria-labelledby="health-hour">
        <h2 id="health-hour">{t("lastHour")}</h2>
        <dl className="stats health-stats">
          {stat(t("hands"), f.chips(lastHour.hands), "health-hands")}
          {stat(t("russianRounds"), f.chips(lastHour.russianRounds), "health-rounds")}
          {stat(t("rake"), f.chips(lastHour.rake), "health-rake")}
          {stat(t("houseResult"), f.chips(lastHour.russian.houseResult), "health-house")}
          {stat(t("actions"), f.chips(lastHour.actions), "health-actions")}
          {stat(t("p50"), latency(lastHour.latency.p50), "health-p50")}
          {stat(t("p99"), latency(lastHour.latency.p99), "health-p99")}
        </dl>
        <p className="muted">
          {t("houseDetail", {
            staked: f.chips(lastHour.russian.staked),
            paid: f.chips(lastHour.russian.paid),
          })}{" "}
          {t("latencyDetail")}
        </p>
      </section>
      <section aria-labelledby="health-errors">
        <h2 id="health-errors">{t("errors")}</h2>
        {lastHour.errors.length === 0 ? (
          <p data-testid="health-no-errors">{t("noErrors")}</p>
        ) : (
          <table className="health-errors" data-testid="health-errors">
            <thead>
              <tr>
                <th scope="col">{t("source")}</th>
                <th scope="col">{t("code")}</th>
                <th scope="col" className="number">
                  {t("count")}
                </th>
              </tr>
            </thead>
            <tbody>
              {lastHour.errors.map((e) => (
                <tr key={`${e.source}:${e.code}`}>
                  <td>{t(`sources.${e.source}`)}</td>
                  <td>
                    <code>{e.code}</code>
                  </td>
                  <td className="number">{f.chips(e.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
