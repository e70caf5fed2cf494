import { randomBytes } from "node:crypto";
import { businessClockOf, isOpenAt, nextOpening, periodsOn } from "@pharmacy/contract/business-calendar";
import { BRANCH_NOT_READY_MESSAGE, isBranchReady } from "@pharmacy/contract/pharmacy";
import { reservedAnswerIssues } from "@pharmacy/contract/question-rules";
import { enabledQuestions } from "@pharmacy/contract/settings";
import type { PublicPharmacy, PublicReceptionStatus, WebReceptionCreated, WebReceptionFieldsSchema } from "@pharmacy/contract/public";
import type { z } from "zod";
import type { Clock } from "../../lib/clock.js";
import { AppError, InvalidInputError, NotFoundError } from "../../lib/errors.js";
import type { UnitOfWork } from "../../live/unit-of-work.js";
import { checkedContentType, type FileService } from "../files/service.js";
import type { PharmacyDetails, PharmacyService } from "../pharmacy/service.js";
import type { ReceptionService } from "../receptions/service.js";
import type { SettingsService } from "../settings/service.js";
import type { PublicUploadQuota } from "./upload-quota.js";

const PHARMACY_NOT_FOUND = "この薬局のWeb受付ページが見つかりません。URLをご確認ください。";
export const WEB_ACTOR_NAME = "Web受付";

type WebReceptionFields = z.output<typeof WebReceptionFieldsSchema>;
export interface PublicServiceDeps {
  clock: Clock;
  unitOfWork: UnitOfWork;
  pharmacies: PharmacyService;
  settings: SettingsService;
  receptions: ReceptionService;
  files: FileService;
  uploadQuota: PublicUploadQuota;
}

/** The visitor's side: of its own only the daily photo quota, otherwise what the other features offer. */
export class PublicService {
  constructor(private readonly deps: PublicServiceDeps) {}

  async pharmacy(publicSlug: string): Promise<PublicPharmacy> {
    const pharmacy = await this.findBySlug(publicSlug);
    const [settings, businessHours] = await Promise.all([
      this.deps.settings.appSettings(pharmacy.id),
      this.deps.settings.businessHours(pharmacy.id),
    ]);
    const clock = businessClockOf(this.deps.clock.now());
    const periods = periodsOn(clock.date, businessHours);
    return {
      name: pharmacy.name,
      address: pharmacy.address,
      phone: pharmacy.phone,
      ...(pharmacy.notice && { notice: pharmacy.notice }),
      businessHours,
      today: { date: clock.date, periods, openNow: isOpenAt(clock, businessHours) },
      questions: enabledQuestions(settings.questions.reserved),
      enabledReceiveMethods: settings.enabledReceiveMethods,
      ...(pharmacy.webQuestionnaireUrl && { webQuestionnaireUrl: pharmacy.webQuestionnaireUrl }),
    };
  }

  /** Checks everything first, then stores the reception, its photos and prescriptions in one transaction. */
  async createReception(pharmacy: PharmacyDetails, fields: WebReceptionFields, photos: Uint8Array[]): Promise<WebReceptionCreated> {
    const [settings, hours] = await Promise.all([this.deps.settings.appSettings(pharmacy.id), this.deps.settings.businessHours(pharmacy.id)]);
    const issues = reservedAnswerIssues(fields.answers, settings, hours, businessClockOf(this.deps.clock.now()));
    if (issues.length > 0) throw new InvalidInputError(issues);
    if (fields.answers.prescriptionType === "Paper" && photos.length === 0) {
      throw InvalidInputError.of("処方箋の写真を撮影または選択してください", ["file"]);
    }
    const contentTypes = photos.map(checkedContentType);
    const statusToken = randomBytes(24).toString("base64url");
    const actor = { pharmacyId: pharmacy.id, name: WEB_ACTOR_NAME };
    const receptionNumber = await this.deps.unitOfWork.run(async (work) => {
      const reception = await this.deps.receptions.create(
        actor,
        { channel: "Web", answers: fields.answers, patientName: fields.patientName, phone: fields.phone, statusToken },
        work,
      );
      await this.deps.uploadQuota.take(work.db, pharmacy.id, photos);
      for (const [index, data] of photos.entries()) {
        const fileId = await this.deps.files.store(pharmacy.id, { data, contentType: contentTypes[index]! }, work);
        await this.deps.receptions.attachPrescription(actor, reception.id, { sourceType: "Paper", fileId }, work);
      }
      return reception.receptionNumber;
    });
    return { receptionNumber, statusToken };
  }

  /** The reception's status, and what the patient needs to read it truly: when the pharmacy opens if it is closed. */
  async status(statusToken: string): Promise<PublicReceptionStatus> {
    const reception = await this.deps.receptions.findByStatusToken(statusToken);
    if (!reception) throw new NotFoundError("受付が見つかりません。取り消された可能性があります。");
    const { pharmacyId, ...status } = reception;
    const hours = await this.deps.settings.businessHours(pharmacyId);
    const clock = businessClockOf(this.deps.clock.now());
    return {
      pharmacyName: (await this.deps.pharmacies.get(pharmacyId)).name,
      ...status,
      openNow: isOpenAt(clock, hours),
      nextOpening: nextOpening(hours, clock),
    };
  }

  async findBySlug(publicSlug: string): Promise<PharmacyDetails> {
    const pharmacy = await this.deps.pharmacies.findBySlug(publicSlug);
    if (!pharmacy) throw new NotFoundError(PHARMACY_NOT_FOUND);
    if (!isBranchReady(pharmacy)) throw new AppError(409, BRANCH_NOT_READY_MESSAGE);
    return pharmacy;
  }
}
