import { App, Flex, Form, type FormInstance } from "antd";
import type { Store } from "antd/es/form/interface";
import { useState, type ReactNode } from "react";
import { showApiIssuesOnForm } from "../../../components/api-form-errors";
import { useFormDirty } from "../hooks/use-form-dirty";
import { useUnsavedChangesGuard } from "../hooks/use-unsaved-changes-guard";
import { SaveBar } from "./save-bar";
import { SaveErrorAlert, type SaveError } from "./save-error-alert";

interface SettingsFormProps<Values extends Store> {
  name: string;
  /** The values as saved; the form starts from them and is dirty while it differs. */
  baseline: Values;
  comparable: (values: Partial<Values>) => unknown;
  /** Sends the values; rejects on failure (its validation issues go onto the fields). */
  save: (values: Values, form: FormInstance<Values>) => Promise<unknown>;
  saving: boolean;
  savedMessage: string;
  scrollToFirstError?: boolean;
  children: ReactNode;
}

/** A settings screen's form: the cards it is given, then the save error and the save bar, with the unsaved-changes guard. */
export function SettingsForm<Values extends Store>({
  name,
  baseline,
  comparable,
  save,
  saving,
  savedMessage,
  scrollToFirstError,
  children,
}: SettingsFormProps<Values>) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saveError, setSaveError] = useState<SaveError | null>(null);
  const { dirty, onValuesChange, markClean } = useFormDirty(baseline, comparable);
  const guard = useUnsavedChangesGuard(dirty);

  async function handleFinish(values: Values) {
    setSaveError(null);
    try {
      await save(values, form);
    } catch (error) {
      const unmatched = showApiIssuesOnForm(form, error);
      setSaveError({ error, details: unmatched.map((issue) => issue.message) });
      return;
    }
    markClean();
    void message.success(savedMessage);
  }

  function handleReset() {
    form.resetFields();
    setSaveError(null);
    markClean();
  }

  return (
    <Form
      form={form}
      name={name}
      layout="vertical"
      initialValues={baseline}
      onValuesChange={onValuesChange}
      onFinish={handleFinish}
      scrollToFirstError={scrollToFirstError ? { block: "center" } : undefined}
    >
      {guard}
      <Flex vertical gap={16}>
        {children}
        <SaveErrorAlert saveError={saveError} />
        <SaveBar dirty={dirty} saving={saving} onReset={handleReset} />
      </Flex>
    </Form>
  );
}
