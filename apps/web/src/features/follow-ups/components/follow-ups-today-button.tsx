import { MedicineBoxOutlined } from "@ant-design/icons";
import { ButtonLink } from "../../../components/button-link";
import { useGetFollowUpsTodayQuery } from "../api";
import styles from "./follow-ups.module.css";

/** Poll so a questionnaire answered while the main screen stays open shows up without a reload. */
const REFRESH_MS = 60_000;

/** The main screen's 「フォローアップ n件」 (today's open worklist rows), with the ones needing attention. */
export function FollowUpsTodayButton() {
  const { data } = useGetFollowUpsTodayQuery(undefined, { pollingInterval: REFRESH_MS, skipPollingIfUnfocused: true });
  return (
    <ButtonLink
      to="/follow-ups"
      size="large"
      icon={<MedicineBoxOutlined aria-hidden />}
      className={styles.todayButton}
      data-testid="follow-ups-today"
    >
      {data ? `フォローアップ ${data.count}件` : "フォローアップ"}
      {data && data.alerts > 0 && <span className={styles.todayAlerts}>{`要対応 ${data.alerts}`}</span>}
    </ButtonLink>
  );
}
