import { ROLE_LABELS, type PersonRole } from "@pharmacy/contract/auth/roles";
import { INVITATION_VALID_HOURS, type StaffMember } from "@pharmacy/contract/auth/staff";
import { App } from "antd";
import { useState } from "react";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { useCancelInvitationMutation, useResendInvitationMutation, useUpdateStaffMutation } from "../api";
import { nameOf } from "../member-name";

/**
 * The changes to one staff member, each asked first: role, disable or enable, resend or cancel the
 * invitation. `busyId` is the member being changed.
 */
export function useStaffChanges() {
  const [updateStaff] = useUpdateStaffMutation();
  const [resendInvitation] = useResendInvitationMutation();
  const [cancelInvitation] = useCancelInvitationMutation();
  const [busyId, setBusyId] = useState<string | null>(null);
  const { modal, message } = App.useApp();

  async function change(member: StaffMember, call: () => Promise<unknown>, done: string) {
    setBusyId(member.id);
    try {
      await call();
      void message.success(done);
    } catch (caught) {
      // The last admin (409) and every other refusal read as one clear sentence.
      modal.error({ title: "変更できませんでした", content: apiErrorMessage(caught), centered: true });
    } finally {
      setBusyId(null);
    }
  }

  return {
    busyId,
    confirmRole(member: StaffMember, role: PersonRole) {
      modal.confirm({
        title: `${nameOf(member)}さんの権限を「${ROLE_LABELS[role]}」に変更しますか？`,
        content:
          role === "admin"
            ? "管理者は、設定・スタッフ・端末・操作履歴を含むすべての操作ができます。"
            : "スタッフは受付の操作ができます。設定の変更・スタッフ管理・端末管理はできなくなります。",
        okText: "変更する",
        cancelText: "キャンセル",
        centered: true,
        onOk: () =>
          change(member, () => updateStaff({ id: member.id, changes: { role } }).unwrap(), "権限を変更しました"),
      });
    },
    confirmDisabled(member: StaffMember, disabled: boolean) {
      modal.confirm({
        title: disabled ? `${nameOf(member)}さんを無効にしますか？` : `${nameOf(member)}さんを有効に戻しますか？`,
        content: disabled
          ? "無効にすると、この人はログインできなくなり、開いている画面もすぐにログアウトされます。"
          : "有効に戻すと、この人はまたログインできるようになります。",
        okText: disabled ? "無効にする" : "有効にする",
        okButtonProps: { danger: disabled },
        cancelText: "キャンセル",
        centered: true,
        onOk: () =>
          change(
            member,
            () => updateStaff({ id: member.id, changes: { disabled } }).unwrap(),
            disabled ? "無効にしました" : "有効にしました",
          ),
      });
    },
    confirmResend(member: StaffMember) {
      modal.confirm({
        title: `${nameOf(member)}さんに招待メールを再送しますか？`,
        content: `${member.email} 宛てに、新しいリンクを送ります（${INVITATION_VALID_HOURS}時間有効）。前に送ったリンクは使えなくなります。`,
        okText: "再送する",
        cancelText: "キャンセル",
        centered: true,
        onOk: () => change(member, () => resendInvitation(member.id).unwrap(), "招待メールを再送しました"),
      });
    },
    confirmCancel(member: StaffMember) {
      modal.confirm({
        title: `${nameOf(member)}さんへの招待を取り消しますか？`,
        content: "送ったリンクは使えなくなり、この人は一覧から消えます。あとで招待し直すこともできます。",
        okText: "取り消す",
        okButtonProps: { danger: true },
        cancelText: "キャンセル",
        centered: true,
        onOk: () => change(member, () => cancelInvitation(member.id).unwrap(), "招待を取り消しました"),
      });
    },
  };
}

export type StaffChanges = ReturnType<typeof useStaffChanges>;
