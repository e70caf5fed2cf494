import type { Message } from "../../../lib/i18n/message";
import { usePatientText } from "../../../lib/i18n/use-patient-text";
import { MAX_WEB_PHOTOS } from "@pharmacy/contract/public/public";
import { useRef, useState, type ChangeEvent } from "react";
import { preparePhoto } from "../../../lib/files/photo-codes/photo-codes";
import { addPhotos } from "../photo-check";
import styles from "./photo-picker.module.css";
import { Button, Icon } from "./ui";

interface PhotoPickerProps {
  value: File[];
  onChange: (files: File[]) => void;
  id?: string;
  /** id of the message under the picker (a missing photo), announced with its buttons. */
  describedBy?: string;
}

function isPreviewable(file: File): boolean {
  // Chrome and Android cannot draw HEIC; PDFs get an icon.
  return file.type.startsWith("image/") && !/hei[cf]/i.test(file.type);
}

/** A thumbnail whose object URL lives exactly as long as the <img> (React 19 ref cleanup). */
function Thumbnail({ file, label }: { file: File; label: string }) {
  if (!isPreviewable(file)) {
    return (
      <span className={styles.fileIcon} role="img" aria-label={label}>
        <Icon name="file" />
        <span className={styles.fileName}>{file.name}</span>
      </span>
    );
  }
  return (
    <img
      alt={label}
      className={styles.image}
      ref={(img) => {
        if (!img) return;
        const url = URL.createObjectURL(file);
        img.src = url;
        return () => URL.revokeObjectURL(url);
      }}
    />
  );
}

/**
 * Prescription photos: take one with the camera or pick photos/PDFs, up to 5, each ≤ 10 MB, checked
 * here before anything is sent; photos are made smaller first (long side 2,400 px) so they go up on a slow link.
 */
export function PhotoPicker({ value, onChange, id, describedBy }: PhotoPickerProps) {
  const cameraInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<Message[]>([]);
  const { t, r, mText } = usePatientText();
  const [preparing, setPreparing] = useState(false);
  const full = value.length >= MAX_WEB_PHOTOS;

  async function handlePicked(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    // Cleared so picking the same file again fires a change.
    event.target.value = "";
    if (chosen.length === 0) return;
    setPreparing(true);
    try {
      const prepared = await Promise.all(chosen.map(preparePhoto));
      const result = await addPhotos(value, prepared);
      setRefused(result.refused);
      onChange(result.files);
    } finally {
      setPreparing(false);
    }
  }

  function handleRemove(index: number) {
    setRefused([]);
    onChange(value.filter((_, i) => i !== index));
  }

  return (
    <div id={id} className={styles.picker}>
      <input
        ref={cameraInput}
        type="file"
        accept="image/*,application/pdf"
        capture="environment"
        multiple
        hidden
        onChange={(event) => void handlePicked(event)}
        data-testid="photo-camera-input"
      />
      <input
        ref={fileInput}
        type="file"
        accept="image/*,application/pdf"
        multiple
        hidden
        onChange={(event) => void handlePicked(event)}
        data-testid="photo-file-input"
      />
      <div className={styles.buttons}>
        <Button
          variant="primary"
          icon={<Icon name="camera" />}
          className={styles.button}
          disabled={full}
          loading={preparing}
          aria-describedby={describedBy}
          onClick={() => cameraInput.current?.click()}
        >
          {r("form.camera")}
        </Button>
        <Button
          icon={<Icon name="picture" />}
          className={styles.button}
          disabled={full || preparing}
          aria-describedby={describedBy}
          onClick={() => fileInput.current?.click()}
        >
          {r("form.choose")}
        </Button>
      </div>
      <p className={styles.count} aria-live="polite">
        {t("form.photoCount", { count: value.length, max: MAX_WEB_PHOTOS })}
        {full && t("form.photosFull")}
        {preparing && ` ${t("form.photosPreparing")}`}
      </p>
      {refused.length > 0 && (
        <ul className={styles.rejected} role="alert">
          {refused.map((refusal) => (
            <li key={mText(refusal)}>{mText(refusal)}</li>
          ))}
        </ul>
      )}
      {value.length > 0 && (
        <ul className={styles.thumbs} aria-label={t("form.chosenPhotos")}>
          {value.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}-${index}`} className={styles.thumb}>
              <Thumbnail file={file} label={t("form.photoName", { number: index + 1 })} />
              <button
                type="button"
                className={styles.remove}
                aria-label={t("form.removePhoto", { number: index + 1 })}
                onClick={() => handleRemove(index)}
              >
                <span className={styles.removeCircle}>
                  <Icon name="close" />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
