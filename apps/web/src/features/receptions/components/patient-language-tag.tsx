import { DEFAULT_PATIENT_LANGUAGE, japaneseNameOf, type PatientLanguage } from "@pharmacy/contract/shared/languages";
import { Tag } from "antd";

/**
 * 「英語」 beside a reception whose patient reads another language than Japanese (docs/rules.md#every-patient):
 * staff know before they speak, and that the patient's notices go out in it. Nothing for Japanese.
 */
export function PatientLanguageTag({ language, className }: { language: PatientLanguage; className?: string }) {
  if (language === DEFAULT_PATIENT_LANGUAGE) return null;
  return (
    <Tag className={className} color="geekblue" data-testid="patient-language">
      {japaneseNameOf(language)}
    </Tag>
  );
}
