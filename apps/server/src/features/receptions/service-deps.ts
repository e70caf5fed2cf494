import type { Db } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import type { UnitOfWork } from "../../live/unit-of-work.js";
import type { AuditService } from "../audit/index.js";
import type { SecretBox } from "../auth/index.js";
import type { PharmacyService } from "../pharmacy/index.js";
import type { ReceptionListCache } from "./list-cache.js";
import type { PrescriptionService } from "./prescription-service.js";
import type { WaitService } from "./wait-service.js";

/**
 * What the reception service is built with; its parts (day-lists.ts, reception-edit.ts,
 * abandoned-receptions.ts) each take the few of these they use, so none of them imports the service.
 */
export interface ReceptionServiceDeps {
  db: Db;
  clock: Clock;
  unitOfWork: UnitOfWork;
  listCache: ReceptionListCache;
  pharmacies: PharmacyService;
  audit: AuditService;
  prescriptions: PrescriptionService;
  wait: WaitService;
  /** Seals a web reception's status token (status-tokens.ts). */
  secretBox: SecretBox;
}
