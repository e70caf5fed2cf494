import { isLoopbackAddress } from "@pharmacy/contract/pharmacy/pharmacy";
import { Alert } from "antd";

/** Who must open the address: the patients' phones (the public page) or LINE's servers (the webhook). */
type Visitor = "phone" | "line";

const LOOPBACK_TITLES: Record<Visitor, string> = {
  phone: "このURLは患者さまのスマートフォンでは開けません",
  line: "このURLにはLINEから届きません",
};

const REACHED_FROM: Record<Visitor, string> = {
  phone: "患者さまのスマートフォン",
  line: "インターネット（LINE）",
};

/**
 * The warning beside an address the server made from its PUBLIC_BASE_URL (or the address this screen
 * was opened at) that its visitor cannot use: one pointing at this computer (localhost), and for LINE,
 * which calls webhooks over HTTPS only, a plain http one. Nothing when the address is fine.
 */
export function UnreachableAddressAlert({ url, visitor }: { url: string; visitor: Visitor }) {
  if (isLoopbackAddress(url))
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={LOOPBACK_TITLES[visitor]}
        description={`このパソコン自身を指すアドレス（localhost・127.0.0.1）になっています。サーバーの設定 PUBLIC_BASE_URL に、${REACHED_FROM[visitor]}から届くアドレス（例: https://uketsuke.example.jp）を設定してください。`}
      />
    );
  if (visitor === "line" && new URL(url).protocol !== "https:")
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="LINEのWebhook URLはhttpsのアドレスでなければなりません"
        description="LINEはhttpのアドレスには送りません。サーバーの設定 PUBLIC_BASE_URL に、https:// から始まるアドレス（例: https://uketsuke.example.jp）を設定してください。"
      />
    );
  return null;
}
