import { LegacyJoinRedirect } from "@/components/home/join-from-link";

/** Links made before the token moved to the fragment: the page sends the guest on to `/home/join#<token>`. */
export default async function OldJoinLink({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <LegacyJoinRedirect token={token} />;
}
