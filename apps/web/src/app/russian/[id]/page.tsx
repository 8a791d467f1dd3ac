import { RussianTable } from "@/components/russian/russian-table";
import { SeatOffers } from "@/components/waitlist/waitlist";

export default async function RussianTablePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // T-12: a seat offered at a poker table reaches a player at Russian poker too.
  return (
    <>
      <RussianTable key={id} tableId={id} />
      <SeatOffers />
    </>
  );
}
