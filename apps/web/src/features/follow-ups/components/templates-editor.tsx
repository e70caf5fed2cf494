import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import {
  FOLLOW_UP_QUESTION_KIND_LABELS,
  FollowUpQuestionKindSchema,
  MAX_FOLLOW_UP_TEMPLATES,
  YES_NO_OPTIONS,
  type FollowUpQuestion,
  type FollowUpTemplate,
} from "@pharmacy/contract/follow-ups/follow-up-templates";
import { Alert, App, Button, Card, Checkbox, Flex, Input, Select, Switch, Tabs, Typography } from "antd";
import { useState } from "react";
import { apiErrorMessage } from "../../../lib/api/api-error";
import {
  canAddQuestion,
  moved,
  newQuestion,
  newTemplate,
  templateIssues,
  withKind,
  withOption,
  withoutOption,
} from "../template-editing";
import styles from "./templates-page.module.css";

interface TemplatesEditorProps {
  saved: readonly FollowUpTemplate[];
  readOnly?: boolean;
  /** Choosing the branch's own is a change to save, even before a template is touched. */
  unsavedChoice?: boolean;
  onSave?: (templates: FollowUpTemplate[]) => Promise<void>;
}

/** The templates as tabs, each a form of its questions; saves the whole list. */
export function TemplatesEditor({ saved, readOnly, unsavedChoice, onSave }: TemplatesEditorProps) {
  const { message } = App.useApp();
  const [templates, setTemplates] = useState<FollowUpTemplate[]>(() => structuredClone([...saved]));
  const [active, setActive] = useState(saved[0]?.id ?? "");
  const [showIssues, setShowIssues] = useState(false);
  const [saving, setSaving] = useState(false);
  const dirty = unsavedChoice || JSON.stringify(templates) !== JSON.stringify(saved);
  const issues = templateIssues(templates);

  const update = (index: number, template: FollowUpTemplate) =>
    setTemplates((current) => current.map((candidate, at) => (at === index ? template : candidate)));

  async function save() {
    if (issues.length > 0) {
      setShowIssues(true);
      return;
    }
    setSaving(true);
    try {
      await onSave?.(templates);
      void message.success("質問票を保存しました");
    } catch (caught) {
      void message.error(apiErrorMessage(caught));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Flex vertical gap={16}>
      {/* beside the tabs, not in antd's tab bar: that is a tablist, whose children may be tabs only */}
      {!readOnly && (
        <Flex justify="flex-end">
          <Button
            icon={<PlusOutlined aria-hidden />}
            disabled={templates.length >= MAX_FOLLOW_UP_TEMPLATES}
            onClick={() => {
              const template = newTemplate(templates);
              setTemplates((current) => [...current, template]);
              setActive(template.id);
            }}
          >
            テンプレートを追加
          </Button>
        </Flex>
      )}
      <Tabs
        activeKey={active}
        onChange={setActive}
        type="card"
        items={templates.map((template, index) => ({
          key: template.id,
          label: template.name || "（名前なし）",
          children: (
            <TemplateForm
              template={template}
              onChange={(next) => update(index, next)}
              onRemove={
                templates.length > 1 && !readOnly
                  ? () => {
                      setTemplates((current) => current.filter((_, at) => at !== index));
                      setActive(templates[index === 0 ? 1 : 0]!.id);
                    }
                  : undefined
              }
            />
          ),
        }))}
      />
      {showIssues && issues.length > 0 && (
        <Alert
          type="error"
          showIcon
          title="保存できません。次の点を直してください。"
          description={
            <ul className={styles.issues}>
              {issues.slice(0, 8).map((issue, index) => (
                <li key={index}>{issue.message}</li>
              ))}
            </ul>
          }
        />
      )}
      {!readOnly && (
        <Flex justify="flex-end" gap={12} className={dirty ? styles.saveBarDirty : undefined}>
          {dirty && <Typography.Text className={styles.unsaved}>保存していない変更があります</Typography.Text>}
          <Button size="large" disabled={!dirty || saving} onClick={() => setTemplates(structuredClone([...saved]))}>
            元に戻す
          </Button>
          <Button type="primary" size="large" loading={saving} disabled={!dirty} onClick={() => void save()}>
            保存する
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

interface TemplateFormProps {
  template: FollowUpTemplate;
  onChange: (template: FollowUpTemplate) => void;
  onRemove?: () => void;
}

function TemplateForm({ template, onChange, onRemove }: TemplateFormProps) {
  const setQuestion = (index: number, question: FollowUpQuestion) =>
    onChange({
      ...template,
      questions: template.questions.map((candidate, at) => (at === index ? question : candidate)),
    });
  return (
    <Flex vertical gap={16}>
      <Flex align="flex-end" gap={12} wrap>
        <label className={styles.field}>
          <span className={styles.label}>テンプレート名</span>
          <Input
            size="large"
            value={template.name}
            maxLength={40}
            onChange={(event) => onChange({ ...template, name: event.target.value })}
          />
        </label>
        {onRemove && (
          <Button danger icon={<DeleteOutlined aria-hidden />} onClick={onRemove}>
            このテンプレートを削除
          </Button>
        )}
      </Flex>
      <ol className={styles.questions}>
        {template.questions.map((question, index) => (
          <li key={question.key}>
            <QuestionCard
              question={question}
              number={index + 1}
              onChange={(next) => setQuestion(index, next)}
              onMove={(step) => onChange({ ...template, questions: moved(template.questions, index, step) })}
              onRemove={
                template.questions.length > 1
                  ? () => onChange({ ...template, questions: template.questions.filter((_, at) => at !== index) })
                  : undefined
              }
              first={index === 0}
              last={index === template.questions.length - 1}
            />
          </li>
        ))}
      </ol>
      <Button
        icon={<PlusOutlined aria-hidden />}
        disabled={!canAddQuestion(template)}
        onClick={() =>
          onChange({ ...template, questions: [...template.questions, newQuestion(template.questions, "yesNo")] })
        }
      >
        質問を追加（8問まで）
      </Button>
    </Flex>
  );
}

interface QuestionCardProps {
  question: FollowUpQuestion;
  number: number;
  onChange: (question: FollowUpQuestion) => void;
  onMove: (step: -1 | 1) => void;
  onRemove?: () => void;
  first: boolean;
  last: boolean;
}

function QuestionCard({ question, number, onChange, onMove, onRemove, first, last }: QuestionCardProps) {
  const answerOptions = question.kind === "yesNo" ? YES_NO_OPTIONS : question.options;
  return (
    <Card
      size="small"
      title={`質問${number}`}
      extra={
        <Flex gap={4}>
          <Button
            type="text"
            icon={<ArrowUpOutlined />}
            aria-label={`質問${number}を上へ`}
            disabled={first}
            onClick={() => onMove(-1)}
          />
          <Button
            type="text"
            icon={<ArrowDownOutlined />}
            aria-label={`質問${number}を下へ`}
            disabled={last}
            onClick={() => onMove(1)}
          />
          {onRemove && (
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`質問${number}を削除`}
              onClick={onRemove}
            />
          )}
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <label className={styles.field}>
          <span className={styles.label}>質問文</span>
          <Input
            value={question.label}
            maxLength={200}
            onChange={(event) => onChange({ ...question, label: event.target.value })}
          />
        </label>
        <Flex gap={16} wrap align="center">
          <label className={styles.inline}>
            <span className={styles.label}>種類</span>
            <Select
              value={question.kind}
              className={styles.kindSelect}
              onChange={(kind) => onChange(withKind(question, kind))}
              options={FollowUpQuestionKindSchema.options.map((kind) => ({
                value: kind,
                label: FOLLOW_UP_QUESTION_KIND_LABELS[kind],
              }))}
            />
          </label>
          <label className={styles.inline}>
            <Switch checked={question.required} onChange={(required) => onChange({ ...question, required })} />
            <span>回答を必須にする</span>
          </label>
          {question.kind === "yesNo" && (
            <label className={styles.inline}>
              <Switch
                checked={question.callRequest}
                onChange={(callRequest) => onChange({ ...question, callRequest })}
              />
              <span>「はい」を電話の希望として扱う</span>
            </label>
          )}
        </Flex>
        {(question.kind === "choice" || question.kind === "symptoms") && (
          <Flex vertical gap={8}>
            <span className={styles.label}>選択肢</span>
            {question.options.map((option, index) => (
              <Flex key={option.value} gap={8}>
                <Input
                  aria-label={`選択肢${index + 1}`}
                  value={option.label}
                  maxLength={40}
                  onChange={(event) =>
                    onChange({
                      ...question,
                      options: question.options.map((candidate) =>
                        candidate.value === option.value ? { ...candidate, label: event.target.value } : candidate,
                      ),
                    })
                  }
                />
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={`選択肢${index + 1}を削除`}
                  disabled={question.options.length <= 2}
                  onClick={() => onChange(withoutOption(question, option.value))}
                />
              </Flex>
            ))}
            <Button
              icon={<PlusOutlined aria-hidden />}
              className={styles.addOption}
              onClick={() => onChange(withOption(question))}
            >
              選択肢を追加
            </Button>
          </Flex>
        )}
        {question.kind !== "text" && (
          <Flex vertical gap={4}>
            <span className={styles.label}>要注意にする回答（薬剤師の一覧で上に出ます）</span>
            <Checkbox.Group
              value={question.alertValues}
              onChange={(values) => onChange({ ...question, alertValues: values })}
              options={answerOptions.map((option) => ({ value: option.value, label: option.label || "（未入力）" }))}
            />
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
