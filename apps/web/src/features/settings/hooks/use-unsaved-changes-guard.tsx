import { useBlocker } from "@tanstack/react-router";
import { Modal } from "antd";
import type { ReactNode } from "react";

/**
 * While a settings form has unsaved changes, leaving it (a link, the menu, back) asks first, and a
 * reload or closing the tab gets the browser's own warning. Render the returned element.
 */
export function useUnsavedChangesGuard(dirty: boolean): ReactNode {
  const blocker = useBlocker({
    shouldBlockFn: () => dirty,
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });

  return (
    <Modal
      open={blocker.status === "blocked"}
      title="保存していない変更があります"
      okText="保存せずに移動"
      cancelText="このページに戻る"
      okButtonProps={{ danger: true }}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
      destroyOnHidden
    >
      変更内容は保存されていません。このページを離れると、変更は失われます。
    </Modal>
  );
}
