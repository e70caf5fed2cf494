// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { FOLLOW_UP_MESSAGE, type PublicFollowUp } from "@pharmacy/contract/follow-ups/patient-page";
import { SHIPPED_FOLLOW_UP_TEMPLATES } from "@pharmacy/contract/follow-ups/follow-up-templates";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { showLanguage } from "../../../lib/i18n/patient-i18n";
import { FollowUpPage } from "./follow-up-page";

// jsdom lays nothing out: the page scrolls to the first unanswered question.
beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(cleanup);

const TOKEN = "t".repeat(32);
const general = SHIPPED_FOLLOW_UP_TEMPLATES.find((template) => template.id === "general")!;

function followUpOf(overrides: Partial<PublicFollowUp> = {}): PublicFollowUp {
  return {
    pharmacyName: "さくら薬局",
    pharmacyPhone: "0312345678",
    medicines: ["アムロジピン錠5mg"],
    questions: general.questions,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    ...overrides,
  };
}

interface Sent {
  method: string;
  body?: unknown;
}

/** GET answers the page; POST answers `postStatus` (201 by default) and records what was sent. */
function serve(
  page: { status: number; body: unknown },
  post: { status: number; body: unknown } = { status: 201, body: { answeredAt: new Date().toISOString() } },
) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      expect(url).toBe(`/api/public/follow_up/${TOKEN}`);
      const method = init?.method ?? "GET";
      sent.push({ method, ...(init?.body ? { body: JSON.parse(init.body as string) as unknown } : {}) });
      const answer = method === "GET" ? page : post;
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return sent;
}

/** Taps the answer of a question, found by its words. */
function tap(question: string, answer: string) {
  const item = within(screen.getByText(new RegExp(question)).closest("li")!);
  fireEvent.click(item.queryByRole("radio", { name: answer }) ?? item.getByRole("checkbox", { name: answer }));
}

