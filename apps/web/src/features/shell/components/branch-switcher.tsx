import { App, Select } from "antd";
import { ROLE_LABELS } from "@pharmacy/contract/auth/roles";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { storeTokens } from "../../../lib/auth/token-storage";
import { useGetMyBranchesQuery, useSwitchBranchMutation } from "../api";
import styles from "./app-header.module.css";

interface BranchSwitcherProps {
  currentBranchId: string;
  /** The current branch's name as the header shows it when the person works in one branch only. */
  currentName: string;
}

/**
 * The header's branch: a person who works in several picks another here (docs/rules.md#organisations).
 * The switch ends this branch's session and loads the app anew on the other one, so no screen, cache
 * or socket of this tab (or of another tab: see useFollowSwitchesOfOtherTabs) keeps the old branch.
 */
export function BranchSwitcher({ currentBranchId, currentName }: BranchSwitcherProps) {
  const { data } = useGetMyBranchesQuery();
  const [switchBranch, { isLoading }] = useSwitchBranchMutation();
  const { message } = App.useApp();
  const branches = data?.branches ?? [];
  if (branches.length < 2)
    return currentName ? (
      <span className={styles.branch} title={currentName}>
        {currentName}
      </span>
    ) : null;

  async function onChange(branchId: string) {
    try {
      const tokens = await switchBranch({ branchId }).unwrap();
      storeTokens(tokens);
      window.location.assign("/");
    } catch (caught) {
      void message.error(apiErrorMessage(caught));
    }
  }

  return (
    <Select
      className={styles.branchSelect}
      aria-label="店舗を切り替え"
      value={currentBranchId}
      loading={isLoading}
      disabled={isLoading}
      onChange={(branchId: string) => void onChange(branchId)}
      popupMatchSelectWidth={false}
      options={branches.map((branch) => ({
        value: branch.id,
        label: `${branch.name || "（店舗名未設定）"}（${ROLE_LABELS[branch.role]}）`,
      }))}
    />
  );
}
