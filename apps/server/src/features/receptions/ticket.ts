import { answerLabel } from "@pharmacy/contract/receptions/answer-labels";
import { formatBusinessDateTime, formatMonthDay } from "@pharmacy/contract/calendar/date-labels";
import { formatReceptionNumber } from "@pharmacy/contract/shared/formats";
import { QUESTION_TEXT } from "@pharmacy/contract/receptions/question-labels";
import type { QuestionKey } from "@pharmacy/contract/shared/enums";
import { receiveGuidance } from "@pharmacy/contract/public/patient-messages";
import type { Answers } from "@pharmacy/contract/receptions/questions";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { escapeHtml } from "../../lib/html.js";

export interface TicketContent {
  pharmacyName: string;
  pharmacyPhone: string;
  reception: Pick<Reception, "receptionNumber" | "partitionNumber" | "receptionDate" | "createdAt">;
  /** The day it is printed: a reception of another day says its day (「11月27日（金）の受付番号」, docs/rules.md#across-days). */
  today: string;
  answers: Answers;
  message: string;
  /** A sample from the settings' 「テスト印刷」: marked as such, so it is never taken for a real ticket. */
  test?: boolean;
  /** 「お待ち時間の目安 約15分」, only when the branch has enough recent data for an estimate. */
  waitMinutes?: number | undefined;
  /** The branch's web questionnaire as a QR code, when the patient chose 「スマートフォンで入力」 and the branch has one. */
  questionnaireQrSvg?: string | undefined;
}

/** The questionnaire's QR code for the ticket, or undefined when the patient did not choose it or the branch has no URL. */
export async function questionnaireQr(answers: Answers, url: string | undefined): Promise<string | undefined> {
  if (answers.questionnaireType !== "Web" || !url) return undefined;
  // loaded by the first ticket that shows one, not at start
  const { default: QRCode } = await import("qrcode");
  return QRCode.toString(url, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
}

/**
 * The printable reception ticket (受付票) for an 80 mm receipt printer. Every value is escaped.
 * `@page` takes two lengths (browsers drop `80mm auto`); the web app fits the height to the
 * content before it prints, the 160 mm here is for a ticket printed some other way.
 */
export function renderTicket({
  pharmacyName,
  pharmacyPhone,
  reception,
  today,
  answers,
  message,
  test = false,
  waitMinutes,
  questionnaireQrSvg,
}: TicketContent): string {
  const rows = (Object.entries(answers) as [QuestionKey, string][])
    .filter(([, value]) => value !== undefined && value !== "")
    .map(
      ([key, value]) =>
        `<tr><th>${escapeHtml(QUESTION_TEXT[key].label)}</th><td>${escapeHtml(answerLabel(key, value))}</td></tr>`,
    )
    .join("");
  const number = formatReceptionNumber(reception.receptionNumber, reception.partitionNumber);
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<title>受付票 ${escapeHtml(number)}</title>
<style>
@page { size: 80mm 160mm; margin: 0; }
body { margin: 0; font-family: "Hiragino Kaku Gothic ProN", "Hiragino Sans", "Noto Sans JP", "Noto Sans CJK JP", Meiryo, sans-serif; color: #000; }
.ticket { width: 72mm; margin: 0 auto; padding: 4mm 0; text-align: center; }
.pharmacy { font-size: 14px; font-weight: bold; }
.caption { font-size: 13px; margin-top: 4mm; }
.number { font-size: 56px; font-weight: bold; line-height: 1.1; }
.time, .phone { font-size: 12px; }
.test { font-size: 16px; font-weight: bold; border: 2px solid #000; margin-top: 3mm; padding: 1mm; }
.wait { margin-top: 3mm; font-size: 16px; font-weight: bold; }
.guidance { margin-top: 3mm; font-size: 13px; font-weight: bold; text-align: left; }
table { width: 100%; margin-top: 3mm; border-top: 1px dashed #000; font-size: 12px; text-align: left; border-collapse: collapse; }
th, td { padding: 1mm 0; vertical-align: top; }
th { width: 40%; font-weight: normal; }
.questionnaire { margin-top: 3mm; border-top: 1px dashed #000; padding-top: 3mm; font-size: 12px; }
.questionnaire svg { width: 30mm; height: 30mm; display: block; margin: 1mm auto 0; }
.message { margin-top: 3mm; border-top: 1px dashed #000; padding-top: 3mm; font-size: 12px; white-space: pre-wrap; }
</style>
</head>
<body>
<div class="ticket">
<div class="pharmacy">${escapeHtml(pharmacyName)}</div>
${pharmacyPhone ? `<div class="phone">TEL ${escapeHtml(pharmacyPhone)}</div>` : ""}
${test ? `<div class="test">テスト印刷</div>` : ""}
<div class="caption">${reception.receptionDate === today ? "" : escapeHtml(`${formatMonthDay(reception.receptionDate)}の`)}受付番号</div>
<div class="number">${escapeHtml(number)}</div>
<div class="time">${escapeHtml(formatBusinessDateTime(new Date(reception.createdAt)))}</div>
${waitMinutes === undefined ? "" : `<div class="wait">お待ち時間の目安 約${waitMinutes}分</div>`}
<div class="guidance">${escapeHtml(receiveGuidance(answers))}</div>
${rows ? `<table>${rows}</table>` : ""}
${questionnaireQrSvg ? `<div class="questionnaire" role="img" aria-label="Web問診票のQRコード">スマートフォンでQRコードを読み取り、Web問診票にご記入ください。${questionnaireQrSvg}</div>` : ""}
${message ? `<div class="message">${escapeHtml(message)}</div>` : ""}
</div>
</body>
</html>`;
}
