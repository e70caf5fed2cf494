import type { Catalog } from "./ja.js";

export const messages = {
  numberToday: "접수 번호 {number}",
  numberOtherDay: "{date, date, ::MMMdEEE} 접수 번호 {number}",
  readyTitle: "약을 받으실 수 있습니다",
  readyBody: "{label}번의 약이 준비되었습니다. 약국 창구에서 접수 번호를 말씀해 주세요.",
  readyDeliveredTitle: "약이 준비되었습니다",
  readyDeliveredBody: "{label}번의 약이 준비되었습니다. 배송에 대해서는 약국에서 연락드리겠습니다.",
  calledTitle: "호출 중입니다",
  calledBody: "{label}번 고객님, 약이 준비되었습니다. 수령 창구로 와 주세요.",
  photoTitle: "처방전 사진을 다시 보내 주세요",
  photoBody: "{label}번: {reason}. 접수 현황 페이지에서 새 사진을 보내 주세요.",
  photoReasonBlurry: "초점이 맞지 않습니다",
  photoReasonCutOff: "처방전의 일부가 찍히지 않았습니다",
  photoReasonGlare: "빛이 반사되어 읽을 수 없습니다",
  photoReasonWrongDocument: "처방전이 아닌 서류가 찍혀 있습니다",
  photoReasonOther: "기타 사유",
  pushTitle: "{title} ({pharmacy})",
  noticeMailSubject: "[{pharmacy}] {title} ({label})",
  noticeMailText:
    "{body}\n" +
    "\n" +
    "접수 현황은 다음 페이지에서 확인하실 수 있습니다.\n" +
    "{link}\n" +
    "\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "이 메일은 발신 전용입니다. 웹 접수 때 입력하신 메일 주소로 보내 드렸습니다.\n" +
    "약을 전해 드린 시점에(늦어도 수령 예정일로부터 {days}일 후에) 이 주소는 삭제됩니다.",
  lineNotice: "[{pharmacy}] {title}\n{body}",
  lineLinked: "{label}의 알림을 LINE으로 보내 드리겠습니다.",
  lineCodeRefused:
    "이 코드는 사용할 수 없습니다(유효 기간이 지났거나 이미 사용되었습니다). 접수 현황 페이지의 ‘LINE으로 알림 받기’에서 다시 시도해 주세요.",
  lineTooManyLinks: "이 접수에는 더 이상 LINE을 연동할 수 없습니다.",
  followUpTitle: "복약 후 몸 상태를 알려 주세요",
  followUpBody:
    "{pharmacy}입니다. 약을 드시기 시작한 후의 몸 상태에 관한 간단한 질문에 답해 주세요(1분 정도 걸립니다).",
  mailSubject: "[{pharmacy}] {title}",
  followUpMailText:
    "{body}\n" +
    "\n" +
    "{link}\n" +
    "\n" +
    "이 링크는 {days}일 동안 유효하며, 답변은 한 번만 보내실 수 있습니다.\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "이 메일은 발신 전용입니다. 약을 받으실 때 몸 상태 확인 연락에 동의하신 분께 보내 드립니다.\n" +
    "팔로업이 끝나면 이 메일 주소는 삭제됩니다.",
  followUpLine:
    "[{pharmacy}] 약을 사용하기 시작하신 후의 몸 상태에 대해 몇 가지 여쭙고자 합니다. 1분 정도면 답하실 수 있습니다.\n\n{link}",
  refillTitle: "다음 약 접수 안내",
  refillBody:
    "{pharmacy}입니다. 다음 약({window})을 지금 접수하실 수 있습니다. 아래 링크에서 처방전 사진을 보내 접수해 주세요.",
  refillWindowDay: "{from, date, ::MMMd}",
  refillWindowRange: "{from, date, ::MMMd}~{to, date, ::MMMd}",
  refillMailText:
    "{body}\n\n{link}\n\n──────────\n{pharmacy}\n이 메일은 발신 전용입니다. 다음 약 안내를 받는 데 동의하신 분께 보내 드립니다.",
  refillLine:
    "[{pharmacy}] 다음 약을 받으실 시기가 다가오고 있습니다({from, date, ::MMMdEEE}부터). 다음 접수는 여기에서 보내실 수 있습니다.\n\n{link}",
} satisfies Catalog;
