import type { FormProps } from "antd";

/** For a required field without a visible label (antd would otherwise name it by its field key). */
export const REQUIRED_MESSAGE = "必須項目です";

// antd fills in ${label} itself.
export const validateMessages: NonNullable<FormProps["validateMessages"]> = {
  required: "${label}を入力してください",
  whitespace: "${label}を入力してください",
  types: {
    email: "${label}は有効なメールアドレスではありません",
  },
};
