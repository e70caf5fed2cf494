import { UserSwitchOutlined } from "@ant-design/icons";
import { EmailSchema, SignInPasswordSchema, type SignInInput, type SignInResponse } from "@pharmacy/contract/auth/auth";
import { Button, Form, Input, Modal } from "antd";
import { useState } from "react";
import { getRefreshToken, handOverTokens } from "../../../lib/auth/token-storage";
import { zodRule } from "../../../lib/forms/zod-rule";
import { useSignOutTokenMutation } from "../api";
import { useSignInSteps } from "../hooks/use-sign-in-steps";
import { AuthErrorAlert } from "./auth-error-alert";
import { MfaCodeForm } from "./mfa-code-form";

const EXIT_TEXTS = {
  counter: {
    title: "スタッフ用：受付端末を終了",
    lead: "受付端末モードを終了して、スタッフ画面に切り替えます。スタッフのメールアドレスとパスワードでログインしてください。",
  },
  display: {
    title: "スタッフ用：呼出画面を終了",
    lead: "呼出画面を終了して、スタッフ画面に切り替えます。スタッフのメールアドレスとパスワードでログインしてください。",
  },
} as const;

type DeviceKind = keyof typeof EXIT_TEXTS;

/**
 * A device's only way out (the counter kiosk, the calling display): a small corner button that asks
 * for a staff member's sign-in. Once signed in, the device's session ends and the screen becomes that
 * person's staff screen.
 */
export function StaffExitButton({ device = "counter" }: { device?: DeviceKind }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="text" size="small" icon={<UserSwitchOutlined aria-hidden />} onClick={() => setOpen(true)}>
        スタッフ用
      </Button>
      {open && <StaffSignInDialog device={device} onClose={() => setOpen(false)} />}
    </>
  );
}

function StaffSignInDialog({ device, onClose }: { device: DeviceKind; onClose: () => void }) {
  const [signOutToken] = useSignOutTokenMutation();
  const steps = useSignInSteps(signedIn);

  async function signedIn(result: SignInResponse) {
    const deviceToken = getRefreshToken();
    // The person's tokens first, out of this page's reach: ending the device closes this page's socket
    // and refuses its calls, and nothing that follows may clear what the staff screen starts from.
    handOverTokens(result);
    // The device goes with its session; an admin can register the tablet again later.
    if (deviceToken)
      await signOutToken({ refreshToken: deviceToken })
        .unwrap()
        .catch(() => undefined);
    // A full reload: nothing of the kiosk stays in memory, and the staff screen starts clean.
    window.location.assign("/");
  }

  return (
    <Modal
      open
      title={EXIT_TEXTS[device].title}
      footer={null}
      onCancel={onClose}
      centered
      destroyOnHidden
      zIndex={2100}
    >
      {steps.step === "code" ? (
        <MfaCodeForm
          error={steps.codeError}
          busy={steps.busy}
          onSubmit={(code) => void steps.submitCode(code)}
          onBack={steps.backToPassword}
        />
      ) : (
        <Form<SignInInput>
          name="staff-exit"
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => void steps.submitPassword(values)}
        >
          <p style={{ marginTop: 0 }}>{EXIT_TEXTS[device].lead}</p>
          <Form.Item label="メールアドレス" name="email" rules={[zodRule(EmailSchema)]}>
            <Input type="email" autoComplete="off" inputMode="email" autoFocus />
          </Form.Item>
          <Form.Item label="パスワード" name="password" rules={[zodRule(SignInPasswordSchema)]}>
            <Input.Password autoComplete="off" />
          </Form.Item>
          <AuthErrorAlert error={steps.passwordError} />
          <Button type="primary" htmlType="submit" block loading={steps.busy}>
            ログインしてスタッフ画面にする
          </Button>
        </Form>
      )}
    </Modal>
  );
}
