import type { QuestionKey } from "@pharmacy/contract/enums";
import { toHalfWidthDigits } from "@pharmacy/contract/half-width";
import { MAX_WEB_PHOTOS, type PublicPharmacy, type WebReceptionCreated } from "@pharmacy/contract/public";
import { applicableQuestions, pruneAnswers, PUBLIC_RETURN_DAYS, type ChoiceContext } from "@pharmacy/contract/question-rules";
import type { Answers } from "@pharmacy/contract/questions";
import { businessClockOf } from "@pharmacy/contract/business-calendar";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { apiValidationIssues, matchIssuesToFields } from "../../../components/api-form-errors";
import { ErrorCode } from "@pharmacy/contract/errors";
import { apiErrorCode, apiErrorMessage, apiErrorStatus } from "../../../lib/api-error";
import { asksExchangeNumber, USABLE_PERIOD_WARNING } from "../../../lib/prescription-limits";
import { questionChoices } from "../../../lib/question-choices";
import { clearDraft, draftOf, savedPhotos, saveDraft, savePhotos } from "../form-draft";
import { answerField, formSteps, STEP_TITLES, stepErrors, stepOfField, type FieldKey, type WebFormValues } from "../form-steps";
import { TOO_MANY_REQUESTS_TEXT } from "../labels";
import { sendWebReception } from "../public-api";
import { webReceptionBody } from "../web-reception";
import { FieldError, QuestionField, TextField } from "./form-fields";
import { FollowUpConsentField } from "./follow-up-consent-field";
import { CodePhoto } from "./code-photo";
import { PhotoPicker } from "./photo-picker";
import page from "./public-page.module.css";
import { Alert, Button, Icon } from "./ui";
import styles from "./web-reception-form.module.css";

const LINK_GONE = "このWeb受付のURLは現在使われていません。薬局に掲示されている最新のQRコードから開き直してください。";

interface WebReceptionFormProps {
  publicSlug: string;
  pharmacy: PublicPharmacy;
  onSent: (created: WebReceptionCreated, answers: Answers) => void;
  onStepChange: (index: number) => void;
}

type Errors = Record<FieldKey, string>;

/** Brings the first field with a message into view and gives it the focus (a radio group: its first answer). */
function focusFirstError(container: HTMLElement | null) {
  const invalid = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return;
  const target = invalid.getAttribute("role") === "radiogroup" ? invalid.querySelector<HTMLElement>("button") : invalid;
  target?.scrollIntoView({ block: "center" });
  target?.focus({ preventScroll: true });
}

