import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DownOutlined,
  InfoCircleOutlined,
  LockOutlined,
  RightOutlined,
  WarningFilled,
} from "@ant-design/icons";
import { ReceiveMethodSchema, type QuestionKey, type ReceiveMethod } from "@pharmacy/contract/shared/enums";
import { QUESTION_TEXT } from "@pharmacy/contract/receptions/question-labels";
import {
  essentialReservedQuestions,
  type AppSettings,
  type BusinessHours,
  type QuestionSetting,
} from "@pharmacy/contract/settings/settings";
import { App, Button, Card, ConfigProvider, Flex, Switch, Typography } from "antd";
import { useState, type ReactNode } from "react";
import { apiValidationIssues } from "../../../components/api-form-errors";
import { OrganizationChoice } from "../../../components/organization-choice";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { useDocumentTitle } from "../../../lib/browser/use-document-title";
import {
  useGetOrganizationSettingsQuery,
  useSaveOrganizationSettingsMutation,
} from "../../../lib/organization/organization-settings-api";
import { useGetAppSettingsQuery, useGetBusinessHoursQuery } from "../../../lib/settings/settings-api";
import { useUpdateAppSettingsMutation } from "../../../lib/settings/settings-api";
import { useUnsavedChangesGuard } from "../hooks/use-unsaved-changes-guard";
import { CHOICE_NOTES, CONDITION_NOTES, QUESTION_WARNINGS } from "../labels";
import {
  moveQuestion,
  normalizeQuestionSettings,
  questionWarnings,
  sameQuestions,
  updateQuestion,
} from "../question-settings";
import { QuestionPreview } from "./question-preview";
import { SaveBar } from "./save-bar";
import { SaveErrorAlert, type SaveError } from "./save-error-alert";
import { OrganizationPageFrame } from "../../../components/organization-page-frame";
import { SettingsPageFrame } from "./settings-page-frame";
import styles from "./question-settings-page.module.css";

export type QuestionChannel = keyof AppSettings["questions"];

const CHANNELS: Record<
  QuestionChannel,
  { pageKey: "questions-reception" | "questions-reserved"; intro: string; saved: string }
> = {
  reception: {
    pageKey: "questions-reception",
    intro: "店頭の受付用タブレットで、処方箋を撮影したあとにお聞きする質問です。上から順に1問ずつ表示します。",
    saved: "受付時の質問を保存しました",
  },
  reserved: {
    pageKey: "questions-reserved",
    intro: "Web受付（予約来局）のページでお聞きする質問です。上から順に表示します。",
    saved: "予約来局時の質問を保存しました",
  },
};

/** One screen for both channels: which questions are asked, which must be answered, in what order. */
export function QuestionSettingsPage({ channel }: { channel: QuestionChannel }) {
  const settings = useGetAppSettingsQuery();
  // Only for the preview of the return-visit dates; the list works without it.
  const hours = useGetBusinessHoursQuery();
  const { data, error, isLoading, refetch } = settings;
  return (
    <SettingsPageFrame
      pageKey={CHANNELS[channel].pageKey}
      loading={isLoading}
      error={data ? undefined : error}
      onRetry={refetch}
    >
      {data && <BranchQuestions channel={channel} settings={data} businessHours={hours.data} />}
    </SettingsPageFrame>
  );
}

/** The organisation's questions (本部 screen): what every branch asks unless it keeps its own. */
export function OrganizationQuestionSettingsPage({ channel }: { channel: QuestionChannel }) {
  const title = `本部の${CHANNEL_TITLES[channel]}`;
  useDocumentTitle(title);
  const { data, error, refetch } = useGetOrganizationSettingsQuery();
  const hours = useGetBusinessHoursQuery();
  const [save] = useSaveOrganizationSettingsMutation();
  return (
    <OrganizationPageFrame title={title} error={data ? undefined : error} onRetry={refetch} loading={!data}>
      {data && (
        <QuestionSettingsEditor
          channel={channel}
          saved={data.questions[channel]}
          // any branch may offer any receive method: the organisation's questions must serve them all
          enabledReceiveMethods={ReceiveMethodSchema.options}
          businessHours={hours.data}
          intro={`${CHANNELS[channel].intro}「本部の設定を使う」店舗すべてに使われます。`}
          onSave={async (questions) =>
            (await save({ ...data, questions: { ...data.questions, [channel]: questions } }).unwrap()).questions[
              channel
            ]
          }
        />
      )}
    </OrganizationPageFrame>
  );
}

const CHANNEL_TITLES: Record<QuestionChannel, string> = { reception: "受付時の質問", reserved: "予約来局時の質問" };

