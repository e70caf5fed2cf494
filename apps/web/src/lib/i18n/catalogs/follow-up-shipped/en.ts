import type { FollowUpShippedCatalog } from "./ja";

export const followUpShipped: FollowUpShippedCatalog = {
  condition: {
    text: "How have you been feeling since you started the medicine?",
    options: { better: "Better", same: "About the same", worse: "Worse" },
  },
  sideEffects: {
    text: "Since starting the medicine, have you noticed any of these? (Select all that apply)",
    options: {
      rash: "Rash or itching",
      stomach: "Upset stomach or nausea",
      dizziness: "Dizziness or feeling unsteady",
      sleepy: "Drowsiness",
      bowel: "Constipation or diarrhea",
      other: "Something else",
    },
  },
  missedDoses: {
    text: "Do you ever forget to take your medicine?",
    options: { none: "Never", sometimes: "Sometimes", often: "Often" },
  },
  leftover: { text: "Do you have any medicine left over that you have not taken?" },
  questions: { text: "If you have any concerns or questions about your medicine, please write them here." },
  callRequest: { text: "Would you like the pharmacist to call you?" },
  takingAsDirected: { text: "Are you able to take your new medicine as directed?" },
  sideEffect: { text: "Since starting the new medicine, have you noticed anything unusual?" },
  inhalerUse: { text: "Are you able to use your inhaler the way it was explained to you?" },
  breathing: {
    text: "How are your breathing and cough?",
    options: { better: "Easier", same: "About the same", worse: "Worse" },
  },
  gargle: { text: "Do you rinse your mouth and gargle after using your inhaler?" },
  inhalerSymptoms: {
    text: "Have you noticed any of these? (Select all that apply)",
    options: {
      hoarse: "Hoarse voice",
      throat: "Discomfort in the throat",
      palpitation: "Pounding or racing heartbeat",
      other: "Something else",
    },
  },
  bleeding: {
    text: "Have you had any of these signs of bleeding? (Select all that apply)",
    options: {
      gums: "Bleeding gums",
      nose: "Nosebleeds that are hard to stop",
      bruise: "Bruising easily",
      blackStool: "Black stools or blood in the urine",
    },
  },
  otherMedicine: {
    text: "Have you started any new medicine from another clinic, any over-the-counter medicine or any supplement?",
  },
  surgery: { text: "Do you have any surgery or tooth extraction planned?" },
  hypoglycemia: { text: "Have you had any signs of low blood sugar (shaking, cold sweats, sudden strong hunger)?" },
  meals: { text: "Have there been times when you could not eat your meals?" },
};
