import {
  FaxNumberSchema,
  formatPostalCode,
  PhoneNumberSchema,
  PostalCodeSchema,
  UpdatePharmacySchema,
  type Pharmacy,
} from "@pharmacy/contract/pharmacy/pharmacy";
import { Card, Flex, Form, Input, type FormInstance } from "antd";
import { toHalfWidthNumber } from "../../../components/half-width";
import { zodRule } from "../../../lib/forms/zod-rule";
import { useGetPharmacyQuery, useUpdatePharmacyMutation } from "../../../lib/pharmacy/pharmacy-api";
import { CountedTextArea } from "./counted-text-area";
import { SettingsForm } from "./settings-form";
import { SettingsPageFrame } from "./settings-page-frame";

interface BranchInfoValues {
  name: string;
  postalCode: string;
  address: string;
  phone: string;
  fax: string;
  notice: string;
}

function toValues(pharmacy: Pharmacy): BranchInfoValues {
  return {
    name: pharmacy.name,
    postalCode: formatPostalCode(pharmacy.postalCode),
    address: pharmacy.address,
    phone: pharmacy.phone,
    fax: pharmacy.fax ?? "",
    notice: pharmacy.notice ?? "",
  };
}

function comparable(values: Partial<BranchInfoValues>) {
  const postal = PostalCodeSchema.safeParse(values.postalCode ?? "");
  return {
    name: values.name?.trim() ?? "",
    postalCode: postal.success ? postal.data : (values.postalCode ?? ""),
    address: values.address?.trim() ?? "",
    phone: values.phone?.trim() ?? "",
    fax: values.fax?.trim() ?? "",
    notice: values.notice?.trim() ?? "",
  };
}

const NOTICE_MAX = 500;

export function BranchInfoPage() {
  const { data, error, isLoading, refetch } = useGetPharmacyQuery();
  return (
    <SettingsPageFrame pageKey="branch-info" loading={isLoading} error={data ? undefined : error} onRetry={refetch}>
      {data && <BranchInfoForm pharmacy={data} />}
    </SettingsPageFrame>
  );
}

function BranchInfoForm({ pharmacy }: { pharmacy: Pharmacy }) {
  const [updatePharmacy, { isLoading: saving }] = useUpdatePharmacyMutation();

  async function save(values: BranchInfoValues, form: FormInstance<BranchInfoValues>) {
    const saved = await updatePharmacy({
      name: values.name,
      postalCode: values.postalCode,
      address: values.address,
      phone: values.phone,
      fax: values.fax?.trim() ?? "",
      notice: values.notice ?? "",
    }).unwrap();
    form.setFieldsValue(toValues(saved));
  }

  return (
    <SettingsForm
      name="branch-info"
      baseline={toValues(pharmacy)}
      comparable={comparable}
      save={save}
      saving={saving}
      savedMessage="店舗情報を保存しました"
      scrollToFirstError
    >
      <Card>
        <Form.Item
          label="店舗名"
          name="name"
          validateFirst
          rules={[{ required: true, whitespace: true }, zodRule(UpdatePharmacySchema.shape.name)]}
        >
          <Input autoComplete="organization" maxLength={100} />
        </Form.Item>
        <Form.Item
          label="郵便番号"
          name="postalCode"
          validateFirst
          normalize={toHalfWidthNumber}
          rules={[{ required: true, whitespace: true }, zodRule(PostalCodeSchema)]}
          extra="ハイフンはあってもなくてもかまいません。"
        >
          <Input
            prefix="〒"
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="123-4567"
            style={{ maxWidth: 240 }}
          />
        </Form.Item>
        <Form.Item
          label="住所"
          name="address"
          validateFirst
          rules={[{ required: true, whitespace: true }, zodRule(UpdatePharmacySchema.shape.address)]}
        >
          <Input autoComplete="street-address" maxLength={200} />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item
            label="電話番号"
            name="phone"
            validateFirst
            normalize={toHalfWidthNumber}
            rules={[{ required: true, whitespace: true }, zodRule(PhoneNumberSchema)]}
            style={{ flex: "1 1 240px" }}
          >
            <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="03-1234-5678" />
          </Form.Item>
          <Form.Item
            label="FAX番号（任意）"
            name="fax"
            normalize={toHalfWidthNumber}
            rules={[zodRule(FaxNumberSchema.optional())]}
            style={{ flex: "1 1 240px" }}
          >
            <Input type="tel" inputMode="tel" placeholder="03-1234-5679" />
          </Form.Item>
        </Flex>
        <Form.Item
          label="患者さまへのお知らせ（任意）"
          name="notice"
          rules={[zodRule(UpdatePharmacySchema.shape.notice)]}
          extra="Web受付のページの上部に表示されます。臨時休業や混雑のお知らせなどにお使いください。"
          style={{ marginBottom: 0 }}
        >
          <CountedTextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={NOTICE_MAX} />
        </Form.Item>
      </Card>
    </SettingsForm>
  );
}
