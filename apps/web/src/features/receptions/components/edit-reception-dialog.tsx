import { answerLabel } from "@pharmacy/contract/receptions/answer-labels";
import { businessClockOf } from "@pharmacy/contract/calendar/business-calendar";
import { QuestionKeySchema, type QuestionKey } from "@pharmacy/contract/shared/enums";
import { QUESTION_TEXT } from "@pharmacy/contract/receptions/question-labels";
import { isQuestionApplicable, type Answers } from "@pharmacy/contract/receptions/questions";
import { NOTE_MAX_LENGTH, NoteSchema, PhoneSchema, type Reception } from "@pharmacy/contract/receptions/receptions";
import { PatientNameSchema } from "@pharmacy/contract/receptions/patient-name";
import { App, Form, Input, Modal, Select } from "antd";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { useGetAppSettingsQuery, useGetBusinessHoursQuery } from "../../../lib/settings/settings-api";
import { zodRule } from "../../../lib/forms/zod-rule";
import { useUpdateReceptionMutation } from "../api";
import type { Choice } from "../../../components/choice-buttons";
import { questionChoices } from "../../../lib/receptions/question-choices";
import { COUNTER_RETURN_DAYS } from "../question-flow";

interface EditValues {
  patientName?: string;
  phone?: string;
  note?: string;
  answers?: Answers;
}

interface EditReceptionDialogProps {
  reception: Reception;
  open: boolean;
  onClose: () => void;
}

/** Drops answers whose condition no longer holds (paper instead of electronic drops 本人確認), as the server requires. */
function applicableAnswers(answers: Answers): Answers {
  let current = Object.fromEntries(
    Object.entries(answers).filter(([, value]) => value !== undefined && value !== null),
  ) as Answers;
  for (;;) {
    const kept = Object.fromEntries(
      Object.entries(current).filter(([key]) => isQuestionApplicable(key as QuestionKey, current)),
    ) as Answers;
    if (Object.keys(kept).length === Object.keys(current).length) return kept;
    current = kept;
  }
}

/** Staff correct the patient's name, phone, answers and the note (「メモ」) of a reception. */
export function EditReceptionDialog({ reception, open, onClose }: EditReceptionDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<EditValues>();
  const [updateReception, { isLoading: saving }] = useUpdateReceptionMutation();
  const { data: settings } = useGetAppSettingsQuery();
  const { data: hours } = useGetBusinessHoursQuery();
  const answers: Answers = Form.useWatch("answers", form) ?? reception.answers;

  function choicesOf(key: QuestionKey): Choice[] {
    const offered =
      settings && hours
        ? questionChoices(key, answers, {
            enabledReceiveMethods: settings.enabledReceiveMethods,
            businessHours: hours,
            clock: businessClockOf(),
            returnDays: COUNTER_RETURN_DAYS,
          })
        : [];
    // The saved answer stays choosable even when it is no longer offered (a past return day).
    const saved = reception.answers[key];
    return saved && !offered.some((choice) => choice.value === saved)
      ? [{ value: saved, label: answerLabel(key, saved) }, ...offered]
      : offered;
  }

  async function save(values: EditValues) {
    try {
      await updateReception({
        id: reception.id,
        patientName: values.patientName ?? "",
        phone: values.phone ?? "",
        note: values.note ?? "",
        answers: applicableAnswers(values.answers ?? {}),
      }).unwrap();
      void message.success("受付内容を保存しました");
      onClose();
    } catch (caught) {
      void message.error(apiErrorMessage(caught));
    }
  }

  return (
    <Modal
      open={open}
      title="受付内容を編集"
      okText="保存する"
      cancelText="キャンセル"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Form<EditValues>
        form={form}
        layout="vertical"
        name="edit-reception"
        initialValues={{
          patientName: reception.patientName,
          phone: reception.phone,
          note: reception.note,
          answers: reception.answers,
        }}
        onFinish={(values) => void save(values)}
        onValuesChange={(changed: EditValues) => {
          // Another day has other periods: the chosen one no longer counts.
          if (changed.answers?.returnDate !== undefined) form.setFieldValue(["answers", "returnTimePeriod"], undefined);
        }}
      >
        <Form.Item label="お名前" name="patientName" rules={[zodRule(PatientNameSchema)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="電話番号" name="phone" rules={[zodRule(PhoneSchema)]}>
          <Input inputMode="tel" autoComplete="off" />
        </Form.Item>
        {QuestionKeySchema.options
          .filter((key) => isQuestionApplicable(key, answers))
          .map((key) => (
            <Form.Item key={key} label={QUESTION_TEXT[key].label} name={["answers", key]}>
              <Select allowClear placeholder="未回答" options={choicesOf(key)} />
            </Form.Item>
          ))}
        <Form.Item
          label="メモ"
          name="note"
          rules={[zodRule(NoteSchema)]}
          extra="薬局内だけのメモです。患者さまには表示されません。"
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={NOTE_MAX_LENGTH} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
