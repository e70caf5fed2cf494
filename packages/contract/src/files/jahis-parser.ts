import { safeCodeText } from "./code-text.js";
import {
  codeOrEmpty,
  firstDate,
  integer,
  isDrugCode,
  isInstitutionCode,
  isNameText,
  isPostalCode,
  isSmallCode,
  jahisDate,
  recordFields,
} from "./jahis-fields.js";
import { usableUntilOf, type Rx, type RxDrug, type RxGroup } from "./prescription-data.js";

/**
 * Reads a JAHIS 院外処方箋2次元シンボル payload (JAHIS.md) into `Rx`. Tolerant by design: printers'
 * variants of the layout are recognised by the content of their fields (JAHIS-LAYOUTS.md), a record it
 * cannot place is kept in `unknownRecords`, a missing field is "", a bad date is null, control
 * characters are dropped, and a payload that is not JAHIS at all gives null. It never throws.
 */
export function parseJahis(payload: string): Rx | null {
  try {
    return parse(safeCodeText(payload));
  } catch {
    return null;
  }
}

/** At most this many lines are kept as unknown: a code of garbage must not fill the column. */
const MAX_UNKNOWN_RECORDS = 100;

function emptyRx(version: string, raw: string): Rx {
  return {
    version,
    issuedOn: null,
    usableUntil: null,
    institution: { code: "", prefecture: "", name: "", postalCode: "", address: "", phone: "", department: "" },
    doctor: { name: "", kana: "" },
    patient: { name: "", kana: "", sex: null, birthDate: null },
    insurance: {
      kind: "",
      insurerNumber: "",
      symbol: "",
      number: "",
      relation: "",
      branch: "",
      patientRate: "",
      publicExpenses: [],
    },
    rps: [],
    remarks: [],
    unknownRecords: [],
    raw,
  };
}

const isHalfWidthKana = (value: string) => /^[\uFF61-\uFF9F\s]+$/.test(value);

/** A person's 漢字 name and half-width カナ, wherever the record put them (records 5 and 11). */
function personName(fields: readonly string[]): { name: string; kana: string } {
  return {
    kana: fields.find((value) => value !== "" && isHalfWidthKana(value)) ?? "",
    // a person's name is written in kanji or kana: an ASCII field is the record's code
    name: fields.find((value) => /[^ -~]/.test(value) && !isHalfWidthKana(value)) ?? "",
  };
}

/** The last field that is a name (records 1 and 4 end with their 名称). */
const lastName = (fields: readonly string[]) => fields.filter(isNameText).at(-1) ?? "";

/** How many of the first two fields are kind columns (a small number). */
function leadingKinds(rest: readonly string[]): number {
  let at = 0;
  while (at < 2 && isSmallCode(rest[at] ?? "")) at++;
  return at;
}

/**
 * Record 201 as JAHIS.md lays it out (RP, seq, 情報区分, コード種別, 薬品コード, 名称, 分量, 力価フラグ, 単位)
 * or without 情報区分, or without any code column: up to two kind columns, each a small number or
 * empty, then the code slot, read as a code only when it looks like one. The documented layout (two
 * kind columns) is tried first so an empty 情報区分 or コード種別 does not shift the columns. Null when
 * neither a code nor a name can be placed.
 */
function drugOf(fields: readonly string[]): RxDrug | null {
  const rest = fields.slice(2);
  const kindOrEmpty = (value: string) => value === "" || isSmallCode(value);
  const slotFits = (at: number) => {
    const slot = rest[at] ?? "";
    if (slot === "") return isNameText(rest[at + 1] ?? "");
    return isNameText(slot) || isDrugCode(slot) || (codeOrEmpty(slot) !== "" && isNameText(rest[at + 1] ?? ""));
  };
  const at =
    [2, 1, 0].find((kinds) => rest.slice(0, kinds).every(kindOrEmpty) && slotFits(kinds)) ?? leadingKinds(rest);
  const codeType = at > 0 ? rest[at - 1]! : "";
  let code = rest[at] ?? "";
  let nameAt = at + 1;
  if (isNameText(code)) {
    // no code column: the slot holds the name
    nameAt = at;
    code = "";
  }
  const name = isNameText(rest[nameAt] ?? "") ? rest[nameAt]! : "";
  code = isDrugCode(code) ? code : codeOrEmpty(code);
  if (!code && !name) return null;
  const amount = rest[nameAt + 1] ?? "";
  const afterAmount = rest[nameAt + 2] ?? "";
  const unit = isNameText(afterAmount) ? afterAmount : (rest[nameAt + 3] ?? "");
  return {
    codeType,
    code,
    name,
    amount: isNameText(amount) ? "" : amount,
    unit: isNameText(unit) ? unit : "",
    notes: [],
  };
}

