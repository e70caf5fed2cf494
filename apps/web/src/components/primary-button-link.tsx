import { createLink } from "@tanstack/react-router";
import { Button, type ButtonProps } from "antd";
import type { Ref } from "react";

type AnchorButtonProps = Omit<ButtonProps, "href" | "type"> & { href?: string; ref?: Ref<HTMLAnchorElement> };

// The router drops a `type` prop on links made with createLink (an anchor's type is a MIME hint),
// so ButtonLink cannot be made primary: the colour is fixed here instead.
function PrimaryAnchorButton({ ref, ...props }: AnchorButtonProps) {
  return <Button ref={ref} type="primary" {...props} />;
}

/** A router link that looks like antd's primary Button. */
export const PrimaryButtonLink = createLink(PrimaryAnchorButton);
