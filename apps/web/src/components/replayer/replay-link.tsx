import Link from "next/link";
import type { ReactNode } from "react";

/** Where a finished hand is replayed: hand ids are "<table>:<hand number>". */
export const replayHref = (handId: string) => `/hands/${encodeURIComponent(handId)}`;

/** A link to the replayer for one of a table's last hands (for the table view's hand list). */
export function ReplayLink({
  tableId,
  handNumber,
  children,
}: {
  tableId: string;
  handNumber: number;
  children: ReactNode;
}) {
  return <Link href={replayHref(`${tableId}:${handNumber}`)}>{children}</Link>;
}
