import { HandReplayer } from "@/components/replayer/hand-replayer";

export default async function HandReplayPage({ params }: { params: Promise<{ handId: string }> }) {
  const { handId } = await params;
  return <HandReplayer key={handId} handId={decodeURIComponent(handId)} />;
}
