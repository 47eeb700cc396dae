/**
 * A small tooltip for icon buttons and links: shown on mouse hover (700 ms, or at once right after another)
 * and on keyboard focus, never on touch; it describes its trigger for screen readers too.
 */
import { cloneElement, useEffect, useId, useRef, useState, type FocusEvent, type PointerEvent, type ReactElement } from 'react';
import { createPortal } from 'react-dom';
import { tooltipOpenDelay } from './tooltip-timing';

// One tooltip is open at a time across the page; the skip delay needs to know when the last one closed.
let openCount = 0;
let lastClosedAt: number | null = null;

interface TriggerProps {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  'aria-describedby'?: string;
}

const GAP_PX = 8;
const EDGE_PX = 8;

export function Tooltip({ content, children }: { content: string; children: ReactElement<TriggerProps> }) {
  const id = useId();
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const shown = anchor !== null;

  useEffect(() => {
    if (!shown) return;
    openCount += 1;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setAnchor(null);
    window.addEventListener('keydown', onKey);
    window.addEventListener('scroll', hide, true);
    return () => {
      openCount -= 1;
      lastClosedAt = Date.now();
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', hide, true);
    };
  }, [shown]);

  useEffect(() => () => clearTimeout(timer.current), []);

  function show(target: HTMLElement) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setAnchor(target.getBoundingClientRect()), tooltipOpenDelay(Date.now(), lastClosedAt, openCount > 0));
  }
  function hide() {
    clearTimeout(timer.current);
    setAnchor(null);
  }

  const props = children.props;
  const trigger = cloneElement(children, {
    'aria-describedby': shown ? id : props['aria-describedby'],
    onPointerEnter: (event) => {
      props.onPointerEnter?.(event);
      if (event.pointerType === 'mouse' || event.pointerType === 'pen') show(event.currentTarget);
    },
    onPointerLeave: (event) => {
      props.onPointerLeave?.(event);
      hide();
    },
    onPointerDown: (event) => {
      props.onPointerDown?.(event);
      hide();
    },
    onFocus: (event) => {
      props.onFocus?.(event);
      if (event.currentTarget.matches(':focus-visible')) show(event.currentTarget);
    },
    onBlur: (event) => {
      props.onBlur?.(event);
      hide();
    },
  });

  return (
    <>
      {trigger}
      {anchor &&
        createPortal(
          <div
            id={id}
            role="tooltip"
            className="pointer-events-none fixed z-[70] max-w-52 -translate-x-1/2 rounded-md bg-zinc-100 px-2 py-1 text-center text-xs font-medium text-zinc-950 shadow-lg"
            style={placement(anchor)}
          >
            {content}
          </div>,
          document.body,
        )}
    </>
  );
}

/** Above the trigger, or below it when there is no room; kept inside the window sideways. */
function placement(anchor: DOMRect): { left: number; top?: number; bottom?: number } {
  const halfWidth = 104;
  const left = Math.min(Math.max(anchor.left + anchor.width / 2, EDGE_PX + halfWidth / 2), window.innerWidth - EDGE_PX - halfWidth / 2);
  return anchor.top > 40 ? { left, bottom: window.innerHeight - anchor.top + GAP_PX } : { left, top: anchor.bottom + GAP_PX };
}
