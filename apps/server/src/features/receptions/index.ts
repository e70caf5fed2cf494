// The receptions feature as other features see it (apps/server/README.md, "Boundaries").
export type { ReceptionService } from "./service.js";
export type { NewPrescription, PrescriptionService } from "./prescription-service.js";
export type { WaitService } from "./wait-service.js";
