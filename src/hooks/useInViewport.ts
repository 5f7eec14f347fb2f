// Keeps a popup (a row's menu) inside the viewport in every language and direction (issue 28): a menu that would run
// past either side slides back in, and one with no room below opens above its button when there is more room there.
import { useLayoutEffect, useState, type CSSProperties, type RefObject } from 'react';

/** The gap kept between a popup and the viewport's edges, in CSS pixels. */
const MARGIN = 8;

interface Placement {
  /** How far to move it along x so both its sides are inside the viewport. */
  shift: number;
  /** Opens above its anchor rather than below. */
  above: boolean;
}

const none: Placement = { shift: 0, above: false };

/**
 * Measures the popup once it is open (before the browser paints it) and says where it goes: `style` moves it sideways,
 * `above` flips it over its anchor. Measured where the popup's own classes put it, so the shift is from there.
 */
export function useInViewport(popup: RefObject<HTMLElement | null>, open: boolean): { style: CSSProperties | undefined; above: boolean } {
  const [placement, setPlacement] = useState<Placement>(none);

  useLayoutEffect(() => {
    if (!open) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- a layout effect: before the browser paints
      setPlacement(none);
      return;
    }
    const element = popup.current;
    const anchor = element?.offsetParent;
    if (!element || !anchor) return;
    const box = element.getBoundingClientRect();
    const around = anchor.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    const height = window.innerHeight;
    let shift = 0;
    if (box.left < MARGIN) shift = MARGIN - box.left;
    else if (box.right > width - MARGIN) shift = width - MARGIN - box.right;
    // Below its anchor when it fits or when there is at least as much room below as above.
    const roomBelow = height - around.bottom;
    const roomAbove = around.top;
    const above = box.bottom > height - MARGIN && roomAbove > roomBelow && roomAbove >= box.height + MARGIN;
    // Room on neither side: the page scrolls to show it all.
    if (!above && box.bottom > height - MARGIN) element.scrollIntoView({ block: 'nearest' });
    setPlacement({ shift, above });
  }, [open, popup]);

  return { style: placement.shift ? { transform: `translateX(${placement.shift}px)` } : undefined, above: placement.above };
}
