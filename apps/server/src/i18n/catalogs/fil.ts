import type { Catalog } from "./ja.js";

export const messages = {
  numberToday: "numero {number}",
  numberOtherDay: "numero {number} ng {date, date, ::EEEEMMMMd}",
  readyTitle: "Puwede na pong kunin ang inyong gamot",
  readyBody: "Handa na po ang gamot ng {label}. Pakisabi po ang inyong numero sa counter ng botika.",
  readyDeliveredTitle: "Handa na po ang inyong gamot",
  readyDeliveredBody:
    "Handa na po ang gamot ng {label}. Tatawagan o kokontakin po kayo ng botika tungkol sa pagpapadala.",
  calledTitle: "Tinatawag na po kayo",
  calledBody: "Handa na po ang gamot ng {label}. Pumunta po kayo sa counter ng kuhanan ng gamot.",
  photoTitle: "Pakipadala po ulit ang litrato ng inyong reseta",
  photoBody:
    "Para sa {label}: {reason}. Pakipadala po ang bagong litrato mula sa pahina ng status ng inyong reception.",
  photoReasonBlurry: "Malabo ang litrato",
  photoReasonCutOff: "Hindi kita ang buong reseta sa litrato",
  photoReasonGlare: "Hindi mabasa dahil sa silaw ng ilaw",
  photoReasonWrongDocument: "Hindi reseta ang dokumentong nasa litrato",
  photoReasonOther: "Ibang dahilan",
  pushTitle: "{title} ({pharmacy})",
  noticeMailSubject: "[{pharmacy}] {title} ({label})",
  noticeMailText:
    "{body}\n" +
    "\n" +
    "Makikita ninyo ang status ng inyong reception sa pahinang ito:\n" +
    "{link}\n" +
    "\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "Awtomatikong ipinadala ang email na ito; huwag po itong sagutin. Ipinadala ito sa email address na inilagay ninyo sa web reception.\n" +
    "Buburahin ang address na ito kapag naibigay na ang inyong gamot (hindi lalampas sa {days} araw pagkatapos ng nakatakdang araw ng pagkuha).",
  lineNotice: "[{pharmacy}] {title}\n{body}",
  lineLinked: "Ipapadala namin sa LINE ang mga abiso para sa {label}.",
  lineCodeRefused:
    "Hindi na po magagamit ang code na ito (nag-expire na o nagamit na). Pakisubukan po ulit mula sa “Tumanggap ng abiso sa LINE” sa pahina ng status ng inyong reception.",
  lineTooManyLinks: "Hindi na po puwedeng mag-link ng iba pang LINE account sa reception na ito.",
  followUpTitle: "Kumusta po ang pakiramdam ninyo sa gamot?",
  followUpBody:
    "Ito po ang {pharmacy}. Pakisagot po ang ilang maikling tanong tungkol sa pakiramdam ninyo mula nang simulan ninyo ang gamot (mga 1 minuto lang).",
  mailSubject: "[{pharmacy}] {title}",
  followUpMailText:
    "{body}\n" +
    "\n" +
    "{link}\n" +
    "\n" +
    "Magagamit ang link na ito sa loob ng {days} araw, at isang beses lang maipapadala ang inyong mga sagot.\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "Awtomatikong ipinadala ang email na ito. Ipinapadala ito sa mga pumayag, noong kinuha nila ang gamot, na kumustahin sila tungkol sa kanilang pakiramdam.\n" +
    "Kapag tapos na ang follow-up, buburahin ang email address na ito.",
  followUpLine:
    "[{pharmacy}] Gusto po naming magtanong nang kaunti tungkol sa pakiramdam ninyo mula nang gamitin ninyo ang gamot. Mga 1 minuto lang po ito.\n" +
    "\n" +
    "{link}",
  refillTitle: "Paalala para sa susunod ninyong gamot",
  refillBody:
    "Ito po ang {pharmacy}. Puwede na po kayong magpadala ng reception para sa susunod ninyong gamot ({window}). Ipadala po ang litrato ng inyong reseta mula sa link sa ibaba.",
  refillWindowDay: "{from, date, ::MMMMd}",
  refillWindowRange: "{from, date, ::MMMMd} – {to, date, ::MMMMd}",
  refillMailText:
    "{body}\n" +
    "\n" +
    "{link}\n" +
    "\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "Awtomatikong ipinadala ang email na ito. Ipinapadala ito sa mga pumayag na paalalahanan tungkol sa susunod nilang gamot.",
  refillLine:
    "[{pharmacy}] Malapit na po ang pagkuha ng susunod ninyong gamot (simula {from, date, ::EEEEMMMMd}). Dito po ninyo maipapadala ang susunod ninyong reception.\n" +
    "\n" +
    "{link}",
} satisfies Catalog;
