import { SendOutlined } from "@ant-design/icons";
import type { QuestionKey } from "@pharmacy/contract/enums";
import { KanaNameSchema, MobilePhoneSchema, type PublicPharmacy, type WebReceptionCreated } from "@pharmacy/contract/public";
import { QUESTION_TEXT } from "@pharmacy/contract/question-labels";
import { applicableQuestions, pruneAnswers, PUBLIC_RETURN_DAYS, type ChoiceContext } from "@pharmacy/contract/question-rules";
import type { Answers } from "@pharmacy/contract/questions";
import { businessClockOf } from "@pharmacy/contract/business-calendar";
import { Alert, Button, Form, Input, QRCode, Tag } from "antd";
import { useState } from "react";
import { showApiIssuesOnForm } from "../../../components/api-form-errors";
import { ChoiceButtons } from "../../../components/choice-buttons";
import { toHalfWidthNumber } from "../../../components/half-width";
import { apiErrorMessage, apiErrorStatus } from "../../../lib/api-error";
import { COMPACT_QUESTIONS, questionChoices } from "../../../lib/question-choices";
import { zodRule } from "../../../lib/zod-rule";
import { useSendWebReceptionMutation } from "../api";
import { TOO_MANY_REQUESTS_TEXT } from "../labels";
import { webReceptionBody } from "../web-reception";
import { PhotoPicker } from "./photo-picker";
import styles from "./web-reception-form.module.css";
import page from "./public-page.module.css";

interface WebReceptionValues {
  file?: File[];
  answers?: Answers;
  patientName: string;
  phone: string;
}

const ANSWER_REQUIRED = "回答を選んでください";
const PHOTO_REQUIRED = "紙の処方箋の場合は、処方箋の写真を撮影または選択してください";
const LINK_GONE = "このWeb受付のURLは現在使われていません。薬局に掲示されている最新のQRコードから開き直してください。";

interface WebReceptionFormProps {
  publicSlug: string;
  pharmacy: PublicPharmacy;
  onSent: (created: WebReceptionCreated, answers: Answers) => void;
}

