// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CATALOG_LOADERS } from "../lib/i18n/catalog-loaders";
import { LANGUAGES, languageFromBrowser } from "../lib/i18n/languages";
import { hasCatalog, initialLanguage, showLanguage } from "../lib/i18n/patient-i18n";
import { requestLanguageHeader } from "../lib/i18n/request-language";
import { usePatientText } from "../lib/i18n/use-patient-text";
import { PatientControls } from "./patient-controls";

function Words() {
  const { r } = usePatientText();
  return <p data-testid="words">{r("kiosk.start")}</p>;
}

function renderPage() {
  render(
    <>
      <PatientControls />
      <Words />
    </>,
  );
}

beforeEach(async () => {
  localStorage.clear();
  await showLanguage("ja");
  delete document.documentElement.dataset.textSize;
});
afterEach(cleanup);

describe("the language a patient page opens in", () => {
  it("follows the browser's languages in their order, by region or script where it matters", () => {
    expect(languageFromBrowser(["en-US", "ja"])).toBe("en");
    expect(languageFromBrowser(["de-DE", "vi-VN", "en"])).toBe("vi");
    expect(languageFromBrowser(["zh-TW"])).toBe("zh-Hant");
    expect(languageFromBrowser(["zh-HK"])).toBe("zh-Hant");
    expect(languageFromBrowser(["zh-CN"])).toBe("zh-Hans");
    expect(languageFromBrowser(["zh-Hant-TW"])).toBe("zh-Hant");
    expect(languageFromBrowser(["pt-PT"])).toBe("pt-BR");
    expect(languageFromBrowser(["tl-PH"])).toBe("fil");
    expect(languageFromBrowser(["ne-NP"])).toBe("ne");
    expect(languageFromBrowser(["de", "fr"])).toBe("ja");
    expect(languageFromBrowser([])).toBe("ja");
  });

  it("prefers the language chosen on this device", () => {
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["en-US"]);
    expect(initialLanguage()).toBe("en");
    localStorage.setItem("patient_language", "th");
    expect(initialLanguage()).toBe("th");
    localStorage.setItem("patient_language", "xx");
    expect(initialLanguage()).toBe("en");
  });
});

describe("the language switch", () => {
  it("names every language in itself, each option marked with its language", () => {
    renderPage();
    const options = screen.getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(LANGUAGES.map((language) => language.nativeName));
    expect(options.map((option) => option.getAttribute("lang"))).toEqual(LANGUAGES.map((language) => language.tag));
    expect(screen.getByRole("combobox", { name: /言語 \/ Language/ })).toBeTruthy();
  });

  it("loads only the chosen language, then shows the page in it, remembered on the device and sent to the API", async () => {
    const thai = vi.spyOn(CATALOG_LOADERS, "th");
    const korean = vi.spyOn(CATALOG_LOADERS, "ko");
    renderPage();
    expect(screen.getByTestId("words").textContent).toBe("受付する");
    expect(hasCatalog("th")).toBe(false);

    fireEvent.change(screen.getByTestId("language-select"), { target: { value: "th" } });
    await vi.waitFor(() => expect(screen.getByTestId("words").textContent).toBe("เริ่มรับบริการ"), { timeout: 10_000 });
    expect(thai).toHaveBeenCalledTimes(1);
    expect(korean).not.toHaveBeenCalled();
    expect(document.documentElement.lang).toBe("th");
    expect(localStorage.getItem("patient_language")).toBe("th");
    expect(requestLanguageHeader()).toEqual({ "accept-language": "th" });
    expect(screen.getByRole("button", { name: /ขยายตัวอักษร/ })).toBeTruthy();

    // A language once loaded is not fetched again.
    fireEvent.change(screen.getByTestId("language-select"), { target: { value: "ja" } });
    await vi.waitFor(() => expect(screen.getByTestId("words").textContent).toBe("受付する"), { timeout: 10_000 });
    fireEvent.change(screen.getByTestId("language-select"), { target: { value: "th" } });
    await vi.waitFor(() => expect(screen.getByTestId("words").textContent).toBe("เริ่มรับบริการ"), { timeout: 10_000 });
    expect(thai).toHaveBeenCalledTimes(1);
  });

  it("shows やさしい日本語 with furigana, and sends Japanese after its private tag", async () => {
    renderPage();
    fireEvent.change(screen.getByTestId("language-select"), { target: { value: "ja-x-easy" } });
    await vi.waitFor(() => expect(screen.getByTestId("words").querySelector("ruby")).not.toBeNull(), {
      timeout: 10_000,
    });
    const ruby = screen.getByTestId("words").querySelector("ruby")!;
    expect(ruby.firstChild?.textContent).toBe("受付");
    expect(ruby.querySelector("rt")?.textContent).toBe("うけつけ");
    expect(document.documentElement.lang).toBe("ja-x-easy");
    expect(requestLanguageHeader()).toEqual({ "accept-language": "ja-x-easy, ja;q=0.9" });
    // a label that only takes text has the kanji alone
    expect(screen.getByRole("button", { name: "字を大きく" })).toBeTruthy();
  });
});

describe("「文字を大きく」", () => {
  it("enlarges the text, says it is on, and is remembered on the device", () => {
    renderPage();
    const toggle = screen.getByRole("button", { name: /文字を大きく/ });
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    act(() => fireEvent.click(toggle));
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect(document.documentElement.dataset.textSize).toBe("large");
    expect(localStorage.getItem("patient_text_size")).toBe("large");
    act(() => fireEvent.click(toggle));
    expect(document.documentElement.dataset.textSize).toBeUndefined();
    expect(localStorage.getItem("patient_text_size")).toBeNull();
  });
});
