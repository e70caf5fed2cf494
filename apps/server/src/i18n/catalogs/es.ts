import type { Catalog } from "./ja.js";

export const messages = {
  numberToday: "turno n.º {number}",
  numberOtherDay: "turno n.º {number} del {date, date, ::EEEEdMMMM}",
  readyTitle: "Ya puede recoger su medicamento",
  readyBody: "El medicamento del {label} está listo. Indique su número de turno en el mostrador de la farmacia.",
  readyDeliveredTitle: "Su medicamento está listo",
  readyDeliveredBody:
    "El medicamento del {label} está listo. La farmacia se pondrá en contacto con usted para la entrega.",
  calledTitle: "Le estamos llamando",
  calledBody: "El medicamento del {label} está listo. Acérquese al mostrador de entrega, por favor.",
  photoTitle: "Vuelva a enviar la foto de su receta",
  photoBody: "Sobre el {label}: {reason}. Envíe una foto nueva desde la página de estado de su turno.",
  photoReasonBlurry: "La foto está desenfocada",
  photoReasonCutOff: "Parte de la receta no sale en la foto",
  photoReasonGlare: "El reflejo de la luz impide leerla",
  photoReasonWrongDocument: "La foto muestra un documento que no es una receta",
  photoReasonOther: "Otro motivo",
  pushTitle: "{title} ({pharmacy})",
  noticeMailSubject: "[{pharmacy}] {title} ({label})",
  noticeMailText:
    "{body}\n" +
    "\n" +
    "Puede consultar el estado de su turno en esta página:\n" +
    "{link}\n" +
    "\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "Este correo se envía automáticamente; no lo responda. Se lo enviamos a la dirección que indicó en la recepción web.\n" +
    "Esta dirección se borrará cuando reciba su medicamento (a más tardar {days} días después del día previsto de recogida).",
  lineNotice: "[{pharmacy}] {title}\n{body}",
  lineLinked: "Le enviaremos los avisos del {label} por LINE.",
  lineCodeRefused:
    "Este código no se puede usar (ha caducado o ya se ha usado). Inténtelo de nuevo desde «Recibir avisos por LINE» en la página de estado de su turno.",
  lineTooManyLinks: "No se pueden vincular más cuentas de LINE a este turno.",
  followUpTitle: "¿Cómo se encuentra con su medicamento?",
  followUpBody:
    "Le escribimos de {pharmacy}. Responda unas preguntas breves sobre cómo se ha encontrado desde que empezó a tomar el medicamento (aprox. 1 minuto).",
  mailSubject: "[{pharmacy}] {title}",
  followUpMailText:
    "{body}\n" +
    "\n" +
    "{link}\n" +
    "\n" +
    "Este enlace es válido durante {days} días y las respuestas solo se pueden enviar una vez.\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "Este correo se envía automáticamente a quienes aceptaron, al recoger su medicamento, que les contactáramos para saber cómo se encuentran.\n" +
    "Cuando termine el seguimiento, esta dirección de correo se borrará.",
  followUpLine:
    "[{pharmacy}] Queremos hacerle unas preguntas sobre cómo se ha encontrado desde que empezó a usar el medicamento. Solo le llevará 1 minuto aprox.\n" +
    "\n" +
    "{link}",
  refillTitle: "Aviso para su próximo medicamento",
  refillBody:
    "Le escribimos de {pharmacy}. Ya puede enviar el turno de su próximo medicamento ({window}). Envíe la foto de su receta desde el enlace de abajo.",
  refillWindowDay: "{from, date, ::dMMMM}",
  refillWindowRange: "del {from, date, ::dMMMM} al {to, date, ::dMMMM}",
  refillMailText:
    "{body}\n" +
    "\n" +
    "{link}\n" +
    "\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "Este correo se envía automáticamente a quienes aceptaron recibir avisos sobre su próximo medicamento.",
  refillLine:
    "[{pharmacy}] Se acerca la fecha de recoger su próximo medicamento (a partir del {from, date, ::EEEEdMMMM}). Puede enviar su próximo turno desde aquí.\n" +
    "\n" +
    "{link}",
} satisfies Catalog;
