import { TournamentPage } from "@/components/tournament/tournament-page";

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <TournamentPage id={id} />;
}
