import type { BusinessHours } from "@pharmacy/contract/settings/settings";
import { Flex } from "antd";
import { useGetBusinessHoursQuery } from "../../../lib/settings/settings-api";
import { ClosedDatesCard } from "./closed-dates-card";
import { HolidaysCard } from "./holidays-card";
import { SaveBar } from "./save-bar";
import { SaveErrorAlert } from "./save-error-alert";
import { SettingsPageFrame } from "./settings-page-frame";
import { useBusinessHoursEditor } from "./use-business-hours-editor";
import { WeeklyHoursCard } from "./weekly-hours-card";
import styles from "./business-hours-page.module.css";

export function BusinessHoursPage() {
  const { data, error, isLoading, refetch } = useGetBusinessHoursQuery();
  return (
    <SettingsPageFrame pageKey="business-hours" loading={isLoading} error={data ? undefined : error} onRetry={refetch}>
      {data && <BusinessHoursEditor saved={data} />}
    </SettingsPageFrame>
  );
}

function BusinessHoursEditor({ saved }: { saved: BusinessHours }) {
  const editor = useBusinessHoursEditor(saved, `.${styles.error}`);
  return (
    <Flex vertical gap={16}>
      {editor.guard}
      <WeeklyHoursCard editor={editor} />
      <HolidaysCard
        today={editor.today}
        openOnHolidays={editor.draft.openOnHolidays}
        onChange={(openOnHolidays) => editor.update({ ...editor.draft, openOnHolidays })}
      />
      <ClosedDatesCard editor={editor} />
      <SaveErrorAlert saveError={editor.saveError} />
      <SaveBar dirty={editor.dirty} saving={editor.saving} onReset={editor.reset} onSave={editor.save} />
    </Flex>
  );
}
