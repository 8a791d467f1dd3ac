import { TableView } from "@/components/table-view";

export default async function TablePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ moved?: string | string[] }>;
}) {
  const [{ id }, { moved }] = await Promise.all([params, searchParams]);
  // Keyed by table: a move to another table starts a fresh view, not the old one's state.
  return <TableView key={id} tableId={id} moved={moved === "1"} />;
}
