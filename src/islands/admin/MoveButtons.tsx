import { BusyButton } from "../ui/busy-button.tsx";

/**
 * ↑ and ↓ beside an item of a list staff put in order (the shop's games, a game's categories): each
 * named for what it does ("Move Valorant up"), disabled at the ends, held while a change is saved.
 */
export function MoveButtons({
  name,
  index,
  count,
  busy,
  className,
  onMove,
}: {
  /** The item's name, in the buttons' labels. */
  name: string;
  index: number;
  count: number;
  busy: boolean;
  className: string;
  onMove: (step: -1 | 1) => void;
}) {
  return (
    <>
      <BusyButton type="button" className={className} aria-label={`Move ${name} up`} busy={busy} disabled={index === 0} onClick={() => onMove(-1)}>
        ↑
      </BusyButton>
      <BusyButton type="button" className={className} aria-label={`Move ${name} down`} busy={busy} disabled={index === count - 1} onClick={() => onMove(1)}>
        ↓
      </BusyButton>
    </>
  );
}
