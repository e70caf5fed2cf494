import { useAppSelector } from "../lib/store/store-hooks";
import { FullPageSpinner } from "../components/full-page-spinner";
import { selectUnreachable } from "../lib/auth/session";

const UNREACHABLE_TEXT = "サーバーに接続できません。接続が戻りしだい、自動で画面を表示します。";

/** The router's pending screen: says so when start-up is waiting for an unreachable server. */
export function PendingScreen() {
  const unreachable = useAppSelector(selectUnreachable);
  return <FullPageSpinner message={unreachable ? UNREACHABLE_TEXT : undefined} />;
}
