import type { QuestionKey } from "@pharmacy/contract/shared/enums";
import type { PublicPharmacy, WebReceptionCreated } from "@pharmacy/contract/public/public";
import {
  applicableQuestions,
  pruneAnswers,
  PUBLIC_RETURN_DAYS,
  questionsToAsk,
  type ChoiceContext,
} from "@pharmacy/contract/receptions/question-rules";
import type { Answers } from "@pharmacy/contract/receptions/questions";
import { businessClockOf } from "@pharmacy/contract/calendar/business-calendar";
import { useState } from "react";
import type { Message } from "../../../lib/i18n/message";
import { exchangeNumberIn } from "../../../lib/files/photo-codes/exchange-number";
import { codesReadBefore } from "../../../lib/files/photo-codes/photo-codes";
import { questionChoices } from "../../../lib/receptions/question-choices";
import {
  answerField,
  formSteps,
  stepErrors,
  stepOfField,
  stepPosition,
  type FieldKey,
  type WebFormValues,
} from "../form-steps";
import { toKatakana } from "@pharmacy/contract/shared/katakana";
import {
  forgetEveryone,
  forgetPerson,
  rememberSentPeople,
  rememberedPeople,
  type RememberedPerson,
} from "../device-people";
import { familyErrors, memberField, newFamilyMember, type FamilyMember } from "../family";
import { useReceptionDraft } from "./use-reception-draft";
import { useResumeSentReception } from "./use-resume-sent-reception";
import { useStepFocus } from "./use-step-focus";
import { useStepHistory } from "./use-step-history";
import { photosToSend, useWebReceptionSend } from "./use-web-reception-send";

interface WebReceptionFormOptions {
  publicSlug: string;
  pharmacy: PublicPharmacy;
  /** `names`: the people sent for, in the send's order (unknown after a reload). */
  onSent: (created: WebReceptionCreated, answers: Answers, names?: string[]) => void;
  onStepChange: (index: number) => void;
}

type Errors = Record<FieldKey, Message>;

/**
 * The web form's state: the values and step (kept over a reload and the Back button), the step shown
 * and where it stands, the messages under the fields, and 「次へ」 / 「この内容で受付する」.
 */