/** The branch's questions, or its organisation's (read-only here) until the admin keeps the branch's own. */
function BranchQuestions({
  channel,
  settings,
  businessHours,
}: Omit<EditorProps, "saved" | "onSave" | "enabledReceiveMethods" | "intro"> & { settings: AppSettings }) {
  const { message, modal } = App.useApp();
  const [own, setOwn] = useState(settings.ownQuestions);
  const [updateAppSettings] = useUpdateAppSettingsMutation();

  function chooseOrganization() {
    modal.confirm({
      title: "本部の質問に戻しますか？",
      content: "この店舗で変更した受付時・予約来局時の質問は使われなくなり、本部が決めた質問になります。",
      okText: "本部の設定を使う",
      cancelText: "キャンセル",
      async onOk() {
        try {
          await updateAppSettings({ ...settings, ownQuestions: false }).unwrap();
          setOwn(false);
          void message.success("本部の質問を使うようにしました");
        } catch (caught) {
          void message.error(apiErrorMessage(caught));
        }
      },
    });
  }

  const editor = (
    <QuestionSettingsEditor
      // a new start whenever the choice or the questions it shows change (the organisation's arrive after the switch)
      key={`${own} ${JSON.stringify(settings.questions[channel])}`}
      channel={channel}
      saved={settings.questions[channel]}
      enabledReceiveMethods={settings.enabledReceiveMethods}
      businessHours={businessHours}
      intro={CHANNELS[channel].intro}
      readOnly={!own}
      // choosing the branch's own is a change to save, even before a question is touched
      unsavedChoice={own && !settings.ownQuestions}
      onSave={async (questions) => {
        const result = await updateAppSettings({
          ...settings,
          ownQuestions: true,
          questions: { ...settings.questions, [channel]: questions },
        }).unwrap();
        return result.questions[channel];
      }}
    />
  );
  return (
    <Flex vertical gap={16}>
      <OrganizationChoice
        own={own}
        subject="受付時・予約来局時の質問"
        onChange={(next) => (next ? setOwn(true) : settings.ownQuestions ? chooseOrganization() : setOwn(false))}
      />
      {own ? editor : <ConfigProvider componentDisabled>{editor}</ConfigProvider>}
    </Flex>
  );
}

interface EditorProps {
  channel: QuestionChannel;
  saved: QuestionSetting[];
  enabledReceiveMethods: readonly ReceiveMethod[];
  businessHours?: BusinessHours | undefined;
  intro: string;
  readOnly?: boolean;
  unsavedChoice?: boolean;
  /** Saves the channel's questions; what was saved. */
  onSave: (questions: QuestionSetting[]) => Promise<QuestionSetting[]>;
}

function QuestionSettingsEditor(props: EditorProps) {
  const { channel, saved, enabledReceiveMethods, businessHours, intro, readOnly, unsavedChoice, onSave } = props;
  const { message } = App.useApp();
  const essential = essentialReservedQuestions(enabledReceiveMethods);
  const [questions, setQuestions] = useState(() => normalizeQuestionSettings(saved));
  const [previewKey, setPreviewKey] = useState<QuestionKey | null>(() => questions.find((q) => q.enabled)?.key ?? null);
  const [saveError, setSaveError] = useState<SaveError | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = !readOnly && (unsavedChoice || !sameQuestions(questions, saved));
  const guard = useUnsavedChangesGuard(dirty);
  const warnings = questionWarnings(questions);
  const enabledCount = questions.filter((question) => question.enabled).length;

  function update(next: QuestionSetting[]) {
    setQuestions(next);
    setSaveError(null);
  }

  async function handleSave() {
    setSaveError(null);
    setSaving(true);
    try {
      setQuestions(normalizeQuestionSettings(await onSave(questions)));
    } catch (error) {
      setSaveError({ error, details: apiValidationIssues(error).map((issue) => issue.message) });
      return;
    } finally {
      setSaving(false);
    }
    void message.success(CHANNELS[channel].saved);
  }

  return (
    <Flex vertical gap={16}>
      {guard}
      <Typography.Paragraph style={{ margin: 0 }}>{intro}</Typography.Paragraph>
      <Card
        title={`質問一覧（表示する質問 ${enabledCount} / ${questions.length}）`}
        classNames={{ body: styles.listBody }}
      >
        <ol className={styles.list}>
          {questions.map((question, index) => (
            <QuestionRow
              locked={channel === "reserved" && essential.includes(question.key)}
              readOnly={readOnly}
              key={question.key}
              question={question}
              position={index + 1}
              isFirst={index === 0}
              isLast={index === questions.length - 1}
              warning={warnings[question.key] && QUESTION_WARNINGS[warnings[question.key]!][question.key]}
              previewOpen={previewKey === question.key}
              onTogglePreview={() => setPreviewKey((current) => (current === question.key ? null : question.key))}
              onChange={(change) => update(updateQuestion(questions, question.key, change))}
              onMove={(direction) => update(moveQuestion(questions, question.key, direction))}
              preview={
                <QuestionPreview
                  questionKey={question.key}
                  required={question.required}
                  enabledReceiveMethods={enabledReceiveMethods}
                  businessHours={businessHours}
                />
              }
            />
          ))}
        </ol>
      </Card>
      <SaveErrorAlert saveError={saveError} />
      {!readOnly && (
        <SaveBar
          dirty={dirty}
          saving={saving}
          onReset={() => update(normalizeQuestionSettings(saved))}
          onSave={handleSave}
        />
      )}
    </Flex>
  );
}

