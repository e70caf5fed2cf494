import type { ReceptionStatus } from "@pharmacy/contract/enums";

/** The reception status in the patient's words (a new reception has no status yet). */
export const PATIENT_STATUS: Record<ReceptionStatus | "none", { title: string; detail: string; step: number }> = {
  none: { title: "受付済み・確認中", detail: "薬剤師が処方箋の内容を確認しています。", step: 0 },
  Reviewing: { title: "受付済み・確認中", detail: "薬剤師が処方箋の内容を確認しています。", step: 0 },
  Dispensing: { title: "お薬を準備しています（調剤中）", detail: "準備ができるまで、もうしばらくお待ちください。", step: 1 },
  Completed: { title: "お薬をお渡しできます", detail: "薬局の窓口で受付番号をお伝えください。", step: 2 },
};

export const STATUS_STEPS = ["確認中", "調剤中", "お渡し"] as const;

export const OPEN_NOW_TEXT = "ただいま受付時間内です";
export const CLOSED_NOW_TEXT = "ただいま営業時間外です。営業時間内に順番にご案内します";
export const TOO_MANY_REQUESTS_TEXT = "送信が多すぎます。しばらくしてからお試しください";
