import { EmailSchema } from "@pharmacy/contract/auth/auth";
import { ROLE_LABELS, PersonRoleSchema } from "@pharmacy/contract/auth/roles";
import { PersonNameSchema } from "@pharmacy/contract/auth/auth";
import { INVITATION_VALID_HOURS, type InviteStaffInput } from "@pharmacy/contract/auth/staff";
import { Alert, App, Form, Input, Modal, Radio } from "antd";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { zodRule } from "../../../lib/forms/zod-rule";
import { useInviteStaffMutation } from "../api";

/** Invite a person by e-mail: name, address and role; the mail carries the link to set a password. */
export function InviteStaffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<InviteStaffInput>();
  const [inviteStaff, { isLoading, error, reset }] = useInviteStaffMutation();
  const { message } = App.useApp();

  async function handleFinish(values: InviteStaffInput) {
    try {
      await inviteStaff(values).unwrap();
    } catch {
      return; // shown below
    }
    void message.success(`${values.email} に招待メールを送りました`);
    form.resetFields();
    onClose();
  }

  return (
    <Modal
      open={open}
      title="スタッフを招待"
      okText="招待メールを送る"
      cancelText="キャンセル"
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={reset}
      destroyOnHidden
      centered
    >
      <Form<InviteStaffInput>
        form={form}
        name="invite-staff"
        layout="vertical"
        requiredMark={false}
        initialValues={{ role: "staff" }}
        onFinish={handleFinish}
      >
        <Form.Item label="名前" name="name" rules={[zodRule(PersonNameSchema)]}>
          <Input autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item label="メールアドレス" name="email" rules={[zodRule(EmailSchema)]}>
          <Input type="email" inputMode="email" autoComplete="off" />
        </Form.Item>
        <Form.Item label="権限" name="role" rules={[zodRule(PersonRoleSchema)]}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={(["staff", "admin"] as const).map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
          />
        </Form.Item>
        <p>{`招待リンクの有効期限は${INVITATION_VALID_HOURS}時間です。`}</p>
        {error && <Alert type="error" showIcon title={apiErrorMessage(error)} />}
      </Form>
    </Modal>
  );
}
