import { messageOr } from "../../../lib/i18n/message";
import { usePatientText } from "../../../lib/i18n/use-patient-text";
import { FILE_TOO_LARGE_MESSAGE, MAX_FILE_BYTES } from "@pharmacy/contract/files/file-limits";
import { App } from "antd";
import { useRef, useState } from "react";
import { useAppDispatch, useAppSelector } from "../../../lib/store/store-hooks";
import { apiErrorMessage, apiErrorStatus } from "../../../lib/api/api-error";
import { downscaleImage } from "../../../lib/files/downscale-image";
import { randomUuid } from "../../../lib/browser/random-uuid";
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

function kindOf(file: File): ScannedPrescription["kind"] {
  return file.type === "application/pdf" ? "pdf" : "image";
}

/** Browsers draw these; a HEIC picture is listed with an icon instead. */
function canPreview(file: File): boolean {
  return ["image/jpeg", "image/png", "image/webp", "image/gif"].includes(file.type);
}

/**
 * The counter's scanned prescriptions: each picture is made smaller and uploaded at once, and can be
 * retaken, removed (off the reception on the server too) or sent again after a failure. `files` keeps
 * the pictures themselves for a retry; the list lives in the scanned-prescriptions slice.
 */
export function usePrescriptionScans(receptionId: string, files: ScanFiles, kiosk: boolean) {
  const { message } = App.useApp();
  const { mText } = usePatientText();
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectScannedPrescriptions);
  const pending = useAppSelector(selectUploadsPending);
  const failed = useAppSelector(selectUploadsFailed);
  const [uploadFile] = useUploadPrescriptionFileMutation();
  const [removePrescription] = useRemovePrescriptionMutation();
  const [busyId, setBusyId] = useState<string | null>(null);
  // 「撮り直す」 opens the camera; the picture taken replaces this item.
  const retakeInput = useRef<HTMLInputElement>(null);
  const retakeTarget = useRef<string | null>(null);

  async function send(id: string, file: File) {
    if (file.size > MAX_FILE_BYTES) {
      dispatch(uploadFailed({ id, message: mText(messageOr("errors.tooLarge", FILE_TOO_LARGE_MESSAGE)) }));
      return;
    }
    try {
      const result = await uploadFile({ file, receptionId }).unwrap();
      dispatch(uploadSucceeded({ id, fileId: result.file.id, prescriptionId: result.prescription?.prescriptionId }));
    } catch (caught) {
      dispatch(uploadFailed({ id, message: kiosk ? mText(kioskErrorMessage(caught)) : apiErrorMessage(caught) }));
    }
  }

  function picture(id: string, file: File) {
    const previewUrl = canPreview(file) ? URL.createObjectURL(file) : undefined;
    files.set(id, { file, previewUrl });
    return { id, fileName: file.name, kind: kindOf(file), previewUrl };
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

  return {
    items,
    pending,
    failed,
    /** The item being retaken or removed; the other items wait for it. */
    busyId,
    retakeInput,
    async add(taken: File[]) {
      for (const each of taken) {
        const id = randomUuid();
        // Made smaller first (long side 2,400 px): a tablet's 12-megapixel photo uploads in a fraction of the time.
        const file = await downscaleImage(each);
        dispatch(scanAdded(picture(id, file)));
        void send(id, file);
      }
    },
    startRetake(item: ScannedPrescription) {
      retakeTarget.current = item.id;
      retakeInput.current?.click();
    },
    async retake(taken: File | undefined) {
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
    },
    async remove(item: ScannedPrescription) {
      setBusyId(item.id);
      try {
        if (!(await detach(item))) return;
        files.release(item.id);
        dispatch(scanRemoved(item.id));
      } finally {
        setBusyId(null);
      }
    },
    retry(item: ScannedPrescription) {
      const entry = files.get(item.id);
      if (!entry) return;
      dispatch(uploadRetried(item.id));
      void send(item.id, entry.file);
    },
  };
}

export type PrescriptionScans = ReturnType<typeof usePrescriptionScans>;
