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
    // antd's lighter greys (hints, counts, descriptions) read at ~3.4:1; WCAG AA asks 4.5:1.
    colorTextDescription: "rgba(0, 0, 0, 0.65)",
    colorTextTertiary: "rgba(0, 0, 0, 0.65)",
    // antd's placeholders (「すべて」, 「開始日」) read at 1.8:1 and its warning text (#faad14) at 1.9:1;
    // these reach 4.9:1 and 6.8:1.
    colorTextPlaceholder: "rgba(0, 0, 0, 0.56)",
    colorWarningText: "#874d00",
    // antd's #ff4d4f on white is 3.0:1 (the danger 削除 buttons): a deeper red reads at 5.6:1.
    colorError: "#c62828",
  },
  components: {
    Menu: { itemHeight: TOUCH_TARGET_PX },
    DatePicker: { cellHeight: TOUCH_TARGET_PX, cellWidth: TOUCH_TARGET_PX },
    // 40 px tall, and global.css widens what a finger can hit to 48 px around it.
    Switch: { trackHeight: 40, trackMinWidth: 72, handleSize: 34, innerMaxMargin: 44, innerMinMargin: 12 },
    // Preset tags write colour 7 on colour 1 (gold 2.75:1, green 3.37:1): darker shades of the same
    // hues reach WCAG AA's 4.5:1 and keep the look.
    Tag: {
      red7: "#a8071a",
      gold7: "#7c4a03",
      blue7: "#003eb3",
      green7: "#135200",
      purple7: "#391085",
      orange7: "#873800",
    },
    Layout: { headerBg: PRIMARY_COLOR, headerPadding: "0 16px", headerHeight: 64, bodyBg: PAGE_BACKGROUND },
  },
};

export const locale: NonNullable<ConfigProviderProps["locale"]> = {
  ...jaJP,
  Pagination: { ...jaJP.Pagination, items_per_page: "/ page" },
};
