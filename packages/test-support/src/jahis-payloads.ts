/** A JAHIS 院外処方箋 payload as JAHIS.md lays it out, for tests and the decode benchmark. */
export interface SamplePrescription {
  /** YYYYMMDD of 交付年月日. */
  issuedOn: string;
  /** YYYYMMDD of record 52, when the doctor set a last day. */
  lastDay?: string;
  /** How many RPs: more make a longer payload (split over several symbols). */
  rpCount?: number;
  patientName?: string;
}

const DRUGS = [
  ["2171022F1020", "ノルバスク錠２．５ｍｇ", "1", "錠"],
  ["2149039F1020", "ブロプレス錠８　８ｍｇ", "1", "錠"],
  ["3969007F1024", "メトグルコ錠２５０ｍｇ", "4", "錠"],
  ["2189015F1020", "リピトール錠１０ｍｇ", "1", "錠"],
  ["2325003F1030", "タケプロンＯＤ錠１５　１５ｍｇ", "1", "錠"],
  ["1149019C1020", "ロキソニン錠６０ｍｇ", "3", "錠"],
] as const;

export function samplePrescriptionPayload({ issuedOn, lastDay, rpCount = 2, patientName = "日薬 太郎" }: SamplePrescription): string {
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
  ];
  for (let rp = 1; rp <= rpCount; rp++) {
    const [code, name, amount, unit] = DRUGS[(rp - 1) % DRUGS.length]!;
    records.push(`101,${rp},1,内服,${7 * rp}`, `111,${rp},1,1013044400000000,１日１回朝食後,1`, `201,${rp},1,1,2,${code},${name},${amount},1,${unit}`);
  }
  return records.join("\r\n") + "\r\n";
}
