import { usableUntilOf, type Rx, type RxDrug, type RxGroup } from "./prescription-data.js";

/**
 * Reads a JAHIS 院外処方箋2次元シンボル payload (JAHIS.md) into `Rx`. Tolerant by design: a record it
 * does not know is kept in `unknownRecords`, a missing field is "", a bad date is null, and a payload
 * that is not JAHIS at all gives null. It never throws.
 */
export function parseJahis(payload: string): Rx | null {
  try {
    return parse(payload);
  } catch {
    return null;
  }
}

const ERA_START_YEARS: Record<string, number> = { "1": 1868, "2": 1912, "3": 1926, "4": 1989, "5": 2019 };

/**
 * "20260410" → "2026-04-10"; era forms "GYYMMDD" / "GYYMM" / "GYY" (4160119 = 平成16年1月19日) →
 * "2004-01-19" / "2004-01" / "2004". Anything else, or an impossible day, is null.
 */
export function jahisDate(value: string): string | null {
  const digits = value.trim();
  if (/^\d{8}$/.test(digits)) return validDate(digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8));
  const era = /^([1-5])(\d{2})(\d{2})?(\d{2})?$/.exec(digits);
  if (!era) return null;
  const year = String(ERA_START_YEARS[era[1]!]! + Number(era[2]) - 1);
  if (Number(era[2]) === 0) return null;
  if (era[3] === undefined) return year;
  if (era[4] === undefined) return Number(era[3]) >= 1 && Number(era[3]) <= 12 ? `${year}-${era[3]}` : null;
  return validDate(year, era[3], era[4]);
}

function validDate(year: string, month: string, day: string): string | null {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const iso = `${year.padStart(4, "0")}-${month}-${day}`;
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

/** A full YYYY-MM-DD date of a record, or null (a year or month alone is not a day). */
function fullDate(value: string): string | null {
  const date = jahisDate(value);
  return date && date.length === 10 ? date : null;
}

function integer(value: string | undefined): number | null {
  const trimmed = (value ?? "").trim();
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  return Number(trimmed);
}

function emptyRx(version: string, raw: string): Rx {
  return {
    version,
    issuedOn: null,
    usableUntil: null,
    institution: { code: "", prefecture: "", name: "", postalCode: "", address: "", phone: "", department: "" },
    doctor: { name: "", kana: "" },
    patient: { name: "", kana: "", sex: null, birthDate: null },
    insurance: { kind: "", insurerNumber: "", symbol: "", number: "", relation: "", branch: "", patientRate: "", publicExpenses: [] },
    rps: [],
    remarks: [],
    unknownRecords: [],
    raw,
  };
}

function parse(payload: string): Rx | null {
  const lines = payload.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const version = (lines[0] ?? "").split(",")[0]!.trim();
  if (!/^JAHIS\d*$/i.test(version)) return null;
  const rx = emptyRx(version, payload);
  let lastDay: string | null = null;
  const groups = new Map<number, RxGroup>();
  const group = (value: string | undefined): RxGroup => {
    const rpNumber = integer(value) ?? 0;
    let found = groups.get(rpNumber);
    if (!found) {
      found = { rpNumber, dosageForm: "", dosageFormCode: "", days: null, usage: "", usageCode: "", timesPerDay: null, usageNotes: [], drugs: [] };
      groups.set(rpNumber, found);
    }
    return found;
  };
  const drugs = new Map<string, RxDrug>();
  const drug = (rp: string | undefined, seq: string | undefined): RxDrug | undefined => drugs.get(`${integer(rp) ?? 0}:${integer(seq) ?? 0}`);

  for (const line of lines.slice(1)) {
    if (line.trim() === "") continue;
    const [record = "", ...f] = line.split(",");
    const field = (index: number) => (f[index] ?? "").trim();
    switch (record.trim()) {
      case "1":
        Object.assign(rx.institution, { code: field(1), prefecture: field(2), name: field(3) });
        break;
      case "2":
        Object.assign(rx.institution, { postalCode: field(0), address: field(1) });
        break;
      case "3":
        rx.institution.phone = field(0);
        break;
      case "4":
        rx.institution.department = field(2);
        break;
      case "5":
        rx.doctor = { kana: field(1), name: field(2) };
        break;
      case "11":
        Object.assign(rx.patient, { name: field(1), kana: field(2) });
        break;
      case "12":
        rx.patient.sex = field(0) === "1" ? "male" : field(0) === "2" ? "female" : null;
        break;
      case "13":
        rx.patient.birthDate = jahisDate(field(0));
        break;
      case "21":
        rx.insurance.kind = field(0);
        break;
      case "22":
        rx.insurance.insurerNumber = field(0);
        break;
      case "23":
        Object.assign(rx.insurance, { symbol: field(0), number: field(1), relation: field(2), branch: field(3) });
        break;
      case "24":
        rx.insurance.patientRate = field(0);
        break;
      case "27":
      case "28":
      case "29":
      case "30":
        rx.insurance.publicExpenses.push({ payerNumber: field(0), recipientNumber: field(1) });
        break;
      case "51":
        rx.issuedOn = fullDate(field(0));
        break;
      case "52":
        lastDay = fullDate(field(0));
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
        Object.assign(group(f[0]), { dosageFormCode: field(1), dosageForm: field(2), days: integer(f[3]) });
        break;
      case "111":
        Object.assign(group(f[0]), { usageCode: field(2), usage: field(3), timesPerDay: integer(f[4]) });
        break;
      case "181":
        if (field(3)) group(f[0]).usageNotes.push(field(3));
        break;
      case "201": {
        const added: RxDrug = { codeType: field(3), code: field(4), name: field(5), amount: field(6), unit: field(8), notes: [] };
        group(f[0]).drugs.push(added);
        drugs.set(`${integer(f[0]) ?? 0}:${integer(f[1]) ?? 0}`, added);
        break;
      }
      case "281": {
        const target = drug(f[0], f[1]);
        // The supplement's text is the first field after RP and sequence that is not a bare number or code.
        const note = f.slice(2).map((value) => value.trim()).find((value) => value !== "" && !/^\d+$/.test(value));
        if (target && note) target.notes.push(note);
        else rx.unknownRecords.push(line);
        break;
      }
      default:
        // 211–241 (unit conversion, uneven doses, burden, 1回服用量) and anything newer: kept as they came.
        rx.unknownRecords.push(line);
    }
  }
  rx.rps = [...groups.values()].sort((a, b) => a.rpNumber - b.rpNumber);
  rx.usableUntil = rx.issuedOn ? usableUntilOf(rx.issuedOn, lastDay) : lastDay;
  return rx;
}
