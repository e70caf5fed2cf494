import { Card, Radio, Typography } from "antd";

interface OrganizationChoiceProps {
  /** What is chosen: the branch's own version (true) or the organisation's. */
  own: boolean;
  onChange: (own: boolean) => void;
  /** What the choice is about, e.g. 「受付時・予約来局時の質問」. */
  subject: string;
  disabled?: boolean;
}

/**
 * 「本部の設定を使う / この店舗で変更する」 for a setting the organisation defines once for its branches
 * (docs/rules.md#organisations): the settings screens of the questions, the ticket message and the
 * follow-up templates.
 */
export function OrganizationChoice({ own, onChange, subject, disabled }: OrganizationChoiceProps) {
  return (
    <Card size="small">
      <Radio.Group
        value={own ? "branch" : "organization"}
        onChange={(event) => onChange(event.target.value === "branch")}
        disabled={disabled}
        aria-label="本部と店舗のどちらの設定を使うか"
        options={[
          { value: "organization", label: "本部の設定を使う" },
          { value: "branch", label: "この店舗で変更する" },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ margin: "8px 0 0" }}>
        {own
          ? `この店舗だけの${subject}です。本部が変更しても変わりません。`
          : `本部（法人）が決めた${subject}を使います。本部が変更すると、この店舗にもすぐ反映されます。`}
      </Typography.Paragraph>
    </Card>
  );
}
