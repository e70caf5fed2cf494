import { randomBytes, randomUUID } from "node:crypto";
import {
  addDays,
  businessClockOf,
  isOpenAt,
  nextOpening,
  periodsOn,
} from "@pharmacy/contract/calendar/business-calendar";
import { webReceptionDay } from "@pharmacy/contract/receptions/across-days";
import { holidaysBetween } from "@pharmacy/contract/calendar/holidays";
import { BRANCH_NOT_READY_MESSAGE, isBranchReady } from "@pharmacy/contract/pharmacy/pharmacy";
import { PUBLIC_RETURN_DAYS, reservedAnswerIssues } from "@pharmacy/contract/receptions/question-rules";
import { enabledQuestions } from "@pharmacy/contract/settings/settings";
import {
  NO_PHOTOS_MESSAGE,
  lacksPhotoConsent,
  type PublicPharmacy,
  type PublicReceptionStatus,
  type WebReceptionCreated,
  type WebReceptionFieldsSchema,
} from "@pharmacy/contract/public/public";
import { NO_PHOTO_REQUEST_MESSAGE } from "@pharmacy/contract/receptions/photo-requests";
import { RECEPTION_NOT_FOUND_MESSAGE, type Reception } from "@pharmacy/contract/receptions/receptions";
import type { PatientLanguage } from "@pharmacy/contract/shared/languages";
import { ERROR_CODE_MESSAGES, ErrorCode } from "@pharmacy/contract/shared/errors";
import type { z } from "zod";
import type { Clock } from "../../lib/clock.js";
import type { Db } from "../../db/schema.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, ConflictError, InvalidInputError, NotFoundError } from "../../lib/errors.js";
import type { UnitOfWork } from "../../live/unit-of-work.js";
import type { CodeSymbol } from "@pharmacy/contract/files/code-symbols";
import type { FileService, StagedFile } from "../files/index.js";
import type { PharmacyDetails, PharmacyService } from "../pharmacy/index.js";
import type { NewPrescription, PrescriptionService, ReceptionService, WaitService } from "../receptions/index.js";
import type { SettingsService } from "../settings/index.js";
import type { FollowUpService } from "../follow-ups/index.js";
import type { PublicUploadQuota } from "./upload-quota.js";
import { claimSendKey, findSentWithKey } from "./send-keys.js";
import { allPhotoCodes, issuesOfPerson, peopleOfSend } from "./household.js";

const PHARMACY_NOT_FOUND = "この薬局のWeb受付ページが見つかりません。URLをご確認ください。";
export const WEB_ACTOR_NAME = "Web受付";
/** Who asks again for photos the bucket did not take, in the reception's history. */
const SYSTEM_ACTOR_NAME = "システム";
/** The request the visitor reads on the status page when their photos could not be stored. */
const PHOTOS_NOT_STORED_MESSAGE =
  "通信の問題でお送りいただいた写真を保存できませんでした。受付は完了しています。お手数ですが、この画面から写真をもう一度送ってください。";

type WebReceptionFields = z.output<typeof WebReceptionFieldsSchema> & { patientLanguage: PatientLanguage };
export interface PublicServiceDeps {
  db: Db;
  clock: Clock;
  unitOfWork: UnitOfWork;
  pharmacies: PharmacyService;
  settings: SettingsService;
  receptions: ReceptionService;
  prescriptions: PrescriptionService;
  wait: WaitService;
  files: FileService;
  uploadQuota: PublicUploadQuota;
  followUps: FollowUpService;
}

/** The visitor's side: of its own only the daily photo quota, otherwise what the other features offer. */
export class PublicService {
  constructor(private readonly deps: PublicServiceDeps) {}