export function useWebReceptionForm({ publicSlug, pharmacy, onSent, onStepChange }: WebReceptionFormOptions) {
  // Photos of the お薬手帳 QR and of an e-prescription's 控え, sent after the prescription photos.
  const [notebook, setNotebook] = useState<File>();
  const [copy, setCopy] = useState<File>();
  // A reload or the Back button keeps the step and the answers.
  const { values, setValues, stepIndex, setStepIndex, photosLost, sendKey, resumedAfterSend, markSendTried, clear } =
    useReceptionDraft(publicSlug, onStepChange);
  const { moved, goTo, goBack } = useStepHistory(stepIndex, setStepIndex, onStepChange);
  const [errors, setErrors] = useState<Errors>({});
  /** Steps whose 「次へ」 was tried: their fields are checked again as they change. */
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  // the optional mail fold: open when a reloaded draft used it, then as the patient leaves it
  const [mailOpen, setMailOpen] = useState(() => Boolean(values.email) || values.followUpConsent);
  // asked anew on each form fill, never kept in the draft (docs/rules.md#notice-and-consent)
  const [photoConsent, setPhotoConsent] = useState(false);
  // 「家族の分もまとめて」 and the people this phone remembers (docs/rules.md#family)
  const [family, setFamily] = useState<FamilyMember[]>([]);
  const [remembered, setRemembered] = useState(rememberedPeople);
  // 「この端末に覚える」: off until the patient ticks it once; a phone that remembers people was ticked before
  const [remember, setRemember] = useState(() => remembered.length > 0);
  // offered from the start when the phone remembers anyone, and kept to say they were forgotten
  const [offersPeople] = useState(() => remembered.length > 0);

  function sent(created: WebReceptionCreated, answers: Answers, names?: string[]) {
    clear();
    // after a reload the names are not known: the page shows the numbers alone
    if (names) onSent(created, answers, names);
    else onSent(created, answers);
  }

  /** One tap on the people this phone remembers: the first is the sender, the others the family. */
  function prefill(people: readonly RememberedPerson[]) {
    const [first, ...others] = people;
    if (!first) return;
    // a return visit's day was for that visit: asked again
    const { returnDate: _day, returnTimePeriod: _period, ...answers } = first.answers;
    setValues((current) => ({
      ...current,
      patientName: first.patientName,
      phone: first.phone,
      answers: answers as Answers,
    }));
    setFamily(others.map((person) => newFamilyMember(person.patientName, person.phone)));
    setErrors({});
  }

  function forget(patientName?: string) {
    if (patientName) forgetPerson(patientName);
    else forgetEveryone();
    setRemembered(rememberedPeople());
  }
  useResumeSentReception(resumedAfterSend, publicSlug, sendKey, (created) =>
    sent(created, pruneAnswers(pharmacy.questions, values.answers)),
  );

  const context: ChoiceContext = {
    enabledReceiveMethods: pharmacy.enabledReceiveMethods,
    businessHours: pharmacy.businessHours,
    clock: businessClockOf(),
    returnDays: PUBLIC_RETURN_DAYS,
    webQuestionnaire: Boolean(pharmacy.webQuestionnaireUrl),
  };
  const applicable = applicableQuestions(pharmacy.questions, values.answers);
  const steps = formSteps(applicable);
  const index = Math.min(stepIndex, steps.length - 1);
  const step = steps[index]!;
  const last = index === steps.length - 1;
  const position = stepPosition(index, step.id, questionsToAsk(pharmacy.questions, values.answers, context));
  const hasChoices = (key: QuestionKey) => questionChoices(key, values.answers, context).length > 0;
  // Only paper has something to photograph: an electronic or forgotten prescription keeps step 1 short
  // (photos already chosen stay shown, so they can be removed).
  const asksPhotos =
    values.answers.prescriptionType === undefined ||
    values.answers.prescriptionType === "Paper" ||
    values.photos.length > 0;

  const sendsPhotos =
    photosToSend(values.photos, pruneAnswers(pharmacy.questions, values.answers), { copy, notebook }).length > 0;

  const { formRef, headingRef, focusFirstError } = useStepFocus(index, moved);

  const { sending, sendError, clearSendError, send } = useWebReceptionSend({
    publicSlug,
    questions: pharmacy.questions,
    sendKey,
    markSendTried,
    onSent: (created, answers) => {
      const people = [{ patientName: values.patientName, phone: values.phone }, ...family];
      rememberSentPeople(
        remember,
        people.map((person) => ({
          patientName: toKatakana(person.patientName.trim()),
          phone: person.phone.trim() || values.phone.trim(),
          answers: answers as Record<string, string>,
        })),
      );
      sent(
        created,
        answers,
        people.map((person) => toKatakana(person.patientName.trim())),
      );
    },
    onFieldErrors: (found) => {
      setErrors(found);
      // Back to the first step the server found a problem in.
      const first = steps.findIndex((candidate) =>
        Object.keys(found).some((field) => stepOfField(field) === candidate.id),
      );
      if (first >= 0 && first !== index) goTo(first);
      else focusFirstError();
    },
  });

  function update(next: WebFormValues, nextFamily = family) {
    setValues(next);
    setFamily(nextFamily);
    if (sendError) clearSendError();
    if (checked.has(index)) {
      // Messages follow the input once the step was tried; the server's messages on other fields stay.
      const own = {
        ...stepErrors(step, next, (key) => questionChoices(key, next.answers, context).length > 0),
        ...(step.id === "contact" && familyErrors(nextFamily, next.answers)),
      };
      setErrors((previous) => {
        const kept = Object.fromEntries(Object.entries(previous).filter(([field]) => stepOfField(field) !== step.id));
        return { ...kept, ...own };
      });
    } else {
      setErrors({});
    }
  }

  function answer(key: QuestionKey, value: string) {
    const answers: Answers = { ...values.answers, [key]: value };
    // Another day has other periods: the chosen one no longer counts.
    if (key === "returnDate") delete answers.returnTimePeriod;
    update({ ...values, answers });
  }

  /** A 控え's photo fills an empty 引換番号 with the number its QR code holds, read in the browser. */
  function chooseCopy(file: File | undefined) {
    setCopy(file);
    if (!file) return;
    const exchangeNumber = exchangeNumberIn(codesReadBefore(file));
    if (exchangeNumber)
      setValues((current) => (current.exchangeNumber.trim() ? current : { ...current, exchangeNumber }));
  }

  function tryStep(): boolean {
    const found = {
      ...stepErrors(step, values, hasChoices),
      ...(step.id === "contact" && familyErrors(family, values.answers)),
    };
    setChecked((previous) => new Set(previous).add(index));
    setErrors(found);
    if (Object.keys(found).length === 0) return true;
    focusFirstError();
    return false;
  }

  /** 「次へ」 goes on once the step has no message; on the last step 「この内容で受付する」 sends. */
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!tryStep()) return;
    if (!last) {
      goTo(index + 1);
      return;
    }
    const fields: FieldKey[] = [
      ...applicable.map((question) => answerField(question.key)),
      "file",
      "exchangeNumber",
      "patientName",
      "phone",
      "email",
      ...family.flatMap((_, member) => [memberField(member, "patientName"), memberField(member, "file")]),
    ];
    await send(values, { copy, notebook }, fields, photoConsent, family);
  }

  return {
    // the elements the focus moves to, kept out of the state the views read while rendering
    formRef,
    headingRef,
    form: {
      values,
      errors,
      context,
      step,
      index,
      last,
      position,
      asksPhotos,
      photosLost,
      copy,
      notebook,
      setNotebook,
      mailOpen,
      setMailOpen,
      sendsPhotos: sendsPhotos || family.some((member) => member.photos.length > 0),
      family,
      setFamily: (next: FamilyMember[]) => update(values, next),
      remembered,
      offersPeople,
      remember,
      setRemember,
      prefill,
      forget,
      photoConsent,
      setPhotoConsent,
      privacyNotice: pharmacy.privacyNotice,
      sending,
      sendError,
      update,
      answer,
      chooseCopy,
      submit,
      goBack: () => goBack(index),
    },
  };
}

export type WebReceptionFormState = ReturnType<typeof useWebReceptionForm>["form"];
