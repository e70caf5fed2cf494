import type { Catalog } from "./ja.js";

export const messages = {
  numberToday: "số tiếp nhận {number}",
  numberOtherDay: "số tiếp nhận {number} ngày {date, date, ::EEEEdMMMM}",
  readyTitle: "Thuốc của bạn đã sẵn sàng",
  readyBody: "Thuốc của {label} đã chuẩn bị xong. Vui lòng đọc số tiếp nhận của bạn tại quầy nhà thuốc.",
  readyDeliveredTitle: "Thuốc của bạn đã chuẩn bị xong",
  readyDeliveredBody: "Thuốc của {label} đã chuẩn bị xong. Nhà thuốc sẽ liên lạc với bạn về việc giao thuốc.",
  calledTitle: "Đã đến lượt bạn",
  calledBody: "Thuốc của {label} đã sẵn sàng. Vui lòng đến quầy nhận thuốc.",
  photoTitle: "Vui lòng gửi lại ảnh đơn thuốc",
  photoBody: "Về {label}: {reason}. Vui lòng gửi ảnh mới từ trang tình trạng tiếp nhận.",
  photoReasonBlurry: "Ảnh bị mờ",
  photoReasonCutOff: "Ảnh không chụp hết đơn thuốc",
  photoReasonGlare: "Ánh sáng bị lóa nên không đọc được",
  photoReasonWrongDocument: "Ảnh chụp giấy tờ không phải đơn thuốc",
  photoReasonOther: "Lý do khác",
  pushTitle: "{title} ({pharmacy})",
  noticeMailSubject: "[{pharmacy}] {title} ({label})",
  noticeMailText:
    "{body}\n" +
    "\n" +
    "Bạn có thể xem tình trạng tiếp nhận tại trang sau:\n" +
    "{link}\n" +
    "\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "Đây là email tự động, vui lòng không trả lời. Email được gửi đến địa chỉ bạn đã nhập khi tiếp nhận qua web.\n" +
    "Địa chỉ này sẽ được xóa khi bạn nhận thuốc (muộn nhất là {days} ngày sau ngày dự kiến nhận thuốc).",
  lineNotice: "[{pharmacy}] {title}\n{body}",
  lineLinked: "Chúng tôi sẽ gửi thông báo về {label} qua LINE.",
  lineCodeRefused:
    "Không thể dùng mã này (đã hết hạn hoặc đã được sử dụng). Vui lòng thử lại từ mục “Nhận thông báo qua LINE” trên trang tình trạng tiếp nhận.",
  lineTooManyLinks: "Không thể liên kết thêm tài khoản LINE với lượt tiếp nhận này.",
  followUpTitle: "Xin cho biết sức khỏe của bạn sau khi dùng thuốc",
  followUpBody:
    "{pharmacy} xin chào. Vui lòng trả lời vài câu hỏi ngắn về sức khỏe của bạn từ khi bắt đầu dùng thuốc (khoảng 1 phút).",
  mailSubject: "[{pharmacy}] {title}",
  followUpMailText:
    "{body}\n" +
    "\n" +
    "{link}\n" +
    "\n" +
    "Đường link này có hiệu lực trong {days} ngày và bạn chỉ gửi câu trả lời được một lần.\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "Đây là email tự động. Email được gửi đến người đã đồng ý, khi nhận thuốc, để nhà thuốc liên lạc hỏi thăm sức khỏe.\n" +
    "Khi việc theo dõi kết thúc, địa chỉ email này sẽ được xóa.",
  followUpLine:
    "[{pharmacy}] Chúng tôi muốn hỏi bạn vài câu về sức khỏe từ khi bắt đầu dùng thuốc. Chỉ mất khoảng 1 phút.\n" +
    "\n" +
    "{link}",
  refillTitle: "Thông báo tiếp nhận cho lần lấy thuốc tới",
  refillBody:
    "{pharmacy} xin chào. Bạn đã có thể gửi tiếp nhận cho lần lấy thuốc tới ({window}). Hãy gửi ảnh đơn thuốc từ đường link bên dưới.",
  refillWindowDay: "{from, date, ::dMMMM}",
  refillWindowRange: "{from, date, ::dMMMM} – {to, date, ::dMMMM}",
  refillMailText:
    "{body}\n" +
    "\n" +
    "{link}\n" +
    "\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "Đây là email tự động. Email được gửi đến người đã đồng ý nhận thông báo về lần lấy thuốc tới.",
  refillLine:
    "[{pharmacy}] Sắp đến lúc nhận thuốc lần tới của bạn (từ {from, date, ::EEEEdMMMM}). Bạn có thể gửi tiếp nhận lần tới tại đây.\n" +
    "\n" +
    "{link}",
} satisfies Catalog;
