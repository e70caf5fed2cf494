import { CopyOutlined, SyncOutlined } from "@ant-design/icons";
import { ExternalUrlSchema, isBranchReady, type Pharmacy } from "@pharmacy/contract/pharmacy/pharmacy";
import { Alert, App, Button, Card, Flex, Form, Input, Typography } from "antd";
import { ButtonLink } from "../../../components/button-link";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { zodRule } from "../../../lib/forms/zod-rule";
import {
  useGetPharmacyQuery,
  useRotatePublicSlugMutation,
  useUpdatePharmacyMutation,
} from "../../../lib/pharmacy/pharmacy-api";
import { QrCard } from "./qr-card";
import { SettingsForm } from "./settings-form";
import { SettingsPageFrame } from "./settings-page-frame";
import { UnreachableAddressAlert } from "./unreachable-address-alert";

export function WebQuestionnaireLinkPage() {
  const { data, error, isLoading, refetch } = useGetPharmacyQuery();
  return (
    <SettingsPageFrame
      pageKey="web-questionnaire-link"
      loading={isLoading}
      error={data ? undefined : error}
      onRetry={refetch}
    >
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
  const url = pharmacy.publicUrl;

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
          <p style={{ marginBottom: 0 }}>
            発行後は、店頭や店舗のホームページのQRコードを新しいものに差し替えてください。
          </p>
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
      {!isBranchReady(pharmacy) && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="Web受付のページはまだ公開されていません"
          description="店舗情報（店舗名・住所・電話番号）を設定すると公開されます。それまでQRコードを読み取ると「準備中」と表示されます。"
          action={<ButtonLink to="/settings/branch-info">店舗情報へ</ButtonLink>}
        />
      )}
      <UnreachableAddressAlert url={url} visitor="phone" />
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
  const [updatePharmacy, { isLoading: saving }] = useUpdatePharmacyMutation();
  const baseline: QuestionnaireValues = { webQuestionnaireUrl: pharmacy.webQuestionnaireUrl ?? "" };

  async function save(values: QuestionnaireValues) {
    await updatePharmacy({ webQuestionnaireUrl: values.webQuestionnaireUrl?.trim() ?? "" }).unwrap();
  }

  return (
    <Card title="Web問診票のURL（外部サービス）">
      <Typography.Paragraph>
        Web問診票のサービスをお使いの場合は、そのURLを登録してください。初めての患者さまが問診票の記入方法で「Web」を選んだときに、このリンクとQRコードを表示します。
      </Typography.Paragraph>
      <SettingsForm
        name="web-questionnaire"
        baseline={baseline}
        comparable={(values) => values.webQuestionnaireUrl?.trim() ?? ""}
        save={save}
        saving={saving}
        savedMessage="Web問診票のURLを保存しました"
      >
        <Form.Item
          label="Web問診票のURL（任意）"
          name="webQuestionnaireUrl"
          rules={[zodRule(ExternalUrlSchema.optional())]}
          extra="http:// または https:// で始まるURLを入力してください。空欄にして保存すると登録を解除します。"
        >
          <Input type="url" inputMode="url" placeholder="https://example.com/monshin" />
        </Form.Item>
      </SettingsForm>
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
