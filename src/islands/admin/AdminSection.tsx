import type { ReactNode } from "react";

/**
 * An admin tab's section: its heading (which names the section for screen readers) on a row with the
 * tab's tools (search, filters, an Add button), wrapping under it on a phone, then the tab's body.
 */
export function AdminSection({
  id,
  title,
  tools,
  alignTools = "center",
  className,
  children,
}: {
  /** The heading's id is `${id}-heading`. */
  id: string;
  title: ReactNode;
  tools?: ReactNode;
  /** "end" lines the tools up with labelled filters' bottoms. */
  alignTools?: "center" | "end";
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={className}>
      <div className={`flex flex-wrap gap-3 ${alignTools === "end" ? "items-end" : "items-center"}`}>
        <h2 id={`${id}-heading`} className="mr-auto text-xl font-bold">
          {title}
        </h2>
        {tools}
      </div>
      {children}
    </section>
  );
}