  async pharmacy(publicSlug: string): Promise<PublicPharmacy> {
    const pharmacy = await this.findBySlug(publicSlug);
    const [settings, businessHours, { waitMinutes }] = await Promise.all([
      this.deps.settings.appSettings(pharmacy.id),
      this.deps.settings.businessHours(pharmacy.id),
      this.deps.wait.board(pharmacy.id),
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
      holidays: holidaysBetween(clock.date, addDays(clock.date, PUBLIC_RETURN_DAYS.horizonDays)),
      ...(waitMinutes !== undefined && { waitMinutes }),
      privacyNotice: settings.privacyNotice,
    };
  }

  /** The reception this branch made with the send's Idempotency-Key in the last 24 hours, if any. */
  async sentWith(pharmacyId: string, sendKey: string): Promise<WebReceptionCreated | undefined> {
    return findSentWithKey(this.deps.db, pharmacyId, sendKey, this.deps.clock.now(), (row) =>
      this.deps.wait.statusTokenOf(row),
    );
  }

  /**
   * Makes the reception, or answers the one its `sendKey` already made (`replayed`): a send with that
   * key that commits first wins, and this one's reception, photos and quota are rolled back.
   */
  async createReception(
    pharmacy: PharmacyDetails,
    fields: WebReceptionFields,
    photos: Uint8Array[],
    linkBase: string | undefined,
    sendKey?: string,
  ): Promise<WebReceptionCreated & { replayed?: true }> {
    try {
      return await this.makeReception(pharmacy, fields, photos, linkBase, sendKey);
    } catch (error) {
      const earlier = error instanceof SendKeyTaken && sendKey ? await this.sentWith(pharmacy.id, sendKey) : undefined;
      if (earlier) return { ...earlier, replayed: true };
      throw error;
    }
  }

  /**
   * Checks everything first, then stores the receptions (one per person: the sender and the household,
   * docs/rules.md#family), their photos and prescriptions in one transaction: all of them or none.
   * `linkBase` is where mailed links point; without one (no address known for the branch yet) no e-mail is kept.
   */
  private async makeReception(
    pharmacy: PharmacyDetails,
    fields: WebReceptionFields,
    photos: Uint8Array[],
    linkBase: string | undefined,
    sendKey: string | undefined,
  ): Promise<WebReceptionCreated> {
    const [settings, hours] = await Promise.all([
      this.deps.settings.appSettings(pharmacy.id),
      this.deps.settings.businessHours(pharmacy.id),
    ]);
    const clock = businessClockOf(this.deps.clock.now());
    const { people, issues } = peopleOfSend(fields, photos);
    for (const person of people)
      issues.push(...issuesOfPerson(person, reservedAnswerIssues(person.answers, settings, hours, clock)));
    if (issues.length > 0) throw new InvalidInputError(issues);
    assertPhotoConsent(photos.length, fields.photoConsent);
    const actor: Actor = { pharmacyId: pharmacy.id, name: WEB_ACTOR_NAME, type: "patient" };
    // the photo bucket down: the receptions are kept, without their photos, and ask for them again (files/README.md)
    const stored = await this.deps.files.stageIfStoreAnswers(pharmacy.id, photos, allPhotoCodes(people));
    const staged = stored ?? [];
    // sent while closed, it is the next opening's day's reception, numbered from that day's counter (docs/rules.md#across-days)
    const businessDate = webReceptionDay(hours, clock);
    const householdId = people.length > 1 ? randomUUID() : undefined;
    const sent = people.map((person) => ({ person, statusToken: randomBytes(24).toString("base64url") }));
    const created = await this.deps.files.keepIfCommitted(staged, () =>
      this.deps.unitOfWork.run(async (work) => {
        // every person's photos count in the branch's daily quota, taken in one statement for the whole send
        await this.deps.uploadQuota.take(work.db, pharmacy.id, stored ? photos : []);
        await this.deps.files.storeAll(actor, staged, work);
        const receptions: Reception[] = [];
        let photosBefore = 0;
        for (const { person, statusToken } of sent) {
          const reception = await this.deps.receptions.create(
            actor,
            {
              channel: "Web",
              answers: person.answers,
              patientName: person.patientName,
              phone: person.phone,
              statusToken,
              businessDate,
              patientLanguage: fields.patientLanguage,
              ...(person.photos.length > 0 && { photoConsentAt: this.deps.clock.now() }),
              ...(householdId && { householdId }),
            },
            work,
          );
          const theirs = staged.slice(photosBefore, photosBefore + (stored ? person.photos.length : 0));
          photosBefore += theirs.length;
          if (!stored && person.photos.length > 0)
            await this.deps.wait.requestPhotos(
              { pharmacyId: pharmacy.id, name: SYSTEM_ACTOR_NAME, type: "system" },
              reception.id,
              { reason: "Other", message: PHOTOS_NOT_STORED_MESSAGE },
              work,
            );
          await this.deps.prescriptions.attachPrescriptions(
            actor,
            reception.id,
            [
              ...theirs.map(paperPrescriptionOf),
              ...(person.exchangeNumber
                ? [{ sourceType: "Electronic" as const, fileId: null, exchangeNumber: person.exchangeNumber }]
                : []),
            ],
            work,
          );
          receptions.push(reception);
        }
        const [first] = receptions as [Reception, ...Reception[]];
        if (sendKey) {
          const key = { pharmacyId: pharmacy.id, sendKey, receptionId: first.id };
          if (!(await claimSendKey(work.db, key, this.deps.clock.now()))) throw new SendKeyTaken();
        }
        // the notices by mail and the follow-up are the sender's, on the sender's reception
        if (fields.email && linkBase)
          await this.deps.wait.keepVisitorMailAddress(work, pharmacy.id, first, fields.email, linkBase);
        // 「服薬後に体調確認の連絡を受け取る」 (docs/rules.md#continuity-of-care): the address is kept for follow-ups too, past hand-over
        if (fields.followUpConsent && fields.email)
          await this.deps.followUps.recordWebConsent(work, first, pharmacy.id, fields.email);
        for (const [index, { person }] of sent.entries())
          await this.deps.prescriptions.assertReturnDateUsable(work, receptions[index]!.id, person.answers.returnDate);
        return receptions;
      }),
    );
    const numbers = created.map((reception, index) => ({
      receptionNumber: reception.receptionNumber,
      receptionDate: reception.receptionDate,
      statusToken: sent[index]!.statusToken,
    }));
    const [own, ...household] = numbers as [WebReceptionCreated, ...WebReceptionCreated[]];
    return { ...own, ...(household.length > 0 && { household }) };
  }

  /** The reception's status, and what the patient needs to read it truly: when the pharmacy opens if it is closed. */
  async status(statusToken: string): Promise<PublicReceptionStatus> {
    const reception = await this.deps.wait.findByStatusToken(statusToken);
    if (!reception) throw new NotFoundError(RECEPTION_NOT_FOUND_MESSAGE);
    const { pharmacyId, receptionId: _receptionId, ...status } = reception;
    const hours = await this.deps.settings.businessHours(pharmacyId);
    const clock = businessClockOf(this.deps.clock.now());
    return {
      pharmacyName: (await this.deps.pharmacies.get(pharmacyId)).name,
      ...status,
      ...(status.photoRequest && { privacyNotice: (await this.deps.settings.appSettings(pharmacyId)).privacyNotice }),
      openNow: isOpenAt(clock, hours),
      nextOpening: nextOpening(hours, clock),
    };
  }

  /**
   * The visitor's new photos, answering staff's request: the same checks and daily quota as a web
   * reception; the photos, their prescriptions and the answered request are one transaction.
   */
  async receivePhotos(
    statusToken: string,
    photos: Uint8Array[],
    fields: { photoCodes?: CodeSymbol[][]; photoConsent?: boolean },
  ): Promise<PublicReceptionStatus> {
    const reception = await this.receptionAskingForPhotos(statusToken);
    if (photos.length === 0) throw InvalidInputError.of(NO_PHOTOS_MESSAGE, ["file"]);
    assertPhotoConsent(photos.length, fields.photoConsent);
    const actor: Actor = { pharmacyId: reception.pharmacyId, name: WEB_ACTOR_NAME, type: "patient" };
    const staged = await this.deps.files.stage(reception.pharmacyId, photos, fields.photoCodes);
    await this.deps.files.keepIfCommitted(staged, () =>
      this.deps.unitOfWork.run(async (work) => {
        await this.deps.uploadQuota.take(work.db, reception.pharmacyId, photos);
        await this.deps.files.storeAll(actor, staged, work);
        await this.deps.prescriptions.attachPrescriptions(
          actor,
          reception.receptionId,
          staged.map(paperPrescriptionOf),
          work,
        );
        await this.deps.wait.answerPhotoRequest(actor, reception.receptionId, work);
      }),
    );
    return this.status(statusToken);
  }

  /** The branch of a status link whose reception waits for new photos (else 404 or 409), before any upload is read. */
  async branchAskingForPhotos(statusToken: string): Promise<string> {
    return (await this.receptionAskingForPhotos(statusToken)).pharmacyId;
  }

  private async receptionAskingForPhotos(statusToken: string) {
    const reception = await this.deps.wait.findByStatusToken(statusToken);
    if (!reception) throw new NotFoundError(RECEPTION_NOT_FOUND_MESSAGE);
    // findByStatusToken drops a request left open at hand-over, so a handed-over reception takes no photos
    if (!reception.photoRequest) throw new ConflictError(NO_PHOTO_REQUEST_MESSAGE);
    return reception;
  }

  async findBySlug(publicSlug: string): Promise<PharmacyDetails> {
    const pharmacy = await this.deps.pharmacies.findBySlug(publicSlug);
    if (!pharmacy) throw new NotFoundError(PHARMACY_NOT_FOUND);
    if (!isBranchReady(pharmacy)) throw new AppError(409, BRANCH_NOT_READY_MESSAGE);
    return pharmacy;
  }
}

/** Another send with the same Idempotency-Key made its reception first: this one's transaction rolls back. */
class SendKeyTaken extends Error {}

/** Photos are taken only with the visitor's consent to their use (docs/rules.md#notice-and-consent). */
function assertPhotoConsent(photoCount: number, photoConsent: boolean | undefined): void {
  if (lacksPhotoConsent(photoCount, photoConsent))
    throw new AppError(400, ERROR_CODE_MESSAGES[ErrorCode.PhotoConsentRequired], ErrorCode.PhotoConsentRequired);
}

/** A visitor's photo as the paper prescription it shows. */
function paperPrescriptionOf(file: StagedFile): NewPrescription {
  return { sourceType: "Paper", fileId: file.id, symbols: file.symbols };
}
