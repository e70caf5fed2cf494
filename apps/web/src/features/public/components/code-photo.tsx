import { useRef, useState, type ChangeEvent, type ReactNode } from "react";
import { usePatientText } from "../../../lib/i18n/use-patient-text";
import { preparePhoto } from "../../../lib/files/photo-codes/photo-codes";
import { Button, Icon } from "./ui";
import styles from "./photo-picker.module.css";

interface CodePhotoProps {
  value: File | undefined;
  onChange: (file: File | undefined) => void;
  /** The button's words: what to photograph. */
  action: ReactNode;
  testId: string;
}

/**
 * One optional photo of a QR code that is not a prescription (docs/rules.md#every-code-a-patient-brings): an お薬手帳 sticker's, so the
 * pharmacist sees the patient's other medicines before they arrive, or an e-prescription 控え's, whose
 * 引換番号 the server reads. Sent with the prescription photos.
 */
export function CodePhoto({ value, onChange, action, testId }: CodePhotoProps) {
  const { t, r } = usePatientText();
  const input = useRef<HTMLInputElement>(null);
  const [preparing, setPreparing] = useState(false);

  async function handlePicked(event: ChangeEvent<HTMLInputElement>) {
    const [chosen] = [...(event.target.files ?? [])];
    event.target.value = "";
    if (!chosen?.type.startsWith("image/")) return;
    setPreparing(true);
    try {
      onChange(await preparePhoto(chosen));
    } finally {
      setPreparing(false);
    }
  }

  return (
    <div className={styles.picker}>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        onChange={(event) => void handlePicked(event)}
        data-testid={testId}
      />
      {value ? (
        <p className={styles.count}>
          {t("form.codeWillSend", { name: value.name })}{" "}
          <Button variant="link" onClick={() => onChange(undefined)}>
            {r("form.codeCancel")}
          </Button>
        </p>
      ) : (
        <Button
          icon={<Icon name="camera" />}
          className={styles.button}
          loading={preparing}
          onClick={() => input.current?.click()}
        >
          {action}
        </Button>
      )}
    </div>
  );
}
