import { usePatientText } from "../../../lib/i18n/use-patient-text";
import { CameraOutlined, FolderOpenOutlined } from "@ant-design/icons";
import { Button, Flex } from "antd";
import { useRef, type ChangeEvent } from "react";
import type { PrescriptionScans } from "./use-prescription-scans";
import styles from "./counter-flow.module.css";

const ACCEPT = "image/*,application/pdf";

function takeFiles(event: ChangeEvent<HTMLInputElement>): File[] {
  const chosen = Array.from(event.target.files ?? []);
  // Cleared so that choosing the same file again still fires a change.
  event.target.value = "";
  return chosen;
}

/**
 * 「処方箋を撮影」 (the camera) and, off the kiosk, 「画像・PDFを選ぶ」 (the tablet's files); with the
 * camera input 「撮り直す」 opens.
 */
export function ScanPickers({ scans, kiosk }: { scans: PrescriptionScans; kiosk: boolean }) {
  const cameraInput = useRef<HTMLInputElement>(null);
  const chooseInput = useRef<HTMLInputElement>(null);
  const { retakeInput } = scans;
  const { r } = usePatientText();

  return (
    <Flex gap={16} wrap>
      <Button
        type="primary"
        className={styles.bigAction}
        icon={<CameraOutlined aria-hidden />}
        onClick={() => cameraInput.current?.click()}
      >
        {r("counter.takePhoto")}
      </Button>
      {!kiosk && (
        <Button
          className={styles.bigAction}
          icon={<FolderOpenOutlined aria-hidden />}
          onClick={() => chooseInput.current?.click()}
        >
          {r("counter.chooseFile")}
        </Button>
      )}
      <input
        ref={cameraInput}
        type="file"
        accept={ACCEPT}
        capture="environment"
        hidden
        onChange={(event) => void scans.add(takeFiles(event))}
        data-testid="camera-input"
      />
      {!kiosk && (
        <input
          ref={chooseInput}
          type="file"
          accept={ACCEPT}
          multiple
          hidden
          onChange={(event) => void scans.add(takeFiles(event))}
          data-testid="file-input"
        />
      )}
      <input
        ref={retakeInput}
        type="file"
        accept={ACCEPT}
        capture="environment"
        hidden
        onChange={(event) => void scans.retake(takeFiles(event)[0])}
      />
    </Flex>
  );
}
