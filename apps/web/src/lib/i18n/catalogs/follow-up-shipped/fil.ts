import type { FollowUpShippedCatalog } from "./ja";

export const followUpShipped: FollowUpShippedCatalog = {
  condition: {
    text: "Kumusta po ang pakiramdam ninyo mula nang simulan ninyong inumin ang gamot?",
    options: { better: "Bumuti", same: "Walang pagbabago", worse: "Lumala" },
  },
  sideEffects: {
    text: "Mula nang simulan ninyo ang gamot, may napapansin po ba kayong alinman dito? (Piliin lahat ng naaangkop)",
    options: {
      rash: "Pantal o pangangati",
      stomach: "Masakit o hindi maayos ang sikmura, pagduduwal",
      dizziness: "Pagkahilo o pagsuray",
      sleepy: "Pagkaantok",
      bowel: "Pagtitibi o pagtatae",
      other: "Iba pa",
    },
  },
  missedDoses: {
    text: "Nakakalimutan po ba ninyong inumin ang gamot?",
    options: { none: "Hindi", sometimes: "Paminsan-minsan", often: "Madalas" },
  },
  leftover: { text: "May natira po ba kayong gamot na hindi nainom?" },
  questions: { text: "Kung may alalahanin o tanong po kayo tungkol sa gamot, pakisulat dito." },
  callRequest: { text: "Gusto po ba ninyong tawagan kayo ng pharmacist?" },
  takingAsDirected: { text: "Naiinom po ba ninyo ang bagong gamot ayon sa tagubilin?" },
  sideEffect: { text: "Mula nang simulan ninyo ang bagong gamot, may napapansin po ba kayong kakaiba sa pakiramdam?" },
  inhalerUse: { text: "Nagagamit po ba ninyo ang inhaler ayon sa itinuro sa inyo?" },
  breathing: {
    text: "Kumusta po ang paghinga at ubo ninyo?",
    options: { better: "Gumaan", same: "Walang pagbabago", worse: "Lumala" },
  },
  gargle: { text: "Nagmumumog po ba kayo pagkatapos gumamit ng inhaler?" },
  inhalerSymptoms: {
    text: "May napapansin po ba kayong alinman dito? (Piliin lahat ng naaangkop)",
    options: {
      hoarse: "Pamamalat ng boses",
      throat: "Hindi komportable ang lalamunan",
      palpitation: "Malakas o mabilis na tibok ng puso",
      other: "Iba pa",
    },
  },
  bleeding: {
    text: "May napapansin po ba kayong pagdurugo? (Piliin lahat ng naaangkop)",
    options: {
      gums: "Pagdurugo ng gilagid",
      nose: "Balinguyngoy na mahirap patigilin",
      bruise: "Madaling magkapasa",
      blackStool: "Maitim na dumi o dugo sa ihi",
    },
  },
  otherMedicine: {
    text: "Nagsimula po ba kayong uminom ng bagong gamot mula sa ibang ospital, gamot na nabibili nang walang reseta, o supplement?",
  },
  surgery: { text: "May nakatakda po ba kayong operasyon o pagpapabunot ng ngipin?" },
  hypoglycemia: {
    text: "Nakaranas po ba kayo ng sintomas ng mababang blood sugar (panginginig, malamig na pawis, matinding gutom)?",
  },
  meals: { text: "May mga pagkakataon po bang hindi kayo nakakain?" },
};
