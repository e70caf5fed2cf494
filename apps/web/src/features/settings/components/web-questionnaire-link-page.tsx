import { CopyOutlined, SyncOutlined } from "@ant-design/icons";
import { ExternalUrlSchema, type Pharmacy } from "@pharmacy/contract/pharmacy";
import { App, Button, Card, Flex, Form, Input, Typography } from "antd";
import { useState } from "react";
import { showApiIssuesOnForm } from "../../../components/api-form-errors";
import { apiErrorMessage } from "../../../lib/api-error";
import { zodRule } from "../../../lib/zod-rule";
import { useGetPharmacyQuery, useRotatePublicSlugMutation, useUpdatePharmacyMutation } from "../../../lib/pharmacy-api";
import { publicReceptionUrl } from "../format";
import { useFormDirty } from "../hooks/use-form-dirty";
import { useUnsavedChangesGuard } from "../hooks/use-unsaved-changes-guard";
import { QrCard } from "./qr-card";
import { SaveBar } from "./save-bar";
import { SaveErrorAlert, type SaveError } from "./save-error-alert";
import { SettingsPageFrame } from "./settings-page-frame";

export function WebQuestionnaireLinkPage() {
  const { data, error, isLoading, refetch } = useGetPharmacyQuery();
  return (
    <SettingsPageFrame pageKey="web-questionnaire-link" loading={isLoading} error={data ? undefined : error} onRetry={refetch}>
      {data && (
        <Flex vertical gap={16}>
          <PublicLinkCard pharmacy={data} />
          <ExternalQuestionnaireForm pharmacy={data} />
        </Flex>
      )}
    </SettingsPageFrame>
  );
}

function PublicLinkCard({ pharmacy }: { pharmacy: Pharmacy }) {
  const { message, modal } = App.useApp();
  const [rotatePublicSlug, { isLoading: rotating }] = useRotatePublicSlugMutation();
  const url = publicReceptionUrl(pharmacy.publicSlug, window.location.origin);

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(url);
      void message.success("コピーしました");
    } catch {
      void message.error("コピーできませんでした。URLを長押しまたは選択してコピーしてください。");
    }
  }

  function handleRotate() {
    modal.confirm({
      title: "新しいURLを発行しますか？",
      content: (
        <>
          <p>今のURLと、これまでに印刷・掲示したQRコードは使えなくなります。</p>
          <p style={{ marginBottom: 0 }}>発行後は、店頭や店舗のホームページのQRコードを新しいものに差し替えてください。</p>
        </>
      ),
      okText: "新しいURLを発行する",
      okButtonProps: { danger: true },
      cancelText: "やめる",
      onOk: async () => {
        try {
          await rotatePublicSlug().unwrap();
          void message.success("新しいURLを発行しました");
        } catch (error) {
          void message.error(apiErrorMessage(error));
        }
      },
    });
  }

  return (
    <Card title="Web受付のURL・QRコード">
      <Typography.Paragraph>
        患者さまが事前に処方箋の写真を送れるページです。QRコードを店頭に掲示したり、店舗のホームページにURLを載せたりしてご案内ください。
      </Typography.Paragraph>
      <QrCard
        url={url}
        title="Web受付"
        branchName={pharmacy.name}
        printCaption="スマートフォンのカメラで読み取ると、処方箋の写真を送って受付できます"
        actions={
          <Button type="primary" icon={<CopyOutlined aria-hidden />} onClick={handleCopy}>
            URLをコピー
          </Button>
        }
      />
      <Flex vertical gap={8} style={{ marginTop: 24 }}>
        <Typography.Text type="secondary">
          URLが広まりすぎた場合やいたずらがあった場合は、新しいURLに切り替えられます。
        </Typography.Text>
        <div>
          <Button danger icon={<SyncOutlined aria-hidden />} loading={rotating} onClick={handleRotate}>
            新しいURLを発行
          </Button>
        </div>
      </Flex>
    </Card>
  );
}

interface QuestionnaireValues {
  webQuestionnaireUrl: string;
}

function ExternalQuestionnaireForm({ pharmacy }: { pharmacy: Pharmacy }) {
  const [form] = Form.useForm<QuestionnaireValues>();
  const { message } = App.useApp();
  const [updatePharmacy, { isLoading: saving }] = useUpdatePharmacyMutation();
  const [saveError, setSaveError] = useState<SaveError | null>(null);
  const baseline: QuestionnaireValues = { webQuestionnaireUrl: pharmacy.webQuestionnaireUrl ?? "" };
  const { dirty, onValuesChange, markClean } = useFormDirty(baseline, (values) => values.webQuestionnaireUrl?.trim() ?? "");
  const guard = useUnsavedChangesGuard(dirty);

  async function handleFinish(values: QuestionnaireValues) {
    setSaveError(null);
    try {
      await updatePharmacy({ webQuestionnaireUrl: values.webQuestionnaireUrl?.trim() ?? "" }).unwrap();
    } catch (error) {
      const unmatched = showApiIssuesOnForm(form, error);
      setSaveError({ error, details: unmatched.map((issue) => issue.message) });
      return;
    }
    markClean();
    void message.success("Web問診票のURLを保存しました");
  }

  function handleReset() {
    form.resetFields();
    setSaveError(null);
    markClean();
  }

  return (
    <Card title="Web問診票のURL（外部サービス）">
      {guard}
      <Typography.Paragraph>
        Web問診票のサービスをお使いの場合は、そのURLを登録してください。初めての患者さまが問診票の記入方法で「Web」を選んだときに、このリンクとQRコードを表示します。
      </Typography.Paragraph>
      <Form
        form={form}
        name="web-questionnaire"
        layout="vertical"
        initialValues={baseline}
        onValuesChange={onValuesChange}
        onFinish={handleFinish}
      >
        <Form.Item
          label="Web問診票のURL（任意）"
          name="webQuestionnaireUrl"
          rules={[zodRule(ExternalUrlSchema.optional())]}
          extra="http:// または https:// で始まるURLを入力してください。空欄にして保存すると登録を解除します。"
        >
          <Input type="url" inputMode="url" placeholder="https://example.com/monshin" />
        </Form.Item>
        <Flex vertical gap={16}>
          <SaveErrorAlert saveError={saveError} />
          <SaveBar dirty={dirty} saving={saving} onReset={handleReset} />
        </Flex>
      </Form>
      {pharmacy.webQuestionnaireUrl && (
        <div style={{ marginTop: 24 }}>
          <QrCard
            url={pharmacy.webQuestionnaireUrl}
            title="Web問診票"
            branchName={pharmacy.name}
            printCaption="スマートフォンのカメラで読み取って、問診票にご記入ください"
          />
        </div>
      )}
    </Card>
  );
}
