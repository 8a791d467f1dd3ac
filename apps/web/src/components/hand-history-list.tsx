"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { errorMessage } from "@/lib/errors";
import { chips } from "@/lib/format";
import { useTRPC } from "@/lib/trpc";

/** Your finished hands, newest first, each downloadable as a PHH file. */
export function HandHistoryList() {
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
      const url = URL.createObjectURL(new Blob([hand.phh], { type: "application/toml" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = `${handId.replace(/[^a-z0-9-]+/gi, "-")}.phh`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      setDownloadError(errorMessage(error));
    }
  };

  if (hands.isError) {
    return (
      <p role="alert" className="error">
        {errorMessage(hands.error)} <Link href="/sign-in?next=/hands">Sign in</Link> to see your
        hands.
      </p>
    );
  }
  const rows = hands.data?.hands ?? [];
  return (
    <section aria-labelledby="hands-heading">
      <h1 id="hands-heading">My hands</h1>
      {hands.isPending && <p className="muted">Loading…</p>}
      {hands.data && rows.length === 0 && <p className="muted">No finished hands yet.</p>}
      {rows.length > 0 && (
        <table className="lobby-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Table</th>
              <th scope="col">Hand</th>
              <th scope="col">Result</th>
              <th scope="col">PHH</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((hand) => (
              <tr key={hand.handId} data-testid="hand-row">
                <td>{new Date(hand.endedAt).toLocaleString()}</td>
                <td>
                  <Link href={`/table/${hand.tableId}`}>{hand.tableName}</Link>
                </td>
                <td>
                  <Link href={`/hands/${encodeURIComponent(hand.handId)}`}>#{hand.handNumber}</Link>
                </td>
                <td className={hand.net >= 0 ? "ok" : "error"}>
                  {hand.net > 0 ? "+" : ""}
                  {chips(hand.net)}
                </td>
                <td>
                  <button
                    type="button"
                    className="small"
                    onClick={() => void download(hand.handId)}
                  >
                    Download
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
            Newer hands
          </button>
        )}
        {hands.data?.nextCursor && (
          <button
            type="button"
            className="secondary"
            onClick={() => setCursors((c) => [...c, hands.data?.nextCursor as string])}
          >
            Older hands
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
