import type { ReactNode } from "react";

/**
 * One row of a money summary (`<dl>`): what it is on the left, the amount on the right. The cart's
 * and the checkout's summaries are made of them.
 */
export function SumRow({
  term,
  className = "",
  valueClassName,
  testId,
  children,
}: {
  term: ReactNode;
  /** The row's emphasis: bold for a total, green for a deduction. */
  className?: string;
  valueClassName?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex justify-between ${className}`.trim()}>
      <dt>{term}</dt>
      <dd className={valueClassName} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Delivery is free: the row every order summary shows. */
export function FreeDeliveryRow() {
  return (
    <SumRow term="Delivery" valueClassName="text-emerald-300">
      Free
    </SumRow>
  );
}
