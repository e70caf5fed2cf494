import type { ReceptionStatus } from "@pharmacy/contract/enums";

/**
 * The reception status in the patient's words. A new reception has no status: it is received, and
 * nobody has looked at it yet (the page adds when the pharmacy opens if it is closed).
 */
export const PATIENT_STATUS: Record<ReceptionStatus | "none", { title: string; detail: string; step: number }> = {
  none: { title: "受付しました", detail: "薬剤師が順番に処方箋を確認します。", step: 0 },
  Reviewing: { title: "確認中", detail: "薬剤師が処方箋の内容を確認しています。", step: 1 },
  Dispensing: { title: "お薬を準備しています（調剤中）", detail: "準備ができるまで、もうしばらくお待ちください。", step: 2 },
  Completed: { title: "お薬をお渡しできます", detail: "薬局の窓口で受付番号をお伝えください。", step: 3 },
};

/** Delivered medicine is not picked up at the counter. */
export const COMPLETED_DELIVERY_TITLE = "お薬の準備ができました";
export const COMPLETED_DELIVERY_DETAIL = "お届けについては薬局からご連絡します。";

/** Staff pressed 「呼び出す」. */
export const CALLED_TEXT = "お呼びしています。お渡し口までお越しください。";

export const STATUS_STEPS = ["受付", "確認中", "調剤中", "お渡し"] as const;

export const OPEN_NOW_TEXT = "ただいま受付時間内です";
export const CLOSED_NOW_TEXT = "ただいま営業時間外です。営業時間内に順番にご案内します";
export const TOO_MANY_REQUESTS_TEXT = "送信が多すぎます。しばらくしてからお試しください";
