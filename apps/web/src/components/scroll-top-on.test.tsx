// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ScrollTopOn } from "./scroll-top-on";

afterEach(cleanup);

function Body({ id }: { id: string }) {
  return (
    <div data-testid="body">
      <ScrollTopOn on={id} />
      <p>{id}</p>
    </div>
  );
}

describe("a drawer's body showing another reception", () => {
  it("starts at the top, wherever the previous one was scrolled to", () => {
    const { getByTestId, rerender } = render(<Body id="a" />);
    const body = getByTestId("body");
    body.scrollTop = 1042;
    rerender(<Body id="a" />);
    expect(body.scrollTop).toBe(1042);
    rerender(<Body id="b" />);
    expect(body.scrollTop).toBe(0);
  });
});