function parse(payload: string): Rx | null {
  const lines = payload.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const version = (lines[0] ?? "").split(",")[0]!.trim();
  if (!/^JAHIS\d*$/i.test(version)) return null;
  const rx = emptyRx(version, payload);
  const unknown = (line: string) => {
    if (rx.unknownRecords.length < MAX_UNKNOWN_RECORDS) rx.unknownRecords.push(line);
  };
  let lastDay: string | null = null;
  const groups = new Map<number, RxGroup>();
  const group = (value: string | undefined): RxGroup => {
    const rpNumber = integer(value) ?? 0;
    let found = groups.get(rpNumber);
    if (!found) {
      found = {
        rpNumber,
        dosageForm: "",
        dosageFormCode: "",
        days: null,
        usage: "",
        usageCode: "",
        timesPerDay: null,
        usageNotes: [],
        drugs: [],
      };
      groups.set(rpNumber, found);
    }
    return found;
  };
  const drugs = new Map<string, RxDrug>();
  const drugKey = (rp: string | undefined, seq: string | undefined) => `${integer(rp) ?? 0}:${integer(seq) ?? 0}`;
  // Supplements (281) may come before their drug when a printer orders records its own way.
  const supplements: { line: string; f: string[] }[] = [];

  for (const line of lines.slice(1)) {
    if (line.trim() === "") continue;
    const { record, fields: f } = recordFields(line);
    const field = (index: number) => f[index] ?? "";
    switch (record) {
      case "1": {
        // JAHIS.md: 点数表, 医療機関コード, 都道府県, 名称; some printers leave out the first column.
        const at = isInstitutionCode(field(1)) ? 1 : isInstitutionCode(field(0)) ? 0 : -1;
        const prefecture = at >= 0 ? field(at + 1) : field(2);
        Object.assign(rx.institution, {
          code: at >= 0 ? field(at) : "",
          prefecture: isSmallCode(prefecture) ? prefecture : "",
          name: lastName(f),
        });
        break;
      }
      case "2":
        Object.assign(rx.institution, { postalCode: f.find(isPostalCode) ?? "", address: f.find(isNameText) ?? "" });
        break;
      case "3":
        rx.institution.phone = isNameText(field(0)) ? "" : field(0);
        break;
      case "4":
        rx.institution.department = lastName(f);
        break;
      case "5":
        rx.doctor = personName(f);
        break;
      case "11":
        Object.assign(rx.patient, personName(f));
        break;
      case "12": {
        const sex = f.find((value) => value === "1" || value === "2");
        rx.patient.sex = sex === "1" ? "male" : sex === "2" ? "female" : null;
        break;
      }
      case "13":
        rx.patient.birthDate = f.map(jahisDate).find((date) => date !== null) ?? null;
        break;
      case "14":
        if (isSmallCode(field(0))) rx.burdenCategory = field(0);
        break;
      case "21":
        rx.insurance.kind = f.find(isSmallCode) ?? "";
        break;
      case "22":
        rx.insurance.insurerNumber = f.find((value) => /^\d{6,8}$/.test(value)) ?? "";
        break;
      case "23":
        Object.assign(rx.insurance, { symbol: field(0), number: field(1), relation: field(2), branch: field(3) });
        break;
      case "24":
        rx.insurance.patientRate = field(0);
        break;
      case "25":
        if (field(0)) rx.occupationalReason = field(0);
        break;
      case "27":
      case "28":
      case "29":
      case "30":
        rx.insurance.publicExpenses.push({ payerNumber: field(0), recipientNumber: field(1) });
        break;
      case "31":
        if (field(0)) rx.receiptType = field(0);
        break;
      case "51":
        rx.issuedOn = firstDate(f);
        break;
      case "52":
        lastDay = firstDate(f);
        break;
      case "61":
        if (field(0)) rx.narcoticLicenseNumber = field(0);
        break;
      case "62":
        rx.leftoverCheck = field(0);
        break;
      case "63": {
        const total = integer(f[0]);
        const current = integer(f[1]);
        if (total !== null && current !== null) rx.splitDispensing = { total, current };
        break;
      }
      case "64": {
        const totalUses = integer(f[0]);
        if (totalUses !== null) rx.refill = { totalUses };
        break;
      }
      case "81":
        if (field(2) || field(1)) rx.remarks.push(field(2) || field(1));
        break;
      case "82":
        rx.prescriptionNumber = field(1);
        break;
      case "101":
        Object.assign(group(f[0]), {
          dosageFormCode: field(1),
          dosageForm: isNameText(field(2)) ? field(2) : "",
          days: integer(f[3]),
        });
        break;
      case "102": {
        // 分割: this time's days of the RP's total.
        const days = integer(f[1]);
        const totalDays = integer(f[2]);
        if (days !== null && totalDays !== null) group(f[0]).split = { days, totalDays };
        else unknown(line);
        break;
      }
      case "111": {
        // JAHIS.md: RP, コード種別, 用法コード, 用法名称, 1日回数; some printers leave out the code, the name in its place.
        const nameAt = [3, 2, 1].find((index) => isNameText(field(index)));
        Object.assign(group(f[0]), {
          usageCode: nameAt === undefined || nameAt === 3 ? codeOrEmpty(field(2)) : "",
          usage: nameAt === undefined ? "" : field(nameAt),
          timesPerDay: integer(f[(nameAt ?? 3) + 1]),
        });
        break;
      }
      case "181":
        if (field(3)) group(f[0]).usageNotes.push(field(3));
        break;
      case "201": {
        const added = drugOf(f);
        if (!added) {
          unknown(line);
          break;
        }
        group(f[0]).drugs.push(added);
        drugs.set(drugKey(f[0], f[1]), added);
        break;
      }
      case "281":
        supplements.push({ line, f });
        break;
      default:
        // 211–241 (unit conversion, uneven doses, burden, 1回服用量) and anything newer: kept as they came.
        unknown(line);
    }
  }
  for (const { line, f } of supplements) {
    const target = drugs.get(drugKey(f[0], f[1]));
    // The supplement's text is the first field after RP and sequence that is not a bare number or code.
    const note = f.slice(2).find((value) => value !== "" && !/^\d+$/.test(value));
    if (target && note) target.notes.push(note);
    else unknown(line);
  }
  rx.rps = [...groups.values()].sort((a, b) => a.rpNumber - b.rpNumber);
  rx.usableUntil = rx.issuedOn ? usableUntilOf(rx.issuedOn, lastDay) : lastDay;
  return rx;
}