/** Photos, the branch's reserved-visit questions (big buttons, conditions applied), name and phone, on one page. */
export function WebReceptionForm({ publicSlug, pharmacy, onSent }: WebReceptionFormProps) {
  const [form] = Form.useForm<WebReceptionValues>();
  const answers: Answers = Form.useWatch("answers", form) ?? {};
  const [send, { isLoading: sending }] = useSendWebReceptionMutation();
  const [sendError, setSendError] = useState<{ title: string; details: string[] } | null>(null);
  const context: ChoiceContext = {
    enabledReceiveMethods: pharmacy.enabledReceiveMethods,
    businessHours: pharmacy.businessHours,
    clock: businessClockOf(),
    returnDays: PUBLIC_RETURN_DAYS,
  };
  const questions = applicableQuestions(pharmacy.questions, answers);

  function handleValuesChange(changed: Partial<WebReceptionValues>) {
    // Another day has other periods: the chosen one no longer counts.
    if (changed.answers?.returnDate !== undefined) form.setFieldValue(["answers", "returnTimePeriod"], undefined);
    if (sendError) setSendError(null);
  }

  async function handleFinish(values: WebReceptionValues) {
    setSendError(null);
    const sentAnswers = pruneAnswers(pharmacy.questions, values.answers ?? {});
    const body = webReceptionBody({
      patientName: values.patientName,
      phone: values.phone,
      answers: sentAnswers,
      photos: values.file ?? [],
    });
    try {
      onSent(await send({ publicSlug, body }).unwrap(), sentAnswers);
    } catch (error) {
      const status = apiErrorStatus(error);
      if (status === 429) {
        setSendError({ title: TOO_MANY_REQUESTS_TEXT, details: [] });
        return;
      }
      if (status === 413 || status === 415) {
        form.setFields([{ name: "file", errors: [apiErrorMessage(error)] }]);
      }
      const unmatched = showApiIssuesOnForm(form, error);
      setSendError({
        title: status === 404 ? LINK_GONE : `送信できませんでした。${apiErrorMessage(error)}`,
        details: unmatched.map((issue) => issue.message),
      });
    }
  }

  return (
    <Form
      form={form}
      name="web-reception"
      layout="vertical"
      requiredMark={false}
      preserve={false}
      onValuesChange={handleValuesChange}
      onFinish={handleFinish}
      scrollToFirstError={{ block: "center" }}
      className={styles.form}
    >
      <section className={page.section} aria-labelledby="photos-title">
        <h2 id="photos-title" className={page.sectionTitle}>
          1. 処方箋の写真
        </h2>
        <p className={page.sectionLead}>
          処方箋全体が写るように撮影してください。複数枚ある場合は1枚ずつ撮影できます（5枚まで）。
        </p>
        <Form.Item
          name="file"
          dependencies={[["answers", "prescriptionType"]]}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, files?: File[]) => {
                if (getFieldValue(["answers", "prescriptionType"]) === "Paper" && (files ?? []).length === 0) {
                  throw new Error(PHOTO_REQUIRED);
                }
              },
            }),
          ]}
          style={{ marginBottom: 0 }}
        >
          <PhotoPicker />
        </Form.Item>
      </section>

      {questions.length > 0 && (
        <section className={page.section} aria-labelledby="questions-title">
          <h2 id="questions-title" className={page.sectionTitle}>
            2. 質問にお答えください
          </h2>
          {questions.map((question) => (
            <QuestionField
              key={question.key}
              questionKey={question.key}
              required={question.required}
              choices={questionChoices(question.key, answers, context)}
              waitingForDate={question.key === "returnTimePeriod" && !answers.returnDate}
              questionnaireUrl={
                question.key === "questionnaireType" && answers.questionnaireType === "Web" ? pharmacy.webQuestionnaireUrl : undefined
              }
            />
          ))}
        </section>
      )}

      <section className={page.section} aria-labelledby="contact-title">
        <h2 id="contact-title" className={page.sectionTitle}>
          {questions.length > 0 ? "3. お名前と電話番号" : "2. お名前と電話番号"}
        </h2>
        <Form.Item
          label="お名前（フリガナ）"
          name="patientName"
          validateFirst
          rules={[{ required: true, whitespace: true }, zodRule(KanaNameSchema)]}
          extra="お呼びするときに使います。"
        >
          <Input placeholder="ヤクキョク ハナコ" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="電話番号"
          name="phone"
          normalize={toHalfWidthNumber}
          validateFirst
          rules={[{ required: true, whitespace: true }, zodRule(MobilePhoneSchema)]}
          extra="お薬の準備について、お電話することがあります。"
          style={{ marginBottom: 0 }}
        >
          <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="09012345678" />
        </Form.Item>
      </section>

      {sendError && (
        <Alert
          type="error"
          showIcon
          title={sendError.title}
          description={
            sendError.details.length > 0 ? (
              <ul className={styles.details}>
                {sendError.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      )}

      <Button type="primary" htmlType="submit" block loading={sending} icon={<SendOutlined aria-hidden />} className={page.bigButton}>
        この内容で受付する
      </Button>
      <p className={page.footerNote}>送信すると受付番号が表示されます。</p>
    </Form>
  );
}

interface QuestionFieldProps {
  questionKey: QuestionKey;
  required: boolean;
  choices: ReturnType<typeof questionChoices>;
  /** The periods depend on the day: until one is chosen there is nothing to choose yet, which is no error. */
  waitingForDate: boolean;
  questionnaireUrl?: string;
}

function QuestionField({ questionKey, required, choices, waitingForDate, questionnaireUrl }: QuestionFieldProps) {
  const promptId = `question-${questionKey}`;
  return (
    <div className={styles.question}>
      <div className={styles.questionHead}>
        <p id={promptId} className={styles.prompt}>
          {QUESTION_TEXT[questionKey].prompt}
        </p>
        <Tag color={required ? "red" : "default"} className={styles.tag}>
          {required ? "必須" : "任意"}
        </Tag>
      </div>
      {waitingForDate ? (
        <p className={styles.noChoices}>先にご来局予定日を選んでください。その日の時間帯がここに表示されます。</p>
      ) : choices.length === 0 ? (
        <p className={styles.noChoices}>選べる候補がありません。薬局にお問い合わせください。</p>
      ) : (
        <Form.Item
          name={["answers", questionKey]}
          rules={required ? [{ required: true, message: ANSWER_REQUIRED }] : []}
          style={{ marginBottom: 0 }}
        >
          <ChoiceButtons choices={choices} labelledBy={promptId} compact={COMPACT_QUESTIONS.has(questionKey)} />
        </Form.Item>
      )}
      {questionnaireUrl && (
        <div className={styles.questionnaire}>
          <p>初めての方は、こちらのWeb問診票にご記入ください。</p>
          <Button type="primary" href={questionnaireUrl} target="_blank" rel="noreferrer" block className={page.bigButton}>
            Web問診票を開く
          </Button>
          <div className={styles.qr}>
            <div role="img" aria-label="Web問診票のQRコード">
              <QRCode type="svg" value={questionnaireUrl} size={128} bordered={false} />
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
