import type { BranchFollowUpTemplates } from "@pharmacy/contract/follow-ups/follow-up-templates";
import { Alert, App, Card, ConfigProvider, Flex, Skeleton, Typography } from "antd";
import { useState } from "react";
import { OrganizationChoice } from "../../../components/organization-choice";
import { OrganizationPageFrame } from "../../../components/organization-page-frame";
import { useAppSelector } from "../../../lib/store/store-hooks";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { can } from "../../../lib/auth/roles";
import { selectUser } from "../../../lib/auth/session";
import { useDocumentTitle } from "../../../lib/browser/use-document-title";
import {
  useGetOrganizationSettingsQuery,
  useSaveOrganizationSettingsMutation,
} from "../../../lib/organization/organization-settings-api";
import {
  useGetFollowUpTemplatesQuery,
  useReturnToOrganizationTemplatesMutation,
  useSaveFollowUpTemplatesMutation,
} from "../api";
import styles from "./templates-page.module.css";
import { TemplatesEditor } from "./templates-editor";
import { LoadErrorAlert } from "../../../components/load-error-alert";

const TEMPLATES_PAGE_TITLE = "フォローアップの質問票";
const TEMPLATES_PAGE_DESCRIPTION =
  "服薬フォローアップで患者さまにお送りする質問と、薬剤師に知らせる回答（要注意）を設定します。";

/** Settings → フォローアップの質問票: the branch's templates (GET/PUT /api/follow_up_templates); admins change them, staff read them. */
export function TemplatesPage() {
  useDocumentTitle(TEMPLATES_PAGE_TITLE);
  const { data, error, refetch } = useGetFollowUpTemplatesQuery();
  const canWrite = can(useAppSelector(selectUser)?.role, "settings.write");
  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={1} className={styles.title}>
          {TEMPLATES_PAGE_TITLE}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className={styles.description}>
          {TEMPLATES_PAGE_DESCRIPTION}
        </Typography.Paragraph>
      </div>
      {error && !data ? (
        <LoadErrorAlert title="質問票を読み込めませんでした" error={error} onRetry={() => void refetch()} />
      ) : !data ? (
        <Card aria-busy="true" aria-label="読み込み中">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : canWrite ? (
        <BranchTemplates key={JSON.stringify(data)} saved={data} />
      ) : (
        <>
          <Alert type="info" showIcon title="質問票の変更は管理者だけが行えます。この画面は閲覧のみです。" />
          <ConfigProvider componentDisabled>
            <TemplatesEditor saved={data.templates} readOnly />
          </ConfigProvider>
        </>
      )}
    </Flex>
  );
}

/** 本部 → フォローアップの質問票: the organisation's templates, used by every branch that keeps none of its own. */
export function OrganizationTemplatesPage() {
  const title = `本部の${TEMPLATES_PAGE_TITLE}`;
  useDocumentTitle(title);
  const { data, error, refetch } = useGetOrganizationSettingsQuery();
  const [save] = useSaveOrganizationSettingsMutation();
  return (
    <OrganizationPageFrame title={title} loading={!data} error={data ? undefined : error} onRetry={refetch}>
      {data && (
        <Flex vertical gap={16}>
          <Typography.Paragraph style={{ margin: 0 }}>
            {TEMPLATES_PAGE_DESCRIPTION}「本部の設定を使う」店舗すべてと、新しく追加する店舗に使われます。
          </Typography.Paragraph>
          <TemplatesEditor
            key={JSON.stringify(data.followUpTemplates)}
            saved={data.followUpTemplates}
            onSave={async (templates) => {
              await save({ ...data, followUpTemplates: templates }).unwrap();
            }}
          />
        </Flex>
      )}
    </OrganizationPageFrame>
  );
}

/** The branch's own templates, or its organisation's (read-only here) until the admin keeps its own. */
function BranchTemplates({ saved }: { saved: BranchFollowUpTemplates }) {
  const { message, modal } = App.useApp();
  const [own, setOwn] = useState(saved.own);
  const [saveTemplates] = useSaveFollowUpTemplatesMutation();
  const [returnToOrganization] = useReturnToOrganizationTemplatesMutation();

  function chooseOrganization() {
    modal.confirm({
      title: "本部の質問票に戻しますか？",
      content:
        "この店舗で変更した質問票は削除され、本部が決めた質問票になります。送信済みのフォローアップはそのままです。",
      okText: "本部の設定を使う",
      cancelText: "キャンセル",
      async onOk() {
        try {
          await returnToOrganization().unwrap();
          void message.success("本部の質問票を使うようにしました");
        } catch (caught) {
          void message.error(apiErrorMessage(caught));
        }
      },
    });
  }

  const editor = (
    <TemplatesEditor
      saved={saved.templates}
      readOnly={!own}
      unsavedChoice={own && !saved.own}
      onSave={async (templates) => {
        await saveTemplates({ templates }).unwrap();
      }}
    />
  );
  return (
    <Flex vertical gap={16}>
      <OrganizationChoice
        own={own}
        subject="フォローアップの質問票"
        onChange={(next) => (next ? setOwn(true) : saved.own ? chooseOrganization() : setOwn(false))}
      />
      {own ? editor : <ConfigProvider componentDisabled>{editor}</ConfigProvider>}
    </Flex>
  );
}
