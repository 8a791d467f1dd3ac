import { HostPanel } from "@/components/home/host-panel";

export default async function HomeGamePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <HostPanel key={id} tableId={id} />;
}
