import { ConfigProvider } from "antd";
import type { ReactNode } from "react";
import { Provider as ReduxProvider } from "react-redux";
import { validateMessages } from "./form-messages";
import type { AppStore } from "./store";
import { locale, theme } from "./theme";

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      {/* antd puts a space between two CJK characters of a button ("配 送"): Japanese never does. */}
      <ConfigProvider locale={locale} theme={theme} componentSize="large" form={{ validateMessages }} button={{ autoInsertSpace: false }}>
        {children}
      </ConfigProvider>
    </ReduxProvider>
  );
}
