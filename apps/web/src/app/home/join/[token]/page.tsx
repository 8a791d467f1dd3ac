import { JoinPage } from "@/components/home/join-page";

export default async function JoinHomeGame({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <JoinPage token={token} />;
}
