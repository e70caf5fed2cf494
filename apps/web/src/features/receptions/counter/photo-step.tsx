import {
  ArrowRightOutlined,
  CameraOutlined,
  CheckCircleFilled,
  DeleteOutlined,
  ExclamationCircleFilled,
  FileImageOutlined,
  FilePdfOutlined,
  FolderOpenOutlined,
  RedoOutlined,
  ReloadOutlined,
} from "@ant-design/icons";
import { FILE_TOO_LARGE_MESSAGE, MAX_FILE_BYTES } from "@pharmacy/contract/files";
import { App, Button, Flex, Spin, Typography } from "antd";
import { useRef, useState, type ChangeEvent } from "react";
import { useAppDispatch, useAppSelector } from "../../../lib/store-hooks";
import { apiErrorMessage, apiErrorStatus } from "../../../lib/api-error";
import { downscaleImage } from "../../../lib/downscale-image";
import { randomUuid } from "../../../lib/random-uuid";
import { kioskErrorMessage } from "../kiosk/kiosk-error";
import { useRemovePrescriptionMutation, useUploadPrescriptionFileMutation } from "../api";
import {
  scanAdded,
  scanRemoved,
  scanRetaken,
  selectScannedPrescriptions,
  selectUploadsFailed,
  selectUploadsPending,
  uploadFailed,
  uploadRetried,
  uploadSucceeded,
  type ScannedPrescription,
} from "../scanned-prescriptions-slice";
import type { ScanFiles } from "./scan-files";
import styles from "./counter-flow.module.css";

const ACCEPT = "image/*,application/pdf";

interface PhotoStepProps {
  receptionId: string;
  /** The pictures themselves (kept for a retry), with their thumbnail URLs. */
  files: ScanFiles;
  nextLoading: boolean;
  onNext: () => void;
  /** The counter kiosk: patients get the camera only, not a chooser of the tablet's own files. */
  kiosk: boolean;
}

function kindOf(file: File): ScannedPrescription["kind"] {
  return file.type === "application/pdf" ? "pdf" : "image";
}

/** Browsers draw these; a HEIC picture is listed with an icon instead. */
function canPreview(file: File): boolean {
  return ["image/jpeg", "image/png", "image/webp", "image/gif"].includes(file.type);
}

