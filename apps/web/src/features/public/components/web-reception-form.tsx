import type { QuestionKey } from "@pharmacy/contract/shared/enums";
import { toHalfWidthDigits } from "@pharmacy/contract/shared/half-width";
import { MAX_WEB_PHOTOS, type PublicPharmacy, type WebReceptionCreated } from "@pharmacy/contract/public/public";
import {
  applicableQuestions,
  pruneAnswers,
  PUBLIC_RETURN_DAYS,
  questionsToAsk,
  type ChoiceContext,
} from "@pharmacy/contract/receptions/question-rules";
import type { Answers } from "@pharmacy/contract/receptions/questions";
import { businessClockOf } from "@pharmacy/contract/calendar/business-calendar";
import { useEffect, useRef, useState } from "react";
import { exchangeNumberIn } from "../../../lib/files/photo-codes/exchange-number";
import { codesReadBefore } from "../../../lib/files/photo-codes/photo-codes";
import { asksExchangeNumber, USABLE_PERIOD_WARNING } from "../../../lib/receptions/prescription-limits";
import { questionChoices } from "../../../lib/receptions/question-choices";
import {
  answerField,
  formSteps,
  STEP_TITLES,
  stepErrors,
  stepOfField,
  stepPosition,
  type FieldKey,
  type WebFormValues,
} from "../form-steps";
import { getSentReception, sendWebReception } from "../public-api";
import { sendFailureOf } from "../send-failure";
import { webReceptionBody } from "../web-reception";
import { FieldError, QuestionField, TextField } from "./form-fields";
import { FollowUpConsentField } from "./follow-up-consent-field";
import { CodePhoto } from "./code-photo";
import { PhotoPicker } from "./photo-picker";
import page from "./public-page.module.css";
import { Alert, Button, Icon } from "./ui";
import { useReceptionDraft } from "./use-reception-draft";
import { useStepHistory } from "./use-step-history";
import styles from "./web-reception-form.module.css";

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
  // A reload or the Back button keeps the step and the answers.
  const { values, setValues, stepIndex, setStepIndex, photosLost, sendKey, resumedAfterSend, markSendTried, clear } =
    useReceptionDraft(publicSlug, onStepChange);
  const { moved, goTo, goBack } = useStepHistory(stepIndex, setStepIndex, onStepChange);
  const [errors, setErrors] = useState<Errors>({});
  /** Steps whose 「次へ」 was tried: their fields are checked again as they change. */
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<{ title: string; details: string[] } | null>(null);
  // the optional mail fold: open when a reloaded draft used it, then as the patient leaves it
  const [mailOpen, setMailOpen] = useState(() => Boolean(values.email) || values.followUpConsent);
  const formRef = useRef<HTMLFormElement>(null);

  // Reloaded after 「この内容で受付する」 whose answer never came (the page was closed, the network
  // dropped): if that send arrived, its reception is shown as if the answer had; else the form stays,
  // and sending again uses the same key.
  useEffect(() => {
    if (!resumedAfterSend) return;
    getSentReception(publicSlug, sendKey)
      .then((created) => {
        clear();
        onSent(created, pruneAnswers(pharmacy.questions, values.answers));
      })
      .catch(() => undefined);
    // Once, on the reloaded page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const headingRef = useRef<HTMLHeadingElement>(null);

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

  useEffect(() => {
    if (!moved.current) return;
    // A new step starts at its top, its title read out.
    formRef.current?.scrollIntoView({ block: "start" });
    headingRef.current?.focus({ preventScroll: true });
  }, [index, moved]);

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

  /** A 控え's photo fills an empty 引換番号 with the number its QR code holds, read in the browser. */
  function chooseCopy(file: File | undefined) {
    setCopy(file);
    if (!file) return;
    const exchangeNumber = exchangeNumberIn(codesReadBefore(file));
    if (exchangeNumber)
      setValues((current) => (current.exchangeNumber.trim() ? current : { ...current, exchangeNumber }));
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
    const photos = [
      ...values.photos,
      ...(asksExchangeNumber(sentAnswers) && copy ? [copy] : []),
      ...(notebook ? [notebook] : []),
    ].slice(0, MAX_WEB_PHOTOS);
    const body = webReceptionBody({
      patientName: values.patientName,
      phone: values.phone,
      answers: sentAnswers,
      photos,
      photoCodes: photos.map(codesReadBefore),
      email: values.email,
      followUpConsent: values.followUpConsent,
      ...(asksExchangeNumber(sentAnswers) && { exchangeNumber: values.exchangeNumber }),
    });
    setSending(true);
    markSendTried();
    try {
      const created = await sendWebReception(publicSlug, body, sendKey);
      clear();
      onSent(created, sentAnswers);
    } catch (error) {
      showSendError(error);
    } finally {
      setSending(false);
    }
  }

  function showSendError(error: unknown) {
    const fields: FieldKey[] = [
      ...applicable.map((question) => answerField(question.key)),
      "file",
      "exchangeNumber",
      "patientName",
      "phone",
      "email",
    ];
    const failure = sendFailureOf(error, fields);
    setSendError({ title: failure.title, details: failure.details });
    if (!failure.errors) return;
    const found = failure.errors;
    setErrors(found);
    // Back to the first step the server found a problem in.
    const first = steps.findIndex((candidate) =>
      Object.keys(found).some((field) => stepOfField(field) === candidate.id),
    );
    if (first >= 0 && first !== index) goTo(first);
    else requestAnimationFrame(() => focusFirstError(formRef.current));
  }

  return (
    <form
      ref={formRef}
      name="web-reception"
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      className={styles.form}
    >
      <div className={styles.progress} aria-hidden>
        {Array.from({ length: position.total }, (_, at) => (
          <span key={at} className={at < position.index ? styles.progressDone : styles.progressTodo} />
        ))}
      </div>
      <section className={page.section} aria-labelledby="step-title">
        <h2 id="step-title" ref={headingRef} tabIndex={-1} className={page.sectionTitle}>
          <span className={styles.stepCount} data-testid="step-count">
            {`${position.index} / ${position.total}`}
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
              questionnaireUrl={
                key === "questionnaireType" && values.answers.questionnaireType === "Web"
                  ? pharmacy.webQuestionnaireUrl
                  : undefined
              }
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
            <p className={page.sectionLead}>
              控えのQRコードを撮影すると、引換番号を読み取って入力します（読み取れないときは薬局で読み取ります）。
            </p>
            <CodePhoto
              value={copy}
              onChange={chooseCopy}
              action="控えのQRコードを撮影・選択"
              testId="copy-photo-input"
            />
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
            <p className={page.sectionLead}>
              処方箋全体が写るように撮影してください。複数枚ある場合は1枚ずつ撮影できます（{MAX_WEB_PHOTOS}枚まで）。
            </p>
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
            <CodePhoto
              value={notebook}
              onChange={setNotebook}
              action="お薬手帳のQRコードを撮影・選択"
              testId="notebook-photo-input"
            />
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
            {/* optional, so folded: the send button stays on a small phone's first screen */}
            <details
              className={styles.optional}
              open={mailOpen || Boolean(errors.email)}
              onToggle={(event) => setMailOpen(event.currentTarget.open)}
            >
              <summary className={styles.optionalSummary}>メールでのお知らせ・服薬後の体調確認（任意）</summary>
              <TextField
                id="email"
                label={values.followUpConsent ? "メールアドレス" : "メールアドレス（任意）"}
                hint="お薬の準備ができたときや、写真の撮り直しをお願いするときにお知らせします。お渡し後に削除します（体調確認を選んだ場合を除く）。"
                value={values.email}
                error={errors.email}
                onChange={(email) => update({ ...values, email })}
                placeholder="example@example.jp"
                type="email"
                inputMode="email"
                autoComplete="email"
              />
              <FollowUpConsentField
                checked={values.followUpConsent}
                onChange={(followUpConsent) => update({ ...values, followUpConsent })}
              />
            </details>
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
          <Button big icon={<Icon name="back" />} onClick={() => goBack(index)} className={styles.back}>
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
