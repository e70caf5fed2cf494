// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeFollowUp } from "../../../test-utils/follow-ups";
import { makeReception } from "../../../test-utils/receptions";
import { Worklist } from "./worklist";

/* docs/rules.md#continuity-of-care: the worklist puts what needs the pharmacist on top — 電話を希望, a worrying answer, no answer. */

afterEach(cleanup);

const named = (name: string) => ({ reception: makeReception({ patientName: name }) });

describe("the follow-up worklist", () => {
  it("puts 電話を希望, then worrying answers and no answer on top, then answered, waiting and closed", () => {
    const rows = [
      makeFollowUp({ ...named("ヨテイ"), status: "scheduled", channel: "phone" }),
      makeFollowUp({ ...named("タイオウズミ"), status: "closed", flags: ["alert"] }),
      makeFollowUp({ ...named("カイトウ"), status: "answered" }),
      makeFollowUp({ ...named("ミカイトウ"), status: "no_answer", flags: ["noAnswer"] }),
      makeFollowUp({ ...named("ソウシン"), status: "sent" }),
      makeFollowUp({ ...named("ヨウチュウイ"), status: "answered", flags: ["alert"] }),
      makeFollowUp({ ...named("デンワ"), status: "answered", flags: ["alert", "callRequested"] }),
    ];
    render(<Worklist followUps={rows} today="2026-05-08" selectedId={undefined} onSelect={() => undefined} />);

    const order = screen.getAllByTestId("worklist-row").map((row) => row.querySelector("span")!.textContent);
    // A worrying answer and no answer rank alike (the contract's followUpRank): the one planned first leads.
    expect(order).toEqual(["デンワ", "ミカイトウ", "ヨウチュウイ", "カイトウ", "ヨテイ", "ソウシン", "タイオウズミ"]);
    expect(screen.getAllByRole("heading").map((heading) => heading.textContent)).toEqual([
      "要対応 3件",
      "回答あり 1件",
      "送信済み・予定 2件",
      "対応済み 1件",
    ]);
    const attention = within(screen.getByTestId("worklist-attention"));
    expect(attention.getByText("電話を希望")).toBeTruthy();
    expect(attention.getAllByText("要注意の回答")).toHaveLength(2);
    expect(attention.getByText("回答なし")).toBeTruthy();
    // A closed one keeps its place at the end and no longer calls for attention.
    expect(within(screen.getByTestId("worklist-closed")).queryByText("要注意の回答")).toBeNull();
  });

  it("within a group, the earlier due day first; a row opens its follow-up", () => {
    const later = makeFollowUp({ ...named("キョウ"), dueOn: "2026-05-08", flags: ["noAnswer"], status: "no_answer" });
    const earlier = makeFollowUp({ ...named("キノウ"), dueOn: "2026-05-07", flags: ["noAnswer"], status: "no_answer" });
    const onSelect = vi.fn();
    render(<Worklist followUps={[later, earlier]} today="2026-05-08" selectedId={undefined} onSelect={onSelect} />);
    const rows = screen.getAllByTestId("worklist-row");
    expect(rows.map((row) => row.querySelector("span")!.textContent)).toEqual(["キノウ", "キョウ"]);
    expect(rows[0]!.textContent).toContain("5月7日（木）から");
    fireEvent.click(rows[1]!);
    expect(onSelect).toHaveBeenCalledWith(later.id);
  });

  it("says so when nothing is due", () => {
    render(<Worklist followUps={[]} today="2026-05-08" selectedId={undefined} onSelect={() => undefined} />);
    expect(screen.getByText("本日対応するフォローアップはありません")).toBeTruthy();
  });
});
