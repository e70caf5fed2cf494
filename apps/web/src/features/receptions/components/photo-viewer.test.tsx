// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Image } from "antd";
import { afterEach, describe, expect, it } from "vitest";
import { PHOTO_VIEWER } from "./photo-viewer";

afterEach(cleanup);

const PIXEL = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";

describe("the zoomed prescription photo", () => {
  it("is a named dialog with a described image and buttons named in Japanese", async () => {
    render(
      <Image.PreviewGroup preview={PHOTO_VIEWER}>
        <Image src={PIXEL} alt="処方箋 1" />
        <Image src={`${PIXEL}#2`} alt="処方箋 2" />
      </Image.PreviewGroup>,
    );
    fireEvent.click(screen.getByRole("img", { name: "処方箋 1" }));
    const dialog = await screen.findByRole("dialog", { name: "処方箋の写真（拡大）" });
    expect(dialog.querySelector("img.ant-image-preview-img")?.getAttribute("alt")).toBe("処方箋の写真（拡大）");
    for (const name of ["閉じる", "前の写真", "次の写真", "左に回転", "右に回転", "縮小", "拡大", "元の大きさに戻す"]) {
      expect(screen.getByRole("button", { name }), name).toBeTruthy();
    }
    expect(screen.queryByRole("button", { name: "zoomIn" })).toBeNull();
  }, 60_000);
});
