import type { Catalog } from "./ja.js";

export const messages = {
  numberToday: "atendimento nº {number}",
  numberOtherDay: "atendimento nº {number} de {date, date, ::EEEEdMMMM}",
  readyTitle: "Seu medicamento já pode ser retirado",
  readyBody: "O medicamento do {label} está pronto. Informe o seu número de atendimento no balcão da farmácia.",
  readyDeliveredTitle: "Seu medicamento está pronto",
  readyDeliveredBody: "O medicamento do {label} está pronto. A farmácia entrará em contato sobre a entrega.",
  calledTitle: "Estamos chamando você",
  calledBody: "O medicamento do {label} está pronto. Por favor, dirija-se ao balcão de retirada.",
  photoTitle: "Envie novamente a foto da sua receita",
  photoBody: "Sobre o {label}: {reason}. Envie uma nova foto pela página de acompanhamento do seu atendimento.",
  photoReasonBlurry: "A foto está desfocada",
  photoReasonCutOff: "Parte da receita ficou fora da foto",
  photoReasonGlare: "O reflexo da luz impede a leitura",
  photoReasonWrongDocument: "A foto mostra um documento que não é uma receita",
  photoReasonOther: "Outro motivo",
  pushTitle: "{title} ({pharmacy})",
  noticeMailSubject: "[{pharmacy}] {title} ({label})",
  noticeMailText:
    "{body}\n" +
    "\n" +
    "Você pode acompanhar o seu atendimento nesta página:\n" +
    "{link}\n" +
    "\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "Este e-mail é enviado automaticamente; por favor, não responda. Ele foi enviado ao endereço que você informou no atendimento pela internet.\n" +
    "Este endereço será apagado quando o medicamento for entregue (no máximo {days} dias após a data prevista de retirada).",
  lineNotice: "[{pharmacy}] {title}\n{body}",
  lineLinked: "Vamos enviar os avisos do {label} pelo LINE.",
  lineCodeRefused:
    "Este código não pode ser usado (expirou ou já foi usado). Tente novamente em “Receber avisos pelo LINE”, na página de acompanhamento do seu atendimento.",
  lineTooManyLinks: "Não é possível vincular mais contas do LINE a este atendimento.",
  followUpTitle: "Como você está se sentindo com o medicamento?",
  followUpBody:
    "Olá, aqui é {pharmacy}. Responda a algumas perguntas rápidas sobre como você tem se sentido desde que começou a tomar o medicamento (cerca de 1 minuto).",
  mailSubject: "[{pharmacy}] {title}",
  followUpMailText:
    "{body}\n" +
    "\n" +
    "{link}\n" +
    "\n" +
    "Este link vale por {days} dias, e as respostas só podem ser enviadas uma vez.\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "Este e-mail é enviado automaticamente a quem concordou, ao retirar o medicamento, em receber um contato sobre como está se sentindo.\n" +
    "Quando o acompanhamento terminar, este endereço de e-mail será apagado.",
  followUpLine:
    "[{pharmacy}] Gostaríamos de fazer algumas perguntas sobre como você tem se sentido desde que começou a usar o medicamento. Leva cerca de 1 minuto.\n" +
    "\n" +
    "{link}",
  refillTitle: "Atendimento do seu próximo medicamento",
  refillBody:
    "Olá, aqui é {pharmacy}. Você já pode enviar o atendimento do seu próximo medicamento ({window}). Envie a foto da sua receita pelo link abaixo.",
  refillWindowDay: "{from, date, ::dMMMM}",
  refillWindowRange: "{from, date, ::dMMMM} a {to, date, ::dMMMM}",
  refillMailText:
    "{body}\n" +
    "\n" +
    "{link}\n" +
    "\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "Este e-mail é enviado automaticamente a quem concordou em receber avisos sobre o próximo medicamento.",
  refillLine:
    "[{pharmacy}] Está chegando a hora de retirar o seu próximo medicamento (a partir de {from, date, ::EEEEdMMMM}). Você pode enviar o próximo atendimento por aqui.\n" +
    "\n" +
    "{link}",
} satisfies Catalog;
