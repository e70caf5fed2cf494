import type { Catalog } from "./ja.js";

export const messages = {
  numberToday: "nomor antrean {number}",
  numberOtherDay: "nomor antrean {number} tanggal {date, date, ::EEEEdMMMM}",
  readyTitle: "Obat Anda sudah bisa diambil",
  readyBody: "Obat untuk {label} sudah siap. Silakan sebutkan nomor antrean Anda di loket apotek.",
  readyDeliveredTitle: "Obat Anda sudah siap",
  readyDeliveredBody: "Obat untuk {label} sudah siap. Apotek akan menghubungi Anda mengenai pengirimannya.",
  calledTitle: "Nomor Anda dipanggil",
  calledBody: "Obat untuk {label} sudah siap. Silakan datang ke loket pengambilan obat.",
  photoTitle: "Mohon kirim ulang foto resep Anda",
  photoBody: "Untuk {label}: {reason}. Silakan kirim foto baru dari halaman status pendaftaran Anda.",
  photoReasonBlurry: "Foto tidak fokus",
  photoReasonCutOff: "Sebagian resep tidak masuk dalam foto",
  photoReasonGlare: "Pantulan cahaya membuat resep tidak terbaca",
  photoReasonWrongDocument: "Foto menunjukkan dokumen yang bukan resep",
  photoReasonOther: "Alasan lain",
  pushTitle: "{title} ({pharmacy})",
  noticeMailSubject: "[{pharmacy}] {title} ({label})",
  noticeMailText:
    "{body}\n" +
    "\n" +
    "Anda dapat melihat status pendaftaran di halaman berikut:\n" +
    "{link}\n" +
    "\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "Email ini dikirim otomatis; mohon tidak dibalas. Email ini dikirim ke alamat yang Anda isi saat mendaftar lewat web.\n" +
    "Alamat ini akan dihapus saat obat diserahkan (paling lambat {days} hari setelah tanggal rencana pengambilan).",
  lineNotice: "[{pharmacy}] {title}\n{body}",
  lineLinked: "Kami akan mengirim pemberitahuan untuk {label} melalui LINE.",
  lineCodeRefused:
    "Kode ini tidak dapat digunakan (sudah kedaluwarsa atau sudah dipakai). Silakan coba lagi dari “Terima pemberitahuan di LINE” di halaman status pendaftaran Anda.",
  lineTooManyLinks: "Tidak dapat menautkan akun LINE lagi ke pendaftaran ini.",
  followUpTitle: "Bagaimana kondisi Anda setelah minum obat?",
  followUpBody:
    "Salam dari {pharmacy}. Mohon jawab beberapa pertanyaan singkat tentang kondisi Anda sejak mulai minum obat (sekitar 1 menit).",
  mailSubject: "[{pharmacy}] {title}",
  followUpMailText:
    "{body}\n" +
    "\n" +
    "{link}\n" +
    "\n" +
    "Tautan ini berlaku selama {days} hari, dan jawaban hanya dapat dikirim satu kali.\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "Email ini dikirim otomatis kepada pasien yang, saat menerima obat, setuju untuk dihubungi mengenai kondisinya.\n" +
    "Setelah pemantauan selesai, alamat email ini akan dihapus.",
  followUpLine:
    "[{pharmacy}] Kami ingin menanyakan beberapa hal tentang kondisi Anda sejak mulai menggunakan obat. Hanya sekitar 1 menit.\n" +
    "\n" +
    "{link}",
  refillTitle: "Informasi pendaftaran obat berikutnya",
  refillBody:
    "Salam dari {pharmacy}. Pendaftaran untuk obat Anda berikutnya ({window}) sudah bisa dilakukan. Kirim foto resep Anda melalui tautan di bawah ini.",
  refillWindowDay: "{from, date, ::dMMMM}",
  refillWindowRange: "{from, date, ::dMMMM} – {to, date, ::dMMMM}",
  refillMailText:
    "{body}\n" +
    "\n" +
    "{link}\n" +
    "\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "Email ini dikirim otomatis kepada pasien yang setuju menerima informasi tentang obat berikutnya.",
  refillLine:
    "[{pharmacy}] Waktu pengambilan obat Anda berikutnya sudah dekat (mulai {from, date, ::EEEEdMMMM}). Anda dapat mengirim pendaftaran berikutnya dari sini.\n" +
    "\n" +
    "{link}",
} satisfies Catalog;
