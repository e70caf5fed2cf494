import { randomBytes } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { businessClockOf } from "@pharmacy/contract/formats";
import type { PublicPharmacy, PublicReceptionStatus, WebReceptionCreated, WebReceptionFieldsSchema } from "@pharmacy/contract/public";
import { periodsOn } from "@pharmacy/contract/settings";
import type { z } from "zod";
import type { Database, PharmacyTable } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { InvalidInputError, NotFoundError } from "../../lib/errors.js";
import { checkedContentType } from "../files/service.js";
import { insertFile } from "../files/repository.js";
import { findPharmacyBySlug } from "../pharmacy/repository.js";
import type { ReceptionService } from "../receptions/service.js";
import type { SettingsService } from "../settings/service.js";
import { reservedAnswerIssues } from "./reserved-answers.js";
import { findReceptionByStatusToken } from "./repository.js";

const PHARMACY_NOT_FOUND = "この薬局のWeb受付ページが見つかりません。URLをご確認ください。";
export const WEB_ACTOR_NAME = "Web受付";

type WebReceptionFields = z.output<typeof WebReceptionFieldsSchema>;
type PharmacyRow = Selectable<PharmacyTable>;

export class PublicService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly receptions: ReceptionService,
  ) {}

  async pharmacy(publicSlug: string): Promise<PublicPharmacy> {
    const pharmacy = await this.findBySlug(publicSlug);
    const [settings, businessHours] = await Promise.all([
      this.settings.appSettings(pharmacy.id),
      this.settings.businessHours(pharmacy.id),
    ]);
    const { date: today, time } = businessClockOf(this.clock.now());
    const periods = periodsOn(today, businessHours);
    return {
      name: pharmacy.name,
      address: pharmacy.address,
      phone: pharmacy.phone,
      ...(pharmacy.notice && { notice: pharmacy.notice }),
      businessHours,
      today: { date: today, periods, openNow: periods.some((period) => period.start <= time && time < period.end) },
      questions: settings.questions.reserved.filter((setting) => setting.enabled).sort((a, b) => a.order - b.order),
      enabledReceiveMethods: settings.enabledReceiveMethods,
      ...(pharmacy.web_questionnaire_url && { webQuestionnaireUrl: pharmacy.web_questionnaire_url }),
    };
  }

  /** Checks everything first, then stores the reception, its photos and prescriptions in one transaction. */
  async createReception(pharmacy: PharmacyRow, fields: WebReceptionFields, photos: Uint8Array[]): Promise<WebReceptionCreated> {
    const [settings, hours] = await Promise.all([this.settings.appSettings(pharmacy.id), this.settings.businessHours(pharmacy.id)]);
    const issues = reservedAnswerIssues(fields.answers, settings, hours, businessClockOf(this.clock.now()));
    if (issues.length > 0) throw new InvalidInputError(issues);
    if (fields.answers.prescriptionType === "Paper" && photos.length === 0) {
      throw InvalidInputError.of("処方箋の写真を撮影または選択してください", ["file"]);
    }
    const contentTypes = photos.map(checkedContentType);
    const statusToken = randomBytes(24).toString("base64url");
    const actor = { pharmacyId: pharmacy.id, name: WEB_ACTOR_NAME };
    const reception = await this.receptions.create(
      actor,
      { channel: "Web", answers: fields.answers, patientName: fields.patientName, phone: fields.phone, statusToken },
      async (trx, receptionId) => {
        for (const [index, data] of photos.entries()) {
          const fileId = crypto.randomUUID();
          await insertFile(trx, { id: fileId, pharmacyId: pharmacy.id, contentType: contentTypes[index]!, data, at: this.clock.now() });
          await this.receptions.attachPrescription(actor, receptionId, { sourceType: "Paper", fileId }, trx);
        }
      },
    );
    return { receptionNumber: reception.receptionNumber, statusToken };
  }

  async status(statusToken: string): Promise<PublicReceptionStatus> {
    const row = await findReceptionByStatusToken(this.db, statusToken);
    if (!row) throw new NotFoundError("受付が見つかりません。取り消された可能性があります。");
    return {
      pharmacyName: row.pharmacy_name,
      receptionNumber: row.reception_number,
      partitionNumber: row.partition_number,
      receptionDate: row.business_date,
      status: row.status as PublicReceptionStatus["status"],
      createdAt: row.created_at.toISOString(),
    };
  }

  async findBySlug(publicSlug: string): Promise<PharmacyRow> {
    const pharmacy = await findPharmacyBySlug(this.db, publicSlug);
    if (!pharmacy) throw new NotFoundError(PHARMACY_NOT_FOUND);
    return pharmacy;
  }
}
