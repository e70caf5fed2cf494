import { CheckCircleFilled } from "@ant-design/icons";
import { isBranchReady } from "@pharmacy/contract/pharmacy/pharmacy";
import { Alert, Card, Typography } from "antd";
import { ButtonLink } from "../../../components/button-link";
import { selectUser } from "../../../lib/auth/session";
import { can } from "../../../lib/auth/roles";
import { useGetPharmacyQuery } from "../../../lib/pharmacy/pharmacy-api";
import { useAppSelector } from "../../../lib/store/store-hooks";
import styles from "./setup-steps.module.css";

const STEPS = [
  {
    to: "/settings/branch-info",
    title: "店舗情報",
    detail: "店舗名・住所・電話番号を入力します。患者さまのページと受付票に載ります。",
  },
  { to: "/settings/business-hours", title: "営業時間", detail: "曜日ごとの営業時間と休業日を設定します。" },
  { to: "/settings/questions-reserved", title: "質問", detail: "受付時とWeb受付で患者さまに尋ねる質問を選びます。" },
  { to: "/settings/web-questionnaire-link", title: "Web受付のURL", detail: "QRコードを印刷して店頭に掲示します。" },
] as const;

/**
 * A new branch's first steps, on the main screen until its information is filled in: until then its
 * public page stays closed (the server answers 409), so patients never meet a nameless pharmacy. Staff,
 * who cannot change the settings (a pharmacist of a chain's new branch), are told who can instead.
 */
export function SetupSteps() {
  const { data: pharmacy } = useGetPharmacyQuery();
  const role = useAppSelector(selectUser)?.role;
  if (!pharmacy || isBranchReady(pharmacy)) return null;
  if (!can(role, "settings.write"))
    return (
      <Alert
        className={styles.card}
        type="info"
        showIcon
        title="この店舗の店舗情報はまだ設定されていません"
        description="設定されるまで、患者さまのWeb受付のページは公開されません。店舗の管理者に設定を依頼してください。"
      />
    );
  return (
    <Card className={styles.card}>
      <Typography.Title level={2} className={styles.title}>
        店舗情報を設定してください
      </Typography.Title>
      <Typography.Paragraph>
        店舗情報（店舗名・住所・電話番号）を設定するまで、患者さまのWeb受付のページは公開されません。次の順に設定してください。
      </Typography.Paragraph>
      <ol className={styles.steps}>
        {STEPS.map((step, index) => (
          <li key={step.to} className={styles.step}>
            <span className={styles.index} aria-hidden>
              {index + 1}
            </span>
            <div className={styles.text}>
              <strong>{step.title}</strong>
              <span>{step.detail}</span>
            </div>
            <ButtonLink to={step.to} type={index === 0 ? "primary" : "default"}>
              設定する
            </ButtonLink>
          </li>
        ))}
      </ol>
      <Typography.Text type="secondary">
        <CheckCircleFilled aria-hidden /> 店舗情報を保存すると、この案内は消えます。
      </Typography.Text>
    </Card>
  );
}
