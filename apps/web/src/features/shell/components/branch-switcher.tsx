import { useNavigate } from "@tanstack/react-router";
import { App, Select } from "antd";
import { useState } from "react";
import { ROLE_LABELS } from "@pharmacy/contract/auth/roles";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { replacingSession } from "../../../lib/api/base-query";
import { followNewSession } from "../../../lib/auth/follow-new-session";
import { storeTokens } from "../../../lib/auth/token-storage";
import { useAppStore } from "../../../lib/store/store-hooks";
import { useGetMyBranchesQuery, useSwitchBranchMutation } from "../api";
import styles from "./app-header.module.css";

const branchName = (name: string) => name || "（店舗名未設定）";

interface BranchSwitcherProps {
  currentBranchId: string;
  /** The current branch's name as the header shows it when the person works in one branch only. */
  currentName: string;
}

/**
 * The header's branch: a person who works in several picks another here (docs/rules.md#organisations).
 * The switch ends this branch's session; this page follows it without loading anew (followNewSession:
 * the socket, every cached answer and the person start again on the other branch) and shows that
 * branch's day list. The other tabs follow too (useFollowSwitchesOfOtherTabs).
 */
export function BranchSwitcher({ currentBranchId, currentName }: BranchSwitcherProps) {
  const { data } = useGetMyBranchesQuery();
  const [switchBranch] = useSwitchBranchMutation();
  // not the mutation's own flag: the whole move (new tokens, the person read again) is the switch
  const [switching, setSwitching] = useState(false);
  const { message } = App.useApp();
  const store = useAppStore();
  const navigate = useNavigate();
  const branches = data?.branches ?? [];
  if (branches.length < 2)
    return currentName ? (
      <span className={styles.branch} title={currentName}>
        {currentName}
      </span>
    ) : null;

  async function onChange(branchId: string) {
    setSwitching(true);
    try {
      await replacingSession(async () => storeTokens(await switchBranch({ branchId }).unwrap()));
    } catch (caught) {
      setSwitching(false);
      void message.error(apiErrorMessage(caught));
      return;
    }
    const user = await followNewSession(store);
    setSwitching(false);
    // the old branch's screen may name what the other has not (a reception): its day list instead
    if (user) await navigate({ to: "/" });
    else window.location.assign("/");
  }

  return (
    <Select
      className={styles.branchSelect}
      aria-label="店舗を切り替え"
      value={currentBranchId}
      loading={switching}
      disabled={switching}
      onChange={(branchId: string) => void onChange(branchId)}
      popupMatchSelectWidth={false}
      options={branches.map((branch) => ({
        value: branch.id,
        label: `${branchName(branch.name)}（${ROLE_LABELS[branch.role]}）`,
      }))}
      // the header names the branch alone (the role is on the user's button beside): a long name is not cut
      labelRender={({ value }) => branchName(branches.find((branch) => branch.id === value)?.name ?? currentName)}
    />
  );
}
