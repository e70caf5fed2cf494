import type { FormProps } from "antd";

// antd fills in ${label} itself.
export const validateMessages: NonNullable<FormProps["validateMessages"]> = {
  required: "${label}を入力してください",
  whitespace: "${label}を入力してください",
  types: {
    email: "${label}は有効なメールアドレスではありません",
  },
};
