// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { webReceptionBody } from "../web-reception";
import { FormNavigation } from "./form-navigation";
import { ja } from "../../../lib/i18n/catalogs/ja";
import { PhotoRequestPanel } from "./photo-request-panel";
import type { WebReceptionFormState } from "./use-web-reception-form";

/*
 * docs/rules.md#notice-and-consent: photos are sent only with the visitor's consent to their use; the
 * send button stays disabled until it is ticked, and the 利用目的 it refers to opens beside it.
 */

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const NOTICE = "処方箋の写真は調剤の準備にのみ使います。";
const consentBox = () => screen.getByRole("checkbox", { name: ja.consent.photoLabel }) as HTMLInputElement;

/** The last step's buttons with the form's consent state, as useWebReceptionForm holds it. */
function LastStep({ sendsPhotos }: { sendsPhotos: boolean }) {
  const [photoConsent, setPhotoConsent] = useState(false);
  const form = {
    index: 3,
    last: true,
    sending: false,
    sendsPhotos,
    photoConsent,
    setPhotoConsent,
    privacyNotice: NOTICE,
    goBack: () => undefined,
  } as unknown as WebReceptionFormState;
  return <FormNavigation form={form} />;
}

describe("consent to the photos' use on the web form", () => {
  it("keeps 「この内容で受付する」 disabled until ticked, and shows the 利用目的 beside it", () => {
    render(<LastStep sendsPhotos />);
    const send = screen.getByRole("button", { name: "この内容で受付する" }) as HTMLButtonElement;
    expect(consentBox().checked).toBe(false);
    expect(send.disabled).toBe(true);
    expect(screen.getByText("個人情報の利用目的")).toBeTruthy();
    expect(screen.getByText(NOTICE)).toBeTruthy();
    fireEvent.click(consentBox());
    expect(send.disabled).toBe(false);
    fireEvent.click(consentBox());
    expect(send.disabled).toBe(true);
  });

  it("is not asked when no photo is sent", () => {
    render(<LastStep sendsPhotos={false} />);
    expect(screen.queryByTestId("photo-consent")).toBeNull();
    expect((screen.getByRole("button", { name: "この内容で受付する" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("travels as photoConsent=true with the photos only", () => {
    const input = { patientName: "ヤマダ", phone: "09012345678", answers: {}, photoCodes: [[]] };
    const photo = new File([new Uint8Array([1])], "a.jpg", { type: "image/jpeg" });
    expect(webReceptionBody({ ...input, photos: [photo], photoConsent: true }).get("photoConsent")).toBe("true");
    expect(webReceptionBody({ ...input, photos: [photo], photoConsent: false }).has("photoConsent")).toBe(false);
    expect(webReceptionBody({ ...input, photos: [], photoCodes: [], photoConsent: true }).has("photoConsent")).toBe(
      false,
    );
  });
});

describe("consent to the photos' use when staff ask for new ones", () => {
  it("keeps 「写真を送る」 disabled until ticked", () => {
    Element.prototype.scrollIntoView = vi.fn();
    render(
      <PhotoRequestPanel
        statusToken={"t".repeat(32)}
        request={{ reason: "Blurry", requestedAt: new Date().toISOString() }}
        privacyNotice={NOTICE}
        onSent={() => undefined}
      />,
    );
    const send = screen.getByRole("button", { name: "写真を送る" }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(screen.getByText(NOTICE)).toBeTruthy();
    fireEvent.click(consentBox());
    expect(send.disabled).toBe(false);
  });
});
