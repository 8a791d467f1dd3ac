"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFormat } from "@/i18n/format";
import { useErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";

/**
 * Your finished hands, newest first, each downloadable as a PHH file; Russian poker
 * rounds among them as their JSON record (docs/russian-rounds.md).
 */
export function HandHistoryList() {
  const t = useTranslations("history");
  const f = useFormat();
  const errors = useErrors();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  // Pages are walked with the API's cursor; `cursors` is the way back.
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const hands = useQuery(
    trpc.history.list.queryOptions(cursor ? { limit: 20, cursor } : { limit: 20 }),
  );

  const download = async (handId: string) => {
    setDownloadError(null);
    try {
      const hand = await queryClient.fetchQuery(trpc.history.get.queryOptions({ handId }));
      const file =
        hand.kind === "russian"
          ? {
              text: `${JSON.stringify(hand.round, null, 2)}\n`,
              type: "application/json",
              ext: "json",
            }
          : { text: hand.phh, type: "application/toml", ext: "phh" };
      const url = URL.createObjectURL(new Blob([file.text], { type: file.type }));
      const link = document.createElement("a");
      link.href = url;
      link.download = `${handId.replace(/[^a-z0-9-]+/gi, "-")}.${file.ext}`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      setDownloadError(errors.message(error));
    }
  };

  if (hands.isError) {
    return (
      <p role="alert" className="error">
        {errors.message(hands.error)}{" "}
        {t.rich("signIn", {
          link: (chunks) => <Link href="/sign-in?next=/hands">{chunks}</Link>,
        })}
      </p>
    );
  }
  const rows = hands.data?.hands ?? [];
  return (
    <section aria-labelledby="hands-heading">
      <h1 id="hands-heading">{t("heading")}</h1>
      {hands.isPending && <p className="muted">{t("loading")}</p>}
      {hands.data && rows.length === 0 && <p className="muted">{t("empty")}</p>}
      {rows.length > 0 && (
        <table className="lobby-table">
          <thead>
            <tr>
              <th scope="col">{t("columns.when")}</th>
              <th scope="col">{t("columns.table")}</th>
              <th scope="col">{t("columns.hand")}</th>
              <th scope="col">{t("columns.result")}</th>
              <th scope="col">{t("columns.phh")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((hand) => (
              <tr key={hand.handId} data-testid="hand-row">
                <td>{f.startTime(new Date(hand.endedAt).getTime())}</td>
                <td>
                  <Link href={`/${hand.kind === "russian" ? "russian" : "table"}/${hand.tableId}`}>
                    {hand.tableName}
                  </Link>
                </td>
                <td>
                  <Link href={`/hands/${encodeURIComponent(hand.handId)}`}>
                    {hand.kind === "russian"
                      ? t("russianRound", { number: String(hand.handNumber) })
                      : t("handNumber", { number: String(hand.handNumber) })}
                  </Link>
                </td>
                <td className={hand.net >= 0 ? "ok" : "error"}>
                  {hand.net > 0 ? "+" : ""}
                  {f.chips(hand.net)}
                </td>
                <td>
                  <button
                    type="button"
                    className="small"
                    onClick={() => void download(hand.handId)}
                  >
                    {t("download")}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="row">
        {cursors.length > 0 && (
          <button
            type="button"
            className="secondary"
            onClick={() => setCursors((c) => c.slice(0, -1))}
          >
            {t("newer")}
          </button>
        )}
        {hands.data?.nextCursor && (
          <button
            type="button"
            className="secondary"
            onClick={() => setCursors((c) => [...c, hands.data?.nextCursor as string])}
          >
            {t("older")}
          </button>
        )}
      </div>
      {downloadError && (
        <p role="alert" className="error">
          {downloadError}
        </p>
      )}
    </section>
  );
}
