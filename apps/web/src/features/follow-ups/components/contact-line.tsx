import type { CareContact } from "@pharmacy/contract/follow-ups/follow-ups";
import { Typography } from "antd";

/** Which contact the patient gave for follow-ups, and where they agreed. */
export function ContactLine({ contact }: { contact: CareContact | null }) {
  if (!contact)
    return (
      <Typography.Text type="secondary">
        連絡先の同意はまだありません（電話での確認ならそのまま予定できます）。
      </Typography.Text>
    );
  const parts = [
    contact.email && `メール ${contact.email}`,
    contact.phone && `電話 ${contact.phone}`,
    contact.line && "LINE",
    contact.push && "プッシュ通知",
  ].filter(Boolean);
  return (
    <Typography.Text type="secondary" data-testid="care-contact">
      {`連絡先：${parts.join("・")}（${contact.source === "web" ? "Web受付で同意" : "お渡し時に同意"}）`}
    </Typography.Text>
  );
}
