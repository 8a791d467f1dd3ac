"use client";
/**
 * The invite link's page, `/home/join#<token>` (H-1). The token rides in the
 * fragment, which browsers never send: the web server's and proxies' logs
 * see `/home/join` only. A guest sent to sign in first keeps it in this
 * tab's session storage (not in the sign-in address) and comes back to it.
 * Older links, `/home/join/<token>`, are sent here (`LegacyJoinRedirect`).
 */
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { JoinPage } from "./join-page";

/** The token's shape (43 base64url characters): anything else is no invite. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Session storage: the token of the link followed before signing in. */
export const PENDING_JOIN = "felt.homeJoin";

export function JoinFromLink() {
  const t = useTranslations("home.join");
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const fromHash = window.location.hash.replace(/^#/, "");
    const found = TOKEN.test(fromHash) ? fromHash : sessionStorage.getItem(PENDING_JOIN);
    if (found && TOKEN.test(found)) {
      if (found !== fromHash) window.history.replaceState(null, "", `/home/join#${found}`);
      setToken(found);
    } else setToken(null);
  }, []);
  if (token === undefined) return null;
  if (token === null)
    return (
      <p role="alert" className="error" data-testid="join-no-token">
        {t("noToken")}
      </p>
    );
  return <JoinPage token={token} />;
}

/** An older link, the token in the path: on to the fragment form at once, the token off the address. */
export function LegacyJoinRedirect({ token }: { token: string }) {
  useEffect(() => {
    window.location.replace(`/home/join#${encodeURIComponent(token)}`);
  }, [token]);
  return null;
}
