/** The latest value of a render, for listeners set up once that must call or read what is current. */
import { useLayoutEffect, useRef, type RefObject } from 'react';

export function useLatest<T>(value: T): RefObject<T> {
  const latest = useRef(value);
  // Set once the render is committed, not during it (a render React discards must not leak its value); layout
  // effects run before every other effect and event, so those always read the committed value.
  useLayoutEffect(() => {
    latest.current = value;
  });
  return latest;
}
