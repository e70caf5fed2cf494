import type { CareContact, FollowUpChannel } from "@pharmacy/contract/follow-ups/follow-ups";
import type { FollowUpTemplate } from "@pharmacy/contract/follow-ups/follow-up-templates";
import type { Reception } from "@pharmacy/contract/receptions/receptions";

/**
 * What the planning dialog chooses before the pharmacist touches anything, so that 「7日後に体調確認」
 * is two taps: the questionnaire that fits the medicines read from the prescription's code, and the way
 * the patient can be reached.
 */

/** Words in a drug's name (as the 2D code prints it) that point to one of the shipped questionnaires. */
const TEMPLATE_HINTS: readonly { template: string; words: readonly string[] }[] = [
  {
    template: "inhaler",
    words: ["吸入", "エアゾール", "ディスカス", "エリプタ", "タービュヘイラー", "ブリーズヘラー", "レスピマット"],
  },
  {
    template: "anticoagulant",
    words: [
      "ワーファリン",
      "ワルファリン",
      "エリキュース",
      "アピキサバン",
      "イグザレルト",
      "リバーロキサバン",
      "リクシアナ",
      "エドキサバン",
      "プラザキサ",
      "ダビガトラン",
    ],
  },
  {
    template: "diabetes",
    words: [
      "インスリン",
      "メトホルミン",
      "メトグルコ",
      "グリメピリド",
      "アマリール",
      "シタグリプチン",
      "ジャヌビア",
      "グラクティブ",
      "トラゼンタ",
      "エクア",
      "フォシーガ",
      "ジャディアンス",
      "スーグラ",
      "カナグル",
      "トルリシティ",
      "オゼンピック",
      "リベルサス",
    ],
  },
];

export const DEFAULT_TEMPLATE_ID = "general";

/** The medicine names the prescriptions' codes printed (a drug without a name is left out). */
export function medicineNamesOf(reception: Pick<Reception, "prescriptions">): string[] {
  return reception.prescriptions.flatMap(
    (prescription) => prescription.rx?.rps.flatMap((rp) => rp.drugs.map((drug) => drug.name).filter(Boolean)) ?? [],
  );
}

/** The branch's questionnaire that fits the medicines, else 一般, else the first one the branch has. */
export function suggestedTemplateId(
  reception: Pick<Reception, "prescriptions">,
  templates: readonly Pick<FollowUpTemplate, "id">[],
): string | undefined {
  const names = medicineNamesOf(reception);
  const offered = new Set(templates.map((template) => template.id));
  const hinted = TEMPLATE_HINTS.find(
    (hint) => offered.has(hint.template) && names.some((name) => hint.words.some((word) => name.includes(word))),
  );
  if (hinted) return hinted.template;
  return offered.has(DEFAULT_TEMPLATE_ID) ? DEFAULT_TEMPLATE_ID : templates[0]?.id;
}

/** How the patient can be reached now: e-mail, else LINE (what patients answer), else the status page's push, else a phone call by staff. */
export function availableChannels(
  contact: Pick<CareContact, "email" | "push" | "line"> | null,
): Record<FollowUpChannel, boolean> {
  return { email: Boolean(contact?.email), push: Boolean(contact?.push), line: Boolean(contact?.line), phone: true };
}

export function defaultChannel(contact: Pick<CareContact, "email" | "push" | "line"> | null): FollowUpChannel {
  const available = availableChannels(contact);
  return available.email ? "email" : available.line ? "line" : available.push ? "push" : "phone";
}
