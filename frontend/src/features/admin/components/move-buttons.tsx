/** The up and down buttons of one item of an ordered list (a release's tracks, a playlist's songs), each naming its item. */
import { ArrowDown, ArrowUp } from 'lucide-react';
import { Button } from '../../../ui/button';

export function MoveButtons({
  label,
  index,
  count,
  disabled,
  onMove,
}: {
  /** What the item is called: "Move {label} up". */
  label: string;
  index: number;
  /** How many items the list has. */
  count: number;
  /** While the list's last order is being saved. */
  disabled: boolean;
  onMove: (from: number, to: number) => void;
}) {
  return (
    <>
      <Button
        variant="ghost"
        className="px-2 py-1.5"
        aria-label={`Move ${label} up`}
        disabled={index === 0 || disabled}
        onClick={() => onMove(index, index - 1)}
        icon={ArrowUp}
      ></Button>
      <Button
        variant="ghost"
        className="px-2 py-1.5"
        aria-label={`Move ${label} down`}
        disabled={index === count - 1 || disabled}
        onClick={() => onMove(index, index + 1)}
        icon={ArrowDown}
      ></Button>
    </>
  );
}
