import type { Reception } from "@pharmacy/contract/receptions/receptions";

let counter = 0;

/** A valid reception with sensible defaults; ids are unique UUIDs per call. */
export function makeReception(overrides: Partial<Reception> = {}): Reception {
  counter += 1;
  const suffix = counter.toString(16).padStart(12, "0");
  return {
    id: `00000000-0000-4000-8000-${suffix}`,
    receptionNumber: 1,
    partitionNumber: 0,
    receptionDate: "2026-05-01",
    channel: "Paper",
    status: null,
    answers: {},
    prescriptions: [],
    createdAt: "2026-05-01T00:00:00.000Z",
    updatedAt: "2026-05-01T00:00:00.000Z",
    confirmedAt: "2026-05-01T00:00:00.000Z",
    patientLanguage: "ja",
    ...overrides,
  };
}

export function makePrescription(index: number) {
  return {
    prescriptionId: `10000000-0000-4000-8000-${index.toString(16).padStart(12, "0")}`,
    sourceType: "Paper" as const,
    fileId: `20000000-0000-4000-8000-${index.toString(16).padStart(12, "0")}`,
  };
}
