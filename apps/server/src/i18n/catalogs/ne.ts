import type { Catalog } from "./ja.js";

export const messages = {
  numberToday: "दर्ता नम्बर {number}",
  numberOtherDay: "{date, date, ::EEEEMMMMd} को दर्ता नम्बर {number}",
  readyTitle: "तपाईंको औषधि लिन सक्नुहुन्छ",
  readyBody: "{label} को औषधि तयार भयो। कृपया फार्मेसीको काउन्टरमा आफ्नो दर्ता नम्बर भन्नुहोस्।",
  readyDeliveredTitle: "तपाईंको औषधि तयार भयो",
  readyDeliveredBody: "{label} को औषधि तयार भयो। डेलिभरीबारे फार्मेसीले तपाईंलाई सम्पर्क गर्नेछ।",
  calledTitle: "तपाईंलाई बोलाइँदैछ",
  calledBody: "{label}: तपाईंको औषधि तयार भयो। कृपया औषधि लिने काउन्टरमा आउनुहोस्।",
  photoTitle: "कृपया प्रिस्क्रिप्सनको फोटो फेरि पठाउनुहोस्",
  photoBody: "{label}: {reason}। कृपया दर्ताको स्थिति पृष्ठबाट नयाँ फोटो पठाउनुहोस्।",
  photoReasonBlurry: "फोटो धमिलो छ",
  photoReasonCutOff: "प्रिस्क्रिप्सनको केही भाग फोटोमा आएको छैन",
  photoReasonGlare: "उज्यालो टल्किएकाले पढ्न सकिँदैन",
  photoReasonWrongDocument: "फोटोमा प्रिस्क्रिप्सन नभएर अर्कै कागज छ",
  photoReasonOther: "अन्य कारण",
  pushTitle: "{title} ({pharmacy})",
  noticeMailSubject: "[{pharmacy}] {title} ({label})",
  noticeMailText:
    "{body}\n" +
    "\n" +
    "दर्ताको स्थिति तलको पृष्ठमा हेर्न सक्नुहुन्छ:\n" +
    "{link}\n" +
    "\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "यो इमेल स्वचालित रूपमा पठाइएको हो, कृपया जवाफ नदिनुहोस्। वेब दर्तामा तपाईंले लेख्नुभएको इमेल ठेगानामा पठाइएको हो।\n" +
    "औषधि बुझाइसकेपछि (बढीमा औषधि लिने तोकिएको दिनको {days} दिनपछि) यो ठेगाना मेटाइनेछ।",
  lineNotice: "[{pharmacy}] {title}\n{body}",
  lineLinked: "{label} का सूचनाहरू LINE मा पठाउनेछौँ।",
  lineCodeRefused:
    "यो कोड प्रयोग गर्न मिल्दैन (म्याद सकिएको वा पहिले नै प्रयोग भइसकेको)। कृपया दर्ताको स्थिति पृष्ठको “LINE मा सूचना पाउनुहोस्” बाट फेरि प्रयास गर्नुहोस्।",
  lineTooManyLinks: "यो दर्तामा अब थप LINE जोड्न मिल्दैन।",
  followUpTitle: "औषधि सेवनपछि तपाईंको स्वास्थ्य कस्तो छ?",
  followUpBody:
    "{pharmacy} बाट सम्पर्क गरिएको हो। औषधि खान सुरु गरेपछि तपाईंको स्वास्थ्य कस्तो छ, केही सजिला प्रश्नको जवाफ दिनुहोस् (करिब १ मिनेट)।",
  mailSubject: "[{pharmacy}] {title}",
  followUpMailText:
    "{body}\n" +
    "\n" +
    "{link}\n" +
    "\n" +
    "यो लिंक {days} दिनसम्म चल्छ, र जवाफ एक पटक मात्र पठाउन सकिन्छ।\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "यो इमेल स्वचालित रूपमा पठाइएको हो। औषधि लिँदा स्वास्थ्यबारे सम्पर्क गर्न सहमति दिनुभएका व्यक्तिलाई पठाइएको हो।\n" +
    "फलो-अप सकिएपछि यो इमेल ठेगाना मेटाइनेछ।",
  followUpLine:
    "[{pharmacy}] औषधि प्रयोग गर्न थालेपछि तपाईंको स्वास्थ्यबारे केही प्रश्न सोध्न चाहन्छौँ। करिब १ मिनेटमा जवाफ दिन सकिन्छ।\n" +
    "\n" +
    "{link}",
  refillTitle: "अर्को औषधिको दर्ताबारे सूचना",
  refillBody:
    "{pharmacy} बाट सम्पर्क गरिएको हो। तपाईंको अर्को औषधि ({window}) को दर्ता अब गर्न सकिन्छ। तलको लिंकबाट प्रिस्क्रिप्सनको फोटो पठाएर दर्ता गर्नुहोस्।",
  refillWindowDay: "{from, date, ::MMMMd}",
  refillWindowRange: "{from, date, ::MMMMd} – {to, date, ::MMMMd}",
  refillMailText:
    "{body}\n" +
    "\n" +
    "{link}\n" +
    "\n" +
    "──────────\n" +
    "{pharmacy}\n" +
    "यो इमेल स्वचालित रूपमा पठाइएको हो। अर्को औषधिको सूचना पाउन सहमति दिनुभएका व्यक्तिलाई पठाइएको हो।",
  refillLine:
    "[{pharmacy}] तपाईंको अर्को औषधि लिने समय नजिकिँदैछ ({from, date, ::EEEEMMMMd} देखि)। अर्को दर्ता यहाँबाट पठाउन सकिन्छ।\n" +
    "\n" +
    "{link}",
} satisfies Catalog;
