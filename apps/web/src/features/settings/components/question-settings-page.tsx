import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DownOutlined,
  InfoCircleOutlined,
  LockOutlined,
  RightOutlined,
  WarningFilled,
} from "@ant-design/icons";
import type { QuestionKey } from "@pharmacy/contract/shared/enums";
import { QUESTION_TEXT } from "@pharmacy/contract/receptions/question-labels";
import {
  essentialReservedQuestions,
  type AppSettings,
  type BusinessHours,
  type QuestionSetting,
} from "@pharmacy/contract/settings/settings";
import { App, Button, Card, Flex, Switch, Typography } from "antd";
import { useState, type ReactNode } from "react";
import { apiValidationIssues } from "../../../components/api-form-errors";
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
      {data && <QuestionSettingsEditor channel={channel} settings={data} businessHours={hours.data} />}
    </SettingsPageFrame>
  );
}

interface EditorProps {
  channel: QuestionChannel;
  settings: AppSettings;
  businessHours?: BusinessHours;
}

function QuestionSettingsEditor({ channel, settings, businessHours }: EditorProps) {
  const { message } = App.useApp();
  const saved = settings.questions[channel];
  const essential = essentialReservedQuestions(settings.enabledReceiveMethods);
  const [questions, setQuestions] = useState(() => normalizeQuestionSettings(saved));
  const [previewKey, setPreviewKey] = useState<QuestionKey | null>(() => questions.find((q) => q.enabled)?.key ?? null);
  const [saveError, setSaveError] = useState<SaveError | null>(null);
  const [updateAppSettings, { isLoading: saving }] = useUpdateAppSettingsMutation();
  const dirty = !sameQuestions(questions, saved);
  const guard = useUnsavedChangesGuard(dirty);
  const warnings = questionWarnings(questions);
  const enabledCount = questions.filter((question) => question.enabled).length;

  function update(next: QuestionSetting[]) {
    setQuestions(next);
    setSaveError(null);
  }

  async function handleSave() {
    setSaveError(null);
    try {
      const result = await updateAppSettings({
        ...settings,
        questions: { ...settings.questions, [channel]: questions },
      }).unwrap();
      setQuestions(normalizeQuestionSettings(result.questions[channel]));
    } catch (error) {
      setSaveError({ error, details: apiValidationIssues(error).map((issue) => issue.message) });
      return;
    }
    void message.success(CHANNELS[channel].saved);
  }

  return (
    <Flex vertical gap={16}>
      {guard}
      <Typography.Paragraph style={{ margin: 0 }}>{CHANNELS[channel].intro}</Typography.Paragraph>
      <Card
        title={`質問一覧（表示する質問 ${enabledCount} / ${questions.length}）`}
        classNames={{ body: styles.listBody }}
      >
        <ol className={styles.list}>
          {questions.map((question, index) => (
            <QuestionRow
              locked={channel === "reserved" && essential.includes(question.key)}
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
                  enabledReceiveMethods={settings.enabledReceiveMethods}
                  businessHours={businessHours}
                />
              }
            />
          ))}
        </ol>
      </Card>
      <SaveErrorAlert saveError={saveError} />
      <SaveBar
        dirty={dirty}
        saving={saving}
        onReset={() => update(normalizeQuestionSettings(saved))}
        onSave={handleSave}
      />
    </Flex>
  );
}

interface QuestionRowProps {
  question: QuestionSetting;
  /** A question the web reception cannot do without: always shown and required. */
  locked: boolean;
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
              disabled={locked}
              onChange={(enabled) => onChange({ enabled })}
              aria-label={`${text.label}を表示する`}
            />
            <span>表示</span>
          </label>
          <label className={question.enabled ? styles.toggle : `${styles.toggle} ${styles.toggleDisabled}`}>
            <Switch
              checked={question.required}
              disabled={locked || !question.enabled}
              onChange={(required) => onChange({ required })}
              aria-label={`${text.label}を必須にする`}
            />
            <span>必須</span>
          </label>
          <Flex gap={4}>
            <Button
              icon={<ArrowUpOutlined aria-hidden />}
              aria-label={`${text.label}を上へ`}
              disabled={isFirst}
              onClick={() => onMove(-1)}
            />
            <Button
              icon={<ArrowDownOutlined aria-hidden />}
              aria-label={`${text.label}を下へ`}
              disabled={isLast}
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
