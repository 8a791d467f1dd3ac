import { AccountPage } from "@/components/account/account-page";

export default function Account() {
  return <AccountPage />;
}
