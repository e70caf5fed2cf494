import { usePatientText } from "../../../lib/i18n/use-patient-text";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { App } from "antd";
import { apiErrorMessage, apiErrorStatus } from "../../../lib/api/api-error";
import { useDeleteReceptionMutation } from "../api";

/**
 * 「キャンセル」 on the counter: asks first, then deletes the unfinished reception and closes the flow.
 * `number` is the reception number as shown.
 */
export function useCancelCounterReception(reception: Reception, number: string, onFinished: () => void) {
  const { modal, message } = App.useApp();
  const [deleteReception] = useDeleteReceptionMutation();
  const { t } = usePatientText();

  return function confirmCancel() {
    modal.confirm({
      title: t("counter.cancelTitle"),
      content: t("counter.cancelBody"),
      okText: t("counter.cancelOk"),
      okButtonProps: { danger: true, size: "large" },
      cancelButtonProps: { size: "large" },
      cancelText: t("counter.cancelKeep"),
      centered: true,
      onOk: async () => {
        try {
          // An unconfirmed reception deleted from the counter is recorded as abandoned by the server.
          await deleteReception({ id: reception.id, receptionDate: reception.receptionDate }).unwrap();
        } catch (caught) {
          // Already gone (deleted from another screen): nothing left to cancel.
          if (apiErrorStatus(caught) !== 404) {
            void message.error(apiErrorMessage(caught));
            return;
          }
        }
        void message.info(t("counter.cancelled", { number }));
        onFinished();
      },
    });
  };
}
