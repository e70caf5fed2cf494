import { FOLLOW_UP_CHANNEL_LABELS, type FollowUpDetail } from "@pharmacy/contract/follow-ups/follow-ups";
import { followUpAnswerText } from "@pharmacy/contract/follow-ups/follow-up-templates";
import { businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import { formatPostalCode } from "@pharmacy/contract/pharmacy/pharmacy";
import { formatCalendarDate } from "@pharmacy/contract/calendar/date-labels";
import type { Rx } from "@pharmacy/contract/files/prescription-data";
import { escapeHtml } from "../../lib/html.js";

export interface ReportContent {
  followUp: FollowUpDetail;
  pharmacy: { name: string; postalCode: string; address: string; phone: string; fax?: string | undefined };
  /** The pharmacist printing it. */
  pharmacist: string;
  /** The business day it is printed. */
  today: string;
}

function japaneseDate(date: string | null | undefined): string {
  return date ? formatCalendarDate(date) : "";
}

const SEX_LABELS = { male: "男", female: "女" } as const;

function paragraphs(text: string | undefined): string {
  return text ? escapeHtml(text).replace(/\n/g, "<br>") : `<span class="blank">（記載なし）</span>`;
}

function medicineRows(rx: Rx | undefined): string {
  if (!rx || rx.rps.length === 0)
    return `<tr><td colspan="3" class="blank">処方箋のQRコードが読み取れていないため、お薬の記載はありません。</td></tr>`;
  return rx.rps
    .flatMap((rp) =>
      rp.drugs.map(
        (drug, index) =>
          `<tr><td>${escapeHtml(drug.name || drug.code)}</td><td class="nowrap">${escapeHtml(`${drug.amount}${drug.unit}`)}</td>` +
          (index === 0
            ? `<td rowspan="${rp.drugs.length}">${escapeHtml(rp.usage)}${rp.days !== null ? `\u3000${rp.days}${rp.dosageFormCode === "3" ? "回分" : "日分"}` : ""}</td>`
            : "") +
          `</tr>`,
      ),
    )
    .join("");
}

/**
 * The 服薬情報提供書 (トレーシングレポート) a pharmacy FAXes to the prescriber (docs/rules.md#continuity-of-care): one A4 page,
 * the addressee from the prescription's code, the patient, the medicines, the patient's answers (alerts
 * marked), the pharmacist's findings and proposal, the branch and the pharmacist. Every value is escaped.
 */
export function renderReport({ followUp, pharmacy, pharmacist, today }: ReportContent): string {
  const rx = followUp.reception.prescriptions.find((prescription) => prescription.rx)?.rx;
  const patientName = rx?.patient.name || followUp.reception.patientName || "";
  const patientKana = rx?.patient.kana ?? "";
  const institution = rx?.institution;
  const answers = followUp.questions
    .map((question) => {
      const alert = followUp.alertKeys.includes(question.key);
      return `<tr${alert ? ` class="alert"` : ""}><th>${escapeHtml(question.label)}</th><td>${alert ? "<b>※</b> " : ""}${escapeHtml(followUpAnswerText(question, followUp.answers?.[question.key]))}</td></tr>`;
    })
    .join("");
  const answeredOn = followUp.answeredAt ? japaneseDate(businessDateOf(new Date(followUp.answeredAt))) : "";
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<title>服薬情報提供書</title>
<style>
@page { size: A4 portrait; margin: 14mm 16mm; }
* { box-sizing: border-box; }
body { margin: 0; font-family: "Hiragino Mincho ProN", "Yu Mincho", "Noto Serif JP", "Noto Serif CJK JP", serif; font-size: 10pt; line-height: 1.4; color: #000; }
main { max-width: 178mm; margin: 0 auto; }
h1 { font-size: 17pt; text-align: center; letter-spacing: 0.3em; margin: 0; }
.subtitle { text-align: center; font-size: 9pt; margin: 0 0 3mm; }
.head { display: flex; justify-content: space-between; gap: 6mm; }
.to { font-size: 12pt; }
.to .doctor { font-size: 13pt; border-bottom: 1px solid #000; padding-bottom: 0.5mm; }
.from { font-size: 9.5pt; text-align: right; white-space: nowrap; }
.from .name { font-size: 11pt; font-weight: bold; }
.lead { margin: 3mm 0 1.5mm; }
table { width: 100%; border-collapse: collapse; margin: 0 0 3mm; }
th, td { border: 1px solid #000; padding: 0.8mm 2mm; vertical-align: top; text-align: left; }
th { background: #eee; font-weight: normal; width: 34mm; }
.grid th { width: auto; }
.answers th { width: 78mm; }
.section { font-weight: bold; margin: 2.5mm 0 1mm; border-left: 3px solid #000; padding-left: 2mm; }
.box { border: 1px solid #000; min-height: 22mm; padding: 1.5mm 2mm; margin: 0 0 2mm; }
.alert td { font-weight: bold; }
.blank { color: #555; }
.sub { font-size: 9pt; }
.nowrap { white-space: nowrap; }
.consent { margin: 0 0 2mm; }
.note { font-size: 8.5pt; border-top: 1px solid #000; padding-top: 1mm; margin-top: 3mm; }
@media screen { body { background: #f0f0f0; } main { background: #fff; padding: 14mm 16mm; margin: 8mm auto; max-width: 210mm; box-shadow: 0 0 4px #999; } }
</style>
</head>
<body>
<main>
<h1>服薬情報提供書</h1>
<p class="subtitle">（トレーシングレポート）</p>
<div class="head">
  <div class="to">
    <div>${escapeHtml(institution?.name || "")}${institution?.department ? `\u3000${escapeHtml(institution.department)}` : ""}</div>
    <div class="doctor">${escapeHtml(rx?.doctor.name || "")}\u3000先生\u3000御侍史</div>
    <div class="sub">報告日：${japaneseDate(today)}</div>
  </div>
  <div class="from">
    <div class="name">${escapeHtml(pharmacy.name)}</div>
    <div>〒${escapeHtml(formatPostalCode(pharmacy.postalCode))}\u3000${escapeHtml(pharmacy.address)}</div>
    <div>TEL ${escapeHtml(pharmacy.phone)}${pharmacy.fax ? `\u3000FAX ${escapeHtml(pharmacy.fax)}` : ""}</div>
    <div>担当薬剤師：${escapeHtml(pharmacist)}\u3000㊞</div>
  </div>
</div>
<p class="lead">いつもお世話になっております。下記の患者様について、調剤後の服薬状況を確認いたしましたので、ご報告いたします。ご高配を賜りますようお願い申し上げます。</p>
<p class="consent">患者様の同意：\u3000□ 主治医への報告に同意あり\u3000\u3000□ 同意なし（治療上必要と判断し報告）</p>
<table>
  <tr><th>患者氏名</th><td>${escapeHtml(patientName)}${patientKana ? `（${escapeHtml(patientKana)}）` : ""}</td><th>生年月日・性別</th><td>${japaneseDate(rx?.patient.birthDate)}${rx?.patient.sex ? `\u3000${SEX_LABELS[rx.patient.sex]}` : ""}</td></tr>
  <tr><th>処方箋交付日</th><td>${japaneseDate(rx?.issuedOn)}</td><th>調剤日</th><td>${japaneseDate(followUp.reception.receptionDate)}</td></tr>
</table>
<div class="section">処方薬</div>
<table class="grid">
  <tr><th>薬品名</th><th>分量</th><th>用法・日数</th></tr>
  ${medicineRows(rx)}
</table>
<div class="section">服薬後の確認（${escapeHtml(FOLLOW_UP_CHANNEL_LABELS[followUp.channel])}、${escapeHtml(followUp.templateName)}${answeredOn ? `、${answeredOn}回答` : ""}）</div>
<table class="answers">
  ${answers || `<tr><td class="blank">回答はありません。</td></tr>`}
</table>
<div class="section">薬剤師の所見</div>
<div class="box">${paragraphs(followUp.findings)}</div>
<div class="section">処方医へのご提案</div>
<div class="box">${paragraphs(followUp.proposal)}</div>
<p class="note">＜注意＞ FAXによる情報伝達は、疑義照会ではありません。緊急性のある疑義照会は通常どおり電話にてお願いいたします。※印は注意が必要な回答です。</p>
</main>
</body>
</html>`;
}
