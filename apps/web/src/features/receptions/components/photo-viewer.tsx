import {
  CloseOutlined,
  LeftOutlined,
  RightOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from "@ant-design/icons";
import { Button, Flex, type GetProps, type Image } from "antd";
import type { ReactNode } from "react";
import styles from "./prescription-gallery.module.css";

type GroupPreview = Exclude<NonNullable<GetProps<typeof Image.PreviewGroup>["preview"]>, boolean>;

function Action({
  label,
  icon,
  onClick,
  disabled,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button
      type="text"
      className={styles.viewerAction}
      aria-label={label}
      title={label}
      icon={icon}
      onClick={onClick}
      disabled={disabled}
    />
  );
}

/**
 * The zoomed photo as a named dialog with a described image, and its buttons named in Japanese (antd
 * names them "zoomIn", "rotateLeft" and leaves 閉じる unnamed).
 */
export const PHOTO_VIEWER: GroupPreview = {
  alt: "処方箋の写真（拡大）",
  closeIcon: <CloseOutlined aria-label="閉じる" />,
  actionsRender: (_original, { actions, current, total }) => (
    <Flex gap={4} className={styles.viewerActions}>
      {total > 1 && (
        <Action
          label="前の写真"
          icon={<LeftOutlined aria-hidden />}
          onClick={() => actions.onActive(-1)}
          disabled={current === 0}
        />
      )}
      {total > 1 && (
        <Action
          label="次の写真"
          icon={<RightOutlined aria-hidden />}
          onClick={() => actions.onActive(1)}
          disabled={current === total - 1}
        />
      )}
      <Action label="左に回転" icon={<RotateLeftOutlined aria-hidden />} onClick={actions.onRotateLeft} />
      <Action label="右に回転" icon={<RotateRightOutlined aria-hidden />} onClick={actions.onRotateRight} />
      <Action label="縮小" icon={<ZoomOutOutlined aria-hidden />} onClick={actions.onZoomOut} />
      <Action label="拡大" icon={<ZoomInOutlined aria-hidden />} onClick={actions.onZoomIn} />
      <Action label="元の大きさに戻す" icon={<UndoOutlined aria-hidden />} onClick={actions.onReset} />
    </Flex>
  ),
};