interface QuestionRowProps {
  question: QuestionSetting;
  /** A question the web reception cannot do without: always shown and required. */
  locked: boolean;
  /** The organisation's questions on a branch that uses them: shown, not changed here. */
  readOnly?: boolean | undefined;
  position: number;
  isFirst: boolean;
  isLast: boolean;
  warning?: string;
  previewOpen: boolean;
  onTogglePreview: () => void;
  onChange: (change: Partial<Pick<QuestionSetting, "enabled" | "required">>) => void;
  onMove: (direction: -1 | 1) => void;
  preview: ReactNode;
}

function QuestionRow(props: QuestionRowProps) {
  const {
    question,
    locked,
    readOnly,
    position,
    isFirst,
    isLast,
    warning,
    previewOpen,
    onTogglePreview,
    onChange,
    onMove,
    preview,
  } = props;
  const text = QUESTION_TEXT[question.key];
  const condition = CONDITION_NOTES[question.key];
  const choiceNote = CHOICE_NOTES[question.key];
  const previewId = `question-preview-${question.key}`;
  return (
    <li
      className={question.enabled ? styles.row : `${styles.row} ${styles.off}`}
      aria-label={text.label}
      data-question={question.key}
    >
      <div className={styles.main}>
        <span className={styles.position} aria-hidden>
          {position}
        </span>
        <div className={styles.text}>
          <div className={styles.label}>{text.label}</div>
          <div className={styles.prompt}>{text.prompt}</div>
          {condition && (
            <div className={styles.note}>
              <InfoCircleOutlined aria-hidden /> {condition}
            </div>
          )}
          {choiceNote && <div className={styles.note}>{choiceNote}</div>}
          {locked && (
            <div className={styles.note}>
              <LockOutlined aria-hidden /> Web受付に欠かせない質問のため、表示・必須のままです。
            </div>
          )}
          {warning && question.enabled && (
            <div className={styles.warning} role="note">
              <WarningFilled aria-hidden /> {warning}
            </div>
          )}
        </div>
        <div className={styles.controls}>
          <label className={styles.toggle}>
            <Switch
              checked={question.enabled}
              disabled={readOnly || locked}
              onChange={(enabled) => onChange({ enabled })}
              aria-label={`${text.label}を表示する`}
            />
            <span>表示</span>
          </label>
          <label className={question.enabled ? styles.toggle : `${styles.toggle} ${styles.toggleDisabled}`}>
            <Switch
              checked={question.required}
              disabled={readOnly || locked || !question.enabled}
              onChange={(required) => onChange({ required })}
              aria-label={`${text.label}を必須にする`}
            />
            <span>必須</span>
          </label>
          <Flex gap={4}>
            <Button
              icon={<ArrowUpOutlined aria-hidden />}
              aria-label={`${text.label}を上へ`}
              disabled={readOnly || isFirst}
              onClick={() => onMove(-1)}
            />
            <Button
              icon={<ArrowDownOutlined aria-hidden />}
              aria-label={`${text.label}を下へ`}
              disabled={readOnly || isLast}
              onClick={() => onMove(1)}
            />
          </Flex>
        </div>
      </div>
      <Button
        type="link"
        className={styles.previewToggle}
        icon={previewOpen ? <DownOutlined aria-hidden /> : <RightOutlined aria-hidden />}
        aria-expanded={previewOpen}
        aria-controls={previewId}
        onClick={onTogglePreview}
      >
        プレビュー
      </Button>
      {previewOpen && (
        <div id={previewId} className={styles.previewArea}>
          {preview}
        </div>
      )}
    </li>
  );
}
