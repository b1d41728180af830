import * as Tabs from "@radix-ui/react-tabs";
import type { ComponentPropsWithRef } from "react";

// Radix's tab list and open panel carry `style` props of their own (`outline: none` on the list,
// `animation-duration: 0s` on the panel at mount). Rendered on the server they become inline
// `style` attributes, which the Content-Security-Policy refuses: two console errors on /dashboard
// (issue 35). These wrappers render the same Radix parts through a <div> that drops the `style`
// prop; neither value matters here (the list has `outline-none`, panels have no animation).

function StylelessDiv({ style: _dropped, ...props }: ComponentPropsWithRef<"div">) {
  return <div {...props} />;
}

/** Radix's Tabs.List without its inline style. */
export function TabsList({ children, className, ...props }: Tabs.TabsListProps) {
  return (
    <Tabs.List {...props} asChild>
      <StylelessDiv className={`outline-none ${className ?? ""}`}>{children}</StylelessDiv>
    </Tabs.List>
  );
}

/** Radix's Tabs.Content without its inline style. */
export function TabsContent({ children, className, ...props }: Tabs.TabsContentProps) {
  return (
    <Tabs.Content {...props} asChild>
      <StylelessDiv className={className}>{children}</StylelessDiv>
    </Tabs.Content>
  );
}