/** Photos, the branch's reserved-visit questions (big buttons, conditions applied), name and phone, in short steps. */
export function WebReceptionForm({ publicSlug, pharmacy, onSent, onStepChange }: WebReceptionFormProps) {
  // Photos of the お薬手帳 QR and of an e-prescription's 控え, sent after the prescription photos.
  const [notebook, setNotebook] = useState<File>();
  const [copy, setCopy] = useState<File>();
  // A reload or the Back button keeps the step and the answers (issue 21 item 2).
  const [draft] = useState(() => draftOf(publicSlug));
  const [values, setValues] = useState<WebFormValues>(() => ({
    photos: [],
    answers: (draft?.answers ?? {}) as Answers,
    patientName: draft?.patientName ?? "",
    phone: draft?.phone ?? "",
    exchangeNumber: draft?.exchangeNumber ?? "",
    email: draft?.email ?? "",
    followUpConsent: draft?.followUpConsent ?? false,
  }));
  /** False while the photos of a reloaded form are read back: nothing is written over them until then. */
  const [photosRestored, setPhotosRestored] = useState(!draft?.photoCount);
  const [photosLost, setPhotosLost] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  /** Steps whose 「次へ」 was tried: their fields are checked again as they change. */
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [stepIndex, setStepIndex] = useState(draft?.step ?? 0);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<{ title: string; details: string[] } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

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
  const hasChoices = (key: QuestionKey) => questionChoices(key, values.answers, context).length > 0;
  // Only paper has something to photograph: an electronic or forgotten prescription keeps step 1 short
  // (photos already chosen stay shown, so they can be removed).
  const asksPhotos = values.answers.prescriptionType === undefined || values.answers.prescriptionType === "Paper" || values.photos.length > 0;

  // Each step is an entry of the browser's history: Back goes to the step before, Forward and reload come back.
  useLayoutEffect(() => {
    history.replaceState({ ...(history.state as object | null), webStep: stepIndex }, "");
    if (stepIndex > 0) onStepChange(stepIndex);
    function onPopState(event: PopStateEvent) {
      const step = (event.state as { webStep?: unknown } | null)?.webStep;
      if (typeof step !== "number") return;
      moved.current = true;
      setStepIndex(step);
      onStepChange(step);
    }
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
    // Once: the listener reads only what the event carries.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (photosRestored) return;
    void savedPhotos(publicSlug).then((photos) => {
      if (photos.length > 0) {
        setValues((current) => ({ ...current, photos }));
      } else {
        // Asked for again where they are chosen.
        setPhotosLost(true);
        setStepIndex(0);
        onStepChange(0);
      }
      setPhotosRestored(true);
    });
    // Once, after a reload: onStepChange is the page's setter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [photosRestored, publicSlug]);

  useEffect(() => {
    saveDraft(publicSlug, {
      step: stepIndex,
      answers: values.answers as Record<string, string>,
      patientName: values.patientName,
      phone: values.phone,
      exchangeNumber: values.exchangeNumber,
      email: values.email,
      followUpConsent: values.followUpConsent,
      photoCount: photosRestored ? values.photos.length : (draft?.photoCount ?? 0),
    });
  }, [publicSlug, stepIndex, values, photosRestored, draft]);

  useEffect(() => {
    if (photosRestored) void savePhotos(publicSlug, values.photos);
  }, [publicSlug, values.photos, photosRestored]);

  // Leaving with photos chosen asks first: they would have to be taken again.
  useEffect(() => {
    if (values.photos.length === 0) return;
    function onBeforeUnload(event: BeforeUnloadEvent) {
      event.preventDefault();
      event.returnValue = "";
    }
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [values.photos.length]);

  useEffect(() => {
    if (!moved.current) return;
    // A new step starts at its top, its title read out.
    formRef.current?.scrollIntoView({ block: "start" });
    headingRef.current?.focus({ preventScroll: true });
  }, [index]);

  function update(next: WebFormValues) {
    setValues(next);
    if (sendError) setSendError(null);
    if (checked.has(index)) {
      // Messages follow the input once the step was tried; the server's messages on other fields stay.
      const own = stepErrors(step, next, (key) => questionChoices(key, next.answers, context).length > 0);
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

  function goTo(target: number) {
    moved.current = true;
    history.pushState({ ...(history.state as object | null), webStep: target }, "");
    setStepIndex(target);
    // In the same render as the step: the page's notice and hours never show for a frame on step 2.
    onStepChange(target);
  }

  /** 「戻る」 is the browser's Back when the step before is the entry before, so both stay in step. */
  function goBack() {
    if ((history.state as { webStep?: unknown } | null)?.webStep === index && index > 0) history.back();
    else goTo(index - 1);
  }

  function tryStep(): boolean {
    const found = stepErrors(step, values, hasChoices);
    setChecked((previous) => new Set(previous).add(index));
    setErrors(found);
    if (Object.keys(found).length === 0) return true;
    requestAnimationFrame(() => focusFirstError(formRef.current));
    return false;
  }

  async function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!tryStep()) return;
    if (!last) {
      goTo(index + 1);
      return;
    }
    setSendError(null);
    const sentAnswers = pruneAnswers(pharmacy.questions, values.answers);
    const body = webReceptionBody({
      patientName: values.patientName,
      phone: values.phone,
      answers: sentAnswers,
      photos: [...values.photos, ...(asksExchangeNumber(sentAnswers) && copy ? [copy] : []), ...(notebook ? [notebook] : [])].slice(0, MAX_WEB_PHOTOS),
      email: values.email,
      followUpConsent: values.followUpConsent,
      ...(asksExchangeNumber(sentAnswers) && { exchangeNumber: values.exchangeNumber }),
    });
    setSending(true);
    try {
      const created = await sendWebReception(publicSlug, body);
      clearDraft(publicSlug);
      onSent(created, sentAnswers);
    } catch (error) {
      showSendError(error);
    } finally {
      setSending(false);
    }
  }

  function showSendError(error: unknown) {
    const status = apiErrorStatus(error);
    if (status === 429) {
      setSendError({ title: TOO_MANY_REQUESTS_TEXT, details: [] });
      return;
    }
    if (apiErrorCode(error) === ErrorCode.ReturnDateAfterUsable) {
      // The photo's code was read on sending: the day is past its last usable day. Pick again.
      setErrors({ [answerField("returnDate")]: apiErrorMessage(error) });
      setSendError({ title: apiErrorMessage(error), details: [] });
      const dayStep = steps.findIndex((candidate) => candidate.id === "returnVisit");
      if (dayStep >= 0) goTo(dayStep);
      return;
    }
    const fields: FieldKey[] = [...applicable.map((question) => answerField(question.key)), "file", "exchangeNumber", "patientName", "phone", "email"];
    const { fieldErrors, unmatched } = matchIssuesToFields(
      apiValidationIssues(error),
      fields.map((field) => field.split(".")),
    );
    const found: Errors = Object.fromEntries(fieldErrors.map((entry) => [entry.name.join("."), entry.errors[0]!]));
    if (status === 413 || status === 415) found.file = apiErrorMessage(error);
    setErrors(found);
    setSendError({
      title: status === 404 ? LINK_GONE : `送信できませんでした。${apiErrorMessage(error)}`,
      details: unmatched.map((issue) => issue.message),
    });
    // Back to the first step the server found a problem in.
    const first = steps.findIndex((candidate) => Object.keys(found).some((field) => stepOfField(field) === candidate.id));
    if (first >= 0 && first !== index) goTo(first);
    else requestAnimationFrame(() => focusFirstError(formRef.current));
  }

  return (
    <form ref={formRef} name="web-reception" noValidate onSubmit={(event) => void handleSubmit(event)} className={styles.form}>
      <div className={styles.progress} aria-hidden>
        {steps.map((candidate, position) => (
          <span key={candidate.id} className={position <= index ? styles.progressDone : styles.progressTodo} />
        ))}
      </div>
      <section className={page.section} aria-labelledby="step-title">
        <h2 id="step-title" ref={headingRef} tabIndex={-1} className={page.sectionTitle}>
          <span className={styles.stepCount} data-testid="step-count">
            {`${index + 1} / ${steps.length}`}
          </span>
          {STEP_TITLES[step.id]}
        </h2>
        {step.questions.map((question) => {
          const key = question.key;
          return (
            <QuestionField
              key={key}
              questionKey={key}
              required={question.required}
              choices={questionChoices(key, values.answers, context)}
              value={values.answers[key] as string | undefined}
              error={errors[answerField(key)]}
              onChange={(value) => answer(key, value)}
              waitingForDate={key === "returnTimePeriod" && !values.answers.returnDate}
              questionnaireUrl={key === "questionnaireType" && values.answers.questionnaireType === "Web" ? pharmacy.webQuestionnaireUrl : undefined}
            />
          );
        })}
        {step.id === "prescription" && asksExchangeNumber(values.answers) && (
          <TextField
            id="exchangeNumber"
            label="引換番号（わかる場合）"
            hint="医療機関で受け取った控えに書かれている番号です。全角の数字でも入力できます。"
            value={values.exchangeNumber}
            error={errors.exchangeNumber}
            onChange={(exchangeNumber) => update({ ...values, exchangeNumber })}
            inputMode="numeric"
            autoComplete="off"
          />
        )}
        {step.id === "prescription" && asksExchangeNumber(values.answers) && (
          <div className={styles.question}>
            <p className={page.sectionLead}>控えのQRコードを撮影して送ると、引換番号は薬局で読み取ります。</p>
            <CodePhoto value={copy} onChange={setCopy} action="控えのQRコードを撮影・選択" testId="copy-photo-input" />
          </div>
        )}
        {step.id === "returnVisit" && (
          <p className={styles.notice} data-testid="return-date-notice">
            {USABLE_PERIOD_WARNING}
          </p>
        )}
        {step.id === "prescription" && asksPhotos && (
          <div className={styles.question}>
            <p className={styles.questionHead} id="photos-prompt">
              <span className={styles.prompt}>処方箋の写真</span>
            </p>
            <p className={page.sectionLead}>処方箋全体が写るように撮影してください。複数枚ある場合は1枚ずつ撮影できます（5枚まで）。</p>
            {photosLost && values.photos.length === 0 && (
              <Alert type="error" title="写真をもう一度選んでください">
                ページを読み込み直したため、選んだ写真を残せませんでした。
              </Alert>
            )}
            <PhotoPicker
              value={values.photos}
              onChange={(photos) => update({ ...values, photos })}
              describedBy={errors.file ? "file-error" : undefined}
            />
            <FieldError id="file-error" message={errors.file} />
          </div>
        )}
        {step.id === "prescription" && values.photos.length < MAX_WEB_PHOTOS && (
          <div className={styles.question}>
            <p className={styles.questionHead}>
              <span className={styles.prompt}>お薬手帳のQRコード（任意）</span>
            </p>
            <CodePhoto value={notebook} onChange={setNotebook} action="お薬手帳のQRコードを撮影・選択" testId="notebook-photo-input" />
          </div>
        )}
        {step.id === "contact" && (
          <>
            <TextField
              id="patientName"
              label="お名前（フリガナ）"
              hint="お呼びするときに使います。"
              value={values.patientName}
              error={errors.patientName}
              onChange={(patientName) => update({ ...values, patientName })}
              placeholder="ヤマダ ハナコ"
              autoComplete="off"
            />
            <TextField
              id="phone"
              label="電話番号"
              hint="お薬の準備について、お電話することがあります。"
              value={values.phone}
              error={errors.phone}
              onChange={(phone) => update({ ...values, phone: toHalfWidthDigits(phone) })}
              placeholder="09012345678"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
            />
            <TextField
              id="email"
              label={values.followUpConsent ? "メールアドレス" : "メールアドレス（任意）"}
              hint="お薬の準備ができたときや、写真の撮り直しをお願いするときにメールでお知らせします。お薬をお渡しすると削除します（下の体調確認を選んだ場合を除きます）。"
              value={values.email}
              error={errors.email}
              onChange={(email) => update({ ...values, email })}
              placeholder="example@example.jp"
              type="email"
              inputMode="email"
              autoComplete="email"
            />
            <FollowUpConsentField checked={values.followUpConsent} onChange={(followUpConsent) => update({ ...values, followUpConsent })} />
          </>
        )}
      </section>

      {sendError && (
        <Alert type="error" title={sendError.title}>
          {sendError.details.length > 0 && (
            <ul className={styles.details}>
              {sendError.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}

      <div className={styles.navigation}>
        {index > 0 && (
          <Button big icon={<Icon name="back" />} onClick={goBack} className={styles.back}>
            戻る
          </Button>
        )}
        {last ? (
          <Button type="submit" variant="primary" big loading={sending} icon={<Icon name="send" />}>
            この内容で受付する
          </Button>
        ) : (
          <Button type="submit" variant="primary" big>
            次へ
            <Icon name="next" />
          </Button>
        )}
      </div>
      {last && <p className={page.footerNote}>送信すると受付番号が表示されます。</p>}
    </form>
  );
}