describe("the patient's follow-up questionnaire", () => {
  it("names the branch and the medicines, and sends the answers once tapped", async () => {
    const sent = serve({ status: 200, body: followUpOf() });
    render(<FollowUpPage token={TOKEN} />);
    expect(await screen.findByRole("heading", { name: "さくら薬局" })).toBeTruthy();
    expect(screen.getByText("アムロジピン錠5mg")).toBeTruthy();

    tap("体調はいかがですか", "悪くなった");
    tap("気になる症状", "めまい・ふらつき");
    tap("飲み忘れ", "ない");
    tap("飲み残し", "いいえ");
    tap("電話を希望しますか", "はい");
    expect(screen.getByText("薬剤師から、薬局の営業時間内にお電話します。")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "送信する" }));

    expect((await screen.findByTestId("follow-up-done")).textContent).toContain(FOLLOW_UP_MESSAGE.thanks);
    expect(sent.filter((call) => call.method === "POST")).toEqual([
      {
        method: "POST",
        body: {
          answers: {
            condition: "worse",
            sideEffects: ["dizziness"],
            missedDoses: "none",
            leftover: "no",
            callRequest: "yes",
          },
        },
      },
    ]);
    expect(screen.queryByRole("button", { name: "送信する" })).toBeNull();
  });

  it("does not send while a required question is unanswered, and says which", async () => {
    const sent = serve({ status: 200, body: followUpOf() });
    render(<FollowUpPage token={TOKEN} />);
    await screen.findByRole("heading", { name: "さくら薬局" });
    tap("体調はいかがですか", "良くなった");
    fireEvent.click(screen.getByRole("button", { name: "送信する" }));
    // 飲み忘れ, 飲み残し and 電話の希望 are required; symptoms and the free text are not.
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual([
      "お答えください",
      "お答えください",
      "お答えください",
    ]);
    expect(sent.some((call) => call.method === "POST")).toBe(false);
  });

  it("is answered once: a second visit says it is done and offers no questions", async () => {
    serve({ status: 200, body: followUpOf({ answeredAt: new Date().toISOString() }) });
    render(<FollowUpPage token={TOKEN} />);
    expect((await screen.findByTestId("follow-up-done")).textContent).toContain(FOLLOW_UP_MESSAGE.answered);
    expect(screen.getByRole("heading", { name: "ご回答済みです" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "送信する" })).toBeNull();
    expect(screen.queryByRole("radio")).toBeNull();
  });

  it("a second sending (answered in another tab) is told it is done, not shown an error", async () => {
    serve(
      { status: 200, body: followUpOf({ questions: [general.questions.at(-1)!] }) },
      { status: 409, body: { errorCode: 1301, message: FOLLOW_UP_MESSAGE.answered } },
    );
    render(<FollowUpPage token={TOKEN} />);
    await screen.findByRole("heading", { name: "さくら薬局" });
    tap("電話を希望しますか", "いいえ");
    fireEvent.click(screen.getByRole("button", { name: "送信する" }));
    expect(await screen.findByTestId("follow-up-done")).toBeTruthy();
  });

  it("says plainly when the link has expired or never existed", async () => {
    serve({ status: 410, body: { errorCode: 1302, message: FOLLOW_UP_MESSAGE.expired } });
    render(<FollowUpPage token={TOKEN} />);
    expect(await screen.findByText(FOLLOW_UP_MESSAGE.expired)).toBeTruthy();
    cleanup();

    serve({ status: 404, body: { message: "見つかりません" } });
    render(<FollowUpPage token={TOKEN} />);
    expect(await screen.findByRole("heading", { name: "ページが見つかりません" })).toBeTruthy();
  });

  it("when the page cannot be loaded, says why and loads it again on 「もう一度読み込む」", async () => {
    serve({ status: 503, body: { message: "一時的に利用できません" } });
    render(<FollowUpPage token={TOKEN} />);
    expect(await screen.findByRole("heading", { name: "ページを表示できませんでした" })).toBeTruthy();
    serve({ status: 200, body: followUpOf() });
    fireEvent.click(screen.getByRole("button", { name: "もう一度読み込む" }));
    expect(await screen.findByRole("heading", { name: "さくら薬局" })).toBeTruthy();
  });

  describe("in the patient's language", () => {
    afterEach(() => showLanguage("ja"));

    it("says the shipped questions and options in English, a branch's edited or own words as typed", async () => {
      const [condition, sideEffects, missedDoses] = general.questions;
      const questions = [
        condition!,
        // the branch kept the shipped question but reworded one option and added one
        {
          ...sideEffects!,
          options: [
            ...sideEffects!.options.map((option) =>
              option.value === "sleepy" ? { ...option, label: "日中の強い眠気" } : option,
            ),
            { value: "cough", label: "せき" },
          ],
        },
        { ...missedDoses!, label: "お薬を飲み忘れることはありますか" },
        {
          key: "appetite",
          label: "食欲はありますか",
          kind: "yesNo",
          options: [],
          alertValues: [],
          callRequest: false,
          required: true,
        },
      ] satisfies PublicFollowUp["questions"];
      serve({ status: 200, body: followUpOf({ questions }) });
      await showLanguage("en");
      render(<FollowUpPage token={TOKEN} />);
      await screen.findByRole("heading", { name: "さくら薬局" });
      const items = within(screen.getByRole("form")).getAllByRole("listitem");
      const prompts = items.map((item) => item.querySelector("p span")!.textContent);
      expect(prompts).toEqual([
        "1. How have you been feeling since you started the medicine?",
        "2. Since starting the medicine, have you noticed any of these? (Select all that apply)",
        "3. お薬を飲み忘れることはありますか",
        "4. 食欲はありますか",
      ]);
      const radiosOf = (index: number) =>
        within(items[index]!)
          .getAllByRole("radio")
          .map((radio) => radio.textContent);
      expect(radiosOf(0)).toEqual(["Better", "About the same", "Worse"]);
      // an edited question keeps its shipped options' words in the patient's language
      expect(radiosOf(2)).toEqual(["Never", "Sometimes", "Often"]);
      expect(radiosOf(3)).toEqual(["Yes", "No"]);
      expect(
        within(items[1]!)
          .getAllByRole("checkbox")
          .map((box) => box.textContent),
      ).toEqual([
        "Rash or itching",
        "Upset stomach or nausea",
        "Dizziness or feeling unsteady",
        "日中の強い眠気",
        "Constipation or diarrhea",
        "Something else",
        "せき",
        "None in particular",
      ]);
    });
  });
});
