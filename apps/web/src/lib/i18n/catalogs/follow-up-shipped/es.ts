import type { FollowUpShippedCatalog } from "./ja";

export const followUpShipped: FollowUpShippedCatalog = {
  condition: {
    text: "Desde que empezó a tomar el medicamento, ¿cómo se encuentra?",
    options: { better: "Mejor", same: "Igual", worse: "Peor" },
  },
  sideEffects: {
    text: "Desde que empezó a tomar el medicamento, ¿ha notado alguno de estos síntomas? (marque todos los que correspondan)",
    options: {
      rash: "Sarpullido o picor",
      stomach: "Malestar de estómago o náuseas",
      dizziness: "Mareo o inestabilidad",
      sleepy: "Somnolencia",
      bowel: "Estreñimiento o diarrea",
      other: "Otro",
    },
  },
  missedDoses: {
    text: "¿Se le olvida tomar el medicamento?",
    options: { none: "Nunca", sometimes: "A veces", often: "A menudo" },
  },
  leftover: { text: "¿Le ha sobrado algún medicamento sin tomar?" },
  questions: { text: "Si tiene alguna duda o preocupación sobre el medicamento, escríbala aquí." },
  callRequest: { text: "¿Desea que el farmacéutico le llame por teléfono?" },
  takingAsDirected: { text: "¿Puede tomar el nuevo medicamento según las indicaciones?" },
  sideEffect: { text: "Desde que empezó el nuevo medicamento, ¿ha notado algún síntoma fuera de lo normal?" },
  inhalerUse: { text: "¿Puede usar el inhalador tal como se le explicó?" },
  breathing: {
    text: "¿Cómo están la falta de aire y la tos?",
    options: { better: "Mejor", same: "Igual", worse: "Peor" },
  },
  gargle: { text: "¿Se enjuaga la boca y hace gárgaras después de usar el inhalador?" },
  inhalerSymptoms: {
    text: "¿Ha notado alguno de estos síntomas? (marque todos los que correspondan)",
    options: { hoarse: "Ronquera", throat: "Molestias en la garganta", palpitation: "Palpitaciones", other: "Otro" },
  },
  bleeding: {
    text: "¿Ha tenido alguno de estos signos de sangrado? (marque todos los que correspondan)",
    options: {
      gums: "Sangrado de encías",
      nose: "Sangrado de nariz que cuesta detener",
      bruise: "Moretones con facilidad",
      blackStool: "Heces negras o sangre en la orina",
    },
  },
  otherMedicine: {
    text: "¿Ha empezado a tomar algún medicamento nuevo de otro hospital, algún medicamento sin receta o algún suplemento?",
  },
  surgery: { text: "¿Tiene prevista alguna operación o extracción dental?" },
  hypoglycemia: { text: "¿Ha tenido síntomas de bajada de azúcar (temblores, sudor frío, mucha hambre)?" },
  meals: { text: "¿Ha habido ocasiones en que no haya podido comer?" },
};
