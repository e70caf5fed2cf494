import { Input, type InputProps } from "antd";
import { CONFIRMATION_CODE_LENGTH } from "@pharmacy/contract/auth/auth";

/** The 6-digit mail code: numeric keypad on phones and tablets, and the OS may offer the code from the mail. */
export function ConfirmationCodeInput(props: InputProps) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={CONFIRMATION_CODE_LENGTH}
      placeholder="123456"
      style={{ letterSpacing: "0.3em" }}
      {...props}
    />
  );
}
