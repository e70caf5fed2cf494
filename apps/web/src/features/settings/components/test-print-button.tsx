import { PrinterOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, Modal, Spin } from "antd";
import { useRef, useState } from "react";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { TicketFrame, type TicketFrameHandle } from "../../../components/ticket-frame";
import { useGetTestTicketQuery } from "../api";

/** 「テスト印刷」: shows a marked sample ticket with the saved message and prints it, to check the receipt printer. */
export function TestPrintButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="large" icon={<PrinterOutlined aria-hidden />} onClick={() => setOpen(true)}>
        テスト印刷
      </Button>
      <Modal open={open} title="テスト印刷" onCancel={() => setOpen(false)} footer={null} destroyOnHidden width={420}>
        {open && <TestTicket onClose={() => setOpen(false)} />}
      </Modal>
    </>
  );
}

function TestTicket({ onClose }: { onClose: () => void }) {
  const ticket = useGetTestTicketQuery();
  const frame = useRef<TicketFrameHandle>(null);
  return (
    <Flex vertical gap={16} align="center">
      {ticket.data ? (
        <TicketFrame ref={frame} html={ticket.data} />
      ) : ticket.error ? (
        <Alert type="error" showIcon title="受付票を表示できませんでした" description={apiErrorMessage(ticket.error)} />
      ) : (
        <Spin description="受付票を作成中" />
      )}
      <Flex gap={12}>
        <Button size="large" onClick={onClose}>
          閉じる
        </Button>
        <Button
          size="large"
          type="primary"
          icon={<PrinterOutlined aria-hidden />}
          disabled={!ticket.data}
          onClick={() => frame.current?.print()}
        >
          印刷する
        </Button>
      </Flex>
    </Flex>
  );
}
