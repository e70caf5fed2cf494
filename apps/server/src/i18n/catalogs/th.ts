import type { Catalog } from "./ja.js";

export const messages = {
  numberToday: "หมายเลขคิว {number}",
  numberOtherDay: "หมายเลขคิว {number} ของ{date, date, ::EEEEdMMMM}",
  readyTitle: "รับยาได้แล้ว",
  readyBody: "ยาของ{label}เตรียมเสร็จแล้ว กรุณาแจ้งหมายเลขคิวของคุณที่เคาน์เตอร์ร้านขายยา",
  readyDeliveredTitle: "ยาของคุณเตรียมเสร็จแล้ว",
  readyDeliveredBody: "ยาของ{label}เตรียมเสร็จแล้ว ร้านขายยาจะติดต่อคุณเรื่องการจัดส่ง",
  calledTitle: "ถึงคิวของคุณแล้ว",
  calledBody: "{label} ยาของคุณพร้อมแล้ว กรุณามาที่เคาน์เตอร์รับยา",
  photoTitle: "กรุณาส่งรูปใบสั่งยาอีกครั้ง",
  photoBody: "{label}: {reason} กรุณาส่งรูปใหม่จากหน้าสถานะการรับบริการ",
  photoReasonBlurry: "รูปไม่ชัด",
  photoReasonCutOff: "ใบสั่งยาบางส่วนไม่อยู่ในรูป",
  photoReasonGlare: "แสงสะท้อนทำให้อ่านไม่ได้",
  photoReasonWrongDocument: "รูปเป็นเอกสารที่ไม่ใช่ใบสั่งยา",
  photoReasonOther: "เหตุผลอื่น",
  pushTitle: "{title} ({pharmacy})",
  noticeMailSubject: "[{pharmacy}] {title} ({label})",
  noticeMailText:
    "{body}\n" +
    "\n" +
    "ดูสถานะการรับบริการได้ที่หน้านี้\n" +
    "{link}\n" +
    "\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "อีเมลนี้ส่งจากระบบอัตโนมัติ กรุณาอย่าตอบกลับ เราส่งไปยังอีเมลที่คุณกรอกไว้ตอนลงทะเบียนผ่านเว็บ\n" +
    "อีเมลนี้จะถูกลบเมื่อคุณรับยาแล้ว (ไม่เกิน {days} วันหลังวันที่นัดรับยา)",
  lineNotice: "[{pharmacy}] {title}\n{body}",
  lineLinked: "เราจะส่งการแจ้งเตือนของ{label}ทาง LINE",
  lineCodeRefused:
    "ไม่สามารถใช้รหัสนี้ได้ (หมดอายุแล้วหรือถูกใช้ไปแล้ว) กรุณาลองอีกครั้งจาก “รับการแจ้งเตือนทาง LINE” ในหน้าสถานะการรับบริการ",
  lineTooManyLinks: "ไม่สามารถเชื่อมต่อ LINE เพิ่มกับการรับบริการนี้ได้อีก",
  followUpTitle: "ขอสอบถามอาการหลังใช้ยา",
  followUpBody: "{pharmacy} ขอรบกวนตอบคำถามสั้น ๆ เกี่ยวกับอาการของคุณตั้งแต่เริ่มใช้ยา (ใช้เวลาประมาณ 1 นาที)",
  mailSubject: "[{pharmacy}] {title}",
  followUpMailText:
    "{body}\n" +
    "\n" +
    "{link}\n" +
    "\n" +
    "ลิงก์นี้ใช้ได้ {days} วัน และส่งคำตอบได้เพียงครั้งเดียว\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "อีเมลนี้ส่งจากระบบอัตโนมัติถึงผู้ที่ยินยอมให้ติดต่อสอบถามอาการตอนรับยา\n" +
    "เมื่อการติดตามอาการสิ้นสุดลง อีเมลนี้จะถูกลบ",
  followUpLine: "[{pharmacy}] ขอสอบถามอาการของคุณตั้งแต่เริ่มใช้ยาสักเล็กน้อย ใช้เวลาตอบประมาณ 1 นาที\n\n{link}",
  refillTitle: "แจ้งเรื่องการรับยาครั้งถัดไป",
  refillBody: "{pharmacy} ขอแจ้งว่าตอนนี้คุณส่งคำขอรับยาครั้งถัดไป ({window}) ได้แล้ว กรุณาส่งรูปใบสั่งยาจากลิงก์ด้านล่าง",
  refillWindowDay: "{from, date, ::dMMMM}",
  refillWindowRange: "{from, date, ::dMMMM} – {to, date, ::dMMMM}",
  refillMailText:
    "{body}\n" +
    "\n" +
    "{link}\n" +
    "\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "อีเมลนี้ส่งจากระบบอัตโนมัติถึงผู้ที่ยินยอมรับการแจ้งเตือนเรื่องยาครั้งถัดไป",
  refillLine:
    "[{pharmacy}] ใกล้ถึงเวลารับยาครั้งถัดไปของคุณแล้ว (ตั้งแต่{from, date, ::EEEEdMMMM}) ส่งคำขอรับบริการครั้งถัดไปได้ที่นี่\n" +
    "\n" +
    "{link}",
} satisfies Catalog;
