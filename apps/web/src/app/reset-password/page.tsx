import { ResetPassword } from "@/components/account/reset-password";

/** `/reset-password`: ask for a link by email; `/reset-password?token=…`: set the new password. */
export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  return <ResetPassword token={typeof token === "string" ? token : null} />;
}
