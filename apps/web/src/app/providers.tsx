import { ConfigProvider } from "antd";
import { type ReactNode, useMemo } from "react";
import { Provider as ReduxProvider } from "react-redux";
import { validateMessages } from "./form-messages";
import { usePrefersReducedMotion } from "../lib/browser/use-prefers-reduced-motion";
import type { AppStore } from "./store";
import { locale, theme } from "./theme";

// Every form brings its first error into view and puts the cursor there: an error above the visible part of
// a dialog would leave 保存する looking as if it did nothing.
const FORM_CONFIG = { validateMessages, scrollToFirstError: { block: "center", focus: true } } as const;

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  // A device set to reduce motion gets popups and dialogs that appear at once, without zoom or slide.
  const reducedMotion = usePrefersReducedMotion();
  const themeForDevice = useMemo(
    () => ({ ...theme, token: { ...theme.token, motion: !reducedMotion } }),
    [reducedMotion],
  );
  return (
    <ReduxProvider store={store}>
      {/* antd puts a space between two CJK characters of a button ("配 送"): Japanese never does. */}
      <ConfigProvider
        locale={locale}
        theme={themeForDevice}
        componentSize="large"
        form={FORM_CONFIG}
        button={{ autoInsertSpace: false }}
      >
        {children}
      </ConfigProvider>
    </ReduxProvider>
  );
}
