import { businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import type { BusinessHours } from "@pharmacy/contract/settings/settings";
import { App } from "antd";
import { useState } from "react";
import { apiValidationIssues } from "../../../components/api-form-errors";
import { useUpdateBusinessHoursMutation } from "../../../lib/settings/settings-api";
import { businessHoursIssues, issuePathKey, placedServerIssues, sameHours, toEditableHours } from "../business-hours";
import { useUnsavedChangesGuard } from "../hooks/use-unsaved-changes-guard";
import type { SaveError } from "./save-error-alert";

const INVALID_HOURS_MESSAGE = "営業時間の入力内容に誤りがあります。赤字の箇所を確認してください。";

/**
 * The business hours being edited from `saved`: the draft, its messages (the contract's, checked as
 * it changes, and the server's from the last save, placed where they belong), saving and resetting.
 * `errorSelector` finds a shown message, scrolled to when a save is refused before it is sent.
 */
export function useBusinessHoursEditor(saved: BusinessHours, errorSelector: string) {
  const { message } = App.useApp();
  const [draft, setDraft] = useState(() => toEditableHours(saved));
  const [serverIssues, setServerIssues] = useState<Map<string, string[]>>(() => new Map());
  const [saveError, setSaveError] = useState<SaveError | null>(null);
  const [updateBusinessHours, { isLoading: saving }] = useUpdateBusinessHoursMutation();
  const dirty = !sameHours(draft, saved);
  const guard = useUnsavedChangesGuard(dirty);
  const issues = businessHoursIssues(draft);

  function update(next: BusinessHours) {
    setDraft(next);
    setServerIssues(new Map());
    setSaveError(null);
  }

  return {
    draft,
    dirty,
    saving,
    saveError,
    /** The prompt shown when leaving with unsaved changes. */
    guard,
    today: businessDateOf(),
    /** The messages shown at `path` ("weekly", 2, "periods"). */
    messagesAt(...path: (string | number)[]) {
      const key = issuePathKey(path);
      return [...(issues.get(key) ?? []), ...(serverIssues.get(key) ?? [])];
    },
    update,
    async save() {
      setSaveError(null);
      if (issues.size > 0) {
        void message.error(INVALID_HOURS_MESSAGE);
        document.querySelector(errorSelector)?.scrollIntoView({ block: "center" });
        return;
      }
      try {
        const result = await updateBusinessHours(draft).unwrap();
        setDraft(toEditableHours(result));
      } catch (error) {
        const { byPlace, details } = placedServerIssues(apiValidationIssues(error));
        setServerIssues(byPlace);
        setSaveError({ error, details });
        return;
      }
      void message.success("営業時間を保存しました");
    },
    reset() {
      update(toEditableHours(saved));
    },
  };
}

export type BusinessHoursEditorState = ReturnType<typeof useBusinessHoursEditor>;
