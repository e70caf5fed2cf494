import type { ConfigProviderProps, ThemeConfig } from "antd";
import jaJP from "antd/es/locale/ja_JP";

export const PRIMARY_COLOR = "#01579B";

export const FONT_FAMILY = [
  '"Hiragino Kaku Gothic ProN"',
  '"Hiragino Sans"',
  '"Noto Sans JP"',
  "Meiryo",
  "system-ui",
  "sans-serif",
].join(", ");

// Same as the body background in global.css, so signed-in and signed-out pages match.
const PAGE_BACKGROUND = "#f3f6f9";

/** 48 px is the smallest comfortable touch target on the counter tablet. */
const TOUCH_TARGET_PX = 48;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOR,
    colorLink: PRIMARY_COLOR,
    fontFamily: FONT_FAMILY,
    fontSize: 16,
    controlHeightLG: TOUCH_TARGET_PX,
    borderRadius: 8,
  },
  components: {
    Menu: { itemHeight: TOUCH_TARGET_PX },
    Layout: { headerBg: PRIMARY_COLOR, headerPadding: "0 16px", headerHeight: 64, bodyBg: PAGE_BACKGROUND },
  },
};

export const locale: NonNullable<ConfigProviderProps["locale"]> = {
  ...jaJP,
  Pagination: { ...jaJP.Pagination, items_per_page: "/ page" },
};
