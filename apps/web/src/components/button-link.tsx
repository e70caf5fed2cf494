import { createLink, type LinkComponent, type LinkComponentProps } from "@tanstack/react-router";
import { Button, type ButtonProps } from "antd";
import type { ReactNode, Ref } from "react";

type ButtonLinkHostProps = Omit<ButtonProps, "href"> & { href?: string; ref?: Ref<HTMLAnchorElement> };

// The router drops a `type` prop before it renders a createLink host (on an <a> it would be a MIME
// hint), so antd's button type travels under another name and is put back here.
function AnchorButton({ ref, buttonType, ...props }: ButtonLinkHostProps & { buttonType?: ButtonProps["type"] }) {
  // antd renders an <a> when given href; the router supplies href and the click handler.
  return <Button ref={ref} type={buttonType} {...props} />;
}

const RouterAnchorButton = createLink(AnchorButton);

/**
 * A router link that looks like an antd Button, with all of Button's props (type, block, icon, size,
 * danger…), and keeps the link role for screen readers.
 */
export const ButtonLink: LinkComponent<(props: ButtonLinkHostProps) => ReactNode> = ({ type, ...props }) => (
  // The spread keeps the caller's (already checked) route props; only their generic link to `to` is lost here.
  <RouterAnchorButton {...(props as LinkComponentProps<typeof AnchorButton>)} buttonType={type} />
);
