import { HostPanel } from "@/components/home/host-panel";
import { PrivateSitAndGo } from "@/components/tournament/private-sit-and-go";

export default async function HomeGamePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <>
      <HostPanel key={id} tableId={id} />
      {/* H-7: the host's private sit-and-go, by link. */}
      <PrivateSitAndGo key={`sng-${id}`} tableId={id} />
    </>
  );
}
