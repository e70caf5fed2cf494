import type { FollowUpShippedCatalog } from "./ja";

export const followUpShipped: FollowUpShippedCatalog = {
  condition: {
    text: "Sejak mulai minum obat, bagaimana kondisi kesehatan Anda?",
    options: { better: "Membaik", same: "Tidak berubah", worse: "Memburuk" },
  },
  sideEffects: {
    text: "Sejak mulai minum obat, apakah ada gejala berikut yang Anda alami? (pilih semua yang sesuai)",
    options: {
      rash: "Ruam atau gatal",
      stomach: "Perut tidak nyaman atau mual",
      dizziness: "Pusing atau sempoyongan",
      sleepy: "Mengantuk",
      bowel: "Sembelit atau diare",
      other: "Lainnya",
    },
  },
  missedDoses: {
    text: "Apakah Anda pernah lupa minum obat?",
    options: { none: "Tidak pernah", sometimes: "Kadang-kadang", often: "Sering" },
  },
  leftover: { text: "Apakah ada sisa obat yang belum Anda minum?" },
  questions: { text: "Jika ada kekhawatiran atau pertanyaan tentang obat, silakan tulis di sini." },
  callRequest: { text: "Apakah Anda ingin ditelepon oleh apoteker?" },
  takingAsDirected: { text: "Apakah Anda bisa minum obat baru sesuai petunjuk?" },
  sideEffect: { text: "Sejak mulai minum obat baru, apakah ada gejala yang tidak biasa?" },
  inhalerUse: { text: "Apakah Anda bisa memakai inhaler sesuai penjelasan yang diberikan?" },
  breathing: {
    text: "Bagaimana sesak napas dan batuk Anda?",
    options: { better: "Lebih ringan", same: "Tidak berubah", worse: "Memburuk" },
  },
  gargle: { text: "Apakah Anda berkumur setelah memakai inhaler?" },
  inhalerSymptoms: {
    text: "Apakah ada gejala berikut yang Anda alami? (pilih semua yang sesuai)",
    options: {
      hoarse: "Suara serak",
      throat: "Tenggorokan tidak nyaman",
      palpitation: "Jantung berdebar-debar",
      other: "Lainnya",
    },
  },
  bleeding: {
    text: "Apakah ada tanda perdarahan berikut? (pilih semua yang sesuai)",
    options: {
      gums: "Gusi berdarah",
      nose: "Mimisan yang sulit berhenti",
      bruise: "Mudah memar",
      blackStool: "Tinja hitam atau urine berdarah",
    },
  },
  otherMedicine: {
    text: "Apakah Anda baru mulai minum obat dari rumah sakit lain, obat bebas, atau suplemen?",
  },
  surgery: { text: "Apakah ada rencana operasi atau cabut gigi?" },
  hypoglycemia: { text: "Apakah Anda mengalami gejala gula darah rendah (gemetar, keringat dingin, sangat lapar)?" },
  meals: { text: "Apakah ada saat ketika Anda tidak bisa makan?" },
};
