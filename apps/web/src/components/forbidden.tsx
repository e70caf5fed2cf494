import { isDeviceRole, ROLE_LABELS, type Role } from "@pharmacy/contract/auth/roles";
import { Flex, Result } from "antd";
import type { ReactNode } from "react";
import { ButtonLink } from "./button-link";

/** A page the signed-in role may not see, opened by its URL: say so in Japanese and offer the way back. */
export function Forbidden({ role, extra }: { role: Role | undefined; extra?: ReactNode }) {
  const home = role === "counter" ? "受付画面に戻る" : role === "display" ? null : "受付一覧へ戻る";
  return (
    <Result
      status="403"
      title="このページを表示する権限がありません"
      subTitle={
        role
          ? `この画面は「${ROLE_LABELS[role]}」では使えません。必要な場合は管理者にお問い合わせください。`
          : "この画面を使う権限がありません。"
      }
      extra={
        <Flex vertical align="center" gap={16}>
          {home && (
            <ButtonLink to="/" type="primary" size="large">
              {home}
            </ButtonLink>
          )}
          {isDeviceRole(role) && extra}
        </Flex>
      }
    />
  );
}
