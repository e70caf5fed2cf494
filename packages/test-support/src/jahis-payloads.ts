/** A JAHIS 院外処方箋 payload as JAHIS.md lays it out, for tests and the decode benchmark. */
export interface SamplePrescription {
  /** YYYYMMDD of 交付年月日. */
  issuedOn: string;
  /** YYYYMMDD of record 52, when the doctor set a last day. */
  lastDay?: string;
  /** How many RPs: more make a longer payload (split over several symbols). */
  rpCount?: number;
  patientName?: string;
  /** リフィル (record 64): uses in all. */
  refillUses?: number;
  /** 分割調剤 (record 63): this part of how many. */
  splitPart?: { current: number; total: number };
  /** 分割 (record 102) on every RP: this time's days of the RP's total. */
  splitDays?: { days: number; totalDays: number };
  /** A 頓服 RP (剤形コード 3, 調剤数量 10 times) after the others. */
  asNeeded?: boolean;
}

const DRUGS = [
  ["2171022F1020", "ノルバスク錠２．５ｍｇ", "1", "錠"],
  ["2149039F1020", "ブロプレス錠８　８ｍｇ", "1", "錠"],
  ["3969007F1024", "メトグルコ錠２５０ｍｇ", "4", "錠"],
  ["2189015F1020", "リピトール錠１０ｍｇ", "1", "錠"],
  ["2325003F1030", "タケプロンＯＤ錠１５　１５ｍｇ", "1", "錠"],
  ["1149019C1020", "ロキソニン錠６０ｍｇ", "3", "錠"],
] as const;

export function samplePrescriptionPayload({
  issuedOn,
  lastDay,
  rpCount = 2,
  patientName = "日薬 太郎",
  refillUses,
  splitPart,
  splitDays,
  asNeeded,
}: SamplePrescription): string {
  const records = [
    "JAHIS10",
    "1,1,1234567,13,日薬クリニック",
    "2,1130001,東京都文京区本駒込１－２－３",
    "3,03-1234-5678,,",
    "4,1,01,内科",
    "5,,ﾆﾁﾔｸ ｲﾁﾛｳ,日薬 一郎",
    `11,,${patientName},ﾆﾁﾔｸ ﾀﾛｳ`,
    "12,1",
    "13,3350606",
    "21,1",
    "22,06139998",
    "23,１２３,４５６７,1,",
    "24,30,70",
    `51,${issuedOn}`,
    ...(lastDay ? [`52,${lastDay}`] : []),
    ...(splitPart ? [`63,${splitPart.total},${splitPart.current}`] : []),
    ...(refillUses ? [`64,${refillUses}`] : []),
  ];
  for (let rp = 1; rp <= rpCount; rp++) {
    const [code, name, amount, unit] = DRUGS[(rp - 1) % DRUGS.length]!;
    records.push(
      `101,${rp},1,内服,${7 * rp}`,
      ...(splitDays ? [`102,${rp},${splitDays.days},${splitDays.totalDays}`] : []),
      `111,${rp},1,1013044400000000,１日１回朝食後,1`,
      `201,${rp},1,1,2,${code},${name},${amount},1,${unit}`,
    );
  }
  if (asNeeded) {
    const rp = rpCount + 1;
    records.push(
      `101,${rp},3,頓服,10`,
      `111,${rp},1,1050110020000000,頭痛時,1`,
      `201,${rp},1,1,2,1149019C1020,ロキソニン錠６０ｍｇ,1,1,錠`,
    );
  }
  return records.join("\r\n") + "\r\n";
}

/**
 * The sample prescription as some real printers lay it out (JAHIS-LAYOUTS.md): record 1 without its
 * 点数表 column, record 201 without 情報区分, the drugs before their RP, a 9-digit レセ電 code, era dates,
 * and record 102 (分割: 7 of 28 days) for the first RP.
 */
export function variantPrescriptionPayload(): string {
  return (
    [
      "JAHIS7",
      "1,1234567,13,みなみ内科クリニック",
      "2,113-0001,東京都文京区本駒込１－２－３",
      "5,ﾐﾅﾐ ｼﾞﾛｳ,南 次郎",
      "11,P0001,日薬 太郎,ﾆﾁﾔｸ ﾀﾛｳ",
      "12,1",
      "13,S350606",
      "51,5081120",
      "201,1,1,2,2171022F1020,ノルバスク錠２．５ｍｇ,1,1,錠",
      "201,1,2,2,620004992,コリオパンカプセル５ｍｇ,2,1,カプセル",
      "101,1,1,内服,28",
      "102,1,7,28",
      "111,1,1,1013044400000000,１日１回朝食後,1",
      "201,2,1,2,1149019C1020,ロキソニン錠６０ｍｇ,3,1,錠",
      "101,2,1,内服,5",
      "111,2,1,1013000000000000,１日３回毎食後,3",
      "63,3,1",
      "64,3",
    ].join("\r\n") + "\r\n"
  );
}

/** A dispensing on an お薬手帳 sticker. */
export interface SampleDispensing {
  /** YYYYMMDD. */
  date: string;
  pharmacy: string;
  rps: { drugs: [name: string, amount: string, unit: string][]; usage: string; days: number }[];
}

const SAMPLE_DISPENSINGS: SampleDispensing[] = [
  {
    date: "20261105",
    pharmacy: "さくら薬局 駅前店",
    rps: [
      { drugs: [["アムロジピン錠５ｍｇ「サワイ」", "1", "錠"]], usage: "１日１回朝食後", days: 28 },
      {
        drugs: [
          ["マグミット錠３３０ｍｇ", "3", "錠"],
          ["ビオフェルミン錠剤", "3", "錠"],
        ],
        usage: "１日３回毎食後",
        days: 14,
      },
    ],
  },
  {
    date: "20261112",
    pharmacy: "ひまわり調剤薬局",
    rps: [{ drugs: [["カロナール錠２００", "2", "錠"]], usage: "疼痛時", days: 5 }],
  },
];

/**
 * An お薬手帳 QR payload (JAHIS 電子版お薬手帳データフォーマット, `JAHISTC08`) with several dispensings;
 * `padding` repeats a note record so the payload needs more than one symbol.
 */
export function medicationRecordPayload(dispensings: SampleDispensing[] = SAMPLE_DISPENSINGS, padding = 0): string {
  const records = ["JAHISTC08,1", "1,日薬 太郎,1,19600606,,,,,,,"];
  for (const dispensing of dispensings) {
    records.push(`5,${dispensing.date},1`, `11,${dispensing.pharmacy},13,4,1234567,,,,1`, "15,薬剤師 花子,,1");
    dispensing.rps.forEach((rp, index) => {
      for (const [name, amount, unit] of rp.drugs)
        records.push(`201,${index + 1},${name},${amount},${unit},2,620004992,1,,,`);
      records.push(`301,${index + 1},${rp.usage},${rp.days},日分,1,1,,1`);
    });
  }
  for (let index = 0; index < padding; index++)
    records.push(`501,${index + 1},飲み忘れた時は気づいた時にすぐ１回分を飲んでください。,1`);
  return records.join("\r\n") + "\r\n";
}

/** The QR of an e-prescription's 控え: one UTF-8 line (JAHIS-LAYOUTS.md). */
export function prescriptionCopyPayload(exchangeNumber = "1234567890123456"): string {
  return `06139998,１２３,４５６７,01,19600606,${exchangeNumber}`;
}
