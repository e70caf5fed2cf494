import type { FollowUpShippedCatalog } from "./ja";

export const followUpShipped: FollowUpShippedCatalog = {
  condition: {
    text: "Desde que começou a tomar o remédio, como você está se sentindo?",
    options: { better: "Melhor", same: "Igual", worse: "Pior" },
  },
  sideEffects: {
    text: "Desde que começou a tomar o remédio, notou algum destes sintomas? (marque todos que se aplicam)",
    options: {
      rash: "Manchas na pele ou coceira",
      stomach: "Desconforto no estômago ou enjoo",
      dizziness: "Tontura ou falta de equilíbrio",
      sleepy: "Sonolência",
      bowel: "Prisão de ventre ou diarreia",
      other: "Outro",
    },
  },
  missedDoses: {
    text: "Você costuma esquecer de tomar o remédio?",
    options: { none: "Não", sometimes: "Às vezes", often: "Com frequência" },
  },
  leftover: { text: "Sobrou algum remédio que você não tomou?" },
  questions: { text: "Se tiver alguma dúvida ou preocupação sobre o remédio, escreva aqui." },
  callRequest: { text: "Gostaria de receber uma ligação do farmacêutico?" },
  takingAsDirected: { text: "Você está conseguindo tomar o remédio novo conforme as orientações?" },
  sideEffect: { text: "Desde que começou o remédio novo, sentiu algo diferente do normal?" },
  inhalerUse: { text: "Você está conseguindo usar a bombinha (inalador) como foi explicado?" },
  breathing: {
    text: "Como estão a falta de ar e a tosse?",
    options: { better: "Melhoraram", same: "Iguais", worse: "Pioraram" },
  },
  gargle: { text: "Você faz bochecho e gargarejo depois de usar o inalador?" },
  inhalerSymptoms: {
    text: "Notou algum destes sintomas? (marque todos que se aplicam)",
    options: { hoarse: "Rouquidão", throat: "Incômodo na garganta", palpitation: "Palpitações", other: "Outro" },
  },
  bleeding: {
    text: "Teve algum destes sinais de sangramento? (marque todos que se aplicam)",
    options: {
      gums: "Sangramento na gengiva",
      nose: "Sangramento no nariz que demora a parar",
      bruise: "Manchas roxas com facilidade",
      blackStool: "Fezes escuras ou sangue na urina",
    },
  },
  otherMedicine: {
    text: "Começou a tomar algum remédio novo de outro hospital, remédio sem receita ou suplemento?",
  },
  surgery: { text: "Tem alguma cirurgia ou extração de dente marcada?" },
  hypoglycemia: { text: "Teve sinais de hipoglicemia (tremores, suor frio, fome intensa)?" },
  meals: { text: "Houve momentos em que você não conseguiu se alimentar?" },
};
