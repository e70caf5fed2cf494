import { CameraOutlined } from "@ant-design/icons";
import {
  PHOTO_REQUEST_MESSAGE_MAX,
  PHOTO_REQUEST_REASON_LABELS,
  PhotoRequestReasonSchema,
  type CreatePhotoRequestInput,
} from "@pharmacy/contract/receptions/photo-requests";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { App, Button, Form, Input, Modal, Radio } from "antd";
import { useState } from "react";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { useRequestPhotosMutation } from "../api";

/** 写真の再送を依頼: a Web reception's visitor is asked, with a reason, for new photos on their status page. */
export function PhotoRequestButton({ reception }: { reception: Reception }) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<CreatePhotoRequestInput>();
  const [requestPhotos, { isLoading }] = useRequestPhotosMutation();

  async function send(values: CreatePhotoRequestInput) {
    try {
      await requestPhotos({ id: reception.id, ...values, ...(values.message ? {} : { message: undefined }) }).unwrap();
      void message.success("写真の再送を依頼しました。");
      setOpen(false);
      form.resetFields();
    } catch (caught) {
      void message.error(apiErrorMessage(caught));
    }
  }

  if (reception.channel !== "Web" || reception.handedOverAt) return null;
  return (
    <>
      <Button size="large" icon={<CameraOutlined aria-hidden />} onClick={() => setOpen(true)}>
        写真の再送を依頼
      </Button>
      <Modal
        title="写真の再送を依頼"
        open={open}
        okText="依頼する"
        cancelText="キャンセル"
        confirmLoading={isLoading}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={(values) => void send(values)}
          initialValues={{ reason: "Blurry" }}
        >
          <Form.Item name="reason" label="理由" rules={[{ required: true, message: "必須項目です" }]}>
            <Radio.Group
              options={PhotoRequestReasonSchema.options.map((reason) => ({
                value: reason,
                label: PHOTO_REQUEST_REASON_LABELS[reason],
              }))}
              style={{ display: "flex", flexDirection: "column", gap: 8 }}
            />
          </Form.Item>
          <Form.Item name="message" label="患者さまへのメッセージ（任意）">
            <Input.TextArea maxLength={PHOTO_REQUEST_MESSAGE_MAX} showCount rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
