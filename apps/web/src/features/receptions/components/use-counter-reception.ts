import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { App } from "antd";
import { useState } from "react";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { useGetAppSettingsQuery, useGetBusinessHoursQuery } from "../../../lib/settings/settings-api";
import { useCreateReceptionMutation } from "../api";

/** 「受付する」: makes a reception and holds it while the counter flow is open. */
export function useCounterReception() {
  const { message } = App.useApp();
  // Loaded ahead, so the counter flow opens without waiting.
  useGetAppSettingsQuery();
  useGetBusinessHoursQuery();
  const [createReception, { isLoading: creating }] = useCreateReceptionMutation();
  const [counterReception, setCounterReception] = useState<Reception | null>(null);

  return {
    counterReception,
    creating,
    async start() {
      try {
        setCounterReception(await createReception().unwrap());
      } catch (caught) {
        void message.error(apiErrorMessage(caught));
      }
    },
    finish() {
      setCounterReception(null);
    },
  };
}