/** 「処方箋を撮影」: each picture is uploaded at once and listed, with retake and remove. */
export function PhotoStep({ receptionId, files, nextLoading, onNext, kiosk }: PhotoStepProps) {
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectScannedPrescriptions);
  const pending = useAppSelector(selectUploadsPending);
  const failed = useAppSelector(selectUploadsFailed);
  const [uploadFile] = useUploadPrescriptionFileMutation();
  const [removePrescription] = useRemovePrescriptionMutation();
  const [busyId, setBusyId] = useState<string | null>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const chooseInput = useRef<HTMLInputElement>(null);
  const retakeInput = useRef<HTMLInputElement>(null);
  const retakeTarget = useRef<string | null>(null);

  async function send(id: string, file: File) {
    if (file.size > MAX_FILE_BYTES) {
      dispatch(uploadFailed({ id, message: FILE_TOO_LARGE_MESSAGE }));
      return;
    }
    try {
      const result = await uploadFile({ file, receptionId }).unwrap();
      dispatch(uploadSucceeded({ id, fileId: result.file.id, prescriptionId: result.prescription?.prescriptionId }));
    } catch (caught) {
      dispatch(uploadFailed({ id, message: kiosk ? kioskErrorMessage(caught) : apiErrorMessage(caught) }));
    }
  }

  function picture(id: string, file: File) {
    const previewUrl = canPreview(file) ? URL.createObjectURL(file) : undefined;
    files.set(id, { file, previewUrl });
    return { id, fileName: file.name, kind: kindOf(file), previewUrl };
  }

  function takeFiles(event: ChangeEvent<HTMLInputElement>): File[] {
    const chosen = Array.from(event.target.files ?? []);
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = "";
    return chosen;
  }

  async function handleAdd(event: ChangeEvent<HTMLInputElement>) {
    for (const taken of takeFiles(event)) {
      const id = randomUuid();
      // Made smaller first (long side 2,400 px): a tablet's 12-megapixel photo uploads in a fraction of the time.
      const file = await downscaleImage(taken);
      dispatch(scanAdded(picture(id, file)));
      void send(id, file);
    }
  }

  /** Takes the prescription off the reception on the server (when it got there), before a retake or removal. */
  async function detach(item: ScannedPrescription): Promise<boolean> {
    if (!item.prescriptionId) return true;
    try {
      await removePrescription({ id: receptionId, prescriptionId: item.prescriptionId }).unwrap();
      return true;
    } catch (caught) {
      if (apiErrorStatus(caught) === 404) return true;
      void message.error(apiErrorMessage(caught));
      return false;
    }
  }

  async function handleRetake(event: ChangeEvent<HTMLInputElement>) {
    const [taken] = takeFiles(event);
    const item = items.find((candidate) => candidate.id === retakeTarget.current);
    retakeTarget.current = null;
    if (!taken || !item) return;
    setBusyId(item.id);
    try {
      if (!(await detach(item))) return;
      const file = await downscaleImage(taken);
      files.release(item.id);
      dispatch(scanRetaken(picture(item.id, file)));
      void send(item.id, file);
    } finally {
      setBusyId(null);
    }
  }

  async function handleRemove(item: ScannedPrescription) {
    setBusyId(item.id);
    try {
      if (!(await detach(item))) return;
      files.release(item.id);
      dispatch(scanRemoved(item.id));
    } finally {
      setBusyId(null);
    }
  }

  function handleRetry(item: ScannedPrescription) {
    const entry = files.get(item.id);
    if (!entry) return;
    dispatch(uploadRetried(item.id));
    void send(item.id, entry.file);
  }

  return (
    <Flex vertical gap={24} className={styles.step}>
      <Flex vertical gap={4}>
        <Typography.Title level={2} className={styles.prompt}>
          処方箋を撮影してください
        </Typography.Title>
        <Typography.Text className={styles.note}>
          処方箋が複数枚ある場合は、1枚ずつ撮影してください。処方箋をお持ちでない場合は「次へ」を押してください。
        </Typography.Text>
      </Flex>

      <Flex gap={16} wrap>
        <Button
          type="primary"
          className={styles.bigAction}
          icon={<CameraOutlined aria-hidden />}
          onClick={() => cameraInput.current?.click()}
        >
          処方箋を撮影
        </Button>
        {!kiosk && (
          <Button
            className={styles.bigAction}
            icon={<FolderOpenOutlined aria-hidden />}
            onClick={() => chooseInput.current?.click()}
          >
            画像・PDFを選ぶ
          </Button>
        )}
        <input
          ref={cameraInput}
          type="file"
          accept={ACCEPT}
          capture="environment"
          hidden
          onChange={(event) => void handleAdd(event)}
          data-testid="camera-input"
        />
        {!kiosk && (
          <input
            ref={chooseInput}
            type="file"
            accept={ACCEPT}
            multiple
            hidden
            onChange={(event) => void handleAdd(event)}
            data-testid="file-input"
          />
        )}
        <input
          ref={retakeInput}
          type="file"
          accept={ACCEPT}
          capture="environment"
          hidden
          onChange={(event) => void handleRetake(event)}
        />
      </Flex>

      <section aria-label="撮影した処方箋">
        {items.length === 0 ? (
          <div className={styles.emptyScans}>
            <FileImageOutlined aria-hidden className={styles.emptyIcon} />
            <span>まだ撮影されていません</span>
          </div>
        ) : (
          <ul className={styles.scanList}>
            {items.map((item, index) => (
              <li key={item.id} className={styles.scanItem} data-status={item.status}>
                <div className={styles.scanThumb}>
                  {item.previewUrl ? (
                    <img src={item.previewUrl} alt={`処方箋 ${index + 1}`} />
                  ) : item.kind === "pdf" ? (
                    <FilePdfOutlined aria-hidden className={styles.scanIcon} />
                  ) : (
                    <FileImageOutlined aria-hidden className={styles.scanIcon} />
                  )}
                </div>
                <div className={styles.scanBody}>
                  <div className={styles.scanTitle}>{`処方箋 ${index + 1}`}</div>
                  <ScanStatusLine item={item} />
                  <Flex gap={8} wrap className={styles.scanActions}>
                    {item.status === "failed" && (
                      <Button icon={<ReloadOutlined aria-hidden />} onClick={() => handleRetry(item)}>
                        再送信
                      </Button>
                    )}
                    <Button
                      icon={<RedoOutlined aria-hidden />}
                      disabled={item.status === "uploading" || busyId !== null}
                      loading={busyId === item.id}
                      onClick={() => {
                        retakeTarget.current = item.id;
                        retakeInput.current?.click();
                      }}
                    >
                      撮り直す
                    </Button>
                    <Button
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      disabled={item.status === "uploading" || busyId !== null}
                      onClick={() => void handleRemove(item)}
                    >
                      削除
                    </Button>
                  </Flex>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Flex justify="flex-end" align="center" gap={16} className={styles.footer}>
        {failed && !pending && (
          <Typography.Text type="danger">
            送信できなかった処方箋があります。再送信するか削除してください。
          </Typography.Text>
        )}
        <Button
          type="primary"
          size="large"
          className={styles.nextButton}
          icon={<ArrowRightOutlined aria-hidden />}
          iconPlacement="end"
          disabled={pending || failed || busyId !== null}
          loading={nextLoading}
          onClick={onNext}
        >
          次へ
        </Button>
      </Flex>
    </Flex>
  );
}

function ScanStatusLine({ item }: { item: ScannedPrescription }) {
  if (item.status === "uploading") {
    return (
      <Flex align="center" gap={8} className={styles.scanStatus}>
        <Spin size="small" />
        <span>送信中…</span>
      </Flex>
    );
  }
  if (item.status === "uploaded") {
    return (
      <Flex align="center" gap={8} className={styles.scanStatus}>
        <CheckCircleFilled aria-hidden className={styles.okIcon} />
        <span>送信しました</span>
      </Flex>
    );
  }
  return (
    <Flex align="flex-start" gap={8} className={styles.scanStatus} role="alert">
      <ExclamationCircleFilled aria-hidden className={styles.errorIcon} />
      <Typography.Text type="danger">{item.errorMessage}</Typography.Text>
    </Flex>
  );
}
