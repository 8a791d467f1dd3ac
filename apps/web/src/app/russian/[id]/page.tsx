import { RussianTable } from "@/components/russian/russian-table";

export default async function RussianTablePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <RussianTable key={id} tableId={id} />;
}
